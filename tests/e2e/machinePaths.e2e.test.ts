/**
 * The shortest path to every state of the sign-up wizard, the newsletter form and
 * sign-in, generated from the machines' test models (tests/machines/*Model.ts, xstate/graph)
 * and run in Chromium at 375 px against the built app and the real server.
 *
 * A "state" here is what the page can show: the view state the machine's snapshot maps to
 * (machines/signup/signupView.ts, formView.ts, authView.ts) with the messages it shows. The models
 * tell many more states apart (the exact values, the countdown, the focus); the model's graph
 * is searched breadth first with only the events a browser can produce, and for every page
 * state the shortest path to it is run: each model event becomes a browser action (a click, typing, choosing, a photo),
 * the server's answers are the real server's, and only network faults (no network) are made at
 * the network edge with page.route on /api/*. A page state reached only through a refusal of
 * our own server (a taken address, too many tries, a wrong code) is not run here: answering it
 * at the edge would stand in for our own code (the views and API layers cover those). A path
 * that ends in a state that waits for
 * the server (submitting, loading) holds that request at the network edge, checks the busy
 * page, and closes the context, so the held request never changes the account. Each path
 * ends with a check of what the page shows: the heading, the alerts the model expects, the
 * busy button, the URL. Accounts at each step are made in PostgreSQL and signed in once, then
 * shared by every path that starts at that step (one browser context per path).
 */
import pg from 'pg';
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialTransition, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { authMachine } from '../../machines/kit/authMachine';
import { authSnapshotToView, authViewStates } from '../../machines/kit/authView';
import { SubmitError, formMachine } from '../../machines/kit/formMachine';
import { formSnapshotToView, formViewStates } from '../../machines/kit/formView';
import { ResendCooldownError } from '../../machines/signup/signupMachine';
import { signupViewStates } from '../../machines/signup/signupView';
import { hashPassword } from '../../src/server/lib/passwords';
import { newsletterForm } from '../../src/shared/forms';
import { messages } from '../../src/shared/messages';
import { SIGNUP_STEP_TITLES } from '../../src/shared/signup';
import { NOW, authActorResultCanHappen, authEvents, serializeAuthState, tokens, type AuthModelEvent } from '../machines/authModel';
import { VALID_EMAIL, actorResultCanHappen, formEvents, serializeFormState, type ModelEvent as FormModelEvent } from '../machines/formModel';
import {
  ACTOR_IDS,
  RIDER,
  canHappen,
  eventsIn,
  modelOf,
  modelParts,
  serializeSignup,
  startOf,
  verifyOf,
  viewOf as signupSnapshotToView,
  formOf,
  type ModelEvent as SignupModelEvent,
  type Snapshot as SignupSnapshot,
} from '../machines/signupModel';
import { baseURL, databaseUrl, uniqueEmail, useBrowser, waitForScreenHydrated } from './browser';
import { chooseOption } from './combobox';

const browser = useBrowser();
const PASSWORD = 'ogba-rides-at-dawn-42';

// ---------------------------------------------------------------------------------------------
// Shortest paths per view state
// ---------------------------------------------------------------------------------------------

interface Step<E> {
  event: E;
  state: unknown;
}
interface Plan<E> {
  /** The view state and the messages the page shows in it: what a path must reach. */
  key: string;
  viewState: string;
  /** Events before the model's (the part's prefix), done by the setup. */
  prefix: E[];
  steps: Array<Step<E>>;
  start: unknown;
  variant: string;
}

/** Breadth first over the model's adjacency map: the shortest path to every model state. */
function shortestPaths<E>(model: TestModel<never, never, never>, serialize: (s: never) => string, start: unknown): Map<string, Array<Step<E>>> {
  const adjacency = model.getAdjacencyMap() as unknown as Record<string, { transitions: Record<string, { event: E; state: unknown }> }>;
  const first = serialize(start as never);
  const out = new Map<string, Array<Step<E>>>([[first, []]]);
  const queue = [first];
  while (queue.length > 0) {
    const key = queue.shift()!;
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = serialize(state as never);
      if (out.has(next)) continue;
      out.set(next, [...out.get(key)!, { event, state }]);
      queue.push(next);
    }
  }
  return out;
}

interface MachineTally {
  machine: string;
  modelStates: number;
  viewStates: readonly string[];
  plans: Array<Plan<unknown>>;
  notRun: Map<string, string>;
  passed: Set<string>;
  /** What of the model the browser paths leave out, and why (printed under the table). */
  leftOut: string[];
}

/**
 * A refusal our own server gives (a SubmitError: a taken address, too many tries, a wrong code,
 * a town not in the state). Answering it at the network edge would stand in for our own code, so
 * a path that needs one is not run here: the views layer (jsdom) and the API layer cover those.
 */
const refusedByOurServer = (e: unknown) =>
  typeof e === 'object' && e !== null && 'type' in e && String((e as { type: string }).type).startsWith('xstate.error.') && (e as { error?: unknown }).error instanceof SubmitError;

