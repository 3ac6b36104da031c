/**
 * The rider sign-up wizard (spec §2 'Rider sign-up wizard', §4, issue 5): five steps, each
 * editing → submitting → error, resumable at the server's current_tab.
 *
 *   starting ─┬─▶ loading ──▶ resuming ──▶ verify | location | picture | agreement   ('Welcome back …')
 *             │      └──▶ loadFailed ──RETRY──▶ loading        └──▶ finished (profile complete)
 *             ├─▶ leaving (no token, an address asking for a step after the first: /login)
 *             └─▶ account (step 1: fields, captcha, POST /api/auth/create)
 *   account ──▶ verify (step 2) ──▶ location (3) ──▶ picture (4, or Skip) ──▶ agreement (5) ──▶ finished
 *   Step 4 (issue 13): editing (nothing chosen) ──CHOOSE_FILE──▶ previewing (the square preview:
 *   RECENTRE moves the focal point) ──SUBMIT──▶ uploading (the file and its focal point) ──▶ step 5;
 *   CANCEL_UPLOAD ──▶ back to previewing, SKIP ──▶ skipping; both abort the upload.
 *
 * Step 2 is either entering the code or changing the address (issue 13):
 *   entering (parallel) ──CHANGE_EMAIL──▶ changingEmail: editing ⇄ error ──SUBMIT──▶ submitting
 *      ▲  ▲                                        │ CANCEL_CHANGE_EMAIL                 │
 *      │  └────────────────────────────────────────┘                                     │
 *      └──── a new code went to the new address (digits cleared, countdown restarted) ───┘
 * Entering is parallel: the code boxes (typed, pasted, Backspace), and the resend region
 * (ready → sending → coolingDown → ready); a resend that went out clears the old digits and the
 * old error (CODE_RESENT, raised). The cooldown keeps a deadline (a timestamp), not a
 * number of seconds: TICK events carry the time, so a simulated clock drives it in tests and
 * the deadline survives a reload (the app stores it and passes it back in the input).
 * 'Welcome back …' shows on the step where the rider resumed: leaving that step clears it.
 *
 * Pure: the time comes in events and the input; every effect (requests, navigation, storage,
 * toasts, the picture preview) is a named actor or action supplied with .provide().
 */
import { assign, fromPromise, not, raise, setup, stateIn, type ActorRefFrom } from 'xstate';
import type { FieldError } from '../src/shared/api';
import { RESEND_COOLDOWN_SECONDS, VERIFY_CODE_LENGTH } from '../src/shared/constants';
import { resumeStep, whereUserBelongs } from '../src/shared/destination';
import type { LocationState } from '../src/shared/locations';
import { messages } from '../src/shared/messages';
import { paths } from '../src/shared/routes';
import {
  changeEmailForm,
  checkImageFile,
  digitsFromPaste,
  locationForm,
  signupForm,
  type SignupProgressResponse,
  type SignupStep,
} from '../src/shared/signup';
import { CENTRE_FOCUS, clampFocus, type FocalPoint } from '../src/shared/uploads';
import { validateAll, validateForm } from '../src/shared/validation';
import { SubmitError } from './formMachine';

export const CAPTCHA_FIELD = 'captcha';
export const CODE_FIELD = 'verify_email_code';
export const PICTURE_FIELD = 'profile_image';
export const AGREEMENT_FIELD = 'rider_agreement';
export const COOLDOWN_MS = RESEND_COOLDOWN_SECONDS * 1000;

/** What the resend actor rejects with when the server says to wait (429 with Retry-After). */
export class ResendCooldownError extends Error {
  constructor(
    message: string,
    /** When a new code may be asked for (ms since the epoch). */
    readonly retryAt: number,
  ) {
    super(message);
    this.name = 'ResendCooldownError';
  }
}

/** The signed-in user's progress (GET /api/users/me). */
export interface SignupProgress {
  username: string;
  email: string;
  user_type: number;
  current_tab: number;
  profile_completed: number;
}

export interface SignupInput {
  /** An auth token is stored (the user is signed in). */
  signedIn: boolean;
  /** The step the address asked for (?step=N). */
  requestedStep: SignupStep;
  /** The kept deadline of the resend countdown, or null. */
  resendDeadline: number | null;
  now: number;
  /** Spec §4: the captcha passed once in this browser session is not asked again. */
  captchaPassed: boolean;
}

/** A chosen picture: the file itself travels to the upload actor; the view shows the rest. */
export interface ChosenPicture {
  file: unknown;
  name: string;
  /** The type the browser declared, e.g. 'image/jpeg' (the server checks the bytes). */
  mime: string;
  size: number;
  previewUrl: string | null;
}

