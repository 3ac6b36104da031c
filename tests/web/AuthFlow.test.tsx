// @vitest-environment jsdom
/**
 * Model-based test of the auth token machine (machines/kit/authMachine.ts) THROUGH THE REAL APP:
 * the app's router and route guards, the header's signed-in state and its Logout, the
 * Login page, the Google sign-in return on the home page, the sign-up wizard's "Try again", with
 * the app's one auth actor (src/web/kit/session/authService.ts), its API client and storage. Only the
 * network edge is stood in (fetch, held by ApiEdge and answered with the server's status and
 * body), with hCaptcha's browser API and, for a token's expiry, the clock.
 *
 * The paths are generated: a page model (what a user can do on the page they are on, and where
 * it takes them: a page load with what storage holds, an answer to the request the machine
 * waits for, Logout, Login, the Dashboard link after the token expired, Try again) is explored
 * breadth first from every page load, over the machine's own states; every shortest path and
 * every one-step extension of one is a candidate, and the fewest candidates that together take
 * every transition any of them takes are run (coverAll). After each step the screen must show
 * what the state says (storage, the page, the header, the request in flight and the token it
 * carries, the toast); the app's actor is inspected, the table printed, and the test fails on any
 * transition of the machine that no path drove through the app.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, type SnapshotFrom } from 'xstate';
import { authMachine, type AuthEvent } from '../../machines/kit/authMachine';
import { authSnapshotToView, authViewStates, type AuthViewState } from '../../machines/kit/authView';
import type { CurrentUser } from '../../src/shared/api';
import { AUTH_TOKEN_KEY } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { configureClient } from '../../src/web/kit/http/client';
import { auth, setPageReload } from '../../src/web/kit/session/authService';
import { DEFAULT_AVATAR } from '../../src/web/kit/components/navLinks';
import { captchaPass } from '../../src/web/kit/forms/captchaPass';
import { createAppRouter } from '../../src/web/router';
import { installHcaptchaStandIn } from '../../storybook/support/hcaptchaStandIn';
import { TransitionRecorder, allTransitions, coverAll } from '../machines/coverage';
import { jwt, refused } from '../machines/authModel';
import { ApiEdge } from './support/apiEdge';

type Snapshot = SnapshotFrom<typeof authMachine>;
type ModelEvent =
  | AuthEvent
  | { type: 'xstate.done.actor.loadUser'; output: CurrentUser }
  | { type: 'xstate.error.actor.loadUser'; error: unknown }
  | { type: 'xstate.done.actor.exchangeGoogle'; output: { token: string; now: number } }
  | { type: 'xstate.error.actor.exchangeGoogle'; error: unknown }
  | { type: 'xstate.done.actor.endSession'; output: unknown }
  | { type: 'xstate.error.actor.endSession'; error: unknown };

// ---------------------------------------------------------------------------------------------
// Tokens and users: times from the test's start (the clock moves 3 hours for an expiry).

const HOUR = 3_600_000;
const BASE = Date.now();
const LATER = BASE + 3 * HOUR;
const exp = (at: number) => Math.floor(at / 1000);
const tokens = {
  /** What storage holds at a page load: good for 1 hour. */
  stored: jwt({ sub: 'u1', sid: 's1', user_type: 1, exp: exp(BASE + HOUR) }),
  /** What the login answers: good for 10 hours. */
  login: jwt({ sub: 'u1', sid: 's2', user_type: 1, exp: exp(BASE + 10 * HOUR) }),
  /** What the Google code is exchanged for. */
  google: jwt({ sub: 'u1', sid: 's3', user_type: 1, exp: exp(BASE + 10 * HOUR) }),
  expired: jwt({ sub: 'u1', sid: 's0', user_type: 1, exp: exp(BASE) - 60 }),
  unreadable: 'this-is-not-a-token',
};
const label = (token: string | null) => (Object.entries(tokens).find(([, t]) => t === token)?.[0] ?? token ?? 'none');

const riderUser = (incomplete: boolean): CurrentUser => ({
  username: 'ade_rides',
  email: 'ade@example.com',
  user_type: 1,
  picture: { url: '/files/0b7c4c9e-6a55-4b0e-9b0f-0c2a4b1d2e3f' },
  profile_completed: incomplete ? 0 : 1,
  current_tab: incomplete ? 2 : 5,
});
const REFUSAL = 'You are logged in to another account on this device. Log out first, then continue with Google.';

