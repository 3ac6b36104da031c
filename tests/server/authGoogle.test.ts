/**
 * Google sign-in against a local OpenID Connect provider (tests/support/oidcProvider.ts)
 * on PGlite and on PostgreSQL: the authorization-code flow with PKCE, state and nonce; a new
 * rider is created with a verified e-mail at the location step; a returning user and an
 * existing password account sign in to the same account; anything that does not check out
 * goes back to /login?google=failed.
 */
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { startOidcProvider, subjectFor, type OidcProviderStandIn } from '../support/oidcProvider';
import { createUser, freshEmail, GOOD_PASSWORD, loginToken, me } from './authHelpers';
import { describeEachDatabase, nextIp, useTestApp, type TestApp } from './helper';

const PUBLIC_URL = 'http://127.0.0.1:39999';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

/** A browser's cookie jar, just enough for the provider's session cookies. */
class Jar {
  private cookies = new Map<string, string>();
  take(headers: Headers | Record<string, unknown>): void {
    const list =
      headers instanceof Headers
        ? headers.getSetCookie()
        : ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
    for (const line of list) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

interface FlowResult {
  location: string;
  /** The session token the page gets by exchanging the redirect's code (null when none). */
  token: string | null;
  /** What the redirect's query carries: a one-time code, never the token. */
  code: string | null;
  /** This browser's cookies after the callback (its grant). */
  cookie: string;
}

/** The flow up to the redirect, without the page's exchange: the code and this browser's cookies. */
async function signInWithGoogleNoExchange(t: TestApp, email: string): Promise<{ code: string; cookie: string }> {
  const flow = await signInWithGoogleRaw(t, email);
  return { code: flow.code!, cookie: flow.cookie };
}

/** The page's exchange of the redirect's code, with a browser's cookies and maybe its current token. */
function exchange(t: TestApp, code: string, cookie: string, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/google/exchange',
    remoteAddress: nextIp(),
    headers: { cookie, ...(token ? { 'x-auth-token': token } : {}) },
    payload: { code },
  });
}

/** Goes through the whole flow as a browser would, choosing the account `email` at the provider, and exchanges the code. */
async function signInWithGoogle(
  t: TestApp,
  email: string,
  options: { name?: string; tamper?: (callbackUrl: URL) => void; cancel?: boolean } = {},
): Promise<FlowResult> {
  const flow = await signInWithGoogleRaw(t, email, options);
  if (!flow.code) return flow;
  const handed = await exchange(t, flow.code, flow.cookie);
  expect(handed.statusCode, handed.body).toBe(200);
  return { ...flow, token: handed.json<{ token: string }>().token };
}