function pickShortest<E>(tally: MachineTally, candidates: Array<Plan<E>>): void {
  for (const plan of candidates) {
    if ([...plan.prefix, ...plan.steps.map((s) => s.event)].some(refusedByOurServer)) continue;
    const existing = tally.plans.find((p) => p.key === plan.key);
    const len = (p: Plan<unknown>) => p.prefix.length + p.steps.length;
    if (!existing) tally.plans.push(plan as Plan<unknown>);
    else if (len(plan as Plan<unknown>) < len(existing)) tally.plans.splice(tally.plans.indexOf(existing), 1, plan as Plan<unknown>);
  }
}

const describeEvent = (e: { type: string; field?: string; value?: unknown; output?: unknown; error?: unknown }) => {
  const t = e.type.replace('xstate.', '');
  if ('field' in e && e.field !== undefined) return `${t}(${e.field}=${JSON.stringify(e.value)})`;
  if (t.startsWith('error.')) return `${t}(${e.error instanceof SubmitError ? e.error.fieldError.message : 'network down'})`;
  return t;
};
/** A page state: the view state and the messages shown in it (one key per distinct set). */
const pageKey = (viewState: string, shown: Array<string | null | undefined>) => {
  const texts = [...new Set(shown.filter((m): m is string => !!m))].sort();
  return texts.length ? `${viewState} [${texts.join(' | ')}]` : viewState;
};
const pathName = (plan: Plan<unknown>) =>
  `${plan.key} ← ${[...plan.prefix, ...plan.steps.map((s) => s.event)].map((e) => describeEvent(e as never)).join(' → ') || '(start)'}`;

// --- the public form (the newsletter on the home page) -----------------------------------------

/** Events a browser cannot make on the newsletter form: the widget's own error, another form changing the pass, focus alone (typing engages). */
const formBrowserEvent = (e: FormModelEvent) => e.type !== 'CAPTCHA_ERROR' && e.type !== 'CAPTCHA_PASS' && e.type !== 'ENGAGE';

const formKey = (s: SnapshotFrom<typeof formMachine>) =>
  pageKey(formSnapshotToView(s).state, [...s.context.errors.map((e) => e.message), s.context.notice]);

const formTally: MachineTally = {
  machine: 'formMachine (newsletter)',
  modelStates: 0,
  viewStates: formViewStates,
  plans: [],
  notRun: new Map(),
  passed: new Set(),
  leftOut: [
    "variant 'captcha already passed': the same five view states; needs the session's pass from another form first",
    "variant 'captcha asked first' (the waitlist) and the Quick Enquiry, quote and waitlist pages: not run (time; the same machine and view states)",
    'events CAPTCHA_ERROR (the stand-in widget has no error), CAPTCHA_PASS (another form), ENGAGE alone (typing engages)',
  ],
};
{
  const input = { form: newsletterForm, captchaPassed: false };
  const all = new TestModel(formMachine, {
    input,
    events: ((s: SnapshotFrom<typeof formMachine>) => formEvents.filter((e) => actorResultCanHappen(s, e))) as never,
    serializeState: serializeFormState as never,
  });
  formTally.modelStates = shortestPaths(all as never, serializeFormState as never, initialTransition(formMachine, input)[0]).size;
  const model = new TestModel(formMachine, {
    input,
    events: ((s: SnapshotFrom<typeof formMachine>) => formEvents.filter((e) => actorResultCanHappen(s, e) && formBrowserEvent(e))) as never,
    serializeState: serializeFormState as never,
  });
  const start = initialTransition(formMachine, input)[0];
  const paths = shortestPaths<FormModelEvent>(model as never, serializeFormState as never, start);
  pickShortest(
    formTally,
    [...paths.values()].map((steps) => ({
      key: formKey((steps.at(-1)?.state ?? start) as SnapshotFrom<typeof formMachine>),
      viewState: formSnapshotToView((steps.at(-1)?.state ?? start) as never).state,
      prefix: [],
      steps,
      start,
      variant: 'fresh session',
    })),
  );
}

// --- sign-in: the auth machine through the login page --------------------------------------------

/** The browser signs in with the server's real token; a Google return and the clock's checks are other tests' work. */
const authBrowserEvent = (e: AuthModelEvent) =>
  (e.type === 'LOGIN' && e.token === tokens.valid) ||
  ['LOGOUT', 'xstate.done.actor.loadUser', 'xstate.error.actor.loadUser', 'xstate.done.actor.endSession', 'xstate.error.actor.endSession'].includes(
    e.type,
  );

