/**
 * What the company sign-up page shows, from the sign-up machine's snapshot and its form's
 * (machines/companies/companySignupMachine.ts): one message at a time, the logo's before the form's.
 */
import type { FieldError } from '../../src/shared/api';
import { COMPANY_SIGNUP_FIELDS } from '../../src/shared/company';
import type { PublicInvitation } from '../../src/shared/invitations';
import { areaNames, findState, stateNames } from '../../src/shared/locations';
import { CAPTCHA_FIELD } from '../kit/formMachine';
import { resendSecondsLeft } from '../kit/resendCode';
import { LOGO_FIELD, type CompanyFormSnapshot, type CompanySignupSnapshot, type CompanySignupValues } from './companySignupMachine';

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
  /** The message under a field, by field name (the form's fields, logo, captcha, the code, resend). */
  fieldError: (field: string) => string | null;
  captchaError: string | null;
  showCaptcha: boolean;
  captchaSlot: boolean;
  captchaResets: number;
  // The code step
  email: string;
  code: string;
  notice: string | null;
  /** Whole seconds until a new code may be asked for; 0 when it may. */
  resendSecondsLeft: number;
}

type Main = Pick<CompanySignupSnapshot, 'context' | 'matches'>;
type Form = Pick<CompanyFormSnapshot, 'context' | 'matches'>;

const emptyValues = (): CompanySignupValues => Object.fromEntries(COMPANY_SIGNUP_FIELDS.map((f) => [f, ''])) as CompanySignupValues;

/** The one message shown now: the code step's, the logo's, or the form's first. */
export function shownError(main: Main, form: Form | null | undefined): FieldError | null {
  const { context } = main;
  if (!main.matches('form')) return context.error;
  if (context.logoError) return { field: LOGO_FIELD, message: context.logoError };
  return context.formErrorHidden ? null : (form?.context.errors[0] ?? null);
}

export function companySignupSnapshotToView(main: Main, form: Form | null | undefined): CompanySignupView {
  const { context } = main;
  const error = shownError(main, form);
  const onForm = main.matches('form');
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
              ? error
                ? 'fieldError'
                : 'editing'
              : main.matches({ verify: 'sending' })
                ? 'sendingCode'
                : main.matches({ verify: 'verifying' })
                  ? 'verifyingCode'
                  : main.matches('verify')
                    ? error
                      ? 'codeError'
                      : 'enterCode'
                    : 'done';
  // While the logo is uploaded the form has emptied itself: it shows what was sent.
  const formValues = form?.matches('succeeded') ? form.context.sent : form?.context.values;
  const values = onForm && formValues ? ({ ...emptyValues(), ...formValues } as CompanySignupValues) : emptyValues();
  const captchaPassed = form ? form.context.captchaPassed : context.captchaPassed;
  return {
    state,
    invitation: context.invitation,
    values,
    states: stateNames(context.locations),
    areas: areaNames(findState(context.locations, values.state)),
    logo: context.logo ? { name: context.logo.name } : null,
    busy: state === 'verifyingCaptcha' || state === 'submitting' || state === 'sendingCode' || state === 'verifyingCode',
    fieldError: (field) => (error && error.field === field ? error.message : null),
    captchaError: error && error.field === CAPTCHA_FIELD ? error.message : null,
    showCaptcha: !captchaPassed && (form?.context.engaged ?? false),
    captchaSlot: !captchaPassed,
    captchaResets: form?.context.captchaResets ?? 0,
    email: context.email,
    code: context.code,
    notice: context.notice,
    resendSecondsLeft: resendSecondsLeft(context.resendDeadline, context.now),
  };
}