async function signInWithGoogleRaw(
  t: TestApp,
  email: string,
  options: { name?: string; tamper?: (callbackUrl: URL) => void; cancel?: boolean } = {},
): Promise<FlowResult> {
  const app = new Jar();
  const provider = new Jar();
  const start = await t.app.inject({ url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  app.take(start.headers);
  let next = new URL(start.headers.location as string);
  expect(next.searchParams.get('code_challenge_method')).toBe('S256');
  expect(next.searchParams.get('state')).toBeTruthy();
  expect(next.searchParams.get('nonce')).toBeTruthy();
  expect(next.searchParams.get('redirect_uri')).toBe(CALLBACK);

  for (let hop = 0; hop < 10; hop++) {
    if (next.href.startsWith(CALLBACK)) break;
    let res: Response;
    if (/\/interaction\/[^/]+$/.test(next.pathname)) {
      const page = await fetch(next, { headers: { cookie: provider.header() }, redirect: 'manual' });
      provider.take(page.headers);
      expect(await page.text()).toContain('Sign in with Google');
      const form = new URLSearchParams({ email, name: options.name ?? 'Ade Rider' });
      if (options.cancel) form.set('cancel', '1');
      res = await fetch(new URL(`${next.pathname}/login`, next), {
        method: 'POST',
        headers: { cookie: provider.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        redirect: 'manual',
      });
    } else {
      res = await fetch(next, { headers: { cookie: provider.header() }, redirect: 'manual' });
    }
    provider.take(res.headers);
    expect([302, 303], await res.clone().text()).toContain(res.status);
    next = new URL(res.headers.get('location')!, next);
  }
  expect(next.href.startsWith(CALLBACK)).toBe(true);
  options.tamper?.(next);
  const back = await t.app.inject({ url: `${next.pathname}${next.search}`, headers: { cookie: app.header() } });
  expect(back.statusCode).toBe(302);
  expect(back.headers['cache-control']).toBe('no-store');
  const location = back.headers.location as string;
  app.take(back.headers);
  const code = new URL(location, PUBLIC_URL).searchParams.get('token');
  return { location, token: null, code, cookie: app.header() };
}

describeEachDatabase('Google sign-in', (kind) => {
  let google: OidcProviderStandIn;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    google = await startOidcProvider({ redirectUri: CALLBACK });
    Object.assign(env, {
      PUBLIC_URL,
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
    });
  });
  afterAll(async () => {
    await google?.close();
  });
  const t = useTestApp(kind, { env });

  it('says Google sign-in is on in /api/config', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({ googleSignIn: true });
  });

  it('creates a new rider with a verified e-mail who resumes at the location step, then signs the same person in again', async () => {
    const email = freshEmail('google-new').toLowerCase();
    const first = await signInWithGoogle(t, email, { name: 'Adé Okafor' });
    expect(first.location).toMatch(/^\/\?token=[^&]+&authType=google$/);
    const claims = decodeJwt(first.token!);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      googleSubject: subjectFor(email),
      userType: 1,
      currentTab: 3,
      profileCompleted: 0,
      passwordHash: null,
      username: 'ade_okafor',
    });
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(claims.sub).toBe(user!.id);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, claims.sid as string));
    expect(session!.method).toBe('google');
    expect((await me(t, first.token)).json()).toMatchObject({ email, current_tab: 3, profile_completed: 0, user_type: 1 });

    const again = await signInWithGoogle(t, email, { name: 'Adé Okafor' });
    expect(decodeJwt(again.token!).sub).toBe(user!.id);
    expect(decodeJwt(again.token!).sid).not.toBe(claims.sid);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('gives a second new rider with the same name a username of their own', async () => {
    const a = await signInWithGoogle(t, freshEmail('same-name-a').toLowerCase(), { name: 'Chidi Eze' });
    const b = await signInWithGoogle(t, freshEmail('same-name-b').toLowerCase(), { name: 'Chidi Eze' });
    const names = await Promise.all([a, b].map(async (r) => (await me(t, r.token)).json<{ username: string }>().username));
    expect(names[0]).not.toBe(names[1]);
  });

  it('signs in an existing password account with the same e-mail and links it; the password still works', async () => {
    const email = freshEmail('google-existing').toLowerCase();
    const existing = await createUser(t, { email, profileCompleted: 1, currentTab: 5 });
    const result = await signInWithGoogle(t, email);
    expect(decodeJwt(result.token!).sub).toBe(existing.id);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(user!.googleSubject).toBe(subjectFor(email));
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(user!.currentTab).toBe(5);
    await loginToken(t, email, GOOD_PASSWORD, nextIp());
  });

  it('refuses an e-mail the provider has not verified', async () => {
    google.verifiedEmails = false;
    try {
      const email = freshEmail('unverified').toLowerCase();
      const result = await signInWithGoogle(t, email);
      expect(result).toMatchObject({ location: '/login?google=failed', token: null });
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    } finally {
      google.verifiedEmails = true;
    }
  });

  it('refuses a callback whose state does not match, and a cancelled sign-in', async () => {
    const tampered = await signInWithGoogle(t, freshEmail('tampered').toLowerCase(), {
      tamper: (url) => url.searchParams.set('state', 'forged-state'),
    });
    expect(tampered).toMatchObject({ location: '/login?google=failed', token: null });
    const cancelled = await signInWithGoogle(t, freshEmail('cancelled').toLowerCase(), { cancel: true });
    expect(cancelled).toMatchObject({ location: '/login?google=failed', token: null });
    // A callback without the flow cookie (another browser) is refused too.
    const bare = await t.app.inject({ url: '/api/auth/google/callback?code=abc&state=def' });
    expect(bare.headers.location).toBe('/login?google=failed');
  });

  describe('the hand-over to the page', () => {
    it('the redirect carries a one-time code, not the token; only the browser that started the sign-in can exchange it, once', async () => {
      const email = freshEmail('google-grant').toLowerCase();
      const flow = await signInWithGoogle(t, email);
      expect(flow.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(flow.location).not.toContain(flow.token!);
      expect((await me(t, flow.token)).statusCode).toBe(200);

      // A victim's browser given the attacker's link has no grant cookie: nothing happens.
      const victim = await exchange(t, flow.code!, '');
      expect(victim.statusCode).toBe(400);
      expect(victim.json()).toEqual({ error: { field: 'alert', message: 'Invalid token' } });

      // The same browser again (a replayed link): the code is spent.
      const replay = await exchange(t, flow.code!, flow.cookie);
      expect(replay.statusCode).toBe(400);
    });

    it('a code with another browser\'s grant, or a forged one, is refused', async () => {
      const a = await signInWithGoogle(t, freshEmail('google-grant-a').toLowerCase());
      const b = await signInWithGoogle(t, freshEmail('google-grant-b').toLowerCase());
      expect((await exchange(t, a.code!, b.cookie)).statusCode).toBe(400);
      expect((await exchange(t, 'x'.repeat(43), 'google_grant=forged')).statusCode).toBe(400);
      expect((await exchange(t, 'not a code', '')).json()).toEqual({ error: { field: 'alert', message: 'Invalid token' } });
    });

    it('says "Token has expired" for a grant older than two minutes', async () => {
      const late = await signInWithGoogleNoExchange(t, freshEmail('google-late').toLowerCase());
      const realNow = Date.now;
      Date.now = () => realNow() + 3 * 60 * 1000;
      try {
        const answer = await exchange(t, late.code, late.cookie);
        expect(answer.json()).toEqual({ error: { field: 'alert', message: 'Token has expired' } });
      } finally {
        Date.now = realNow;
      }
    });

    it('never switches a browser signed in to another account silently: 409, and the new session is ended', async () => {
      const signedIn = await loginToken(t, (await createUser(t, { email: freshEmail('google-here') })).email, GOOD_PASSWORD, nextIp());
      const email = freshEmail('google-other').toLowerCase();
      const other = await signInWithGoogleNoExchange(t, email);
      const switched = await exchange(t, other.code, other.cookie, signedIn);
      expect(switched.statusCode).toBe(409);
      expect(switched.json().error.message).toBe('You are logged in to another account on this device. Log out first, then continue with Google.');
      expect((await me(t, signedIn)).statusCode).toBe(200);

      // The same account confirming itself (a recent Google sign-in before deleting the account) is fine.
      const self = await signInWithGoogle(t, email);
      const again = await signInWithGoogleNoExchange(t, email);
      expect((await exchange(t, again.code, again.cookie, self.token!)).statusCode).toBe(200);
    });
  });
});