const authTally: MachineTally = {
  machine: 'authMachine (login)',
  modelStates: 0,
  viewStates: authViewStates,
  plans: [],
  notRun: new Map(),
  passed: new Set(),
  leftOut: [
    'variants with a stored token (valid, expired, unreadable): not run (the same four view states)',
    'events GOOGLE_RETURN and the exchange (auth.e2e runs Google), CHECK and UNAUTHORIZED (the clock, a revoked session), USER_CHANGED, a LOGIN with an expired token (the server never gives one)',
  ],
};
{
  const input = { token: null, now: NOW };
  const start = initialTransition(authMachine, input)[0];
  const all = new TestModel(authMachine, {
    input,
    events: ((s: SnapshotFrom<typeof authMachine>) => authEvents.filter((e) => authActorResultCanHappen(s, e))) as never,
    serializeState: serializeAuthState as never,
  });
  authTally.modelStates = shortestPaths(all as never, serializeAuthState as never, start).size;
  const model = new TestModel(authMachine, {
    input,
    events: ((s: SnapshotFrom<typeof authMachine>) => authEvents.filter((e) => authActorResultCanHappen(s, e) && authBrowserEvent(e))) as never,
    serializeState: serializeAuthState as never,
  });
  const paths = shortestPaths<AuthModelEvent>(model as never, serializeAuthState as never, start);
  pickShortest(
    authTally,
    [...paths.values()].map((steps) => ({
      key: authSnapshotToView((steps.at(-1)?.state ?? start) as never).state,
      viewState: authSnapshotToView((steps.at(-1)?.state ?? start) as never).state,
      prefix: [],
      steps,
      start,
      variant: 'no stored token',
    })),
  );
}

// --- the sign-up wizard ------------------------------------------------------------------------

/** The messages the wizard's running step holds (step 1 holds every field's at once, and its notice). */
function signupMessages(s: SignupSnapshot): Array<string | null | undefined> {
  const form = formOf(s);
  if (form) return [...form.context.errors.map((e) => e.message), form.context.notice];
  return [(s.step?.context as { error?: { message: string } | null } | undefined)?.error?.message];
}
const isResult = (e: { type: string }) => e.type.startsWith('xstate.');
const actorOf = (e: { type: string }) => e.type.replace(/^xstate\.(done|error)\.actor\./, '');
const failing = (e: { type: string }) => e.type.startsWith('xstate.error.');

/**
 * The events a browser makes on the real wizard. Left out: what only time makes (TICK, a
 * cooldown's end), another tab signing out, the session's pass changed by another form, the
 * widget's own error, pointer drags of the preview, a server answer that would move the
 * shared account on (its state is reached by resuming there instead), and resends (a minute's
 * cooldown per code).
 */
function signupBrowserEvent(e: SignupModelEvent): boolean {
  if (isResult(e)) {
    const id = actorOf(e);
    if (id === 'loadProgress') {
      const out = (e as { output?: { user_type?: number } }).output;
      return failing(e) || out?.user_type === 1;
    }
    if (id === 'loadFallbackLocations') return !failing(e);
    if (['verifyCaptcha', 'submitForm', 'loadLocations'].includes(id)) return true;
    if (id === 'sendCode') return false;
    // The address change's refusals and faults never reach the server; a cooldown's needs its clock.
    if (id === 'changeEmail') return failing(e) && !((e as { error?: unknown }).error instanceof ResendCooldownError);
    // Answers that save a step would move the shared account: only failures here.
    return failing(e);
  }
  if (e.type === 'CHOOSE_FILE') return e.mime !== 'image/png';
  return ![
    'TICK',
    'SIGNED_OUT',
    'CAPTCHA_PASS',
    'CAPTCHA_ERROR',
    'ENGAGE',
    'RECENTRE',
    'UPLOAD_PROGRESS',
    'RESEND',
    'RETRY',
  ].includes(e.type);
}

const signupKey = (s: SignupSnapshot) =>
  pageKey(signupSnapshotToView(s).state, signupMessages(s));

const signupTally: MachineTally = {
  machine: 'signupMachine (wizard)',
  modelStates: 0,
  viewStates: signupViewStates,
  plans: [],
  notRun: new Map(),
  passed: new Set(),
  leftOut: [
    "parts 'captcha passed earlier in the session' and 'reloaded 20 s into a countdown': not run (another form's pass, the clock); the fresh parts reach the same view states",
    'events TICK and RESEND with their answers (a 60 s cooldown per code), SIGNED_OUT (another tab), CAPTCHA_PASS, CAPTCHA_ERROR, RECENTRE (drags), UPLOAD_PROGRESS (the upload makes it), RETRY, a 9 MB photo',
    'answers that save a step (verify, location, picture, agreement, a changed address): not run on the shared accounts; those steps are reached by resuming there',
  ],
};
{
  let total = 0;
  for (const part of modelParts) {
    // A session whose captcha another form passed, and a reload 20 s into a countdown: set up
    // by time and by another form, not by this page; the fresh parts reach the same view states.
    const runnable = !part.input.captchaPassed && part.input.resendDeadline === null;
    const start = startOf(part);
    const all = modelOf(part);
    total += shortestPaths(all as never, serializeSignup as never, start).size;
    if (!runnable) continue;
    const model = modelOf(part, (s) => eventsIn(part.part, s).filter(signupBrowserEvent));
    const paths = shortestPaths<SignupModelEvent>(model as never, serializeSignup as never, start);
    pickShortest(
      signupTally,
      [...paths.values()].map((steps) => ({
        key: signupKey((steps.at(-1)?.state ?? start) as SignupSnapshot),
        viewState: signupSnapshotToView((steps.at(-1)?.state ?? start) as SignupSnapshot).state,
        prefix: part.prefix,
        steps,
        start,
        variant: part.name,
      })),
    );
  }
  signupTally.modelStates = total;
}