export interface SignupContext {
  step: SignupStep;
  requestedStep: SignupStep;
  signedIn: boolean;
  /** 'Welcome back {username}, …' for a rider who resumes. */
  welcomeName: string | null;
  username: string;
  email: string;
  /** The current step's message (field 'alert' when it belongs to no field). */
  error: FieldError | null;
  // Step 1
  values: { username: string; email: string; password: string };
  /** Issue 9: every message of step 1 shown at once (error is the first of them). */
  accountErrors: FieldError[];
  /** Bumped whenever step 1 shows its messages: the view moves the focus to the first invalid field. */
  focusInvalid: number;
  captchaToken: string | null;
  captchaPassed: boolean;
  captchaResets: number;
  engaged: boolean;
  // Step 2
  code: string[];
  /** The box that has (or gets) the focus. */
  codeFocus: number;
  resendDeadline: number | null;
  now: number;
  resendNotice: string | null;
  resendError: string | null;
  /** Issue 13: the address typed in 'Wrong e-mail? Change it'. */
  newEmail: string;
  // Step 3
  locations: LocationState[] | null;
  locationsFallback: boolean;
  state: string;
  town: string;
  // Step 4
  picture: ChosenPicture | null;
  /** Issue 13: which part of the photo the square picture keeps (the centre until recentred). */
  focus: FocalPoint;
  /** 0-100 while uploading. */
  uploadPercent: number;
  // Step 5
  agreed: boolean;
}

export type SignupEvent =
  | { type: 'CHANGE'; field: string; value: string }
  | { type: 'CAPTCHA_SOLVED'; token: string }
  | { type: 'CAPTCHA_EXPIRED' }
  | { type: 'CAPTCHA_ERROR' }
  | { type: 'ENGAGE' }
  /** Issue 9: the session's captcha pass as it is now (src/web/forms/captchaPass.ts), sent when it changes and before SUBMIT. */
  | { type: 'CAPTCHA_PASS'; passed: boolean }
  | { type: 'SUBMIT' }
  | { type: 'CODE_INPUT'; index: number; value: string }
  | { type: 'CODE_BACKSPACE'; index: number }
  | { type: 'CODE_PASTE'; text: string }
  | { type: 'RESEND' }
  /** Raised by the machine when a resend went out: the old digits and error go (issue 13). */
  | { type: 'CODE_RESENT' }
  /** Issue 13: 'Wrong e-mail? Change it', the address typed, and Cancel. */
  | { type: 'CHANGE_EMAIL' }
  | { type: 'EDIT_EMAIL'; value: string }
  | { type: 'CANCEL_CHANGE_EMAIL' }
  | { type: 'TICK'; now: number }
  | { type: 'SELECT_STATE'; state: string }
  | { type: 'SELECT_TOWN'; town: string }
  | ({ type: 'CHOOSE_FILE' } & ChosenPicture)
  | { type: 'UPLOAD_PROGRESS'; loaded: number; total: number }
  | { type: 'SKIP' }
  /** Issue 13: the rider stops an upload under way (its request is aborted: leaving 'uploading' stops the actor). */
  | { type: 'CANCEL_UPLOAD' }
  /** Issue 13: the rider drags the square preview or moves it with the arrow keys (percentages, clamped). */
  | { type: 'RECENTRE'; x: number; y: number }
  | { type: 'TOGGLE_AGREE'; agreed: boolean }
  | { type: 'RETRY' }
  | { type: 'SIGNED_OUT' };

const emptyCode = () => Array.from({ length: VERIFY_CODE_LENGTH }, () => '');

/** The server's message for a failed request, or the step's default. */
const messageOf = (error: unknown, fallback: string) => (error instanceof SubmitError ? error.fieldError.message : fallback);

/** Digits into the boxes from `start`; the focus goes to the box after the last one filled. */
function fill(code: readonly string[], start: number, digits: readonly string[]): { code: string[]; focus: number } {
  const next = [...code];
  let i = start;
  for (const d of digits) {
    if (i >= VERIFY_CODE_LENGTH) break;
    next[i] = d;
    i += 1;
  }
  return { code: next, focus: Math.min(i, VERIFY_CODE_LENGTH - 1) };
}

/**
 * One box's input (spec §5: non-digits stripped, one digit per box, focus moves on). Typing over
 * a digit keeps the new one; several digits at once (a keyboard's one-time-code suggestion)
 * fill the boxes from this one.
 */
export function applyBoxInput(code: readonly string[], index: number, value: string): { code: string[]; focus: number } {
  const digits = value.replace(/\D/g, '');
  const previous = code[index] ?? '';
  if (digits.length === 0) {
    const next = [...code];
    next[index] = '';
    return { code: next, focus: index };
  }
  if (digits.length === 1) return fill(code, index, [digits]);
  if (digits.length === 2 && previous !== '' && digits.includes(previous)) {
    const typed = digits.startsWith(previous) ? digits.slice(1) : digits.slice(0, 1);
    return fill(code, index, [typed]);
  }
  return fill(code, index, digits.split(''));
}

/** Backspace: clears this box, or (when it is empty) the one before, where the focus goes. */
export function applyBackspace(code: readonly string[], index: number): { code: string[]; focus: number } {
  const next = [...code];
  if ((next[index] ?? '') !== '') {
    next[index] = '';
    return { code: next, focus: index };
  }
  const before = Math.max(0, index - 1);
  next[before] = '';
  return { code: next, focus: before };
}

