/**
 * The auth token lifecycle (spec §4):
 *
 *   restoring ─┬─▶ signedIn            (a stored token that still reads as valid)
 *              └─▶ signedOut           (none, or an expired/unreadable one: removed)
 *   signedOut ──LOGIN (valid token)──▶ signedIn      (stored)
 *   any ──GOOGLE_RETURN (the redirect's one-time code)──▶ exchangingGoogle ──▶ signedIn with the
 *        token the server hands over (stored; home reloads), or the server's refusal said
 *        ('Token has expired', 'Invalid token', another account) and back where it was.
 *        The redirect's query carries a code bound to the browser that started the sign-in
 *        (against login CSRF); a token in the query is never taken: an expired one
 *        still reads 'Token has expired', any other 'Invalid token'.
 *   signedIn  ──CHECK (before each API request; token expired or unreadable)──▶ signedOut (removed)
 *             ──UNAUTHORIZED (any 401)──▶ signedOut (removed, browser sent to /login)
 *             ──LOGOUT──▶ loggingOut (removed, browser sent to /login, server session ended) ──▶ signedOut
 *   signedIn.loadingUser ──▶ signedIn.ready (the user's basics for the navigation; USER_CHANGED reloads)
 *
 * Pure: the current time comes in the events, and every effect (storage, navigation, reload,
 * toasts, the two requests) is a named action or actor supplied with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '../../src/shared/api';
import { messages } from '../../src/shared/messages';
import { readToken } from './authToken';

export interface AuthInput {
  /** What storage holds under 'authToken', or null. */
  token: string | null;
  now: number;
}

export interface AuthContext {
  token: string | null;
  /** From the token's user_type claim until the user's basics arrive. */
  userType: number | null;
  user: CurrentUser | null;
  /** When the stored token was found (for the first check). */
  startedAt: number;
}

export type AuthEvent =
  | { type: 'LOGIN'; token: string; now: number }
  | { type: 'GOOGLE_RETURN'; code: string; now: number }
  | { type: 'CHECK'; now: number }
  | { type: 'UNAUTHORIZED' }
  | { type: 'LOGOUT' }
  | { type: 'USER_CHANGED' };

const userTypeOf = (token: string, now: number): number | null => {
  const reading = readToken(token, now);
  return reading.status === 'valid' ? reading.userType : null;
};

/** The server's refusal of a code as it said it; anything else (offline) as 'Invalid token'. */
const refusal = (error: unknown): string =>
  error instanceof Error && error.name === 'GoogleExchangeRefused' && error.message ? error.message : messages.invalidToken;

const status = (token: string | null, now: number) => (token === null ? 'absent' : readToken(token, now).status);