// ---------------------------------------------------------------------------------------------
// The network edge
// ---------------------------------------------------------------------------------------------

type Edge =
  | { kind: 'pass' }
  | { kind: 'hold' }
  | { kind: 'abort' };

/**
 * Per API path, what its next requests meet, in order: passed on to the real server, held
 * (until the context closes) or cut off. A sticky edge meets every
 * request once the queue is empty; without one, requests go to the real server.
 */
class NetworkEdge {
  private queues = new Map<string, Edge[]>();
  private sticky = new Map<string, Edge>();
  readonly held: string[] = [];
  constructor(private page: Page) {}

  async plan(path: string, edge: Edge, sticky = false): Promise<void> {
    if (!this.queues.has(path)) {
      this.queues.set(path, []);
      await this.page.route(`**${path}`, (route) => this.meet(path, route));
    }
    if (sticky) this.sticky.set(path, edge);
    else this.queues.get(path)!.push(edge);
  }

  private async meet(path: string, route: Route): Promise<void> {
    if (route.request().method() === 'OPTIONS') return route.continue();
    const edge = this.queues.get(path)!.shift() ?? this.sticky.get(path) ?? { kind: 'pass' };
    if (edge.kind === 'pass') return route.continue().catch(() => {});
    if (edge.kind === 'abort') return route.abort('internetdisconnected').catch(() => {});
    this.held.push(path);
    // Held until the test ends, when the page is left (tests/e2e/browser.ts): it never reaches the server.
    await new Promise(() => {});
  }
}

/** A model failure as the network edge makes it: the network is down (refusals of our own server are not run, see refusedByOurServer). */
const failureEdge = (): Edge => ({ kind: 'abort' });

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl! });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

interface Account {
  email: string;
  username: string;
  token: string;
}

/** A rider at a step of the wizard, made in the database and signed in once through the login page. */
async function riderAt(label: string, currentTab: number, profileCompleted = 0): Promise<Account> {
  const email = uniqueEmail(label).toLowerCase();
  const username = `mp_${Math.random().toString(36).slice(2, 12)}`;
  await query(
    `insert into users (username, email, password_hash, user_type, profile_completed, current_tab, email_verified_at)
     values ($1, $2, $3, 1, $4, $5, ${currentTab >= 3 ? 'now()' : 'null'})`,
    [username, email, await hashPassword(PASSWORD), profileCompleted, currentTab],
  );
  const page = await browser.open('phone');
  await page.goto('/login');
  // The login page is prerendered: a click before the app owns the form is lost.
  await waitForScreenHydrated(page);
  await logIn(page, email);
  await page.waitForFunction(() => /^eyJ/.test(window.localStorage.getItem('authToken') ?? ''));
  const token = (await page.evaluate(() => window.localStorage.getItem('authToken')))!;
  await page.context().close();
  return { email, username, token };
}

function loginForm(page: Page) {
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Login', level: 1 }) });
  return {
    form,
    type: form.getByLabel('Login type'),
    email: form.getByLabel('Email'),
    password: form.getByLabel('Password', { exact: true }),
    human: form.getByRole('button', { name: 'I am human' }),
    submit: form.getByRole('button', { name: /^(Login|Submitting\.\.\.)$/ }),
  };
}

async function logIn(page: Page, email: string): Promise<void> {
  const ui = loginForm(page);
  await ui.type.selectOption('1');
  await ui.email.fill(email);
  await ui.password.fill(PASSWORD);
  await ui.human.click();
  await ui.submit.click();
}

/** A fresh context at 375 px, signed in as the account when one is given. */
async function openAs(account: Account | null): Promise<Page> {
  const page = await browser.open('phone');
  if (account) await page.addInitScript((token) => window.localStorage.setItem('authToken', token), account.token);
  return page;
}

// ---------------------------------------------------------------------------------------------
// Page checks
// ---------------------------------------------------------------------------------------------

const alertTexts = (page: Page) => page.locator('main [role=alert]').allInnerTexts();

