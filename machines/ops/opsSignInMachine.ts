/**
 * The staff sign-in with a second factor:
 *
 *   password ──SUBMIT──▶ checkingPassword ─┬─▶ enrol.loadingQr ─▶ showingQr ──SUBMIT──▶ checkingCode
 *                                          │        │ (failed: qrFailed ──RETRY──▶)         │
 *                                          │        ▼                                       ▼
 *                                          │   (404: pending session over)      recoveryCodes ──DONE──▶ signedIn
 *                                          └─▶ code.entering ──SUBMIT──▶ checking ──▶ signedIn
 *                                                 ▲ USE_CODE   │ USE_RECOVERY
 *                                               code.recovery ──SUBMIT──▶ checkingRecovery ──▶ signedIn
 *
 * An error goes back to the step it came from, under its field (email, password, code,
 * recoveryCode) or as an alert (wrong password, too many attempts). When the 10-minute pending
 * session is over (the server answers 404), the sign-in starts again with "expired" said.
 * START_OVER leaves a second-factor step for the password form.
 *
 * Pure: the requests and the storing of the session are supplied with .provide(); the token of
 * the pending session lives only here, never where the console looks for a signed-in member.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { messages } from '../../src/shared/messages';
import { opsCodeForm, opsLoginForm, opsRecoveryForm, type OpsEnrolment, type OpsLoginResponse } from '../../src/shared/opsForms';
import { validateForm } from '../../src/shared/validation';

export type OpsSignInField = 'email' | 'password' | 'code' | 'recoveryCode';

export interface OpsSignInInput {
  /** The console sent the member here because their session ended. */
  expired?: boolean;
}

export interface OpsSignInContext {
  values: Record<OpsSignInField, string>;
  error: FieldError | null;
  /** 'expired': a session ended (the console's, or the pending one between the two steps). */
  notice: 'expired' | null;
  pendingToken: string | null;
  enrolment: OpsEnrolment | null;
  /** The complete session's token, kept until the recovery codes are acknowledged. */
  token: string | null;
  recoveryCodes: string[];
  saved: 'copied' | 'downloaded' | null;
}

export type OpsSignInEvent =
  | { type: 'CHANGE'; field: OpsSignInField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'USE_RECOVERY' }
  | { type: 'USE_CODE' }
  | { type: 'START_OVER' }
  | { type: 'COPY_CODES' }
  | { type: 'DOWNLOAD_CODES' }
  | { type: 'DONE' };

/**
 * What an effect rejects with when the pending session is gone (the server's 404): the app's
 * effects throw it, so the machine needs no knowledge of HTTP.
 */
export class OpsSessionExpiredError extends Error {
  constructor() {
    super(messages.opsSessionExpired);
    this.name = 'OpsSessionExpiredError';
  }
}

/** The field and message of a failure: the server's own, or the generic one. */
export function errorOf(error: unknown): FieldError {
  const fieldError = (error as { fieldError?: FieldError } | null)?.fieldError;
  if (fieldError && typeof fieldError.field === 'string' && typeof fieldError.message === 'string') return fieldError;
  return { field: 'alert', message: messages.submitFailed };
}

const expiredGuard = (_: unknown, params: { error: unknown }) => params.error instanceof OpsSessionExpiredError;

