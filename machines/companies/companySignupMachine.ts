/**
 * The invited company sign-up: /company-signup?invite=TOKEN. An orchestrator like the rider
 * wizard (machines/signup/signupMachine.ts): the form is the kit's captcha-then-submit machine
 * (machines/kit/formMachine.ts, invoked as 'form'), the code step the kit's verify step
 * (machines/kit/verifyStep.ts, invoked as 'verify'); this machine keeps the invitation and the logo.
 *
 *   checking ─┬─▶ form ──────────────────────────────▶ verify ──(the code was right)──▶ done (→ /company-dashboard)
 *             ├─▶ invalid (used, expired, revoked or unknown link)
 *             └─▶ checkFailed ──RETRY──▶ checking
 *
 *   form:   editing ──SUBMIT──▶ sent ─┬─▶ editing (FORM_REFUSED: a rule, the captcha or the server said no)
 *                                     ├─▶ invalid (FORM_REFUSED under `invite`: the link died meanwhile)
 *                                     └─▶ savingLogo (SIGNED_UP) ──▶ verify (a logo that fails is added later)
 *
 * The form's events go to the form; the logo stays here and its message wins over the form's
 * (one message at a time, as the form shows its first only). The page sends the code step's
 * events (CODE_SET from its one code field, SUBMIT, RESEND, the clock's TICK) to the 'verify'
 * child, which starts at the invitation's address with the first code's countdown running.
 * The address is the invitation's and fixed: the page never offers 'Wrong e-mail? Change it'.
 * Deliberately the rider's behaviour, one way for both sign-ups: a failure the server did not
 * explain (network, 5xx) stays beside the control it concerns (under the code, on the resend
 * line), not a toast; the server's wait message goes when the countdown ends; a new code may be
 * asked for while the code is being checked. The one toast is the welcome at the end.
 * Pure: every effect (the requests, the token, navigation, the captcha session flag, toasts) is a
 * named actor or action supplied with .provide(), the form's by providing `form` and the code
 * step's (verifyCode, sendCode) by providing `verify`.
 */
import { assertEvent, assign, fromPromise, sendParent, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { checkLogoFile, COMPANY_SIGNUP_FIELDS, companySignupForm } from '../../src/shared/company';
import type { PublicInvitation } from '../../src/shared/invitations';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { InvitationDeadError, ResendCooldownError, SubmitError } from '../kit/errors';
import { CAPTCHA_FIELD, formMachine, type FormContext, type FormEvent, type FormInput } from '../kit/formMachine';
import { resendDeadlineAfter } from '../kit/resendCode';
import { CODE_FIELD, verifyStep, type VerifyEvent, type VerifyInput } from '../kit/verifyStep';

export { CAPTCHA_FIELD, CODE_FIELD, InvitationDeadError, ResendCooldownError };

const INVITE_FIELD = 'invite';
export const LOGO_FIELD = 'logo';
/** Where the resend control's own message goes (the kit's resendError: a wait the server asked for, a failure). */
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
  /** When the account was made, and with it the first code sent (the code step's countdown starts there). */
  sentAt: number;
  /** A note on the code step: the logo must be added later. */
  notice: string | null;
}

/** What the form tells this machine (its `refused` and `announceSuccess` actions). */
export type FormReport = { type: 'FORM_REFUSED'; field: string | null } | { type: 'SIGNED_UP'; sentAt: number };

export type CompanySignupEvent =
  | Extract<FormEvent, { type: 'CAPTCHA_SOLVED' | 'CAPTCHA_EXPIRED' | 'CAPTCHA_ERROR' | 'ENGAGE' | 'SUBMIT' }>
  | { type: 'CHANGE'; field: CompanySignupField; value: string }
  | ({ type: 'CHOOSE_LOGO' } & ChosenLogo)
  | { type: 'REMOVE_LOGO' }
  | { type: 'RETRY' };

/** The code step's events the page sends (to the 'verify' child): its one field, the buttons, the clock. */
export type CompanyCodeEvent = Extract<VerifyEvent, { type: 'CODE_SET' | 'SUBMIT' | 'RESEND' | 'TICK' }>;

/** Every event the page sends: the machine's, or (on the code step) the code step's. */
export type CompanyPageEvent = CompanySignupEvent | CompanyCodeEvent;

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

/** The code step's input: the invitation's address, and the countdown of the code sent when the account was made. */
export const companyVerifyInput = (context: Pick<CompanySignupContext, 'invitation' | 'sentAt'>): VerifyInput => ({
  email: (context.invitation?.email ?? '').trim().toLowerCase(),
  resendDeadline: resendDeadlineAfter(context.sentAt),
  now: context.sentAt,
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
    /**
     * The code step; the app supplies its verifyCode (PUT /api/companies/me/verify-email) and
     * sendCode (POST /api/companies/me/send-verify-email, rejecting with ResendCooldownError when told to wait).
     */
    verify: verifyStep,
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
    sentAt: 0,
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
              { guard: 'hasLogo', target: 'savingLogo', actions: assign({ sentAt: ({ event }) => event.sentAt }) },
              { target: '#companySignup.verify', actions: assign({ sentAt: ({ event }) => event.sentAt }) },
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

    // The code step is the kit's; the first code went out when the account was made (`sentAt`).
    verify: {
      invoke: { id: 'verify', src: 'verify', input: ({ context }) => companyVerifyInput(context), onDone: { target: 'done' } },
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
export type CompanyVerifySnapshot = SnapshotFrom<typeof verifyStep>;