async function expectAlerts(page: Page, expected: string[]): Promise<void> {
  if (expected.length === 0) {
    await expect.poll(() => alertTexts(page).then((t) => t.filter((x) => x.trim() !== ''))).toEqual([]);
    return;
  }
  await expect.poll(async () => {
    const shown = await alertTexts(page);
    return expected.filter((m) => !shown.some((s) => s.includes(m)));
  }).toEqual([]);
}

async function expectBusy(page: Page): Promise<void> {
  const busy = page.getByRole('button', { name: messages.submitting });
  await busy.first().waitFor();
  expect(await busy.first().isDisabled()).toBe(true);
}

// ---------------------------------------------------------------------------------------------
// Running a path
// ---------------------------------------------------------------------------------------------

/** The API path each of the wizard's actors asks. */
const SIGNUP_ACTOR_PATHS: Record<string, string> = {
  loadProgress: '/api/users/me',
  verifyCaptcha: '/api/verify-captcha',
  submitForm: '/api/auth/create',
  verifyCode: '/api/users/verify-email',
  sendCode: '/api/users/send-verify-email',
  changeEmail: '/api/users/signup-email',
  loadLocations: '/api/locations',
  saveLocation: '/api/users/signup-update',
  uploadPicture: '/api/users/upload-profile-image',
  skipPicture: '/api/users/signup-update',
  acceptAgreement: '/api/users/signup-update',
};

/**
 * A state that waits on an answer is checked with its request parked at the edge, not only with
 * its screen: the screen can come first (the picture is shrunk before its upload is sent), and a
 * request the page sends while the test's page is being left can reach the real server (a
 * picture upload left unsent when 'uploading' showed saved the shared step-4 rider in CI).
 */
async function expectHeld(edge: NetworkEdge, paths: string[]): Promise<void> {
  await expect.poll(() => paths.filter((p) => !edge.held.includes(p))).toEqual([]);
}

/** Queues every server answer of a path at the edge, in order, and a hold for the actor the last state waits on. */
async function planEdges(edge: NetworkEdge, events: Array<{ type: string; error?: unknown }>, running: string[], paths: Record<string, string>) {
  for (const e of events) {
    if (!isResult(e)) continue;
    const path = paths[actorOf(e)];
    if (!path) continue;
    await edge.plan(path, failing(e) ? failureEdge() : { kind: 'pass' });
  }
  for (const id of running) if (paths[id]) await edge.plan(paths[id]!, { kind: 'hold' });
}

let photo: Buffer;
const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');

interface SignupAccounts {
  byTab: Map<string, Account>;
}

