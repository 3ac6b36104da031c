/**
 * Maps a sign-up wizard snapshot to what the view shows: the step and its 5-segment progress,
 * the current step's fields and messages, and the resend region's countdown. Views render this
 * and send events; they keep no workflow state.
 */
import type { SnapshotFrom } from 'xstate';
import { VERIFY_CODE_LENGTH } from '../src/shared/constants';
import { areaNames, findState, stateNames } from '../src/shared/locations';
import { messages } from '../src/shared/messages';
import { SIGNUP_STEP_TITLES, type SignupStep } from '../src/shared/signup';
import type { FocalPoint } from '../src/shared/uploads';
import { AGREEMENT_FIELD, CAPTCHA_FIELD, CODE_FIELD, PICTURE_FIELD, type signupMachine } from './signupMachine';

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
  // 'Wrong e-mail? Change it' (issue 13)
  'verify.emailEditing',
  'verify.emailSubmitting',
  'verify.emailError',
  'location.loading',
  'location.editing',
  'location.submitting',
  'location.error',
  'picture.editing',
  // Issue 13: a photo chosen, in the square it will be stored as; the rider can recentre it.
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
    /** Bumped when step 1 shows its messages: the focus goes to the first invalid field (issue 9). */
    focusInvalid: number;
  };
  verify: {
    email: string;
    digits: string[];
    focus: number;
    error: string | null;
    resend: { state: ResendViewState; secondsLeft: number; notice: string | null; error: string | null };
    /** Issue 13: once the minute since the last code is up, where else to look for it. */
    spamHint: string | null;
    /** Issue 13: the 'Wrong e-mail? Change it' form while it is open, else null. */
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
    /** Issue 13: which part of the photo the square keeps (CSS object-position percentages). */
    focus: FocalPoint;
    /** The preview takes drags and arrow keys (RECENTRE) now. */
    canRecentre: boolean;
  };
  agreement: { agreed: boolean; email: string };
}

const segmentsFor = (step: SignupStep): Segment[] =>
  SIGNUP_STEP_TITLES.map((_, i) => (i + 1 < step ? 'done' : i + 1 === step ? 'current' : 'todo'));

function viewStateOf(snapshot: SnapshotFrom<typeof signupMachine>): SignupViewState {
  const m = (value: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(value);
  if (m('loading') || m('starting') || m('resuming')) return 'loading';
  if (m('loadFailed')) return 'loadFailed';
  if (m('leaving')) return 'leaving';
  if (m('finished')) return 'finished';
  if (m({ account: 'verifyingCaptcha' })) return 'account.verifyingCaptcha';
  if (m({ account: 'submitting' })) return 'account.submitting';
  if (m({ account: 'error' })) return 'account.error';
  if (m('account')) return 'account.editing';
  if (m({ verify: { changingEmail: 'submitting' } })) return 'verify.emailSubmitting';
  if (m({ verify: { changingEmail: 'error' } })) return 'verify.emailError';
  if (m({ verify: 'changingEmail' })) return 'verify.emailEditing';
  if (m({ verify: { entering: { code: 'submitting' } } })) return 'verify.submitting';
  if (m({ verify: { entering: { code: 'error' } } })) return 'verify.error';
  if (m('verify')) return 'verify.editing';
  if (m({ location: 'loading' }) || m({ location: 'loadingFallback' })) return 'location.loading';
  if (m({ location: 'submitting' })) return 'location.submitting';
  if (m({ location: 'error' })) return 'location.error';
  if (m('location')) return 'location.editing';
  if (m({ picture: 'uploading' })) return 'picture.uploading';
  if (m({ picture: 'skipping' })) return 'picture.skipping';
  if (m({ picture: 'error' })) return 'picture.error';
  if (m({ picture: 'previewing' })) return 'picture.previewing';
  if (m('picture')) return 'picture.editing';
  if (m({ agreement: 'submitting' })) return 'agreement.submitting';
  if (m({ agreement: 'error' })) return 'agreement.error';
  return 'agreement.editing';
}

export function signupSnapshotToView(snapshot: SnapshotFrom<typeof signupMachine>): SignupView {
  const { context } = snapshot;
  const state = viewStateOf(snapshot);
  const error = context.error;
  // Step 1 shows every field's message at once (issue 9); the other steps one message.
  const fieldError = (field: string) =>
    context.accountErrors.find((e) => e.field === field)?.message ?? (error && error.field === field ? error.message : null);
  const resendState: ResendViewState = snapshot.matches({ verify: { entering: { resend: 'sending' } } })
    ? 'sending'
    : snapshot.matches({ verify: { entering: { resend: 'coolingDown' } } })
      ? 'coolingDown'
      : 'ready';
  const secondsLeft =
    resendState === 'coolingDown' && context.resendDeadline !== null
      ? Math.max(0, Math.ceil((context.resendDeadline - context.now) / 1000))
      : 0;
  const locations = context.locations ?? [];
  const changing = state.startsWith('verify.email');
  return {
    state,
    step: context.step,
    stepTitle: SIGNUP_STEP_TITLES[context.step - 1]!,
    segments: segmentsFor(context.step),
    welcome: context.welcomeName ? messages.welcomeBack(context.welcomeName) : null,
    busy:
      state.endsWith('.submitting') ||
      ['account.verifyingCaptcha', 'verify.emailSubmitting', 'picture.uploading', 'picture.skipping'].includes(state),
    alert: fieldError('alert'),
    fieldError,
    account: {
      values: context.values,
      captchaError: fieldError(CAPTCHA_FIELD),
      showCaptcha: !context.captchaPassed && context.engaged,
      captchaPending: !context.captchaPassed,
      captchaResets: context.captchaResets,
      focusInvalid: context.focusInvalid,
    },
    verify: {
      email: context.email,
      digits: context.code.slice(0, VERIFY_CODE_LENGTH),
      focus: context.codeFocus,
      error: fieldError(CODE_FIELD),
      resend: { state: resendState, secondsLeft, notice: context.resendNotice, error: context.resendError },
      // The resend is ready again only once a minute has passed since the last code went out.
      spamHint: changing || resendState !== 'ready' ? null : messages.checkSpam,
      changing: changing ? { value: context.newEmail, error: fieldError('email') } : null,
    },
    location: {
      loading: state === 'location.loading',
      fallback: context.locationsFallback,
      states: stateNames(locations),
      areas: areaNames(findState(locations, context.state)),
      state: context.state,
      town: context.town,
    },
    picture: {
      name: context.picture?.name ?? null,
      previewUrl: context.picture?.previewUrl ?? null,
      percent: state === 'picture.uploading' ? context.uploadPercent : null,
      focus: context.focus,
      canRecentre: context.picture !== null && (state === 'picture.previewing' || state === 'picture.error'),
    },
    agreement: { agreed: context.agreed, email: context.email },
  };
}

export { AGREEMENT_FIELD, PICTURE_FIELD };