// ---------------------------------------------------------------------------------------------
// The page model: where the user is, what they can do there, what the machine receives.

type Page = 'home' | 'login' | 'dashboard' | 'wizard' | 'wizardFailed';
type Stored = 'none' | 'stored' | 'expired' | 'unreadable';
type Url = 'home' | 'wizard' | 'googleCode' | 'googleExpiredToken' | 'googleJunk';

type Action =
  | { kind: 'load'; stored: Stored; url: Url }
  | { kind: 'me'; answer: 'ok' | 'fail' | '401' }
  | { kind: 'logout' }
  | { kind: 'logoutAnswer'; answer: 'ok' | 'fail' }
  | { kind: 'login' }
  | { kind: 'expire' }
  | { kind: 'retry' }
  | { kind: 'exchange'; answer: 'token' | 'expiredToken' | 'refused' };

interface Node {
  snap: Snapshot;
  page: Page;
  /** The rider's profile is incomplete (the server says so in the user's basics). */
  incomplete: boolean;
  /** The clock has moved past the stored token's expiry. */
  later: boolean;
}

interface Step {
  action: Action;
  /** What the machine receives, in order. */
  events: ModelEvent[];
  /** The toast the step must show. */
  toast: string | null;
  node: Node;
}

const storedToken: Record<Stored, string | null> = { none: null, stored: tokens.stored, expired: tokens.expired, unreadable: tokens.unreadable };
const GRANT_CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const headerPages: readonly Page[] = ['home', 'dashboard', 'wizard', 'wizardFailed'];

/** The start of a path: a page load at `url` with `stored` in storage. */
function load(stored: Stored, url: Url): Step | null {
  if (url === 'wizard' && stored !== 'stored') return null; // the guard sends a visitor without a token to /login
  const [snap0] = initialTransition(authMachine, { token: storedToken[stored], now: BASE });
  const node: Node = { snap: snap0, page: url === 'wizard' ? 'wizard' : 'home', incomplete: url === 'wizard', later: false };
  if (url === 'home' || url === 'wizard') return { action: { kind: 'load', stored, url }, events: [], toast: null, node };
  const code = url === 'googleCode' ? 'G'.repeat(43) : url === 'googleExpiredToken' ? tokens.expired : 'not-a-code';
  const event: ModelEvent = { type: 'GOOGLE_RETURN', code, now: BASE };
  const [snap] = transition(authMachine, snap0, event as AuthEvent);
  const toast = url === 'googleExpiredToken' ? messages.tokenExpired : url === 'googleJunk' ? messages.invalidToken : null;
  return { action: { kind: 'load', stored, url }, events: [event], toast, node: { ...node, snap } };
}

/** Where a page goes when the user's basics arrive (or fail) there. */
function pageAfterUser(node: Node, loaded: boolean): Page {
  switch (node.page) {
    case 'login': // the login waited for them: the wizard at the saved step, else the dashboard
      return loaded && node.incomplete ? 'wizard' : 'dashboard';
    case 'wizard':
    case 'wizardFailed':
      return loaded ? 'wizard' : 'wizardFailed';
    default:
      return loaded && node.incomplete ? 'wizard' : node.page;
  }
}