async function runSignup(plan: Plan<SignupModelEvent>, accounts: SignupAccounts): Promise<void> {
  const events = [...plan.prefix, ...plan.steps.map((s) => s.event)];
  const final = (plan.steps.at(-1)?.state ?? plan.start) as SignupSnapshot;
  const part = modelParts.find((p) => p.name === plan.variant)!;
  // Which account: the resume part's first answer says the step; the other parts start at theirs.
  const first = events[0] as { type: string; output?: { current_tab: number; profile_completed: number } } | undefined;
  let account: Account | null = null;
  if (part.input.signedIn) {
    const progress = first?.type === 'xstate.done.actor.loadProgress' ? first.output! : null;
    const key = progress ? `${progress.current_tab}/${progress.profile_completed}` : '2/0';
    account = accounts.byTab.get(key) ?? null;
    if (!account) throw new Error(`no account at ${key}`);
  }
  const page = await openAs(account);
  const edge = new NetworkEdge(page);
  const running = Object.values(ACTOR_IDS).flat().filter((id) => canHappen(final, { type: `xstate.done.actor.${id}`, output: null }));
  // The auth machine reads /api/users/me as well: a wizard that fails or waits to load its progress fails or waits there every time.
  const progressFault = events.find((e) => e.type === 'xstate.error.actor.loadProgress');
  if (progressFault) await edge.plan('/api/users/me', { kind: 'abort' }, true);
  else if (running.includes('loadProgress')) await edge.plan('/api/users/me', { kind: 'hold' }, true);
  await planEdges(
    edge,
    events.filter((e) => actorOf(e) !== 'loadProgress'),
    running.filter((id) => id !== 'loadProgress'),
    SIGNUP_ACTOR_PATHS,
  );
  const requested = part.input.requestedStep;
  await page.goto(requested > 1 && !part.input.signedIn ? `/rider-signup?step=${requested}` : '/rider-signup');
  // /rider-signup is prerendered: the paths are about the live wizard (what is typed or tapped
  // before hydration is tests/e2e/prerenderedForms.e2e.test.ts's), as for the newsletter below.
  await waitForScreenHydrated(page);

  const username = `mp_${Math.random().toString(36).slice(2, 10)}`;
  const email = uniqueEmail('wizard').toLowerCase();
  const cont = page.getByRole('button', { name: 'Continue', exact: true });
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (isResult(e)) continue;
    switch (e.type) {
      case 'CHANGE': {
        const value = e.field === 'username' ? (e.value ? username : '') : e.field === 'email' ? (e.value ? email : '') : e.value;
        const label = e.field === 'username' ? 'Username' : e.field === 'email' ? 'Email' : 'Password';
        await page.getByLabel(label, { exact: true }).fill(value);
        break;
      }
      case 'CAPTCHA_SOLVED': {
        const verdict = events.slice(i + 1).find((x) => x.type === 'xstate.done.actor.verifyCaptcha') as { output?: { success: boolean } } | undefined;
        await page.getByLabel('Username', { exact: true }).focus();
        await page.getByRole('button', { name: verdict?.output?.success === false ? 'Fail verification' : 'I am human' }).click();
        break;
      }
      case 'CAPTCHA_EXPIRED':
        await page.getByRole('button', { name: 'Expire' }).click();
        break;
      case 'SUBMIT':
        if (verifyOf(final)?.matches('changingEmail') || events.slice(0, i).some((x) => x.type === 'CHANGE_EMAIL')) {
          await page.getByRole('button', { name: messages.changeEmailSubmit }).click();
        } else await cont.click();
        break;
      case 'CODE_INPUT':
        await page.getByLabel(`Digit ${e.index + 1} of 4`).fill(e.value);
        break;
      case 'CODE_BACKSPACE':
        await page.getByLabel(`Digit ${e.index + 1} of 4`).press('Backspace');
        break;
      case 'CODE_PASTE':
        await page.getByLabel('Digit 1 of 4').focus();
        await page.evaluate((text) => {
          const data = new DataTransfer();
          data.setData('text/plain', text);
          document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        }, e.text);
        break;
      case 'CHANGE_EMAIL':
        await page.getByRole('button', { name: 'Wrong e-mail? Change it' }).click();
        break;
      case 'EDIT_EMAIL':
        await page.getByLabel('Email', { exact: true }).fill(e.value === RIDER.email ? email : e.value === '' ? '' : e.value.includes('.com') ? email : e.value);
        break;
      case 'CANCEL_CHANGE_EMAIL':
        await page.getByRole('button', { name: 'Cancel' }).click();
        break;
      case 'SELECT_STATE':
        if (e.state === '') await page.getByRole('combobox', { name: 'State', exact: true }).fill('');
        else await chooseOption(page.getByRole('combobox', { name: 'State', exact: true }), e.state);
        break;
      case 'SELECT_TOWN':
        await chooseOption(page.getByRole('combobox', { name: 'Town or area', exact: true }), e.town);
        break;
      case 'CHOOSE_FILE':
        await page
          .getByLabel('Profile picture', { exact: true })
          .setInputFiles(e.mime === 'image/gif' ? { name: 'funny.gif', mimeType: 'image/gif', buffer: GIF_BYTES } : { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: photo });
        break;
      case 'SKIP':
        await page.getByRole('button', { name: 'Skip' }).click();
        break;
      case 'CANCEL_UPLOAD':
        await page.getByRole('button', { name: 'Cancel' }).click();
        break;
      case 'TOGGLE_AGREE':
        await page.getByLabel('I AGREE').setChecked(e.agreed);
        break;
      default:
        throw new Error(`no browser action for ${e.type}`);
    }
  }
  const waitingOn = [...new Set(running.flatMap((id) => SIGNUP_ACTOR_PATHS[id] ?? []))];
  await checkSignupPage(page, final, edge, waitingOn);
}

/** `waitingOn`: the API paths of the actors the state waits on, held at the edge. */
async function checkSignupPage(page: Page, s: SignupSnapshot, edge: NetworkEdge, waitingOn: string[]): Promise<void> {
  const view = signupSnapshotToView(s);
  const state = view.state;
  if (state === 'leaving') return void (await page.waitForURL(`${baseURL}/login`));
  if (state === 'finished') return void (await page.waitForURL(`${baseURL}/rider-dashboard`));
  if (state === 'loading') {
    await page.getByRole('status').filter({ hasText: 'Loading your sign-up…' }).waitFor({ state: 'attached' });
    await expectHeld(edge, waitingOn);
    return;
  }
  if (state === 'loadFailed') {
    await page.getByRole('alert').filter({ hasText: messages.signupProgressFailed }).waitFor();
    await page.getByRole('button', { name: messages.tryAgain }).waitFor();
    return;
  }
  await page.getByRole('heading', { level: 1, name: SIGNUP_STEP_TITLES[view.step - 1] }).waitFor();
  // The address names the step (a reload lands there), and the progress bar shows it.
  await page.waitForURL(view.step === 1 ? `${baseURL}/rider-signup` : `${baseURL}/rider-signup?step=${view.step}`);
  expect(
    await page.locator('.signup-progress li').evaluateAll((items) => items.map((li) => li.className.replace('segment segment-', ''))),
  ).toEqual(view.segments);
  if (state === 'location.loading') {
    await page.getByText('Loading the list of states…').waitFor({ state: 'attached' });
    await expectHeld(edge, waitingOn);
    return;
  }
  if (state === 'picture.uploading') {
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await expectHeld(edge, waitingOn);
    return;
  }
  if (view.busy) {
    await expectBusy(page);
    await expectHeld(edge, waitingOn);
    return;
  }
  // Every message the machine holds is on the page (step 1 shows them all at once).
  const expected = signupMessages(s).filter((m): m is string => !!m);
  await expectAlerts(page, [...new Set(expected)]);
  if (state === 'verify.emailEditing' || state === 'verify.emailError') {
    expect(await page.getByRole('button', { name: messages.changeEmailSubmit }).isEnabled()).toBe(true);
  } else expect(await page.getByRole('button', { name: 'Continue', exact: true }).isEnabled()).toBe(true);
  if (state === 'picture.previewing') {
    await expect.poll(() => page.getByAltText('Preview of your profile picture').getAttribute('src')).toMatch(/^blob:/);
  }
  if (state === 'location.editing') await page.getByRole('combobox', { name: 'State', exact: true }).waitFor();
}

