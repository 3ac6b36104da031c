/** Request and response shapes shared by the browser and the API. */
import type { BusinessFacts } from './site';

/** Every 4xx and 5xx body: the message belongs under `field`, or in a toast when field is 'alert'. */
export interface ApiErrorBody {
  error: { field: string; message: string };
}

export interface FieldError {
  field: string;
  message: string;
}

export interface CaptchaVerifyRequest {
  token: string;
}
export interface CaptchaVerifyResponse {
  success: boolean;
}

export interface MessageResponse {
  message: string;
}

/** What the browser needs at run time (GET /api/config); never baked into the build. */
export interface PublicConfig {
  captcha: { siteKey: string; scriptUrl: string };
  googleSignIn: boolean;
  /** Set when browser errors go to Sentry (SENTRY_DSN) instead of POST /api/client-errors. */
  sentryDsn?: string;
  /** The business facts the operator set (SITE_*); a fact not set is absent and never shown. */
  business: BusinessFacts;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { field?: unknown }).field === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** POST /api/auth/login and the Google redirect: a signed JWT with exp and a session id. */
export interface LoginResponse {
  token: string;
}

/** GET /api/users/me: what the navigation and the post-login redirect need to know. */
export interface CurrentUser {
  username: string;
  email: string;
  /** 1 = rider (spec §1). */
  user_type: number;
  /** The picture's url relative to the API base (spec §3), or null. */
  picture: { url: string } | null;
  profile_completed: number;
  current_tab: number;
}