export const authMachine = setup({
  types: {
    input: {} as AuthInput,
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** GET /api/users/me with the token. */
    loadUser: fromPromise<CurrentUser, { token: string }>(async () => {
      throw new Error('loadUser not provided');
    }),
    /**
     * POST /api/auth/google/exchange {code} (with this browser's cookie, and the current token if
     * any): the session token, with the time it arrived. Rejects with an Error whose message is
     * the server's, fit to show.
     */
    exchangeGoogleCode: fromPromise<{ token: string; now: number }, { code: string; token: string | null }>(async () => {
      throw new Error('exchangeGoogleCode not provided');
    }),
    /** POST /api/auth/logout with the token: the server ends the session. */
    endSession: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('endSession not provided');
    }),
  },
  actions: {
    /** localStorage.setItem('authToken', token) in the app. */
    storeToken: (_, _params: { token: string }) => {},
    /** localStorage.removeItem('authToken') in the app. */
    removeToken: () => {},
    goToLogin: () => {},
    /** Spec §2 'Home': take the query out of the address bar, go to / and reload. */
    reloadHome: () => {},
    /** A toast in the app. */
    announce: (_, _params: { message: string }) => {},
    forget: assign({ token: null, userType: null, user: null }),
  },
  guards: {
    storedTokenValid: ({ context }) => status(context.token, context.startedAt) === 'valid',
    storedTokenPresent: ({ context }) => context.token !== null,
    tokenValid: (_, params: { token: string; now: number }) => status(params.token, params.now) === 'valid',
    tokenExpired: (_, params: { token: string; now: number }) => status(params.token, params.now) === 'expired',
    tokenStale: (_, params: { token: string | null; now: number }) => status(params.token, params.now) !== 'valid',
    /** A grant code as the server makes them: 32 random bytes in base64url. */
    grantCode: (_, params: { code: string }) => /^[A-Za-z0-9_-]{43}$/.test(params.code),
    /** What an old-style redirect carried: a token, expired (still told as such). */
    codeIsExpiredToken: (_, params: { code: string; now: number }) => status(params.code, params.now) === 'expired',
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ token: input.token, userType: null, user: null, startedAt: input.now }),
  initial: 'restoring',
  on: {
    LOGIN: [
      {
        guard: { type: 'tokenValid', params: ({ event }) => event },
        target: '.signedIn',
        actions: [
          assign({ token: ({ event }) => event.token, userType: ({ event }) => userTypeOf(event.token, event.now), user: null }),
          { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
        ],
      },
    ],
    GOOGLE_RETURN: [
      { guard: { type: 'grantCode', params: ({ event }) => event }, target: '.exchangingGoogle' },
      {
        guard: { type: 'codeIsExpiredToken', params: ({ event }) => event },
        actions: { type: 'announce', params: { message: messages.tokenExpired } },
      },
      { actions: { type: 'announce', params: { message: messages.invalidToken } } },
    ],
    UNAUTHORIZED: { target: '.signedOut', actions: ['removeToken', 'forget', 'goToLogin'] },
  },
  states: {
    restoring: {
      always: [
        {
          guard: 'storedTokenValid',
          target: 'signedIn',
          actions: assign({ userType: ({ context }) => userTypeOf(context.token!, context.startedAt) }),
        },
        { guard: 'storedTokenPresent', target: 'signedOut', actions: ['removeToken', 'forget'] },
        { target: 'signedOut' },
      ],
    },
    signedOut: {},
    exchangingGoogle: {
      invoke: {
        id: 'exchangeGoogle',
        src: 'exchangeGoogleCode',
        input: ({ context, event }) => ({ code: (event as { code: string }).code, token: context.token }),
        onDone: [
          {
            guard: { type: 'tokenValid', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [
              assign({ token: ({ event }) => event.output.token, userType: ({ event }) => userTypeOf(event.output.token, event.output.now), user: null }),
              { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
              'reloadHome',
            ],
          },
          { guard: 'storedTokenPresent', target: 'signedIn', actions: { type: 'announce', params: { message: messages.invalidToken } } },
          { target: 'signedOut', actions: { type: 'announce', params: { message: messages.invalidToken } } },
        ],
        // Refused (another browser's code, used, expired, another account signed in here):
        // said, and back to where the browser was.
        onError: [
          {
            guard: 'storedTokenPresent',
            target: 'signedIn',
            actions: { type: 'announce', params: ({ event }) => ({ message: refusal(event.error) }) },
          },
          { target: 'signedOut', actions: { type: 'announce', params: ({ event }) => ({ message: refusal(event.error) }) } },
        ],
      },
    },
    signedIn: {
      initial: 'loadingUser',
      on: {
        CHECK: {
          guard: { type: 'tokenStale', params: ({ context, event }) => ({ token: context.token, now: event.now }) },
          target: 'signedOut',
          actions: ['removeToken', 'forget'],
        },
        // The token leaves storage at once; the machine keeps it only to end the server session.
        LOGOUT: { target: 'loggingOut', actions: ['removeToken', 'goToLogin'] },
      },
      states: {
        loadingUser: {
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: 'ready',
              actions: assign({ user: ({ event }) => event.output, userType: ({ event }) => event.output.user_type }),
            },
            // Not fatal: the navigation shows the default picture. A 401 arrives as UNAUTHORIZED.
            onError: { target: 'ready' },
          },
        },
        ready: {
          on: { USER_CHANGED: 'loadingUser' },
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'signedOut', actions: 'forget' },
        // The token is gone from this browser either way; the session ends at its expiry at worst.
        onError: { target: 'signedOut', actions: 'forget' },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