const restartExpired = {
  guard: { type: 'expired', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  target: '#opsSignIn.password',
  actions: 'restartExpired',
} as const;

const failWith = { actions: 'showError' } as const;

export const opsSignInMachine = setup({
  types: {
    input: {} as OpsSignInInput,
    context: {} as OpsSignInContext,
    events: {} as OpsSignInEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /api/ops/auth/login. */
    logIn: fromPromise<OpsLoginResponse, { email: string; password: string }>(async () => {
      throw new Error('logIn not provided');
    }),
    /** GET /api/ops/auth/enrolment with the pending token. */
    loadEnrolment: fromPromise<OpsEnrolment, { pendingToken: string }>(async () => {
      throw new Error('loadEnrolment not provided');
    }),
    /** POST /api/ops/auth/enrol with the pending token. */
    confirmEnrolment: fromPromise<{ token: string; recoveryCodes: string[] }, { pendingToken: string; code: string }>(async () => {
      throw new Error('confirmEnrolment not provided');
    }),
    /** POST /api/ops/auth/verify with the pending token: a code or a recovery code. */
    verify: fromPromise<{ token: string }, { pendingToken: string; code?: string; recoveryCode?: string }>(async () => {
      throw new Error('verify not provided');
    }),
  },
  actions: {
    /** Keeps the complete session's token where the console reads it, and opens the console. */
    storeSession: (_, _params: { token: string }) => {},
    copyRecoveryCodes: (_, _params: { codes: string[] }) => {},
    downloadRecoveryCodes: (_, _params: { codes: string[] }) => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      return { values: { ...context.values, [event.field]: event.value }, error: context.error?.field === event.field ? null : context.error };
    }),
    showError: assign({ error: ({ event }) => errorOf((event as { error?: unknown }).error) }),
    invalid: assign({ error: (_, params: { error: FieldError | null }) => params.error }),
    clearError: assign({ error: null }),
    restartExpired: assign(({ context }) => ({
      notice: 'expired' as const,
      error: null,
      pendingToken: null,
      enrolment: null,
      values: { ...context.values, password: '', code: '', recoveryCode: '' },
    })),
    startOver: assign(({ context }) => ({
      notice: null,
      error: null,
      pendingToken: null,
      enrolment: null,
      values: { ...context.values, password: '', code: '', recoveryCode: '' },
    })),
  },
  guards: {
    expired: expiredGuard,
    needsEnrolment: (_, params: { next: OpsLoginResponse['next'] }) => params.next === 'enrol',
    invalidLogin: ({ context }) => validateForm(opsLoginForm, context.values) !== null,
    invalidCode: ({ context }) => validateForm(opsCodeForm, context.values) !== null,
    invalidRecovery: ({ context }) => validateForm(opsRecoveryForm, context.values) !== null,
  },
}).createMachine({
  id: 'opsSignIn',
  context: ({ input }) => ({
    values: { email: '', password: '', code: '', recoveryCode: '' },
    error: null,
    notice: input.expired ? 'expired' : null,
    pendingToken: null,
    enrolment: null,
    token: null,
    recoveryCodes: [],
    saved: null,
  }),
  initial: 'password',
  states: {
    password: {
      on: {
        CHANGE: { actions: 'change' },
        SUBMIT: [
          {
            guard: 'invalidLogin',
            actions: { type: 'invalid', params: ({ context }) => ({ error: validateForm(opsLoginForm, context.values) }) },
          },
          { target: 'checkingPassword', actions: 'clearError' },
        ],
      },
    },
    checkingPassword: {
      tags: 'busy',
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ context }) => ({ email: context.values.email.trim(), password: context.values.password }),
        onDone: [
          {
            guard: { type: 'needsEnrolment', params: ({ event }) => ({ next: event.output.next }) },
            target: 'enrol',
            // The password is not kept once it has done its work.
            actions: assign(({ context, event }) => ({ pendingToken: event.output.token, notice: null, values: { ...context.values, password: '' } })),
          },
          {
            target: 'code',
            actions: assign(({ context, event }) => ({ pendingToken: event.output.token, notice: null, values: { ...context.values, password: '' } })),
          },
        ],
        onError: { target: 'password', ...failWith },
      },
    },
    enrol: {
      initial: 'loadingQr',
      states: {
        loadingQr: {
          tags: 'busy',
          invoke: {
            id: 'loadEnrolment',
            src: 'loadEnrolment',
            input: ({ context }) => ({ pendingToken: context.pendingToken! }),
            onDone: { target: 'showingQr', actions: assign({ enrolment: ({ event }) => event.output }) },
            onError: [restartExpired, { target: 'qrFailed', ...failWith }],
          },
        },
        qrFailed: {
          on: {
            RETRY: { target: 'loadingQr', actions: 'clearError' },
            START_OVER: { target: '#opsSignIn.password', actions: 'startOver' },
          },
        },
        showingQr: {
          on: {
            CHANGE: { actions: 'change' },
            SUBMIT: [
              {
                guard: 'invalidCode',
                actions: { type: 'invalid', params: ({ context }) => ({ error: validateForm(opsCodeForm, context.values) }) },
              },
              { target: 'checkingCode', actions: 'clearError' },
            ],
            START_OVER: { target: '#opsSignIn.password', actions: 'startOver' },
          },
        },
        checkingCode: {
          tags: 'busy',
          invoke: {
            id: 'confirmEnrolment',
            src: 'confirmEnrolment',
            input: ({ context }) => ({ pendingToken: context.pendingToken!, code: context.values.code.replace(/\s+/g, '') }),
            onDone: {
              target: 'recoveryCodes',
              actions: assign(({ context, event }) => ({
                token: event.output.token,
                recoveryCodes: event.output.recoveryCodes,
                pendingToken: null,
                enrolment: null,
                values: { ...context.values, code: '' },
              })),
            },
            onError: [restartExpired, { target: 'showingQr', ...failWith }],
          },
        },
        recoveryCodes: {
          on: {
            COPY_CODES: {
              actions: [{ type: 'copyRecoveryCodes', params: ({ context }) => ({ codes: context.recoveryCodes }) }, assign({ saved: 'copied' })],
            },
            DOWNLOAD_CODES: {
              actions: [{ type: 'downloadRecoveryCodes', params: ({ context }) => ({ codes: context.recoveryCodes }) }, assign({ saved: 'downloaded' })],
            },
            DONE: '#opsSignIn.signedIn',
          },
        },
      },
    },
    code: {
      initial: 'entering',
      states: {
        entering: {
          on: {
            CHANGE: { actions: 'change' },
            SUBMIT: [
              {
                guard: 'invalidCode',
                actions: { type: 'invalid', params: ({ context }) => ({ error: validateForm(opsCodeForm, context.values) }) },
              },
              { target: 'checking', actions: 'clearError' },
            ],
            USE_RECOVERY: { target: 'recovery', actions: 'clearError' },
            START_OVER: { target: '#opsSignIn.password', actions: 'startOver' },
          },
        },
        checking: {
          tags: 'busy',
          invoke: {
            id: 'verifyCode',
            src: 'verify',
            input: ({ context }) => ({ pendingToken: context.pendingToken!, code: context.values.code.replace(/\s+/g, '') }),
            onDone: { target: '#opsSignIn.signedIn', actions: assign({ token: ({ event }) => event.output.token }) },
            onError: [restartExpired, { target: 'entering', ...failWith }],
          },
        },
        recovery: {
          on: {
            CHANGE: { actions: 'change' },
            SUBMIT: [
              {
                guard: 'invalidRecovery',
                actions: { type: 'invalid', params: ({ context }) => ({ error: validateForm(opsRecoveryForm, context.values) }) },
              },
              { target: 'checkingRecovery', actions: 'clearError' },
            ],
            USE_CODE: { target: 'entering', actions: 'clearError' },
            START_OVER: { target: '#opsSignIn.password', actions: 'startOver' },
          },
        },
        checkingRecovery: {
          tags: 'busy',
          invoke: {
            id: 'verifyRecovery',
            src: 'verify',
            input: ({ context }) => ({ pendingToken: context.pendingToken!, recoveryCode: context.values.recoveryCode.trim() }),
            onDone: { target: '#opsSignIn.signedIn', actions: assign({ token: ({ event }) => event.output.token }) },
            onError: [restartExpired, { target: 'recovery', ...failWith }],
          },
        },
      },
    },
    signedIn: {
      type: 'final',
      entry: [
        { type: 'storeSession', params: ({ context }) => ({ token: context.token! }) },
        // Nothing of the sign-in stays in memory once the console has the session.
        assign({ pendingToken: null, recoveryCodes: [], values: ({ context }) => ({ ...context.values, password: '', code: '', recoveryCode: '' }) }),
      ],
    },
  },
});

export type OpsSignInMachine = typeof opsSignInMachine;
