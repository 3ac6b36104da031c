/** The tokens, events and state key the auth machine's model is explored with. */
import type { AuthEvent } from '../../machines/kit/authMachine';
import type { CurrentUser } from '../../src/shared/api';

/** A fixed "now" for the model: 2025-06-15T15:06:40Z. */
export const NOW = 1_750_000_000_000;
export const HOUR = 60 * 60 * 1000;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An HS256-shaped JWT: the browser only decodes it, so the signature is never checked here. */
export const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2lnbmF0dXJl`;

export const tokens = {
  valid: jwt({ sub: 'u1', sid: 's1', user_type: 1, exp: NOW / 1000 + HOUR / 1000 }),
  google: jwt({ sub: 'u2', sid: 's2', user_type: 1, exp: NOW / 1000 + 2 * HOUR / 1000 }),
  expired: jwt({ sub: 'u1', sid: 's0', user_type: 1, exp: NOW / 1000 - 10 }),
  noExp: jwt({ sub: 'u1', sid: 's3', user_type: 1 }),
  unreadable: 'this-is-not-a-token',
} as const;

export const user: CurrentUser = {
  username: 'ade_rides',
  email: 'ade@example.com',
  user_type: 1,
  picture: { url: '/files/0b7c4c9e-6a55-4b0e-9b0f-0c2a4b1d2e3f' },
  profile_completed: 1,
  current_tab: 5,
};

/** A grant code as the server makes them (43 base64url characters). */
export const GRANT_CODE = 'Qk9MQV9BREVZRU1JX0dPT0dMRV9HUkFOVF9DT0RFX1g';

/** The server's refusal of a code, as authApi.exchangeGoogle throws it. */
export const refused = (message: string) => Object.assign(new Error(message), { name: 'GoogleExchangeRefused' });

export type AuthModelEvent =
  | AuthEvent
  | { type: 'xstate.done.actor.exchangeGoogle'; output: { token: string; now: number } }
  | { type: 'xstate.error.actor.exchangeGoogle'; error: unknown }
  | { type: 'xstate.done.actor.loadUser'; output: CurrentUser }
  | { type: 'xstate.error.actor.loadUser'; error: unknown }
  | { type: 'xstate.done.actor.endSession'; output: unknown }
  | { type: 'xstate.error.actor.endSession'; error: unknown };

export const authEvents: AuthModelEvent[] = [
  { type: 'LOGIN', token: tokens.valid, now: NOW },
  { type: 'LOGIN', token: tokens.expired, now: NOW },
  { type: 'GOOGLE_RETURN', code: GRANT_CODE, now: NOW },
  // A token in the query (the old shape, or a forged link) is never taken.
  { type: 'GOOGLE_RETURN', code: tokens.expired, now: NOW },
  { type: 'GOOGLE_RETURN', code: tokens.google, now: NOW },
  { type: 'xstate.done.actor.exchangeGoogle', output: { token: tokens.google, now: NOW } },
  { type: 'xstate.done.actor.exchangeGoogle', output: { token: tokens.expired, now: NOW } },
  { type: 'xstate.error.actor.exchangeGoogle', error: refused('You are logged in to another account on this device. Log out first, then continue with Google.') },
  { type: 'CHECK', now: NOW },
  // Before a request made after the token's exp: the expiry is found then.
  { type: 'CHECK', now: NOW + 3 * HOUR },
  { type: 'UNAUTHORIZED' },
  { type: 'LOGOUT' },
  { type: 'USER_CHANGED' },
  { type: 'xstate.done.actor.loadUser', output: user },
  { type: 'xstate.error.actor.loadUser', error: new Error('network down') },
  { type: 'xstate.done.actor.endSession', output: { message: 'You have been logged out.' } },
  { type: 'xstate.error.actor.endSession', error: new Error('network down') },
];

export function serializeAuthState(snapshot: {
  value: unknown;
  context: { token: string | null; user: unknown; userType: number | null };
}): string {
  const { token, user: u, userType } = snapshot.context;
  return JSON.stringify([snapshot.value, token, u !== null, userType]);
}

/** An invoked actor's result reaches the machine only while that actor runs. */
export function authActorResultCanHappen(state: { matches(value: unknown): boolean }, event: AuthModelEvent): boolean {
  if (event.type.endsWith('.loadUser')) return state.matches({ signedIn: 'loadingUser' });
  if (event.type.endsWith('.endSession')) return state.matches('loggingOut');
  if (event.type.endsWith('.exchangeGoogle')) return state.matches('exchangingGoogle');
  return true;
}
