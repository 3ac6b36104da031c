/**
 * Chromium for the browser tests: Debian's (or CHROMIUM_PATH), headless, never one Playwright
 * downloads. `chromium.launch()` starts it with a fresh temporary user-data dir of its own, and
 * each test gets a fresh context (cookies, storage) and page on top of that.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const VIEWPORTS = {
  /** DESIGN.md §9: no horizontal scrolling at 320 px. */
  narrow: { width: 320, height: 640 },
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const baseURL = inject('baseURL');
export const databaseUrl = inject('databaseUrl');
export const captchaScriptUrl = inject('captchaScriptUrl');
export const screenshotsDir = inject('screenshotsDir');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
}

/**
 * One Chromium per test file; `open(viewport)` gives a fresh context and page, closed after
 * the test. Uncaught page errors fail the test that caused them.
 */
export function useBrowser() {
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  const trails = new Map<Page, string[]>();
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await keepFailure(task.name, trails);
    trails.clear();
    const errors = pageErrors.splice(0);
    // Leave each page before closing its context: a request the page starts while the context
    // closes can reach the server unrouted (a picture upload a test meant to hold saved the
    // machine paths' shared step-4 rider in CI; 3-7 of 40-80 such requests got through in a
    // probe, none once the page was left first). Leaving the page stops its scripts and cancels
    // its requests, held ones too. It narrows the window and does not close it (the same rider
    // was saved again in a later CI run): a test that holds a request waits until it is held
    // (expectHeld in machinePaths.e2e.test.ts), so none is left to start during the teardown.
    await Promise.all(contexts.flatMap((c) => c.pages()).map((p) => p.goto('about:blank', { timeout: 5_000 }).catch(() => {})));
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
    // What the pages threw while being left is not the test's (the router's scroll restoration
    // reaching for sessionStorage from about:blank).
    pageErrors.length = 0;
    if (errors.length > 0) throw new Error(`uncaught errors in the page:\n${errors.join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    async open(viewport: ViewportName = 'desktop'): Promise<Page> {
      if (!browser) throw new Error('Chromium is not running');
      const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], locale: 'en-NG' });
      contexts.push(context);
      // Generous for a 2-core host that runs Node 24's layers beside this one (scripts/test.mjs).
      context.setDefaultTimeout(30_000);
      const page = await context.newPage();
      page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
      // What the page did, kept for the record of a failed test (keepFailure).
      const started = Date.now();
      const trail: string[] = [];
      trails.set(page, trail);
      const note = (line: string) => trail.push(`${String(Date.now() - started).padStart(6)} ms  ${line}`);
      page.on('console', (m) => note(`console.${m.type()} ${m.text()}`));
      page.on('framenavigated', (f) => f === page.mainFrame() && note(`navigated to ${f.url()}`));
      page.on('requestfailed', (r) => note(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`));
      page.on('response', (r) => r.url().includes('/api/') && note(`${r.status()} ${r.request().method()} ${r.url()}`));
      return page;
    },
  };
}

/**
 * A failed test's pages as they were: a screenshot and, beside it, the address, the text on the
 * screen and what the page did (console, navigations, API answers, failed requests), under
 * test-results/failures/. A timeout alone says only what was not found; this says what was there.
 */
async function keepFailure(testName: string, trails: Map<Page, string[]>): Promise<void> {
  const dir = path.resolve('test-results/failures');
  mkdirSync(dir, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  let i = 0;
  for (const [page, trail] of trails) {
    if (page.isClosed()) continue;
    const name = `${slug}-${++i}`;
    const [text, main] = await page
      .evaluate(() => [document.body?.innerText ?? '', document.querySelector('main')?.innerText ?? document.body?.innerText ?? ''])
      .catch((e: Error) => [`(could not read: ${e.message})`, '']);
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true }).catch(() => {});
    writeFileSync(path.join(dir, `${name}.txt`), [`test: ${testName}`, `at: ${page.url()}`, '', 'on screen:', text, '', 'what the page did:', ...trail, ''].join('\n'));
    // One line for npm test's summary, the part of a CI log that is kept.
    const seen = `${page.url()} showed: ${(main ?? '').replace(/\s+/g, ' ').trim().slice(0, 240)} | last: ${trail.slice(-3).map((l) => l.trim()).join(' ; ')}`;
    appendFileSync(path.join(dir, 'seen.jsonl'), `${JSON.stringify({ test: testName, seen })}\n`);
    console.error(`[e2e] the failed test's page (${page.url()}) is kept in test-results/failures/${name}.png and .txt`);
  }
}

/**
 * Waits until the screen is live, not only painted: the frame is hydrated (Layout marks
 * html[data-hydrated]) and so is the route's own screen, whose top elements inside <main>
 * (its form, say) are the last to be owned by React: hydration goes part by part and the screen
 * sits in its own Suspense boundary (src/web/boot/hydration.ts waits the same way). A click or
 * typing before then lands on prerendered HTML the app has not taken over yet.
 */
export async function waitForScreenHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated !== undefined &&
      [...(document.getElementById('main')?.children ?? [])].every((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))),
  );
}

/**
 * How long a test that checks a request goes out before the app's scripts holds those scripts:
 * long enough that a loaded 2-core host still sends the early requests first (400 ms was not).
 */
export const EARLY_MARGIN_MS = 2_000;

/**
 * Scripts as slow as on a phone network: each of the app's scripts is held `ms` before it is
 * served, so a test can act on the page (or watch its early requests) before the app runs.
 * `arrived` hears each script as it is let through.
 */
export async function slowScripts(page: Page, ms: number, arrived: () => void = () => {}): Promise<void> {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    arrived();
    await route.continue();
  });
}

/**
 * Holds the app's scripts until `release()` is called: what a visitor does before the page is
 * live happens before it, however slow the machine (a fixed delay was overtaken by three filled
 * fields under load).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * The page's console errors, and its requests whose path `watch` takes as "ask <path>" in
 * `events`, in order, beside what the test adds there itself (a script arriving, say).
 */
export function recordRequests(page: Page, watch: (pathname: string) => boolean): { events: string[]; consoleErrors: string[] } {
  const events: string[] = [];
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (watch(pathname)) events.push(`ask ${pathname}`);
  });
  return { events, consoleErrors };
}

/** Rows of newsletter_subscriptions for an address, or null when the run has no PostgreSQL (PGlite). */
export async function subscriptionRows(email: string): Promise<Array<{ email: string; source_path: string | null }> | null> {
  if (!databaseUrl) {
    console.warn(`!!! no PostgreSQL for this run: the database-row check for ${email} is SKIPPED !!!`);
    return null;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ email: string; source_path: string | null }>(
      'select email, source_path from newsletter_subscriptions where lower(email) = lower($1)',
      [email],
    );
    return result.rows;
  } finally {
    await client.end();
  }
}

/** A fresh address each call, with capitals to show the server stores it lower-case. */
export function uniqueEmail(label: string): string {
  return `E2E.${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@Example.com`;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/** axe-core's WCAG 2.2 A and AA rules on the page as it is now. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  }, WCAG_TAGS);
}

export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `axe violations on ${where}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** Signs a user in through the API (the captcha stand-in passes, then login) and returns the token. */
export async function loginThroughApi(email: string, password: string, userType = '1'): Promise<string> {
  const captcha = await fetch(`${baseURL}/api/verify-captcha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: 'pass-e2e-login' }),
  });
  const cookie = captcha.headers.get('set-cookie')!.split(';')[0]!;
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ email, password, user_type: userType }),
  });
  return ((await login.json()) as { token: string }).token;
}