/** Every action the user (or the network) can take from `node`, with its effect on the model. */
function next(node: Node): Step[] {
  const { snap, page } = node;
  const now = node.later ? LATER : BASE;
  const out: Step[] = [];
  const go = (action: Action, events: ModelEvent[], toast: string | null, change: Partial<Node>) => {
    let s = snap;
    for (const event of events) [s] = transition(authMachine, s, event as AuthEvent);
    out.push({ action, events, toast, node: { ...node, ...change, snap: s } });
  };
  if (snap.matches({ signedIn: 'loadingUser' })) {
    go({ kind: 'me', answer: 'ok' }, [{ type: 'xstate.done.actor.loadUser', output: riderUser(node.incomplete) }], null, {
      page: pageAfterUser(node, true),
    });
    go({ kind: 'me', answer: 'fail' }, [{ type: 'xstate.error.actor.loadUser', error: new TypeError('fetch failed') }], null, {
      page: pageAfterUser(node, false),
    });
    // A 401 while the login page waits for the user's basics would leave the login to decide; not modelled.
    if (page !== 'login') go({ kind: 'me', answer: '401' }, [{ type: 'UNAUTHORIZED' }], null, { page: 'login' });
  }
  if (snap.matches({ signedIn: 'ready' }) && headerPages.includes(page)) {
    go({ kind: 'logout' }, [{ type: 'LOGOUT' }], null, { page: 'login' });
    if (page === 'home' && !node.later) go({ kind: 'expire' }, [{ type: 'CHECK', now: LATER }], null, { page: 'login', later: true });
    if (page === 'wizardFailed') go({ kind: 'retry' }, [{ type: 'USER_CHANGED' }], null, { page: 'wizard' });
  }
  if (snap.matches('loggingOut')) {
    go({ kind: 'logoutAnswer', answer: 'ok' }, [{ type: 'xstate.done.actor.endSession', output: { message: 'Logged out' } }], null, {});
    go({ kind: 'logoutAnswer', answer: 'fail' }, [{ type: 'xstate.error.actor.endSession', error: new TypeError('fetch failed') }], null, {});
  }
  if (page === 'login' && (snap.matches('signedOut') || snap.matches('loggingOut'))) {
    go({ kind: 'login' }, [{ type: 'LOGIN', token: tokens.login, now }], null, {});
  }
  if (snap.matches('exchangingGoogle')) {
    go({ kind: 'exchange', answer: 'token' }, [{ type: 'xstate.done.actor.exchangeGoogle', output: { token: tokens.google, now } }], null, {});
    go(
      { kind: 'exchange', answer: 'expiredToken' },
      [{ type: 'xstate.done.actor.exchangeGoogle', output: { token: tokens.expired, now } }],
      messages.invalidToken,
      {},
    );
    go({ kind: 'exchange', answer: 'refused' }, [{ type: 'xstate.error.actor.exchangeGoogle', error: refused(REFUSAL) }], REFUSAL, {});
  }
  return out;
}

const keyOf = (node: Node) =>
  JSON.stringify([node.snap.value, label(node.snap.context.token), node.snap.context.user !== null, node.page, node.incomplete, node.later]);

/** Shortest paths to every node from every page load, and each extended by every action: the candidates. */
function candidates(): Step[][] {
  const starts: Step[] = [];
  for (const stored of ['none', 'stored', 'expired', 'unreadable'] as const)
    for (const url of ['home', 'wizard', 'googleCode', 'googleExpiredToken', 'googleJunk'] as const) {
      const step = load(stored, url);
      if (step) starts.push(step);
    }
  const shortest = new Map<string, Step[]>();
  const queue: Step[][] = starts.map((s) => [s]);
  for (const path of queue) {
    const key = keyOf(path.at(-1)!.node);
    if (shortest.has(key)) continue;
    shortest.set(key, path);
    for (const step of next(path.at(-1)!.node)) queue.push([...path, step]);
  }
  // Every page load on its own too: several lead to a node another reaches first (an expired and
  // an unreadable stored token, or a Google return with a token in its query, all end signed out).
  const out: Step[][] = starts.map((s) => [s]);
  for (const path of shortest.values()) {
    out.push(path);
    for (const step of next(path.at(-1)!.node)) out.push([...path, step]);
  }
  return out;
}

/** Which of the machine's transitions a path takes, found by running it on a bare actor. */
function transitionsOf(path: readonly Step[]): Set<string> {
  const recorder = new TransitionRecorder();
  const start = path[0]!.action as Extract<Action, { kind: 'load' }>;
  const never = <T,>() => fromPromise<T, never>(() => new Promise<T>(() => {}));
  const actor = createActor(
    authMachine.provide({ actors: { loadUser: never(), exchangeGoogleCode: never(), endSession: never() } as never }),
    { input: { token: storedToken[start.stored], now: BASE }, inspect: recorder.inspect },
  );
  actor.start();
  for (const step of path) for (const event of step.events) actor.send(event as AuthEvent);
  actor.stop();
  return new Set(recorder.taken.keys());
}

function describeAction(action: Action): string {
  switch (action.kind) {
    case 'load':
      return `open ${{ home: '/', wizard: '/rider-signup?step=2', googleCode: "Google's return with a code", googleExpiredToken: "Google's return with an expired token", googleJunk: "Google's return with junk" }[action.url]} (storage: ${action.stored === 'stored' ? 'a valid token' : action.stored === 'none' ? 'nothing' : `an ${action.stored} token`})`;
    case 'me':
      return { ok: 'the user arrives', fail: 'the user cannot be loaded', '401': 'the user request: 401 (session ended)' }[action.answer];
    case 'logoutAnswer':
      return action.answer === 'ok' ? 'the logout answered' : 'the logout request fails';
    case 'exchange':
      return { token: 'the code exchanged for a token', expiredToken: 'the code exchanged for an expired token', refused: 'the code refused' }[action.answer];
    case 'expire':
      return '3 hours later: Dashboard';
    case 'retry':
      return 'Try again';
    default:
      return action.kind === 'login' ? 'Login' : 'Logout';
  }
}