const FORM_ACTOR_PATHS: Record<string, string> = { verifyCaptcha: '/api/verify-captcha', submitForm: '/api/newsletter' };

async function runForm(plan: Plan<FormModelEvent>): Promise<void> {
  const final = (plan.steps.at(-1)?.state ?? plan.start) as SnapshotFrom<typeof formMachine>;
  const events = plan.steps.map((s) => s.event);
  const page = await openAs(null);
  const edge = new NetworkEdge(page);
  const running = ['verifyCaptcha', 'submitForm'].filter((id) =>
    actorResultCanHappen(final, { type: `xstate.done.actor.${id}` } as FormModelEvent),
  );
  await planEdges(edge, events, running, FORM_ACTOR_PATHS);
  await page.goto('/');
  // The home page is prerendered and comes alive after its first paint: the paths are
  // about the live form (the captcha widget is only there then).
  await waitForScreenHydrated(page);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Subscribe to our newsletter' }) });
  const field = form.getByLabel('Email');
  await field.waitFor();
  const email = uniqueEmail('paths');
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (isResult(e)) continue;
    switch (e.type) {
      case 'CHANGE':
        await field.fill(e.value === VALID_EMAIL ? email : e.value);
        break;
      case 'CAPTCHA_SOLVED': {
        const verdict = events.slice(i + 1).find((x) => x.type === 'xstate.done.actor.verifyCaptcha') as { output?: { success: boolean } } | undefined;
        await field.focus();
        await form.getByRole('button', { name: verdict?.output?.success === false ? 'Fail verification' : 'I am human' }).click();
        break;
      }
      case 'CAPTCHA_EXPIRED':
        await form.getByRole('button', { name: 'Expire' }).click();
        break;
      case 'SUBMIT':
        await form.getByRole('button', { name: 'Subscribe' }).click();
        break;
      case 'SEND_ANOTHER':
        await page.getByRole('button', { name: 'Subscribe another address' }).click();
        break;
      default:
        throw new Error(`no browser action for ${e.type}`);
    }
  }
  const view = formSnapshotToView(final);
  if (view.state === 'succeeded') {
    await page.getByRole('region', { name: "You're subscribed" }).waitFor();
    expect(await form.count()).toBe(0);
    return;
  }
  const button = form.getByRole('button', { name: /^(Subscribe|Submitting\.\.\.)$/ });
  if (view.busy) {
    await expect.poll(() => button.innerText()).toBe(messages.submitting);
    expect(await button.isDisabled()).toBe(true);
    await expectHeld(edge, running.map((id) => FORM_ACTOR_PATHS[id]!));
    return;
  }
  // The field's and the captcha's messages under the form; a failure that belongs to no field in a toast.
  const expected = [...final.context.errors.map((x) => x.message), ...(final.context.notice ? [final.context.notice] : [])];
  await expect
    .poll(async () => {
      const shown = [...(await form.getByRole('alert').allInnerTexts()), ...(await page.locator('[data-sonner-toast]').allInnerTexts())];
      return expected.length === 0 ? shown.filter((t) => t.trim()) : expected.filter((m) => !shown.some((t) => t.includes(m)));
    })
    .toEqual([]);
  await expect.poll(() => button.innerText()).toBe('Subscribe');
  expect(await button.isEnabled()).toBe(true);
}

