// @vitest-environment jsdom
/**
 * The auth token machine as the app runs it (src/web/kit/session/authService.ts with the real API
 * client): the token under localStorage 'authToken', x-auth-token on requests, an expired
 * token removed before a request, any 401 → token removed and /login, logout → token removed,
 * /login, and the server told. Only fetch (the network edge) and the router's navigation are
 * stand-ins; each test loads the modules afresh, as a page load would.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const NOW_S = Math.floor(Date.now() / 1000);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const token = (exp: number, sid = 's1') => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', sid, user_type: 1, exp })}.c2ln`;
const VALID = token(NOW_S + 3600);
const OTHER = token(NOW_S + 3600, 's2');
const EXPIRED = token(NOW_S - 5);
const ME = { username: 'ade', email: 'ade@example.com', user_type: 1, picture: { url: '/files/abc' }, profile_completed: 1, current_tab: 5 };

interface Seen {
  method: string;
  path: string;
  token: string | null;
}

function installFetch(answer: (request: Seen) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const real = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    const request = { method: (init?.method ?? 'GET').toUpperCase(), path: new URL(raw, window.location.href).pathname, token: headers.get('x-auth-token') };
    seen.push(request);
    const { status, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { seen, restore: () => (globalThis.fetch = real) };
}

async function loadApp() {
  vi.resetModules();
  const service = await import('../../src/web/kit/session/authService');
  const client = await import('../../src/web/kit/http/client');
  // As start.tsx does at start.
  client.configureClient({ getToken: service.auth.beforeRequest, currentToken: service.auth.currentToken, onUnauthorized: service.auth.unauthorized });
  const navigations: string[] = [];
  service.setLoginNavigation(() => navigations.push('/login'));
  return { ...service, ...client, navigations };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the auth token in the browser', () => {
  let network: ReturnType<typeof installFetch>;
  beforeEach(() => {
    window.localStorage.clear();
  });
  afterEach(() => {
    network?.restore();
  });

  it('restores a stored token, sends it in x-auth-token and loads the user for the navigation', async () => {
    window.localStorage.setItem('authToken', VALID);
    network = installFetch((r) => (r.path === '/api/users/me' ? { status: 200, body: ME } : { status: 200, body: { message: 'ok' } }));
    const app = await loadApp();
    expect(app.authView()).toMatchObject({ signedIn: true, token: VALID });
    await settle();
    expect(app.authView()).toMatchObject({ state: 'signedIn', picturePath: '/files/abc', userType: 1 });
    await app.api('/newsletter', { method: 'POST', body: { email: 'x@example.com' } });
    expect(network.seen).toEqual([
      { method: 'GET', path: '/api/users/me', token: VALID },
      { method: 'POST', path: '/api/newsletter', token: VALID },
    ]);
  });

  it('removes an expired token at start and sends no token', async () => {
    window.localStorage.setItem('authToken', EXPIRED);
    network = installFetch(() => ({ status: 200, body: {} }));
    const app = await loadApp();
    await app.api('/config');
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(network.seen.every((r) => r.token === null)).toBe(true);
    expect(app.navigations).toEqual([]);
  });

  it('finds the expiry before a request made after it: the token is removed and not sent', async () => {
    window.localStorage.setItem('authToken', token(NOW_S + 60));
    network = installFetch((r) => (r.path === '/api/users/me' ? { status: 200, body: ME } : { status: 200, body: {} }));
    const app = await loadApp();
    await settle();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      await app.api('/config');
    } finally {
      vi.useRealTimers();
    }
    expect(network.seen.at(-1)).toEqual({ method: 'GET', path: '/api/config', token: null });
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(app.authView().signedIn).toBe(false);
  });

  it('answers any 401 by removing the token and going to /login', async () => {
    window.localStorage.setItem('authToken', VALID);
    network = installFetch((r) => (r.path === '/api/users/me' ? { status: 200, body: ME } : { status: 401, body: { error: { field: 'alert', message: 'Please log in to continue.' } } }));
    const app = await loadApp();
    await settle();
    await expect(app.api('/users/profile')).rejects.toThrow();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(app.navigations).toEqual(['/login']);
    expect(app.authView().signedIn).toBe(false);
  });

  it('stores a login under authToken, and logout removes it, goes to /login and ends the session with that token', async () => {
    network = installFetch((r) => (r.path === '/api/users/me' ? { status: 200, body: ME } : { status: 200, body: { message: 'You have been logged out.' } }));
    const app = await loadApp();
    expect(app.auth.login(EXPIRED)).toBe(false);
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(app.auth.login(VALID)).toBe(true);
    expect(window.localStorage.getItem('authToken')).toBe(VALID);
    expect(await app.auth.currentUser()).toEqual(ME);

    app.auth.logout();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(app.navigations).toEqual(['/login']);
    await settle();
    expect(network.seen.at(-1)).toEqual({ method: 'POST', path: '/api/auth/logout', token: VALID });
    expect(app.authView().state).toBe('signedOut');
  });

  it('does not let a 401 to an old token (a logout already left behind) sign out a new login', async () => {
    let holdLogout: ((r: Response) => void) | null = null;
    const real = globalThis.fetch;
    const seen: string[] = [];
    globalThis.fetch = async (input: RequestInfo | URL) => {
      const path = new URL(String(input), window.location.href).pathname;
      seen.push(path);
      if (path === '/api/auth/logout') return new Promise<Response>((resolve) => (holdLogout = resolve));
      return new Response(JSON.stringify(ME), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    network = { seen: [], restore: () => (globalThis.fetch = real) };
    window.localStorage.setItem('authToken', VALID);
    const app = await loadApp();
    await settle();
    app.auth.logout();
    await settle();
    expect(app.auth.login(OTHER)).toBe(true);
    holdLogout!(new Response(JSON.stringify({ error: { field: 'alert', message: 'x' } }), { status: 401, headers: { 'content-type': 'application/json' } }));
    await settle();
    expect(window.localStorage.getItem('authToken')).toBe(OTHER);
    expect(app.navigations).toEqual(['/login']);
    expect(app.authView().signedIn).toBe(true);
  });
});