// ---------------------------------------------------------------------------------------------
// The app and its edges.

const edge = new ApiEdge();
const recorder = new TransitionRecorder();
const viewStatesShown = new Set<AuthViewState>();
/** The x-auth-token of every request, in order. */
const sent: Array<{ path: string; token: string | null }> = [];
/** The page reloads the app asked for (the address at each). */
const reloads: string[] = [];
let user: UserEvent;
let stopInspecting: () => void = () => {};
let codes = 0;

beforeAll(() => {
  installHcaptchaStandIn();
  edge.install();
  const held = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    sent.push({ path: url.pathname, token: new Headers(init?.headers).get('x-auth-token') });
    return held(input, init);
  };
  window.scrollTo = () => {};
  // The page's reload (jsdom has none): the address it reloads at is kept.
  setPageReload(() => reloads.push(window.location.pathname + window.location.search));
  // As start.tsx wires them: the client asks the auth service for the token and tells it of a 401.
  configureClient({ getToken: auth.beforeRequest, currentToken: auth.currentToken, onUnauthorized: auth.unauthorized });
  stopInspecting = auth.inspect(recorder.inspect);
});
afterAll(() => {
  stopInspecting();
  edge.uninstall();
});
beforeEach(() => {
  user = userEvent.setup({ delay: null });
  localStorage.clear();
  sessionStorage.clear();
  captchaPass.resetForTests();
  edge.reset();
  sent.length = 0;
  reloads.length = 0;
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  vi.useRealTimers(); // the clock back, if a path moved it
  auth.resetForTests();
  window.history.replaceState(null, '', '/');
});

/** The requests each machine state waits for. */
const waitsFor = (snap: Snapshot): string | null =>
  snap.matches({ signedIn: 'loadingUser' })
    ? '/api/users/me'
    : snap.matches('loggingOut')
      ? '/api/auth/logout'
      : snap.matches('exchangingGoogle')
        ? '/api/auth/google/exchange'
        : null;
const AUTH_REQUESTS = ['/api/users/me', '/api/auth/logout', '/api/auth/google/exchange'];

/** The newest held request to `path`; older ones belong to actors the machine has stopped and are dropped. */
async function takeNewest(path: string) {
  await waitFor(() => expect(edge.heldPaths()).toContain(path));
  let request = edge.take(path);
  while (edge.heldPaths().includes(path)) request = edge.take(path);
  return request;
}

const lastToken = (path: string) => [...sent].reverse().find((s) => s.path === path)?.token ?? null;
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
let router: ReturnType<typeof createAppRouter>;