async function runAuth(plan: Plan<AuthModelEvent>, account: Account & { password?: string }): Promise<void> {
  const final = (plan.steps.at(-1)?.state ?? plan.start) as SnapshotFrom<typeof authMachine>;
  const events = plan.steps.map((s) => s.event);
  const page = await openAs(null);
  const edge = new NetworkEdge(page);
  const running = ['loadUser', 'endSession'].filter((id) => authActorResultCanHappen(final, { type: `xstate.done.actor.${id}` } as AuthModelEvent));
  await planEdges(edge, events, running, { loadUser: '/api/users/me', endSession: '/api/auth/logout' });
  await page.goto('/login');
  // Prerendered too: the session's paths start on the live page.
  await waitForScreenHydrated(page);
  for (const e of events) {
    if (isResult(e)) continue;
    if (e.type === 'LOGIN') {
      await logIn(page, account.email);
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem('authToken'))).toMatch(/^eyJ/);
    } else if (e.type === 'LOGOUT') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
    } else throw new Error(`no browser action for ${e.type}`);
  }
  const view = authSnapshotToView(final);
  const token = () => page.evaluate(() => window.localStorage.getItem('authToken'));
  switch (view.state) {
    case 'signedOut':
      await loginForm(page).submit.waitFor();
      expect(await token()).toBeNull();
      break;
    case 'loadingUser':
      // Signed in with the user still on its way: the token kept, /api/users/me held.
      expect(await token()).toMatch(/^eyJ/);
      await expectHeld(edge, ['/api/users/me']);
      break;
    case 'signedIn':
      await page.waitForURL(`${baseURL}/rider-dashboard`);
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      expect(await token()).toMatch(/^eyJ/);
      break;
    case 'loggingOut':
      // The page already treats the rider as signed out (the login form) while the session's end is on its way.
      await expectHeld(edge, ['/api/auth/logout']);
      await page.waitForURL(`${baseURL}/login`);
      await loginForm(page).submit.waitFor();
      break;
  }
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

const started = Date.now();
const accounts: SignupAccounts = { byTab: new Map() };
let loginAccount: Account;

// The accounts are made in PostgreSQL: a run on PGlite skips this file, loudly.
if (!databaseUrl) console.warn('!!! no PostgreSQL for this run: the machine-path browser tests are SKIPPED !!!');

describe.skipIf(!databaseUrl)('shortest path to every page state, in Chromium at 375 px', () => {
  beforeAll(async () => {
    photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 11, g: 110, b: 79 } } }).jpeg({ quality: 80 }).toBuffer();
    const needed = new Set<string>();
    for (const plan of signupTally.plans as Array<Plan<SignupModelEvent>>) {
      const part = modelParts.find((p) => p.name === plan.variant)!;
      if (!part.input.signedIn) continue;
      const first = [...plan.prefix, ...plan.steps.map((s) => s.event)][0] as { type: string; output?: { current_tab: number; profile_completed: number } } | undefined;
      const p = first?.type === 'xstate.done.actor.loadProgress' ? first.output! : { current_tab: 2, profile_completed: 0 };
      needed.add(`${p.current_tab}/${p.profile_completed}`);
    }
    for (const key of [...needed, '5/1']) {
      if (accounts.byTab.has(key)) continue;
      const [tab, done] = key.split('/').map(Number);
      accounts.byTab.set(key, await riderAt(`tab${tab}`, tab!, done!));
    }
    loginAccount = accounts.byTab.get('5/1')!;
  }, 120_000);

  for (const plan of formTally.plans as Array<Plan<FormModelEvent>>) {
    it(`form: ${pathName(plan)}`, async () => {
      await runForm(plan);
      formTally.passed.add(plan.key);
    });
  }
  for (const plan of authTally.plans as Array<Plan<AuthModelEvent>>) {
    it(`sign-in: ${pathName(plan)}`, async () => {
      await runAuth(plan, loginAccount);
      authTally.passed.add(plan.key);
    });
  }
  for (const plan of signupTally.plans as Array<Plan<SignupModelEvent>>) {
    it(`wizard (${plan.variant}): ${pathName(plan)}`, async () => {
      await runSignup(plan, accounts);
      signupTally.passed.add(plan.key);
    });
  }

  afterAll(() => {
    const rows = [formTally, authTally, signupTally].map((t) => {
      for (const v of t.viewStates) if (!t.plans.some((p) => p.viewState === v)) t.notRun.set(v, 'no path with browser events and real server answers');
      return t;
    });
    const lines = [
      '',
      'machine                   | model states | view states | page states (view + messages) | shortest paths run in Chromium | passed | not run (why)',
      ...rows.map(
        (t) =>
          `${t.machine.padEnd(25)} | ${String(t.modelStates).padStart(12)} | ${String(t.viewStates.length).padStart(11)} | ${String(t.plans.length).padStart(29)} | ${String(t.plans.length).padStart(30)} | ${String(t.passed.size).padStart(6)} | ${
            [...t.notRun].map(([v, why]) => `${v}: ${why}`).join('; ') || '-'
          }`,
      ),
      ...rows.flatMap((t) => [`${t.machine}, left out of the model:`, ...t.leftOut.map((x) => `  - not run: ${x}`)]),
      `(a model state tells apart values, focus and countdowns; a page state is the view state and the messages it shows: the shortest path to each is run)`,
      `run time ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ];
    console.log(lines.join('\n'));
  });
});
