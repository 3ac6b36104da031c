/**
 * Google sign-in (issue 4): an OpenID Connect authorization-code flow with PKCE, state and
 * nonce against GOOGLE_ISSUER, with the `openid-client` package. The verifier, state and nonce
 * wait in a short-lived, signed, httpOnly cookie between the start and the callback.
 */
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
export function providerConfig(google: GoogleConfig): Promise<oidc.Configuration> {
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
