/**
 * The invited company sign-up: /company-signup?invite=TOKEN.
 *
 *   checking ─┬─▶ form ─────────────────────────────▶ verify ──▶ done (→ /company-dashboard)
 *             ├─▶ invalid (used, expired, revoked or unknown link)
 *             └─▶ checkFailed ──RETRY──▶ checking
 *
 *   form:   editing ──SUBMIT──▶ validating ─┬─▶ editing (a rule failed, or the captcha is missing)
 *                                           ├─▶ verifyingCaptcha ──▶ submitting | editing
 *                                           └─▶ submitting ──▶ verify | editing (under its field) | invalid (the link died meanwhile)
 *   verify: entering ──SUBMIT_CODE──▶ verifying ──▶ done | entering (under the code)
 *           entering ──RESEND──▶ sending ──▶ entering (a new 60-second countdown, or the server's wait)
 *
 * The resend countdown keeps a deadline (a timestamp); TICK events carry the time, so a
 * simulated clock drives it in tests. Pure: every effect (the requests, the token, navigation,
 * the captcha session flag, toasts) is a named actor or action supplied with .provide().
 *
 * Still its own copy of the form and verify steps the rider wizard takes from machines/kit/.
 * To compose it from them, the kit needs, in this order: the form machine with prefilled values,
 * first-error-only and a named action on a refused submit (the logo stays here: its error wins
 * over the others); the verify step with a one-field code and failures as toasts; then this
 * machine as checking → form → verify → done, and its model, tests, stories and plan rewritten
 * around the child actors as signupModel.ts does.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { checkLogoFile, COMPANY_SIGNUP_FIELDS, companySignupForm } from '../../src/shared/company';
import { VERIFY_CODE_LENGTH } from '../../src/shared/constants';
import type { PublicInvitation } from '../../src/shared/invitations';
import { areaNames, findState, stateNames, type LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { verifyEmailForm } from '../../src/shared/signup';
import { validateForm } from '../../src/shared/validation';
import { fieldErrorOf, InvitationDeadError, messageOf, ResendCooldownError } from '../kit/errors';
import { CAPTCHA_FIELD } from '../kit/formMachine';
import { CODE_FIELD, resendDeadlineAfter, resendSecondsLeft } from '../kit/resendCode';

export { CAPTCHA_FIELD, CODE_FIELD, InvitationDeadError, ResendCooldownError };

const INVITE_FIELD = 'invite';
const LOGO_FIELD = 'logo';
/** Where the resend control's own message goes (a wait the server asked for). */
const RESEND_FIELD = 'resend';


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
  values: CompanySignupValues;
  logo: ChosenLogo | null;
  /** The current step's message (field 'alert' never: those are toasts). */
  error: FieldError | null;
  captchaToken: string | null;
  captchaPassed: boolean;
  captchaResets: number;
  engaged: boolean;
  /** The e-mail the code went to (as submitted). */
  email: string;
  code: string;
  resendDeadline: number | null;
  now: number;
  /** A note on the code step: a new code was sent, or the logo must be added later. */
  notice: string | null;
}