async function perform(step: Step, before: Node | null): Promise<void> {
  const { action } = step;
  switch (action.kind) {
    case 'load': {
      const token = storedToken[action.stored];
      if (token !== null) localStorage.setItem(AUTH_TOKEN_KEY, token);
      // A fresh code each time: the page takes a redirect's query once.
      const n = String(++codes).padStart(3, '0');
      const code =
        action.url === 'googleCode'
          ? `${'G'.repeat(40)}${n}`
          : action.url === 'googleExpiredToken'
            ? jwt({ sub: 'u1', sid: `s${n}`, user_type: 1, exp: exp(BASE) - 60 })
            : `not-a-code-${n}`;
      const url = action.url === 'home' ? '/' : action.url === 'wizard' ? '/rider-signup?step=2' : `/?token=${code}&authType=google`;
      if (action.url === 'googleCode') expect(code).toMatch(GRANT_CODE_SHAPE);
      // The address bar as the browser has it (the Google return reads its query there), and the router's.
      window.history.replaceState(null, '', url);
      router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
      render(<RouterProvider router={router} />);
      if (action.url === 'googleCode') {
        const request = await takeNewest('/api/auth/google/exchange');
        expect(request.body).toEqual({ code });
        edge.held.push(request); // still waiting: the next step answers it
      }
      return;
    }
    case 'me': {
      const request = await takeNewest('/api/users/me');
      expect(lastToken('/api/users/me'), 'the user is asked for with the token held').toBe(before!.snap.context.token);
      if (action.answer === 'ok') request.respond(200, riderUser(before!.incomplete));
      else if (action.answer === 'fail') request.fail();
      else request.respond(401, { error: { field: 'alert', message: 'Your session has ended. Please log in again.' } });
      return;
    }
    case 'logout':
      await user.click(within(mainNav()).getByRole('button', { name: 'Account menu' }));
      await user.click(within(mainNav()).getByRole('button', { name: 'Logout' }));
      return;
    case 'logoutAnswer': {
      const request = await takeNewest('/api/auth/logout');
      expect(lastToken('/api/auth/logout'), 'the session ended is the one signed out of').toBe(before!.snap.context.token);
      if (action.answer === 'ok') request.respond(200, { message: 'Logged out' });
      else request.fail();
      return;
    }
    case 'login': {
      const form = await screen.findByRole('form', { name: 'Login' });
      await user.selectOptions(within(form).getByLabelText('Login type'), '1');
      await user.type(within(form).getByLabelText('Email'), 'ade@example.com');
      await user.type(within(form).getByLabelText('Password'), 'ogba-rides-at-dawn');
      const needsCaptcha = !captchaPass.passed();
      if (needsCaptcha) await user.click(within(await within(form).findByTestId('hcaptcha-stub')).getByRole('button', { name: 'I am human' }));
      await user.click(within(form).getByRole('button', { name: 'Login' }));
      if (needsCaptcha) (await takeNewest('/api/verify-captcha')).respond(200, { success: true });
      const request = await takeNewest('/api/auth/login');
      expect(request.body).toEqual({ email: 'ade@example.com', password: 'ogba-rides-at-dawn', user_type: '1' });
      request.respond(200, { token: tokens.login });
      return;
    }
    case 'expire':
      vi.setSystemTime(LATER);
      await user.click(within(mainNav()).getByRole('button', { name: 'Account menu' }));
      await user.click(within(mainNav()).getByRole('link', { name: 'Dashboard' }));
      return;
    case 'retry':
      await user.click(screen.getByRole('button', { name: messages.tryAgain }));
      return;
    case 'exchange': {
      const request = await takeNewest('/api/auth/google/exchange');
      expect(lastToken('/api/auth/google/exchange'), "the exchange carries the browser's token, if any").toBe(before!.snap.context.token);
      if (action.answer === 'token') {
        request.respond(200, { token: tokens.google });
        // Spec §2 'Home': the query leaves the address bar and the page reloads at /.
        await waitFor(() => expect(reloads).toEqual(['/']));
      }
      else if (action.answer === 'expiredToken') request.respond(200, { token: tokens.expired });
      else request.respond(403, { error: { field: 'alert', message: REFUSAL } });
      return;
    }
  }
}

