/**
 * Maps the sign-up wizard's snapshot and its running step's snapshot to what the view shows: the
 * step and its 5-segment progress, the step's fields and messages, and the resend region's
 * countdown. Busy comes from the step's 'busy' tag. Views render this and send events; they keep
 * no workflow state.
 */
import type { SnapshotFrom } from 'xstate';
import { VERIFY_CODE_LENGTH } from '../../src/shared/constants';
import { areaNames, findState, stateNames } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { SIGNUP_STEP_TITLES, type SignupStep } from '../../src/shared/signup';
import { CENTRE_FOCUS, type FocalPoint } from '../../src/shared/uploads';
import { formSnapshotToView } from '../kit/formView';
import type { accountStep } from './accountStep';
import { AGREEMENT_FIELD, type agreementStep } from './agreementStep';
import type { locationStep } from './locationStep';
import { PICTURE_FIELD, type pictureStep } from './pictureStep';
import { resendSecondsLeft } from '../kit/resendCode';
import { CODE_FIELD, type verifyStep } from '../kit/verifyStep';
import { activeStep, type SignupSnapshot, type StepId } from './signupMachine';

/** The running step's snapshot, whichever step it is. */
export type StepSnapshot =
  | SnapshotFrom<typeof accountStep>
  | SnapshotFrom<typeof verifyStep>
  | SnapshotFrom<typeof locationStep>
  | SnapshotFrom<typeof pictureStep>
  | SnapshotFrom<typeof agreementStep>;

/** Every state the wizard's view can show; stories and view tests must cover each one. */
export const signupViewStates = [
  'loading',
  'loadFailed',
  'leaving',
  'account.editing',
  'account.verifyingCaptcha',
  'account.submitting',
  'account.error',
  'verify.editing',
  'verify.submitting',
  'verify.error',
  // 'Wrong e-mail? Change it'
  'verify.emailEditing',
  'verify.emailSubmitting',
  'verify.emailError',
  'location.loading',
  'location.editing',
  'location.submitting',
  'location.error',
  'picture.editing',
  // A photo chosen, in the square it will be stored as; the rider can recentre it.
  'picture.previewing',
  'picture.uploading',
  'picture.skipping',
  'picture.error',
  'agreement.editing',
  'agreement.submitting',
  'agreement.error',
  'finished',
] as const;
export type SignupViewState = (typeof signupViewStates)[number];

/** The resend region of step 2 (spec §2: a resend control with a countdown). */
export const resendViewStates = ['ready', 'sending', 'coolingDown'] as const;
export type ResendViewState = (typeof resendViewStates)[number];

export type Segment = 'done' | 'current' | 'todo';

export interface SignupView {
  state: SignupViewState;
  step: SignupStep;
  stepTitle: string;
  /** The 5-segment progress bar. */
  segments: Segment[];
  /** 'Welcome back {username}, Please complete your profile to continue', or null. */
  welcome: string | null;
  busy: boolean;
  /** The message that belongs to no field (shown at the top of the step). */
  alert: string | null;
  fieldError: (field: string) => string | null;
  account: {
    values: { username: string; email: string; password: string };
    captchaError: string | null;
    showCaptcha: boolean;
    captchaPending: boolean;
    captchaResets: number;
    /** Bumped when step 1 shows its messages: the focus goes to the first invalid field. */
    focusInvalid: number;
  };
  verify: {
    email: string;
    digits: string[];
    focus: number;
    error: string | null;
    resend: { state: ResendViewState; secondsLeft: number; notice: string | null; error: string | null };
    /** Once the minute since the last code is up, where else to look for it. */
    spamHint: string | null;
    /** The 'Wrong e-mail? Change it' form while it is open, else null. */
    changing: { value: string; error: string | null } | null;
  };
  location: {
    loading: boolean;
    fallback: boolean;
    states: string[];
    areas: string[];
    state: string;
    town: string;
  };
  picture: {
    name: string | null;
    previewUrl: string | null;
    percent: number | null;
    /** Which part of the photo the square keeps (CSS object-position percentages). */
    focus: FocalPoint;
    /** The preview takes drags and arrow keys (RECENTRE) now. */
    canRecentre: boolean;
  };
  agreement: { agreed: boolean; email: string };
}

const segmentsFor = (step: SignupStep): Segment[] =>
  SIGNUP_STEP_TITLES.map((_, i) => (i + 1 < step ? 'done' : i + 1 === step ? 'current' : 'todo'));

type Of<Id extends StepId> = Id extends 'account'
  ? SnapshotFrom<typeof accountStep>
  : Id extends 'verify'
    ? SnapshotFrom<typeof verifyStep>
    : Id extends 'location'
      ? SnapshotFrom<typeof locationStep>
      : Id extends 'picture'
        ? SnapshotFrom<typeof pictureStep>
        : SnapshotFrom<typeof agreementStep>;

/** The step's snapshot when that step is the one running (and its snapshot is given). */
function stepOf<Id extends StepId>(id: Id, wizard: SignupSnapshot, step: StepSnapshot | null | undefined): Of<Id> | null {
  return activeStep(wizard) === id && step ? (step as Of<Id>) : null;
}

