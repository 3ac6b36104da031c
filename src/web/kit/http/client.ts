/**
 * The one HTTP client (ofetch, ./http) for the API under /api. ./http converts every failure: a
 * 4xx/5xx answer in the {error:{field,message}} shape becomes a SubmitError the machines
 * understand, no answer at all a NetworkFailure, anything else (a proxy's HTML page) an Error.
 * Every request asks the auth token machine first (an expired token is removed, a valid one
 * goes in x-auth-token); a 401 to a request that carried the current token, or none, tells it.
 * The client does not import the auth service (that one imports the client): start.tsx tells it
 * how to get and forget the token once, with configureClient.
 */
import { createClient } from './http';
import { SubmitError } from '../../../shared/requestErrors';
import {
  type CaptchaVerifyResponse,
  type CurrentUser,
  type LoginResponse,
  type MessageResponse,
  type PublicConfig,
} from '../../../shared/api';
import type { EarlyResponses } from '../../../shared/bootScript';

const AUTH_HEADER = 'x-auth-token';

/** How the client gets the token a request carries and forgets it after a 401. */
export interface ClientAuth {
  /** Before a request: the token to send (an expired one is removed first), or null. */
  getToken(): string | null;
  /** The token requests carry right now, without checking it. */
  currentToken(): string | null;
  /** A 401 to a request that carried the current token, or none. */
  onUnauthorized(): void;
}

const signedOut: ClientAuth = { getToken: () => null, currentToken: () => null, onUnauthorized: () => {} };
let clientAuth: ClientAuth = signedOut;

/** Called once at start (start.tsx, or a test's setup); until then requests go without a token. */
export function configureClient(how: ClientAuth): void {
  clientAuth = how;
}

export const api = createClient({
  baseURL: '/api',
  credentials: 'same-origin',
  timeout: 30_000,
  onRequest({ options }) {
    // The page a form was sent from, for the team reading it (we send no Referer).
    const headers = new Headers(options.headers);
    headers.set('x-source-path', window.location.pathname);
    if (!headers.has(AUTH_HEADER)) {
      const token = clientAuth.getToken();
      if (token) headers.set(AUTH_HEADER, token);
    }
    options.headers = headers;
  },
  onResponseError({ response, options }) {
    if (response.status !== 401) return;
    // Not for a request made with an older token (e.g. ending a session already left behind).
    const sent = new Headers(options.headers).get(AUTH_HEADER);
    if (sent === null || sent === clientAuth.currentToken()) clientAuth.onUnauthorized();
  },
  adopt: adoptEarlyResponse,
});

/**
 * The signed-in shells ask for their first GETs while the scripts load (EARLY_FETCH_SCRIPT in
 * src/shared/bootScript.ts). A request for the same path with the same token takes that answer,
 * once; any other goes to the network.
 */
function adoptEarlyResponse(request: string, headers: Headers): Promise<Response> | null {
  const early = (window as { __early?: EarlyResponses }).__early;
  if (!early) return null;
  const waiting = early[request];
  // Taken, or asked here: a chained early request (data-then) for this path must not go out after.
  early[request] = null;
  if (!waiting) return null;
  return waiting.token === headers.get(AUTH_HEADER) ? waiting.response : null;
}

export const captchaApi = {
  verify: (token: string) =>
    api<CaptchaVerifyResponse>('/verify-captcha', { method: 'POST', body: { token } }),
};

export const newsletterApi = {
  subscribe: (values: { email: string }) =>
    api<MessageResponse>('/newsletter', { method: 'POST', body: values }),
};

export type EnquiryKind = 'enquiry' | 'quote';

export const enquiriesApi = {
  /** Quick Enquiry (home) and Get Quote (contact) go to one endpoint, told apart by kind. */
  send: (kind: EnquiryKind, values: { name: string; email: string; phone: string; message: string }) =>
    api<MessageResponse>('/enquiries', { method: 'POST', body: { kind, ...values } }),
};

export const waitlistApi = {
  join: (values: { companyName: string; email: string; features: string }) =>
    api<MessageResponse>('/waitlist', { method: 'POST', body: values }),
};

export const authApi = {
  login: (values: { email: string; password: string; user_type: string }) =>
    api<LoginResponse>('/auth/login', { method: 'POST', body: values }),
  /** The user's basics, asked with the given token (the auth machine's own request). */
  me: (token: string) => api<CurrentUser>('/users/me', { headers: { [AUTH_HEADER]: token } }),
  logout: (token: string) =>
    api<MessageResponse>('/auth/logout', { method: 'POST', headers: { [AUTH_HEADER]: token } }),
  forgotPassword: (values: { email: string }) =>
    api<MessageResponse>('/auth/forget-password', { method: 'POST', body: values }),
  resetPassword: (values: { token: string; newPassword: string }) =>
    api<MessageResponse>('/auth/reset-password', { method: 'POST', body: values }),
  /**
   * The Google redirect's one-time code for the session token (with this browser's grant cookie).
   * A refusal is an Error named GoogleExchangeRefused carrying the server's message.
   */
  exchangeGoogle: async (code: string, token: string | null): Promise<{ token: string; now: number }> => {
    try {
      const answer = await api<LoginResponse>('/auth/google/exchange', {
        method: 'POST',
        body: { code },
        headers: token ? { [AUTH_HEADER]: token } : {},
      });
      return { token: answer.token, now: Date.now() };
    } catch (failure) {
      if (!(failure instanceof SubmitError)) throw failure;
      throw Object.assign(new Error(failure.fieldError.message), { name: 'GoogleExchangeRefused' });
    }
  },
};

let configPromise: Promise<PublicConfig> | null = null;
/** Run-time configuration from the server, fetched once, only when something needs it. */
export function loadPublicConfig(): Promise<PublicConfig> {
  configPromise ??= api<PublicConfig>('/config').catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}
