/**
 * The invited company sign-up: /company-signup?invite=TOKEN. An orchestrator like the rider
 * wizard (machines/signup/signupMachine.ts): the form is the kit's captcha-then-submit machine
 * (machines/kit/formMachine.ts, invoked as 'form'); this machine keeps the invitation, the logo
 * and the code step.
 *
 *   checking ─┬─▶ form ─────────────────────────────▶ verify ──▶ done (→ /company-dashboard)
 *             ├─▶ invalid (used, expired, revoked or unknown link)
 *             └─▶ checkFailed ──RETRY──▶ checking
 *
 *   form:   editing ──SUBMIT──▶ sent ─┬─▶ editing (FORM_REFUSED: a rule, the captcha or the server said no)
 *                                     ├─▶ invalid (FORM_REFUSED under `invite`: the link died meanwhile)
 *                                     └─▶ savingLogo (SIGNED_UP) ──▶ verify (a logo that fails is added later)
 *   verify: entering ──SUBMIT_CODE──▶ verifying ──▶ done | entering (under the code)
 *           entering ──RESEND──▶ sending ──▶ entering (a new 60-second countdown, or the server's wait)
 *
 * The form's events go to the form; the logo stays here and its message wins over the form's
 * (one message at a time, as the form shows its first only). The resend countdown keeps a
 * deadline (a timestamp); TICK events carry the time, so a simulated clock drives it in tests.
 * Pure: every effect (the requests, the token, navigation, the captcha session flag, toasts) is a
 * named actor or action supplied with .provide(), the form's by providing `form`.
 */