/** What the app must show for the model's node. */
async function expectScreen(node: Node, toastText: string | null): Promise<void> {
  const { snap, page } = node;
  const view = authSnapshotToView(snap);
  viewStatesShown.add(view.state);
  const storedNow = snap.matches('signedIn') || snap.matches('exchangingGoogle') ? snap.context.token : null;
  await waitFor(() => {
    // Storage holds the token exactly while the machine keeps one (spec §4).
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(storedNow);
    // The page.
    const pathname = router.state.location.pathname;
    switch (page) {
      case 'login': {
        expect(pathname).toBe('/login');
        const form = screen.getByRole('form', { name: 'Login' });
        const button = within(form).getByRole('button', { name: /^(Login|Submitting\.\.\.)$/ }) as HTMLButtonElement;
        // After Login, the page waits for the user's basics before it leaves.
        expect(button.disabled).toBe(view.state === 'loadingUser');
        expect(screen.queryByRole('banner')).toBeNull(); // no header on /login (spec §2)
        break;
      }
      case 'home':
        expect(pathname).toBe('/');
        expect(router.state.location.searchStr).toBe(''); // the Google redirect's query left the address bar
        expect(screen.getByRole('heading', { level: 1 }).id).toBe('hero-title');
        break;
      case 'dashboard':
        expect(pathname).toBe('/rider-dashboard');
        break;
      case 'wizard':
        expect(pathname).toBe('/rider-signup');
        if (view.state === 'loadingUser') expect(screen.getByText('Loading your sign-up…')).toBeTruthy();
        else expect(screen.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeTruthy();
        break;
      case 'wizardFailed':
        expect(pathname).toBe('/rider-signup');
        expect(screen.getByRole('alert').textContent).toBe(messages.signupProgressFailed);
        expect(screen.getByRole('button', { name: messages.tryAgain })).toBeTruthy();
        break;
    }
    // The header: the profile picture and its menu while signed in, else Login (spec §2).
    if (page !== 'login') {
      const nav = within(mainNav());
      const menu = nav.queryByRole('button', { name: 'Account menu' });
      expect(menu !== null, `header signed in (${view.state})`).toBe(view.signedIn);
      expect(nav.queryByRole('link', { name: 'Login' }) !== null).toBe(!view.signedIn);
      if (menu) {
        const picture = menu.querySelector('img')!.getAttribute('src');
        expect(picture).toBe(view.picturePath ? `/api${view.picturePath}` : DEFAULT_AVATAR);
      }
    }
    // The request the machine waits for, and no other of its own.
    const waiting = waitsFor(snap);
    const held = edge.heldPaths().filter((p) => AUTH_REQUESTS.includes(p));
    if (waiting) expect(held).toContain(waiting);
    for (const path of held) if (path !== waiting) edge.take(path); // a stopped actor's request: never answered
  });
  if (toastText) await screen.findByText(toastText);
}

// ---------------------------------------------------------------------------------------------

const allPaths = candidates();
const chosen = coverAll(allPaths, (p) => p.length, transitionsOf);

describe('auth machine through the app, along generated paths', () => {
  it('generates paths that together take every transition of the machine', () => {
    const reachable = new Set<string>();
    for (const path of chosen) for (const key of transitionsOf(path)) reachable.add(key);
    console.log(`auth paths: ${allPaths.length} candidates, ${chosen.length} chosen to run`);
    expect(allTransitions(authMachine).filter((key) => !reachable.has(key))).toEqual([]);
  });

  for (const path of chosen) {
    it(path.map((s) => describeAction(s.action)).join(' → '), async () => {
      let before: Node | null = null;
      for (const step of path) {
        await perform(step, before);
        await expectScreen(step.node, step.toast);
        before = step.node;
      }
    });
  }

  it('showed every auth view state and drove every transition of the machine through the app', (context) => {
    if (recorder.taken.size === 0) context.skip(); // a filtered run drove no path
    expect([...authViewStates].filter((s) => !viewStatesShown.has(s))).toEqual([]);
    const missing = recorder.report(`auth machine through the app (${chosen.length} paths)`, authMachine);
    expect(missing, `transitions never driven through the app:\n${missing.join('\n')}`).toEqual([]);
  });
});

describe('auth in the app: what no transition shows', () => {
  it('a login answered with a token that does not read as valid keeps nothing and says "Invalid token" on the page', async () => {
    await perform({ action: { kind: 'load', stored: 'none', url: 'home' }, events: [], toast: null, node: null as never }, null);
    await user.click(await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Login' }));
    const form = await screen.findByRole('form', { name: 'Login' });
    await user.selectOptions(within(form).getByLabelText('Login type'), '1');
    await user.type(within(form).getByLabelText('Email'), 'ade@example.com');
    await user.type(within(form).getByLabelText('Password'), 'ogba-rides-at-dawn');
    await user.click(within(await within(form).findByTestId('hcaptcha-stub')).getByRole('button', { name: 'I am human' }));
    await user.click(within(form).getByRole('button', { name: 'Login' }));
    (await takeNewest('/api/verify-captcha')).respond(200, { success: true });
    (await takeNewest('/api/auth/login')).respond(200, { token: tokens.expired });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(messages.invalidToken));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(edge.heldPaths().filter((p) => AUTH_REQUESTS.includes(p))).toEqual([]); // no user asked for
  });

  it('follows another tab: its login signs this page in, its logout signs it out and goes to /login', async () => {
    await perform({ action: { kind: 'load', stored: 'none', url: 'home' }, events: [], toast: null, node: null as never }, null);
    await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Login' });
    localStorage.setItem(AUTH_TOKEN_KEY, tokens.login);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TOKEN_KEY, newValue: tokens.login }));
    const request = await takeNewest('/api/users/me');
    expect(lastToken('/api/users/me')).toBe(tokens.login);
    request.respond(200, riderUser(false));
    await waitFor(() =>
      expect(within(mainNav()).getByRole('button', { name: 'Account menu' }).querySelector('img')!.getAttribute('src')).toBe(
        `/api${riderUser(false).picture!.url}`,
      ),
    );
    localStorage.removeItem(AUTH_TOKEN_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TOKEN_KEY, newValue: null }));
    await screen.findByRole('form', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});