export type CompanySignupEvent =
  | { type: 'CHANGE'; field: CompanySignupField; value: string }
  | ({ type: 'CHOOSE_LOGO' } & ChosenLogo)
  | { type: 'REMOVE_LOGO' }
  | { type: 'CAPTCHA_SOLVED'; token: string }
  | { type: 'CAPTCHA_EXPIRED' }
  | { type: 'CAPTCHA_ERROR' }
  | { type: 'ENGAGE' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CHANGE_CODE'; value: string }
  | { type: 'SUBMIT_CODE' }
  | { type: 'RESEND' }
  | { type: 'TICK'; now: number };

export interface CheckedInvitation {
  invitation: PublicInvitation;
  locations: LocationState[];
}

export interface SubmitSignupInput {
  values: CompanySignupValues & { invite: string };
  logo: ChosenLogo | null;
}

const emptyValues = (): CompanySignupValues =>
  Object.fromEntries(COMPANY_SIGNUP_FIELDS.map((f) => [f, ''])) as CompanySignupValues;

const requestValues = (context: CompanySignupContext) => ({ ...context.values, invite: context.invite });


export const companySignupMachine = setup({
  types: {
    input: {} as CompanySignupInput,
    context: {} as CompanySignupContext,
    events: {} as CompanySignupEvent,
  },
  actors: {
    /** GET /api/invitations/:token and GET /api/locations. Rejects with InvitationDeadError on a dead link. */
    checkInvitation: fromPromise<CheckedInvitation, { invite: string }>(async () => {
      throw new Error('checkInvitation not provided');
    }),
    verifyCaptcha: fromPromise<{ success: boolean }, { token: string }>(async () => {
      throw new Error('verifyCaptcha not provided');
    }),
    /** POST /api/companies/signup (stores the token), then the logo if one was chosen. */
    submitSignup: fromPromise<{ sentAt: number; logoSaved: boolean }, SubmitSignupInput>(async () => {
      throw new Error('submitSignup not provided');
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
    rememberCaptchaPassed: () => {},
    forgetCaptchaPassed: () => {},
    /** A toast in the app. */
    announce: (_, _params: { message: string; kind: 'success' | 'error' }) => {},
    /** The company is in: to /company-dashboard. */
    finished: () => {},
    applyChange: assign(({ context, event }) => {
      const e = event as Extract<CompanySignupEvent, { type: 'CHANGE' }>;
      // The invited address is the invitation's: the page shows it read-only and the server refuses another.
      if (!(e.field in context.values) || e.field === 'email') return {};
      const values = { ...context.values, [e.field]: e.value };
      // A new state empties the area: the old one is not in its list.
      if (e.field === 'state' && e.value !== context.values.state) values.town = '';
      const clears = context.error?.field === e.field || (e.field === 'state' && context.error?.field === 'town');
      return { values, error: clears ? null : context.error };
    }),
    resetCaptcha: assign({ captchaToken: null, captchaResets: ({ context }) => context.captchaResets + 1 }),
  },
  guards: {
    isDeadInvitation: (_, params: { error: unknown }) => params.error instanceof InvitationDeadError,
    logoRejected: (_, params: { mime: string; size: number }) => checkLogoFile({ type: params.mime, size: params.size }) !== null,
    formInvalid: ({ context }) => validateForm(companySignupForm, requestValues(context)) !== null,
    captchaNeeded: ({ context }) => !context.captchaPassed && context.captchaToken === null,
    captchaAlreadyPassed: ({ context }) => context.captchaPassed,
    captchaAccepted: (_, params: { success: boolean }) => params.success,
    isCaptchaRejection: (_, params: { error: unknown }) => fieldErrorOf(params.error).field === CAPTCHA_FIELD,
    isInviteRefusal: (_, params: { error: unknown }) => fieldErrorOf(params.error).field === INVITE_FIELD,
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
    values: emptyValues(),
    logo: null,
    error: null,
    captchaToken: null,
    captchaPassed: input.captchaPassed,
    captchaResets: 0,
    engaged: false,
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
          actions: assign({
            invitation: ({ event }) => event.output.invitation,
            locations: ({ event }) => event.output.locations,
            // The waitlist's company name (to keep or correct) and the invited e-mail (fixed).
            values: ({ context, event }) => ({
              ...context.values,
              company_name: event.output.invitation.companyName,
              email: event.output.invitation.email,
            }),
          }),
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
      on: {
        ENGAGE: { actions: assign({ engaged: true }) },
        CAPTCHA_EXPIRED: { actions: 'resetCaptcha' },
        CAPTCHA_ERROR: { actions: 'resetCaptcha' },
      },
      states: {
        editing: {
          on: {
            CHANGE: { actions: 'applyChange' },
            CHOOSE_LOGO: [
              {
                guard: { type: 'logoRejected', params: ({ event }) => ({ mime: event.mime, size: event.size }) },
                actions: assign({
                  logo: null,
                  error: ({ event }) => ({ field: LOGO_FIELD, message: checkLogoFile({ type: event.mime, size: event.size }) ?? messages.imageType }),
                }),
              },
              {
                actions: assign({
                  logo: ({ event }) => ({ file: event.file, name: event.name, mime: event.mime, size: event.size }),
                  error: ({ context }) => (context.error?.field === LOGO_FIELD ? null : context.error),
                }),
              },
            ],
            REMOVE_LOGO: {
              actions: assign({ logo: null, error: ({ context }) => (context.error?.field === LOGO_FIELD ? null : context.error) }),
            },
            CAPTCHA_SOLVED: {
              actions: assign({
                captchaToken: ({ event }) => event.token,
                error: ({ context }) => (context.error?.field === CAPTCHA_FIELD ? null : context.error),
              }),
            },
            SUBMIT: 'validating',
          },
        },
        validating: {
          entry: assign({ engaged: true }),
          always: [
            {
              guard: 'formInvalid',
              target: 'editing',
              actions: assign({ error: ({ context }) => validateForm(companySignupForm, requestValues(context)) }),
            },
            {
              guard: 'captchaNeeded',
              target: 'editing',
              actions: assign({ error: { field: CAPTCHA_FIELD, message: messages.completeCaptcha } }),
            },
            { guard: 'captchaAlreadyPassed', target: 'submitting', actions: assign({ error: null }) },
            { target: 'verifyingCaptcha', actions: assign({ error: null }) },
          ],
        },
        verifyingCaptcha: {
          invoke: {
            id: 'verifyCaptcha',
            src: 'verifyCaptcha',
            input: ({ context }) => ({ token: context.captchaToken ?? '' }),
            onDone: [
              {
                guard: { type: 'captchaAccepted', params: ({ event }) => event.output },
                target: 'submitting',
                actions: [assign({ captchaPassed: true, captchaToken: null }), 'rememberCaptchaPassed'],
              },
              {
                target: 'editing',
                actions: [assign({ error: { field: CAPTCHA_FIELD, message: messages.signupCaptchaFailed } }), 'resetCaptcha'],
              },
            ],
            onError: {
              target: 'editing',
              actions: ['resetCaptcha', { type: 'announce', params: { message: messages.submitFailed, kind: 'error' } }],
            },
          },
        },
        submitting: {
          invoke: {
            id: 'submitSignup',
            src: 'submitSignup',
            input: ({ context }) => ({ values: requestValues(context), logo: context.logo }),
            onDone: {
              target: '#companySignup.verify',
              actions: assign({
                email: ({ context }) => context.values.email.trim().toLowerCase(),
                values: ({ context }) => ({ ...context.values, password: '' }),
                error: null,
                now: ({ event }) => event.output.sentAt,
                resendDeadline: ({ event }) => resendDeadlineAfter(event.output.sentAt),
                notice: ({ event }) => (event.output.logoSaved ? null : messages.companyLogoLater),
              }),
            },
            onError: [
              {
                // The server no longer honours this browser's pass: ask for the captcha again.
                guard: { type: 'isCaptchaRejection', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: [
                  assign({ captchaPassed: false, error: { field: CAPTCHA_FIELD, message: messages.completeCaptcha } }),
                  'resetCaptcha',
                  'forgetCaptchaPassed',
                ],
              },
              {
                // The link was used, revoked or expired meanwhile.
                guard: { type: 'isInviteRefusal', params: ({ event }) => ({ error: event.error }) },
                target: '#companySignup.invalid',
              },
              {
                guard: { type: 'isFieldError', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: assign({ error: ({ event }) => fieldErrorOf(event.error) }),
              },
              {
                target: 'editing',
                actions: { type: 'announce', params: ({ event }) => ({ message: messageOf(event.error, messages.submitFailed), kind: 'error' as const }) },
              },
            ],
          },
        },
      },
    },

    verify: {
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
              {
                target: 'entering',
                actions: { type: 'announce', params: ({ event }) => ({ message: messageOf(event.error, messages.submitFailed), kind: 'error' as const }) },
              },
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
              {
                target: 'entering',
                actions: { type: 'announce', params: ({ event }) => ({ message: messageOf(event.error, messages.submitFailed), kind: 'error' as const }) },
              },
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

// ---------------------------------------------------------------------------------------------
// The view model.

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

export function companySignupSnapshotToView(snapshot: Pick<CompanySignupSnapshot, 'context' | 'matches'>): CompanySignupView {
  const { context } = snapshot;
  const error = context.error;
  const state: CompanySignupViewState = snapshot.matches('checking')
    ? 'checking'
    : snapshot.matches('checkFailed')
      ? 'checkFailed'
      : snapshot.matches('invalid')
        ? 'invitationInvalid'
        : snapshot.matches({ form: 'verifyingCaptcha' })
          ? 'verifyingCaptcha'
          : snapshot.matches({ form: 'submitting' })
            ? 'submitting'
            : snapshot.matches('form')
              ? error
                ? 'fieldError'
                : 'editing'
              : snapshot.matches({ verify: 'sending' })
                ? 'sendingCode'
                : snapshot.matches({ verify: 'verifying' })
                  ? 'verifyingCode'
                  : snapshot.matches('verify')
                    ? error
                      ? 'codeError'
                      : 'enterCode'
                    : 'done';
  return {
    state,
    invitation: context.invitation,
    values: context.values,
    states: stateNames(context.locations),
    areas: areaNames(findState(context.locations, context.values.state)),
    logo: context.logo ? { name: context.logo.name } : null,
    busy: state === 'verifyingCaptcha' || state === 'submitting' || state === 'sendingCode' || state === 'verifyingCode',
    fieldError: (field) => (error && error.field === field ? error.message : null),
    captchaError: error && error.field === CAPTCHA_FIELD ? error.message : null,
    showCaptcha: !context.captchaPassed && context.engaged,
    captchaSlot: !context.captchaPassed,
    captchaResets: context.captchaResets,
    email: context.email,
    code: context.code,
    notice: context.notice,
    resendSecondsLeft: resendSecondsLeft(context.resendDeadline, context.now),
  };
}