import { assertEvent, assign, fromPromise, sendParent, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { checkLogoFile, COMPANY_SIGNUP_FIELDS, companySignupForm } from '../../src/shared/company';
import { VERIFY_CODE_LENGTH } from '../../src/shared/constants';
import type { PublicInvitation } from '../../src/shared/invitations';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { verifyEmailForm } from '../../src/shared/signup';
import { validateForm } from '../../src/shared/validation';
import { fieldErrorOf, InvitationDeadError, messageOf, ResendCooldownError, SubmitError } from '../kit/errors';
import { CAPTCHA_FIELD, formMachine, type FormContext, type FormEvent, type FormInput } from '../kit/formMachine';
import { CODE_FIELD, resendDeadlineAfter } from '../kit/resendCode';

export { CAPTCHA_FIELD, CODE_FIELD, InvitationDeadError, ResendCooldownError };

const INVITE_FIELD = 'invite';
export const LOGO_FIELD = 'logo';
/** Where the resend control's own message goes (a wait the server asked for). */
export const RESEND_FIELD = 'resend';

export type CompanySignupField = (typeof COMPANY_SIGNUP_FIELDS)[number];
export type CompanySignupValues = Record<CompanySignupField, string>;

/** A chosen logo: the file travels to the upload; the view shows its name. */
export interface ChosenLogo {
  file: unknown;
  name: string;
  /** The type the browser declared (the server judges the bytes). */
  mime: string;
  size: number;
}

export interface CompanySignupInput {
  invite: string;
  /** Spec §4: a captcha passed once in this browser session is not asked again. */
  captchaPassed: boolean;
  now: number;
}

export interface CompanySignupContext {
  invite: string;
  invitation: PublicInvitation | null;
  locations: LocationState[];
  logo: ChosenLogo | null;
  /** The logo's message; while it shows, the form's is not shown. */
  logoError: string | null;
  /** A refused logo hides the form's message until the next submit (one message at a time). */
  formErrorHidden: boolean;
  captchaPassed: boolean;
  /** The code step's message (failures that belong to no field are toasts). */
  error: FieldError | null;
  /** The e-mail the code went to. */
  email: string;
  code: string;
  resendDeadline: number | null;
  now: number;
  /** A note on the code step: a new code was sent, or the logo must be added later. */
  notice: string | null;
}

/** What the form tells this machine (its `refused` and `announceSuccess` actions). */
export type FormReport = { type: 'FORM_REFUSED'; field: string | null } | { type: 'SIGNED_UP'; sentAt: number };

export type CompanySignupEvent =
  | Extract<FormEvent, { type: 'CAPTCHA_SOLVED' | 'CAPTCHA_EXPIRED' | 'CAPTCHA_ERROR' | 'ENGAGE' | 'SUBMIT' }>
  | { type: 'CHANGE'; field: CompanySignupField; value: string }
  | ({ type: 'CHOOSE_LOGO' } & ChosenLogo)
  | { type: 'REMOVE_LOGO' }
  | { type: 'RETRY' }
  | { type: 'CHANGE_CODE'; value: string }
  | { type: 'SUBMIT_CODE' }
  | { type: 'RESEND' }
  | { type: 'TICK'; now: number };

export interface CheckedInvitation {
  invitation: PublicInvitation;
  locations: LocationState[];
}

/** The form's input: the invitation's company name (to keep or correct) and e-mail (fixed), and the link. */
export const companyFormInput = (context: Pick<CompanySignupContext, 'invite' | 'invitation' | 'captchaPassed'>): FormInput => ({
  form: companySignupForm,
  captchaPassed: context.captchaPassed,
  values: { invite: context.invite, company_name: context.invitation?.companyName ?? '', email: context.invitation?.email ?? '' },
  firstErrorOnly: true,
  captchaFailedMessage: messages.signupCaptchaFailed,
});

/** The company form's own way with a typed value; the rest is the kit's. */
export const companyFormActions = {
  applyChange: assign<FormContext, FormEvent, unknown, FormEvent, never>(({ context, event }) => {
    assertEvent(event, 'CHANGE');
    // The invited address is the invitation's: the page shows it read-only and the server refuses another.
    if (!(event.field in context.values) || event.field === 'email' || event.field === INVITE_FIELD) return {};
    const values = { ...context.values, [event.field]: event.value };
    // A new state empties the area: the old one is not in its list.
    if (event.field === 'state' && event.value !== context.values.state) values.town = '';
    const clears = (e: FieldError) => e.field === event.field || (event.field === 'state' && e.field === 'town');
    return { values, errors: context.errors.filter((e) => !clears(e)) };
  }),
};

/** The form as this machine runs it: it reports a refusal and the account made. */
export const companyForm = formMachine.provide({
  actions: {
    ...companyFormActions,
    refused: sendParent(({ event }) => {
      const error = (event as { error?: unknown }).error;
      return { type: 'FORM_REFUSED', field: error instanceof SubmitError ? error.fieldError.field : null } satisfies FormReport;
    }),
    announceSuccess: sendParent(({ event }) => ({ type: 'SIGNED_UP', sentAt: (event as { output?: { sentAt?: number } }).output?.sentAt ?? 0 }) satisfies FormReport),
  },
});

const toastFailure = (error: unknown) => ({ message: messageOf(error, messages.submitFailed), kind: 'error' as const });

export const companySignupMachine = setup({
  types: {
    input: {} as CompanySignupInput,
    context: {} as CompanySignupContext,
    events: {} as CompanySignupEvent | FormReport,
  },
  actors: {
    /** GET /api/invitations/:token and GET /api/locations. Rejects with InvitationDeadError on a dead link. */
    checkInvitation: fromPromise<CheckedInvitation, { invite: string }>(async () => {
      throw new Error('checkInvitation not provided');
    }),
    /** The sign-up form; the app supplies its verifyCaptcha and submitForm (POST /api/companies/signup, storing the token; resolves with { sentAt }). */
    form: companyForm,
    /** POST /api/companies/me/logo, once the account exists. */
    uploadLogo: fromPromise<unknown, { file: unknown }>(async () => {
      throw new Error('uploadLogo not provided');
    }),
    /** PUT /api/companies/me/verify-email. */
    verifyCode: fromPromise<unknown, { code: string }>(async () => {
      throw new Error('verifyCode not provided');
    }),
    /** POST /api/companies/me/send-verify-email. Rejects with ResendCooldownError when told to wait. */
    sendCode: fromPromise<{ sentAt: number }>(async () => {
      throw new Error('sendCode not provided');
    }),
  },
  actions: {
    /** A toast in the app. */
    announce: (_, _params: { message: string; kind: 'success' | 'error' }) => {},
    /** The company is in: to /company-dashboard. */
    finished: () => {},
    toForm: sendTo('form', ({ event }) => event as FormEvent),
  },
  guards: {
    isDeadInvitation: (_, params: { error: unknown }) => params.error instanceof InvitationDeadError,
    logoRejected: (_, params: { mime: string; size: number }) => checkLogoFile({ type: params.mime, size: params.size }) !== null,
    isInviteRefusal: ({ event }) => event.type === 'FORM_REFUSED' && event.field === INVITE_FIELD,
    hasLogo: ({ context }) => context.logo !== null,
    // A failure the server did not explain is on the alert line (a toast), not under a field.
    isFieldError: (_, params: { error: unknown }) => fieldErrorOf(params.error).field !== 'alert',
    codeInvalid: ({ context }) => validateForm(verifyEmailForm, { verify_email_code: context.code }) !== null,
    canResend: ({ context }) => context.resendDeadline === null || context.now >= context.resendDeadline,
    isCooldown: (_, params: { error: unknown }) => params.error instanceof ResendCooldownError,
  },
}).createMachine({
  id: 'companySignup',
  context: ({ input }) => ({
    invite: input.invite,
    invitation: null,
    locations: [],
    logo: null,
    logoError: null,
    formErrorHidden: false,
    captchaPassed: input.captchaPassed,
    error: null,
    email: '',
    code: '',
    resendDeadline: null,
    now: input.now,
    notice: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkInvitation',
        src: 'checkInvitation',
        input: ({ context }) => ({ invite: context.invite }),
        onDone: {
          target: 'form',
          actions: assign({ invitation: ({ event }) => event.output.invitation, locations: ({ event }) => event.output.locations }),
        },
        onError: [
          { guard: { type: 'isDeadInvitation', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          { target: 'checkFailed' },
        ],
      },
    },
    checkFailed: {
      on: { RETRY: 'checking' },
    },
    invalid: {},

    form: {
      initial: 'editing',
      invoke: { id: 'form', src: 'form', input: ({ context }) => companyFormInput(context) },
      on: { ENGAGE: { actions: 'toForm' }, CAPTCHA_EXPIRED: { actions: 'toForm' }, CAPTCHA_ERROR: { actions: 'toForm' } },
      states: {
        editing: {
          on: {
            CHANGE: { actions: 'toForm' },
            CAPTCHA_SOLVED: { actions: 'toForm' },
            CHOOSE_LOGO: [
              {
                guard: { type: 'logoRejected', params: ({ event }) => ({ mime: event.mime, size: event.size }) },
                actions: assign({
                  logo: null,
                  logoError: ({ event }) => checkLogoFile({ type: event.mime, size: event.size }) ?? messages.imageType,
                  formErrorHidden: true,
                }),
              },
              { actions: assign({ logo: ({ event }) => ({ file: event.file, name: event.name, mime: event.mime, size: event.size }), logoError: null }) },
            ],
            REMOVE_LOGO: { actions: assign({ logo: null, logoError: null }) },
            // The form's check (or the server's answer) takes the logo's message's place.
            SUBMIT: { target: 'sent', actions: [assign({ logoError: null, formErrorHidden: false }), 'toForm'] },
          },
        },
        sent: {
          on: {
            FORM_REFUSED: [{ guard: 'isInviteRefusal', target: '#companySignup.invalid' }, { target: 'editing' }],
            SIGNED_UP: [
              { guard: 'hasLogo', target: 'savingLogo', actions: assign({ now: ({ event }) => event.sentAt }) },
              { target: '#companySignup.verify', actions: assign({ now: ({ event }) => event.sentAt }) },
            ],
          },
        },
        // The account exists: a logo that fails is added later from the account page.
        savingLogo: {
          invoke: {
            id: 'uploadLogo',
            src: 'uploadLogo',
            input: ({ context }) => ({ file: context.logo?.file }),
            onDone: { target: '#companySignup.verify' },
            onError: { target: '#companySignup.verify', actions: assign({ notice: messages.companyLogoLater }) },
          },
        },
      },
    },

    // The first code went out when the account was made (`now` is that time).
    verify: {
      entry: assign(({ context }) => ({ email: (context.invitation?.email ?? '').trim().toLowerCase(), resendDeadline: resendDeadlineAfter(context.now) })),
      initial: 'entering',
      on: { TICK: { actions: assign({ now: ({ event }) => event.now }) } },
      states: {
        entering: {
          on: {
            CHANGE_CODE: {
              actions: assign({
                code: ({ event }) => event.value.replace(/\D/g, '').slice(0, VERIFY_CODE_LENGTH),
                error: ({ context }) => (context.error?.field === CODE_FIELD ? null : context.error),
              }),
            },
            SUBMIT_CODE: [
              { guard: 'codeInvalid', actions: assign({ error: ({ context }) => validateForm(verifyEmailForm, { verify_email_code: context.code }) }) },
              { target: 'verifying', actions: assign({ error: null }) },
            ],
            RESEND: { guard: 'canResend', target: 'sending' },
          },
        },
        sending: {
          entry: assign({ notice: null, error: null }),
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            onDone: {
              target: 'entering',
              actions: assign({
                now: ({ event }) => event.output.sentAt,
                resendDeadline: ({ event }) => resendDeadlineAfter(event.output.sentAt),
                notice: messages.verificationCodeSent,
                code: '',
              }),
            },
            onError: [
              {
                guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
                target: 'entering',
                actions: assign({
                  resendDeadline: ({ event }) => (event.error as ResendCooldownError).retryAt,
                  error: ({ event }) => ({ field: RESEND_FIELD, message: (event.error as ResendCooldownError).message }),
                }),
              },
              { target: 'entering', actions: { type: 'announce', params: ({ event }) => toastFailure(event.error) } },
            ],
          },
        },
        verifying: {
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({ code: context.code }),
            onDone: { target: '#companySignup.done' },
            onError: [
              {
                guard: { type: 'isFieldError', params: ({ event }) => ({ error: event.error }) },
                target: 'entering',
                actions: assign({ error: ({ event }) => ({ field: CODE_FIELD, message: fieldErrorOf(event.error).message }) }),
              },
              { target: 'entering', actions: { type: 'announce', params: ({ event }) => toastFailure(event.error) } },
            ],
          },
        },
      },
    },

    done: {
      type: 'final',
      entry: [{ type: 'announce', params: { message: messages.companyVerified, kind: 'success' } }, 'finished'],
    },
  },
});

export type CompanySignupMachine = typeof companySignupMachine;
export type CompanySignupSnapshot = SnapshotFrom<typeof companySignupMachine>;
export type CompanyFormSnapshot = SnapshotFrom<typeof companyForm>;