export const signupMachine = setup({
  types: {
    input: {} as SignupInput,
    context: {} as SignupContext,
    events: {} as SignupEvent,
  },
  actors: {
    loadProgress: fromPromise<SignupProgress>(async () => {
      throw new Error('loadProgress not provided');
    }),
    verifyCaptcha: fromPromise<{ success: boolean }, { token: string }>(async () => {
      throw new Error('verifyCaptcha not provided');
    }),
    /** POST /api/auth/create; stores the token. Resolves with when the code was sent. */
    createAccount: fromPromise<{ sentAt: number }, { username: string; email: string; password: string }>(async () => {
      throw new Error('createAccount not provided');
    }),
    verifyCode: fromPromise<SignupProgressResponse, { code: string }>(async () => {
      throw new Error('verifyCode not provided');
    }),
    /** POST /api/users/send-verify-email. Rejects with ResendCooldownError when told to wait. */
    sendCode: fromPromise<{ sentAt: number }>(async () => {
      throw new Error('sendCode not provided');
    }),
    /**
     * PUT /api/users/signup-email (issue 13): the address changed and a new code sent there.
     * Resolves with the address as stored; rejects with ResendCooldownError when told to wait.
     */
    changeEmail: fromPromise<{ sentAt: number; email: string }, { email: string }>(async () => {
      throw new Error('changeEmail not provided');
    }),
    loadLocations: fromPromise<LocationState[]>(async () => {
      throw new Error('loadLocations not provided');
    }),
    loadFallbackLocations: fromPromise<LocationState[]>(async () => {
      throw new Error('loadFallbackLocations not provided');
    }),
    saveLocation: fromPromise<SignupProgressResponse, { state: string; town: string }>(async () => {
      throw new Error('saveLocation not provided');
    }),
    /** The upload reports its progress through onProgress (UPLOAD_PROGRESS to the wizard). */
    uploadPicture: fromPromise<unknown, { file: unknown; focus: FocalPoint; onProgress: (loaded: number, total: number) => void }>(async () => {
      throw new Error('uploadPicture not provided');
    }),
    skipPicture: fromPromise<SignupProgressResponse>(async () => {
      throw new Error('skipPicture not provided');
    }),
    acceptAgreement: fromPromise<SignupProgressResponse>(async () => {
      throw new Error('acceptAgreement not provided');
    }),
  },
  actions: {
    goToLogin: () => {},
    goToDashboard: () => {},
    /** The signed-in user's basics changed (the navigation and route guards reload them). */
    userChanged: () => {},
    /** Keep the resend deadline across reloads (localStorage in the app). */
    persistResendDeadline: (_, _params: { deadline: number }) => {},
    forgetResendDeadline: () => {},
    rememberCaptchaPassed: () => {},
    forgetCaptchaPassed: () => {},
    /** A toast in the app. */
    announce: (_, _params: { message: string }) => {},
    /** Frees a picture preview's object URL. */
    releasePreview: (_, _params: { url: string | null }) => {},
    clearError: assign({ error: null }),
    /** Leaving the step where the rider resumed: 'Welcome back …' is not shown on later steps. */
    forgetWelcome: assign({ welcomeName: null }),
    clearCode: assign({ code: () => emptyCode(), codeFocus: 0, error: null }),
    applyAccountChange: assign({
      values: ({ context, event }) => {
        const e = event as Extract<SignupEvent, { type: 'CHANGE' }>;
        return e.field in context.values ? { ...context.values, [e.field]: e.value } : context.values;
      },
    }),
    setCaptchaToken: assign({ captchaToken: ({ event }) => (event as Extract<SignupEvent, { type: 'CAPTCHA_SOLVED' }>).token }),
    /** Issue 9: every empty or wrong field of step 1 says so at once, with the captcha's message. */
    showAccountErrors: assign(({ context }) => {
      const errors = validateAll(signupForm, context.values);
      if (!context.captchaPassed && context.captchaToken === null) errors.push({ field: CAPTCHA_FIELD, message: messages.completeCaptcha });
      return { error: errors[0] ?? null, accountErrors: errors, focusInvalid: context.focusInvalid + 1 };
    }),
    clearAccountErrors: assign({ error: null, accountErrors: [] }),
    /** A changed field (or a solved captcha) loses its message; the others stay. */
    dropAccountError: assign(({ context, event }) => {
      if (event.type === 'CAPTCHA_PASS' && !event.passed) return {};
      const field = event.type === 'CHANGE' ? event.field : CAPTCHA_FIELD;
      const errors = context.accountErrors.filter((e) => e.field !== field);
      return { accountErrors: errors, error: errors[0] ?? null };
    }),
    resetCaptcha: assign({ captchaToken: null, captchaResets: ({ context }) => context.captchaResets + 1 }),
    typeDigit: assign(({ context, event }) => {
      const e = event as Extract<SignupEvent, { type: 'CODE_INPUT' }>;
      const { code, focus } = applyBoxInput(context.code, e.index, e.value);
      return { code, codeFocus: focus };
    }),
    backspace: assign(({ context, event }) => {
      const e = event as Extract<SignupEvent, { type: 'CODE_BACKSPACE' }>;
      const { code, focus } = applyBackspace(context.code, e.index);
      return { code, codeFocus: focus };
    }),
    pasteCode: assign(({ event }) => {
      const e = event as Extract<SignupEvent, { type: 'CODE_PASTE' }>;
      const { code, focus } = fill(emptyCode(), 0, digitsFromPaste(e.text) ?? []);
      return { code, codeFocus: focus };
    }),
    tick: assign({ now: ({ event }) => (event as Extract<SignupEvent, { type: 'TICK' }>).now }),
    choosePicture: assign({
      picture: ({ event }) => {
        const { type: _type, ...chosen } = event as Extract<SignupEvent, { type: 'CHOOSE_FILE' }>;
        return chosen;
      },
      // A new photo starts centred.
      focus: CENTRE_FOCUS,
    }),
    recentre: assign({
      focus: ({ event }) => {
        const e = event as Extract<SignupEvent, { type: 'RECENTRE' }>;
        return clampFocus({ x: e.x, y: e.y });
      },
    }),
    rejectPicture: assign({
      error: ({ event }) => {
        const e = event as Extract<SignupEvent, { type: 'CHOOSE_FILE' }>;
        return { field: PICTURE_FIELD, message: checkImageFile({ type: e.mime, size: e.size }) ?? messages.imageType };
      },
    }),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    laterStepAsked: ({ context }) => context.requestedStep > 1,
    pastFirstStep: ({ context }) => context.step > 1,
    // The one 'where does this user belong' rule (src/shared/destination.ts): not the wizard.
    profileDone: (_, params: { progress: SignupProgress }) => whereUserBelongs(params.progress).to !== paths.riderSignup,
    atStep: ({ context }, params: { step: SignupStep }) => context.step === params.step,
    accountInvalid: ({ context }) => validateForm(signupForm, context.values) !== null,
    captchaNeeded: ({ context }) => !context.captchaPassed && context.captchaToken === null,
    captchaAlreadyPassed: ({ context }) => context.captchaPassed,
    captchaAccepted: (_, params: { success: boolean }) => params.success,
    isCaptchaRejection: (_, params: { error: unknown }) =>
      params.error instanceof SubmitError && params.error.fieldError.field === CAPTCHA_FIELD,
    isFieldError: (_, params: { error: unknown }) =>
      params.error instanceof SubmitError && ['username', 'email', 'password', 'user_type'].includes(params.error.fieldError.field),
    codeIncomplete: ({ context }) => context.code.some((d) => d === ''),
    newEmailInvalid: ({ context }) => validateForm(changeEmailForm, { email: context.newEmail }) !== null,
    pasteIsCode: (_, params: { text: string }) => digitsFromPaste(params.text) !== null,
    coolingDown: ({ context }) => context.resendDeadline !== null && context.resendDeadline > context.now,
    deadlinePassed: ({ context }, params: { now: number }) => context.resendDeadline === null || params.now >= context.resendDeadline,
    isCooldown: (_, params: { error: unknown }) => params.error instanceof ResendCooldownError,
    locationInvalid: ({ context }) => validateForm(locationForm, { state: context.state, town: context.town }) !== null,
    isTownError: (_, params: { error: unknown }) => params.error instanceof SubmitError && params.error.fieldError.field === 'town',
    pictureRejected: (_, params: { mime: string; size: number }) => checkImageFile({ type: params.mime, size: params.size }) !== null,
    noPicture: ({ context }) => context.picture === null,
    hasPicture: ({ context }) => context.picture !== null,
    notAgreed: ({ context }) => !context.agreed,
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({
    step: 1,
    requestedStep: input.requestedStep,
    signedIn: input.signedIn,
    welcomeName: null,
    username: '',
    email: '',
    error: null,
    values: { username: '', email: '', password: '' },
    accountErrors: [],
    focusInvalid: 0,
    captchaToken: null,
    captchaPassed: input.captchaPassed,
    captchaResets: 0,
    engaged: false,
    code: emptyCode(),
    codeFocus: 0,
    resendDeadline: input.resendDeadline,
    now: input.now,
    resendNotice: null,
    resendError: null,
    newEmail: '',
    locations: null,
    locationsFallback: false,
    state: '',
    town: '',
    picture: null,
    focus: CENTRE_FOCUS,
    uploadPercent: 0,
    agreed: false,
  }),
  initial: 'starting',
  on: {
    // Spec §8: no authToken on a step after the first → /login.
    SIGNED_OUT: { guard: 'pastFirstStep', target: '.leaving', actions: 'goToLogin' },
  },
  states: {
    starting: {
      always: [
        { guard: 'signedIn', target: 'loading' },
        { guard: 'laterStepAsked', target: 'leaving', actions: 'goToLogin' },
        { target: 'account' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadProgress',
        src: 'loadProgress',
        onDone: [
          { guard: { type: 'profileDone', params: ({ event }) => ({ progress: event.output }) }, target: 'finished' },
          {
            target: 'resuming',
            actions: assign({
              step: ({ event }) => resumeStep(event.output.current_tab),
              welcomeName: ({ event }) => event.output.username,
              username: ({ event }) => event.output.username,
              email: ({ event }) => event.output.email,
            }),
          },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    resuming: {
      always: [
        { guard: { type: 'atStep', params: { step: 3 } }, target: 'location' },
        { guard: { type: 'atStep', params: { step: 4 } }, target: 'picture' },
        { guard: { type: 'atStep', params: { step: 5 } }, target: 'agreement' },
        { target: 'verify' },
      ],
    },

    // ---- Step 1: Create Account -------------------------------------------------------------
    account: {
      entry: assign({ step: 1, error: null, accountErrors: [] }),
      initial: 'editing',
      on: {
        ENGAGE: { actions: assign({ engaged: true }) },
        CAPTCHA_PASS: { actions: [assign({ captchaPassed: ({ event }) => event.passed }), 'dropAccountError'] },
        CAPTCHA_EXPIRED: { actions: 'resetCaptcha' },
        CAPTCHA_ERROR: { actions: 'resetCaptcha' },
      },
      states: {
        editing: {
          on: {
            CHANGE: { actions: 'applyAccountChange' },
            CAPTCHA_SOLVED: { actions: 'setCaptchaToken' },
            SUBMIT: 'checking',
          },
        },
        error: {
          on: {
            CHANGE: { target: 'editing', actions: ['applyAccountChange', 'dropAccountError'] },
            CAPTCHA_SOLVED: { target: 'editing', actions: ['setCaptchaToken', 'dropAccountError'] },
            SUBMIT: 'checking',
          },
        },
        checking: {
          entry: assign({ engaged: true }),
          always: [
            { guard: 'accountInvalid', target: 'error', actions: 'showAccountErrors' },
            { guard: 'captchaNeeded', target: 'error', actions: 'showAccountErrors' },
            { guard: 'captchaAlreadyPassed', target: 'submitting', actions: 'clearAccountErrors' },
            { target: 'verifyingCaptcha', actions: 'clearAccountErrors' },
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
                target: 'error',
                actions: ['resetCaptcha', assign({ error: { field: CAPTCHA_FIELD, message: messages.signupCaptchaFailed } })],
              },
            ],
            onError: {
              target: 'error',
              actions: ['resetCaptcha', assign({ error: { field: 'alert', message: messages.submitFailed } })],
            },
          },
        },
        submitting: {
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            input: ({ context }) => ({ ...context.values, username: context.values.username.trim(), email: context.values.email.trim() }),
            onDone: {
              target: '#signup.verify',
              actions: [
                assign({
                  username: ({ context }) => context.values.username.trim(),
                  email: ({ context }) => context.values.email.trim().toLowerCase(),
                  values: { username: '', email: '', password: '' },
                  signedIn: true,
                  resendDeadline: ({ event }) => event.output.sentAt + COOLDOWN_MS,
                  now: ({ event }) => event.output.sentAt,
                }),
                { type: 'persistResendDeadline', params: ({ event }) => ({ deadline: event.output.sentAt + COOLDOWN_MS }) },
              ],
            },
            onError: [
              {
                guard: { type: 'isCaptchaRejection', params: ({ event }) => ({ error: event.error }) },
                target: 'error',
                actions: [
                  'resetCaptcha',
                  assign({ captchaPassed: false, error: { field: CAPTCHA_FIELD, message: messages.completeCaptcha } }),
                  'forgetCaptchaPassed',
                ],
              },
              {
                guard: { type: 'isFieldError', params: ({ event }) => ({ error: event.error }) },
                target: 'error',
                actions: assign({ error: ({ event }) => (event.error as SubmitError).fieldError }),
              },
              {
                target: 'error',
                actions: assign({ error: ({ event }) => ({ field: 'alert', message: messageOf(event.error, messages.submitFailed) }) }),
              },
            ],
          },
        },
      },
    },

    // ---- Step 2: Verify Your Email ----------------------------------------------------------
    verify: {
      entry: assign({ step: 2, error: null }),
      exit: 'forgetWelcome',
      initial: 'entering',
      states: {
        entering: {
          type: 'parallel',
          states: {
            code: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    CODE_INPUT: { actions: 'typeDigit' },
                    CODE_BACKSPACE: { actions: 'backspace' },
                    CODE_PASTE: { guard: { type: 'pasteIsCode', params: ({ event }) => ({ text: event.text }) }, actions: 'pasteCode' },
                    SUBMIT: [
                      { guard: 'codeIncomplete', target: 'error', actions: assign({ error: { field: CODE_FIELD, message: messages.enterCode } }) },
                      { target: 'submitting' },
                    ],
                    CODE_RESENT: { actions: 'clearCode' },
                    // Not while a new code is on its way (leaving would drop that request).
                    CHANGE_EMAIL: {
                      guard: not(stateIn({ verify: { entering: { resend: 'sending' } } })),
                      target: '#signup.verify.changingEmail',
                      actions: assign({ newEmail: ({ context }) => context.email }),
                    },
                  },
                },
                error: {
                  on: {
                    CODE_INPUT: { target: 'editing', actions: ['typeDigit', 'clearError'] },
                    CODE_BACKSPACE: { target: 'editing', actions: ['backspace', 'clearError'] },
                    CODE_PASTE: {
                      guard: { type: 'pasteIsCode', params: ({ event }) => ({ text: event.text }) },
                      target: 'editing',
                      actions: ['pasteCode', 'clearError'],
                    },
                    SUBMIT: [
                      { guard: 'codeIncomplete', target: 'error', actions: assign({ error: { field: CODE_FIELD, message: messages.enterCode } }) },
                      { target: 'submitting' },
                    ],
                    CODE_RESENT: { target: 'editing', actions: 'clearCode' },
                    CHANGE_EMAIL: {
                      guard: not(stateIn({ verify: { entering: { resend: 'sending' } } })),
                      target: '#signup.verify.changingEmail',
                      actions: [assign({ newEmail: ({ context }) => context.email }), 'clearError'],
                    },
                  },
                },
                submitting: {
                  entry: 'clearError',
                  invoke: {
                    id: 'verifyCode',
                    src: 'verifyCode',
                    input: ({ context }) => ({ code: context.code.join('') }),
                    onDone: {
                      target: '#signup.location',
                      actions: ['forgetResendDeadline', assign({ resendDeadline: null, resendNotice: null, resendError: null })],
                    },
                    onError: {
                      target: 'error',
                      actions: assign({ error: ({ event }) => ({ field: CODE_FIELD, message: messageOf(event.error, messages.submitFailed) }) }),
                    },
                  },
                },
              },
            },
            resend: {
              initial: 'checking',
              states: {
                checking: {
                  always: [{ guard: 'coolingDown', target: 'coolingDown' }, { target: 'ready' }],
                },
                ready: {
                  on: { RESEND: 'sending' },
                },
                sending: {
                  entry: assign({ resendNotice: null, resendError: null }),
                  invoke: {
                    id: 'sendCode',
                    src: 'sendCode',
                    onDone: {
                      target: 'coolingDown',
                      actions: [
                        assign({
                          resendDeadline: ({ event }) => event.output.sentAt + COOLDOWN_MS,
                          now: ({ event }) => event.output.sentAt,
                          resendNotice: messages.verificationCodeSent,
                        }),
                        { type: 'persistResendDeadline', params: ({ event }) => ({ deadline: event.output.sentAt + COOLDOWN_MS }) },
                        // The code boxes start again: the old digits are of a dead code.
                        raise({ type: 'CODE_RESENT' }),
                      ],
                    },
                    onError: [
                      {
                        guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
                        target: 'coolingDown',
                        actions: [
                          assign({
                            resendDeadline: ({ event }) => (event.error as ResendCooldownError).retryAt,
                            resendError: ({ event }) => (event.error as ResendCooldownError).message,
                          }),
                          { type: 'persistResendDeadline', params: ({ event }) => ({ deadline: (event.error as ResendCooldownError).retryAt }) },
                        ],
                      },
                      { target: 'ready', actions: assign({ resendError: ({ event }) => messageOf(event.error, messages.submitFailed) }) },
                    ],
                  },
                },
                coolingDown: {
                  on: {
                    TICK: [
                      {
                        guard: { type: 'deadlinePassed', params: ({ event }) => ({ now: event.now }) },
                        target: 'ready',
                        actions: ['tick', assign({ resendDeadline: null, resendError: null }), 'forgetResendDeadline'],
                      },
                      { actions: 'tick' },
                    ],
                  },
                },
              },
            },
          },
        },

        // 'Wrong e-mail? Change it' (issue 13): the same rule as step 1's address; a new code
        // goes to the new address and the old one dies, under the resend's cooldown and limits.
        changingEmail: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                EDIT_EMAIL: { actions: assign({ newEmail: ({ event }) => event.value }) },
                SUBMIT: [
                  {
                    guard: 'newEmailInvalid',
                    target: 'error',
                    actions: assign({ error: ({ context }) => validateForm(changeEmailForm, { email: context.newEmail }) }),
                  },
                  { target: 'submitting' },
                ],
                CANCEL_CHANGE_EMAIL: { target: '#signup.verify.entering' },
              },
            },
            error: {
              on: {
                EDIT_EMAIL: { target: 'editing', actions: [assign({ newEmail: ({ event }) => event.value }), 'clearError'] },
                SUBMIT: [
                  {
                    guard: 'newEmailInvalid',
                    target: 'error',
                    actions: assign({ error: ({ context }) => validateForm(changeEmailForm, { email: context.newEmail }) }),
                  },
                  { target: 'submitting' },
                ],
                CANCEL_CHANGE_EMAIL: { target: '#signup.verify.entering', actions: 'clearError' },
              },
            },
            submitting: {
              entry: 'clearError',
              invoke: {
                id: 'changeEmail',
                src: 'changeEmail',
                input: ({ context }) => ({ email: context.newEmail.trim() }),
                onDone: {
                  target: '#signup.verify.entering',
                  actions: [
                    'clearCode',
                    assign({
                      email: ({ event }) => event.output.email,
                      newEmail: '',
                      resendDeadline: ({ event }) => event.output.sentAt + COOLDOWN_MS,
                      now: ({ event }) => event.output.sentAt,
                      resendNotice: ({ event }) => messages.emailChanged(event.output.email),
                      resendError: null,
                    }),
                    { type: 'persistResendDeadline', params: ({ event }) => ({ deadline: event.output.sentAt + COOLDOWN_MS }) },
                    'userChanged',
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
                    target: 'error',
                    actions: [
                      assign({
                        resendDeadline: ({ event }) => (event.error as ResendCooldownError).retryAt,
                        error: ({ event }) => ({ field: 'email', message: (event.error as ResendCooldownError).message }),
                      }),
                      { type: 'persistResendDeadline', params: ({ event }) => ({ deadline: (event.error as ResendCooldownError).retryAt }) },
                    ],
                  },
                  {
                    target: 'error',
                    actions: assign({ error: ({ event }) => ({ field: 'email', message: messageOf(event.error, messages.submitFailed) }) }),
                  },
                ],
              },
            },
          },
        },
      },
    },

    // ---- Step 3: Choose Location ------------------------------------------------------------
    location: {
      entry: assign({ step: 3, error: null }),
      exit: 'forgetWelcome',
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadLocations',
            src: 'loadLocations',
            onDone: { target: 'editing', actions: assign({ locations: ({ event }) => event.output, locationsFallback: false }) },
            onError: { target: 'loadingFallback' },
          },
        },
        loadingFallback: {
          invoke: {
            id: 'loadFallbackLocations',
            src: 'loadFallbackLocations',
            onDone: { target: 'editing', actions: assign({ locations: ({ event }) => event.output, locationsFallback: true }) },
            onError: {
              target: 'error',
              actions: assign({ locations: [], error: { field: 'state', message: messages.submitFailed } }),
            },
          },
        },
        editing: {
          on: {
            SELECT_STATE: { actions: assign({ state: ({ event }) => event.state, town: '' }) },
            SELECT_TOWN: { actions: assign({ town: ({ event }) => event.town }) },
            SUBMIT: [
              {
                guard: 'locationInvalid',
                target: 'error',
                actions: assign({ error: ({ context }) => validateForm(locationForm, { state: context.state, town: context.town }) }),
              },
              { target: 'submitting' },
            ],
          },
        },
        error: {
          on: {
            SELECT_STATE: { target: 'editing', actions: [assign({ state: ({ event }) => event.state, town: '' }), 'clearError'] },
            SELECT_TOWN: { target: 'editing', actions: [assign({ town: ({ event }) => event.town }), 'clearError'] },
            SUBMIT: [
              {
                guard: 'locationInvalid',
                target: 'error',
                actions: assign({ error: ({ context }) => validateForm(locationForm, { state: context.state, town: context.town }) }),
              },
              { target: 'submitting' },
            ],
          },
        },
        submitting: {
          entry: 'clearError',
          invoke: {
            id: 'saveLocation',
            src: 'saveLocation',
            input: ({ context }) => ({ state: context.state, town: context.town }),
            onDone: { target: '#signup.picture' },
            onError: [
              // Spec §8: a location failure shows under state (under town when it is the town's).
              {
                guard: { type: 'isTownError', params: ({ event }) => ({ error: event.error }) },
                target: 'error',
                actions: assign({ error: ({ event }) => (event.error as SubmitError).fieldError }),
              },
              {
                target: 'error',
                actions: assign({ error: ({ event }) => ({ field: 'state', message: messageOf(event.error, messages.submitFailed) }) }),
              },
            ],
          },
        },
      },
    },

    // ---- Step 4: Add Profile Picture --------------------------------------------------------
    picture: {
      entry: assign({ step: 4, error: null }),
      exit: [{ type: 'releasePreview', params: ({ context }) => ({ url: context.picture?.previewUrl ?? null }) }, 'forgetWelcome'],
      initial: 'editing',
      states: {
        // Nothing chosen yet.
        editing: {
          on: {
            CHOOSE_FILE: [
              {
                guard: { type: 'pictureRejected', params: ({ event }) => ({ mime: event.mime, size: event.size }) },
                target: 'error',
                actions: 'rejectPicture',
              },
              { target: 'previewing', actions: 'choosePicture' },
            ],
            SUBMIT: { target: 'error', actions: assign({ error: { field: PICTURE_FIELD, message: messages.uploadImage } }) },
            SKIP: 'skipping',
          },
        },
        // Issue 13: a photo chosen, shown in the square it will be stored as; the rider recentres it.
        previewing: {
          on: {
            CHOOSE_FILE: [
              {
                guard: { type: 'pictureRejected', params: ({ event }) => ({ mime: event.mime, size: event.size }) },
                target: 'error',
                actions: 'rejectPicture',
              },
              {
                target: 'previewing',
                actions: [{ type: 'releasePreview', params: ({ context }) => ({ url: context.picture?.previewUrl ?? null }) }, 'choosePicture'],
              },
            ],
            RECENTRE: { actions: 'recentre' },
            SUBMIT: 'uploading',
            SKIP: 'skipping',
          },
        },
        error: {
          on: {
            CHOOSE_FILE: [
              {
                guard: { type: 'pictureRejected', params: ({ event }) => ({ mime: event.mime, size: event.size }) },
                target: 'error',
                actions: 'rejectPicture',
              },
              {
                target: 'previewing',
                actions: [
                  { type: 'releasePreview', params: ({ context }) => ({ url: context.picture?.previewUrl ?? null }) },
                  'choosePicture',
                  'clearError',
                ],
              },
            ],
            // After a failed upload the photo is still there to recentre.
            RECENTRE: { guard: 'hasPicture', target: 'previewing', actions: ['recentre', 'clearError'] },
            SUBMIT: [
              { guard: 'noPicture', target: 'error', actions: assign({ error: { field: PICTURE_FIELD, message: messages.uploadImage } }) },
              { target: 'uploading' },
            ],
            SKIP: 'skipping',
          },
        },
        uploading: {
          entry: [assign({ uploadPercent: 0 }), 'clearError'],
          on: {
            // Issue 13: Cancel and Skip stay usable on slow data. Leaving the state stops the
            // invoked upload, whose AbortSignal aborts the request: nothing is saved.
            CANCEL_UPLOAD: 'previewing',
            SKIP: 'skipping',
            UPLOAD_PROGRESS: {
              actions: assign({
                uploadPercent: ({ event }) => (event.total > 0 ? Math.min(100, Math.round((event.loaded / event.total) * 100)) : 0),
              }),
            },
          },
          invoke: {
            id: 'uploadPicture',
            src: 'uploadPicture',
            input: ({ context, self }) => ({
              file: context.picture?.file,
              focus: context.focus,
              onProgress: (loaded: number, total: number) => self.send({ type: 'UPLOAD_PROGRESS', loaded, total }),
            }),
            onDone: {
              target: '#signup.agreement',
              actions: [assign({ uploadPercent: 100 }), { type: 'announce', params: { message: messages.profileImageUploaded } }, 'userChanged'],
            },
            onError: {
              target: 'error',
              actions: assign({ error: ({ event }) => ({ field: PICTURE_FIELD, message: messageOf(event.error, messages.uploadImageFailed) }) }),
            },
          },
        },
        skipping: {
          entry: 'clearError',
          invoke: {
            id: 'skipPicture',
            src: 'skipPicture',
            onDone: { target: '#signup.agreement' },
            onError: {
              target: 'error',
              actions: assign({ error: ({ event }) => ({ field: PICTURE_FIELD, message: messageOf(event.error, messages.submitFailed) }) }),
            },
          },
        },
      },
    },

    // ---- Step 5: Rider Agreement ------------------------------------------------------------
    agreement: {
      entry: assign({ step: 5, error: null }),
      exit: 'forgetWelcome',
      initial: 'editing',
      states: {
        editing: {
          on: {
            TOGGLE_AGREE: { actions: assign({ agreed: ({ event }) => event.agreed }) },
            SUBMIT: [
              { guard: 'notAgreed', target: 'error', actions: assign({ error: { field: AGREEMENT_FIELD, message: messages.acceptAgreement } }) },
              { target: 'submitting' },
            ],
          },
        },
        error: {
          on: {
            TOGGLE_AGREE: { target: 'editing', actions: [assign({ agreed: ({ event }) => event.agreed }), 'clearError'] },
            SUBMIT: [
              { guard: 'notAgreed', target: 'error', actions: assign({ error: { field: AGREEMENT_FIELD, message: messages.acceptAgreement } }) },
              { target: 'submitting' },
            ],
          },
        },
        submitting: {
          entry: 'clearError',
          invoke: {
            id: 'acceptAgreement',
            src: 'acceptAgreement',
            onDone: { target: '#signup.finished', actions: { type: 'announce', params: { message: messages.agreementAccepted } } },
            onError: {
              target: 'error',
              actions: assign({ error: ({ event }) => ({ field: AGREEMENT_FIELD, message: messageOf(event.error, messages.submitFailed) }) }),
            },
          },
        },
      },
    },

    finished: {
      type: 'final',
      entry: ['forgetResendDeadline', 'userChanged', 'goToDashboard'],
    },
    leaving: {
      type: 'final',
    },
  },
});

export type SignupMachine = typeof signupMachine;
export type SignupActor = ActorRefFrom<typeof signupMachine>;
