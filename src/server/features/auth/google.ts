/**
 * Google sign-in: an OpenID Connect authorization-code flow with PKCE, state and
 * nonce against GOOGLE_ISSUER, with the `openid-client` package. The verifier, state and nonce
 * wait in a short-lived, signed, httpOnly cookie between the start and the callback.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import { isLoopbackHost } from '../../loopback';

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
const FLOW_COOKIE = 'google_flow';
const FLOW_LIFETIME_S = 10 * 60;

type GoogleConfig = NonNullable<Config['google']>;

const discovered = new WeakMap<GoogleConfig, Promise<oidc.Configuration>>();

/** The provider's metadata, discovered once (and again after a failure). */
function providerConfig(google: GoogleConfig): Promise<oidc.Configuration> {
  let pending = discovered.get(google);
  if (!pending) {
    const issuer = new URL(google.issuer);
    // Plain http only for a provider on this machine (the tests' local provider).
    const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
    pending = oidc.discovery(
      issuer,
      google.clientId,
      google.clientSecret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    );
    pending.catch(() => discovered.delete(google));
    discovered.set(google, pending);
  }
  return pending;
}

interface FlowState {
  verifier: string;
  state: string;
  nonce: string;
}

function redirectUri(config: Config): string {
  return `${config.publicUrl}${GOOGLE_CALLBACK_PATH}`;
}

/** The address to send the browser to at the provider; remembers the flow in a cookie. */
export async function startGoogleFlow(config: Config, reply: FastifyReply): Promise<string> {
  const provider = await providerConfig(config.google!);
  const flow: FlowState = {
    verifier: oidc.randomPKCECodeVerifier(),
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
  };
  reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
    signed: true,
    httpOnly: true,
    // The provider sends the browser back with a top-level GET: lax cookies go with it.
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    path: '/api/auth/google',
    maxAge: FLOW_LIFETIME_S,
  });
  return oidc
    .buildAuthorizationUrl(provider, {
      redirect_uri: redirectUri(config),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    })
    .toString();
}

function readFlow(request: FastifyRequest): FlowState | null {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const flow = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as Partial<FlowState>;
    return typeof flow.verifier === 'string' && typeof flow.state === 'string' && typeof flow.nonce === 'string'
      ? (flow as FlowState)
      : null;
  } catch {
    return null;
  }
}

export interface GoogleClaims {
  subject: string;
  email: string;
  name?: string;
}

/**
 * Finishes the flow on the callback: checks state, PKCE and nonce, exchanges the code and
 * returns the ID token's identity. Null when anything does not check out, or when the
 * provider has not verified the e-mail address.
 */
export async function finishGoogleFlow(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<GoogleClaims | null> {
  const flow = readFlow(request);
  reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/google' });
  if (!flow) return null;
  const provider = await providerConfig(config.google!);
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  try {
    const tokens = await oidc.authorizationCodeGrant(provider, new URL(`${redirectUri(config)}${query}`), {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || typeof claims.email !== 'string' || claims.email_verified !== true) return null;
    return {
      subject: claims.sub,
      email: claims.email,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  } catch (err) {
    request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'Google sign-in did not complete');
    return null;
  }
}

/**
 * The hand-over from the callback to the page. The spec's
 * redirect shape stays (/?token=…&authType=google), but what it carries is a one-time code, not
 * the session token: the token waits in a signed, httpOnly cookie of this browser (the one that
 * started the flow), for two minutes, and the page exchanges code + cookie for it once
 * (POST /api/auth/google/exchange). A link with someone else's code does nothing in another
 * browser, and a code works once.
 */
const GRANT_COOKIE = 'google_grant';
export const GRANT_LIFETIME_MS = 2 * 60 * 1000;
/** A grant code: 32 random bytes in base64url. */
export const GRANT_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export function issueGoogleGrant(config: Config, reply: FastifyReply, token: string): string {
  const code = randomBytes(32).toString('base64url');
  const grant = { h: sha256(code), t: token, e: Date.now() + GRANT_LIFETIME_MS };
  reply.setCookie(GRANT_COOKIE, Buffer.from(JSON.stringify(grant)).toString('base64url'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    path: '/api/auth/google',
    maxAge: Math.ceil(GRANT_LIFETIME_MS / 1000),
  });
  return code;
}

export type GrantReading = { status: 'ok'; token: string; codeHash: string } | { status: 'expired' | 'invalid' };

/** Reads this browser's grant for `code` (and clears the cookie: a grant is read once). */
export function readGoogleGrant(request: FastifyRequest, reply: FastifyReply, code: string): GrantReading {
  const raw = request.cookies[GRANT_COOKIE];
  reply.clearCookie(GRANT_COOKIE, { path: '/api/auth/google' });
  if (!raw || !GRANT_CODE_PATTERN.test(code)) return { status: 'invalid' };
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return { status: 'invalid' };
  try {
    const grant = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as { h?: unknown; t?: unknown; e?: unknown };
    if (typeof grant.h !== 'string' || typeof grant.t !== 'string' || typeof grant.e !== 'number') return { status: 'invalid' };
    const codeHash = sha256(code);
    if (grant.h.length !== codeHash.length || !timingSafeEqual(Buffer.from(grant.h), Buffer.from(codeHash))) return { status: 'invalid' };
    if (grant.e <= Date.now()) return { status: 'expired' };
    return { status: 'ok', token: grant.t, codeHash };
  } catch {
    return { status: 'invalid' };
  }
}