function viewStateOf(wizard: SignupSnapshot, step: StepSnapshot | null | undefined): SignupViewState {
  const id = activeStep(wizard);
  if (id === null || !step) {
    if (wizard.matches('loadFailed')) return 'loadFailed';
    if (wizard.matches('leaving')) return 'leaving';
    if (wizard.matches('finished')) return 'finished';
    return 'loading';
  }
  const account = stepOf('account', wizard, step);
  if (account) {
    const form = formSnapshotToView(account);
    if (form.state === 'verifyingCaptcha') return 'account.verifyingCaptcha';
    // 'succeeded' lasts until the wizard has moved on to step 2.
    if (form.state === 'submitting' || form.state === 'succeeded') return 'account.submitting';
    return form.state === 'invalid' || form.notice !== null ? 'account.error' : 'account.editing';
  }
  const verify = stepOf('verify', wizard, step);
  if (verify) {
    if (verify.matches({ changingEmail: 'submitting' })) return 'verify.emailSubmitting';
    if (verify.matches({ changingEmail: 'error' })) return 'verify.emailError';
    if (verify.matches('changingEmail')) return 'verify.emailEditing';
    if (verify.matches({ entering: { code: 'submitting' } }) || verify.matches('verified')) return 'verify.submitting';
    if (verify.matches({ entering: { code: 'error' } })) return 'verify.error';
    return 'verify.editing';
  }
  const location = stepOf('location', wizard, step);
  if (location) {
    if (location.hasTag('loading')) return 'location.loading';
    if (location.matches('submitting') || location.matches('saved')) return 'location.submitting';
    if (location.matches('error')) return 'location.error';
    return 'location.editing';
  }
  const picture = stepOf('picture', wizard, step);
  if (picture) {
    if (picture.matches('uploading')) return 'picture.uploading';
    if (picture.matches('skipping') || picture.matches('done')) return 'picture.skipping';
    if (picture.matches('error')) return 'picture.error';
    if (picture.matches('previewing')) return 'picture.previewing';
    return 'picture.editing';
  }
  const agreement = step as SnapshotFrom<typeof agreementStep>;
  if (agreement.matches('submitting') || agreement.matches('accepted')) return 'agreement.submitting';
  if (agreement.matches('error')) return 'agreement.error';
  return 'agreement.editing';
}

/**
 * The view of the wizard: `wizard` is the orchestrator's snapshot, `step` the snapshot of the step
 * it runs (the child actor invoked with the step's id), or null while none runs.
 */
export function signupSnapshotToView(wizard: SignupSnapshot, step: StepSnapshot | null | undefined): SignupView {
  const { context } = wizard;
  const state = viewStateOf(wizard, step);
  const account = stepOf('account', wizard, step);
  const verify = stepOf('verify', wizard, step);
  const location = stepOf('location', wizard, step);
  const picture = stepOf('picture', wizard, step);
  const agreement = stepOf('agreement', wizard, step);
  const form = account ? formSnapshotToView(account) : null;
  // Step 1 shows every field's message at once and its notice at the top; the other steps one message.
  const error = (verify ?? location ?? picture ?? agreement)?.context.error ?? null;
  const fieldError = (field: string) => {
    if (form) return field === 'alert' ? form.notice : form.fieldError(field);
    return error && error.field === field ? error.message : null;
  };
  const resendState: ResendViewState = verify?.matches({ entering: { resend: 'sending' } })
    ? 'sending'
    : verify?.matches({ entering: { resend: 'coolingDown' } })
      ? 'coolingDown'
      : 'ready';
  const v = verify?.context;
  const secondsLeft = resendState === 'coolingDown' && v ? resendSecondsLeft(v.resendDeadline, v.now) : 0;
  const locations = location?.context.locations ?? [];
  const changing = state.startsWith('verify.email');
  const p = picture?.context;
  return {
    state,
    step: context.step,
    stepTitle: SIGNUP_STEP_TITLES[context.step - 1]!,
    segments: segmentsFor(context.step),
    welcome: context.welcomeName ? messages.welcomeBack(context.welcomeName) : null,
    // The running step says when it is busy (its 'busy' tag; the account form's own view).
    busy: form ? form.busy || form.state === 'succeeded' : (step?.hasTag('busy') ?? false),
    alert: fieldError('alert'),
    fieldError,
    account: {
      values: (form?.values as { username: string; email: string; password: string } | undefined) ?? { username: '', email: '', password: '' },
      captchaError: form?.captchaError ?? null,
      showCaptcha: form?.showCaptcha ?? false,
      captchaPending: form?.captchaSlot ?? false,
      captchaResets: form?.captchaResets ?? 0,
      focusInvalid: form?.focusInvalid ?? 0,
    },
    verify: {
      email: v?.email ?? context.email,
      digits: (v?.code ?? []).slice(0, VERIFY_CODE_LENGTH),
      focus: v?.codeFocus ?? 0,
      error: fieldError(CODE_FIELD),
      resend: { state: resendState, secondsLeft, notice: v?.resendNotice ?? null, error: v?.resendError ?? null },
      // The resend is ready again only once a minute has passed since the last code went out.
      spamHint: changing || resendState !== 'ready' ? null : messages.checkSpam,
      changing: changing ? { value: v?.newEmail ?? '', error: fieldError('email') } : null,
    },
    location: {
      loading: state === 'location.loading',
      fallback: location?.context.locationsFallback ?? false,
      states: stateNames(locations),
      areas: areaNames(findState(locations, location?.context.state ?? '')),
      state: location?.context.state ?? '',
      town: location?.context.town ?? '',
    },
    picture: {
      name: p?.picture?.name ?? null,
      previewUrl: p?.picture?.previewUrl ?? null,
      percent: state === 'picture.uploading' ? (p?.uploadPercent ?? 0) : null,
      focus: p?.focus ?? CENTRE_FOCUS,
      canRecentre: !!p?.picture && (state === 'picture.previewing' || state === 'picture.error'),
    },
    agreement: { agreed: agreement?.context.agreed ?? false, email: context.email },
  };
}

export { AGREEMENT_FIELD, PICTURE_FIELD };
