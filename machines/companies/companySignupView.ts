/**
 * What the company sign-up page shows, from the sign-up machine's snapshot and its running
 * child's (machines/companies/companySignupMachine.ts): on the form, the form's snapshot, one
 * message at a time, the logo's before the form's; on the code step, the kit's verify step's
 * snapshot (machines/kit/verifyStep.ts), its message under the code and the resend line's on that line.
 */
import type { FieldError } from '../../src/shared/api';
import { COMPANY_SIGNUP_FIELDS } from '../../src/shared/company';
import type { PublicInvitation } from '../../src/shared/invitations';
import { areaNames, findState, stateNames } from '../../src/shared/locations';
import { CAPTCHA_FIELD } from '../kit/formMachine';
import { resendSecondsLeft } from '../kit/resendCode';
import {
  CODE_FIELD,
  companyVerifyInput,
  LOGO_FIELD,
  RESEND_FIELD,
  type CompanyFormSnapshot,
  type CompanySignupSnapshot,
  type CompanySignupValues,
  type CompanyVerifySnapshot,
} from './companySignupMachine';

/** Every state the sign-up page can show; stories and view tests must cover each one. */
export const companySignupViewStates = [
  'checking',
  'checkFailed',
  'invitationInvalid',
  'editing',
  'fieldError',
  'verifyingCaptcha',
  'submitting',
  'enterCode',
  'codeError',
  'sendingCode',
  'verifyingCode',
  'done',
] as const;
export type CompanySignupViewState = (typeof companySignupViewStates)[number];

export interface CompanySignupView {
  state: CompanySignupViewState;
  invitation: PublicInvitation | null;
  values: CompanySignupValues;
  /** The state select's options and the chosen state's areas (towns and LGAs). */
  states: string[];
  areas: string[];
  logo: { name: string } | null;
  busy: boolean;
  /** The message under a field, by field name (the form's fields, logo, captcha; on the code step the code and resend). */
  fieldError: (field: string) => string | null;
  captchaError: string | null;
  showCaptcha: boolean;
  captchaSlot: boolean;
  captchaResets: number;
  // The code step
  email: string;
  /** The code as typed, in the one field. */
  code: string;
  /** The code is being checked (its button busy). */
  verifying: boolean;
  /** A note on the step: the logo must be added later. */
  notice: string | null;
  /** The resend control: may ask, asking, or counting down. */
  resend: 'ready' | 'sending' | 'coolingDown';
  /** Whole seconds until a new code may be asked for; 0 when it may. */
  resendSecondsLeft: number;
  /** The resend line's note: a new code went out. */
  resendNotice: string | null;
}

type Main = Pick<CompanySignupSnapshot, 'context' | 'matches'>;
type Form = Pick<CompanyFormSnapshot, 'context' | 'matches'>;
type Verify = Pick<CompanyVerifySnapshot, 'context' | 'matches'>;

const emptyValues = (): CompanySignupValues => Object.fromEntries(COMPANY_SIGNUP_FIELDS.map((f) => [f, ''])) as CompanySignupValues;

/** The form's one message shown now: the logo's, or the form's first (none off the form). */
export function shownError(main: Main, form: Form | null | undefined): FieldError | null {
  const { context } = main;
  if (!main.matches('form')) return null;
  if (context.logoError) return { field: LOGO_FIELD, message: context.logoError };
  return context.formErrorHidden ? null : (form?.context.errors[0] ?? null);
}

/** The code step's messages: under the code, and on the resend line (both may show). */
export function codeStepErrors(verify: Verify | null | undefined): FieldError[] {
  if (!verify) return [];
  const { error, resendError } = verify.context;
  return [...(error?.field === CODE_FIELD ? [error] : []), ...(resendError ? [{ field: RESEND_FIELD, message: resendError }] : [])];
}

/**
 * The view of the page: `form` is the form's snapshot while the form shows, `verify` the code
 * step's while it runs (each the child actor the machine invoked with that id), else null.
 */
export function companySignupSnapshotToView(main: Main, form: Form | null | undefined, verify?: Verify | null): CompanySignupView {
  const { context } = main;
  const onForm = main.matches('form');
  const onCode = main.matches('verify');
  const step = onCode ? (verify ?? null) : null;
  const formError = shownError(main, form);
  const codeErrors = codeStepErrors(step);
  const verifying = !!step && (step.matches({ entering: { code: 'submitting' } }) || step.matches('verified'));
  const resend = step?.matches({ entering: { resend: 'sending' } }) ? 'sending' : step?.matches({ entering: { resend: 'coolingDown' } }) ? 'coolingDown' : 'ready';
  const state: CompanySignupViewState = main.matches('checking')
    ? 'checking'
    : main.matches('checkFailed')
      ? 'checkFailed'
      : main.matches('invalid')
        ? 'invitationInvalid'
        : onForm && form?.matches('verifyingCaptcha')
          ? 'verifyingCaptcha'
          : onForm && (main.matches({ form: 'savingLogo' }) || form?.matches('submitting') || form?.matches('succeeded'))
            ? 'submitting'
            : onForm
              ? formError
                ? 'fieldError'
                : 'editing'
              : !onCode
                ? 'done'
                : verifying
                  ? 'verifyingCode'
                  : resend === 'sending'
                    ? 'sendingCode'
                    : codeErrors.length > 0
                      ? 'codeError'
                      : 'enterCode';
  // While the logo is uploaded the form has emptied itself: it shows what was sent.
  const formValues = form?.matches('succeeded') ? form.context.sent : form?.context.values;
  const values = onForm && formValues ? ({ ...emptyValues(), ...formValues } as CompanySignupValues) : emptyValues();
  const captchaPassed = form ? form.context.captchaPassed : context.captchaPassed;
  const errors = onCode ? codeErrors : formError ? [formError] : [];
  const v = step?.context;
  return {
    state,
    invitation: context.invitation,
    values,
    states: stateNames(context.locations),
    areas: areaNames(findState(context.locations, values.state)),
    logo: context.logo ? { name: context.logo.name } : null,
    busy: state === 'verifyingCaptcha' || state === 'submitting' || verifying || resend === 'sending',
    fieldError: (field) => errors.find((e) => e.field === field)?.message ?? null,
    captchaError: formError && formError.field === CAPTCHA_FIELD ? formError.message : null,
    showCaptcha: !captchaPassed && (form?.context.engaged ?? false),
    captchaSlot: !captchaPassed,
    captchaResets: form?.context.captchaResets ?? 0,
    email: v?.email ?? companyVerifyInput(context).email,
    code: v?.code.join('') ?? '',
    verifying,
    notice: context.notice,
    resend,
    resendSecondsLeft: resend === 'coolingDown' && v ? resendSecondsLeft(v.resendDeadline, v.now) : 0,
    resendNotice: v?.resendNotice ?? null,
  };
}
