/**
 * A rider's phone on a slow network, in Chromium against the built app and the real
 * server: the home page fetches the sign-up code (and Get Started's target) only after its load
 * event (5 s on, while the browser is idle, or at the visitor's first touch), and not at all with
 * Save-Data; a signed-in rider's Get
 * Started becomes the dashboard link after hydration with no hydration error; a route change
 * whose code is slow shows the progress bar; each page has its own title.
 */
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { opsPaths } from '../../src/shared/opsPaths';
import { paths, publicPaths } from '../../src/shared/routes';
import { pageMeta } from '../../src/shared/seo';
import { hashPassword } from '../../src/server/lib/passwords';
import { baseURL, databaseUrl, expectNoViolations, loginThroughApi, screenshotsDir, uniqueEmail, useBrowser } from './browser';

const browser = useBrowser();
const PASSWORD = 'ogba-rides-at-dawn-42';
const SIGNUP_CHUNK = /\/assets\/RiderSignup-[^/]+\.js$/;
const LOGIN_CHUNK = /\/assets\/Login-[^/]+\.js$/;
/** The staff's set-password screen's code: a screen the server sends no HTML for (the console is an empty shell). */
const SET_PASSWORD_CHUNK = /\/assets\/SetPassword-[^/]+\.js$/;

/** Everything that would tell of a failed hydration: console errors, page errors, error reports. */
function watchForErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    // The 404 page's own document answers 404 on purpose; Chromium logs that too.
    const ownStatus = m.text().startsWith('Failed to load resource') && m.location().url === page.url();
    if (m.type() === 'error' && !ownStatus) seen.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/client-errors') seen.push(`reported: ${r.postData() ?? ''}`);
  });
  return seen;
}

/** When (ms since navigation start) the page's load event ended and a resource's request started. */
async function timings(page: Page, chunk: RegExp): Promise<{ loadEnd: number; start: number | null }> {
  return page.evaluate((source) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const re = new RegExp(source);
    const entry = performance.getEntriesByType('resource').find((e) => re.test(new URL(e.name).pathname));
    return { loadEnd: nav.loadEventEnd, start: entry ? entry.startTime : null };
  }, chunk.source);
}

const isChunk = (re: RegExp) => (url: string) => re.test(new URL(url).pathname);

describe('idle prefetch on the home page', () => {
  it('fetches the sign-up and login code after the load event, and hydrates without an error', async () => {
    const page = await browser.open('phone');
    const errors = watchForErrors(page);
    const signup = page.waitForResponse((r) => isChunk(SIGNUP_CHUNK)(r.url()), { timeout: 20_000 });
    const login = page.waitForResponse((r) => isChunk(LOGIN_CHUNK)(r.url()), { timeout: 20_000 });
    await page.goto(paths.home);
    await Promise.all([signup, login]);
    for (const chunk of [SIGNUP_CHUNK, LOGIN_CHUNK]) {
      const { loadEnd, start } = await timings(page, chunk);
      expect(loadEnd, 'the load event ended').toBeGreaterThan(0);
      expect(start, `${chunk.source} was fetched`).not.toBeNull();
      expect(start!, `${chunk.source} was fetched before the load event ended`).toBeGreaterThanOrEqual(loadEnd);
    }
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.title()).toBe(pageMeta(paths.home).title);
    expect(errors).toEqual([]);
  });

  it('fetches nothing ahead when the visitor saves data', async () => {
    const page = await browser.open('phone');
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
    });
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (isChunk(SIGNUP_CHUNK)(r.url()) || isChunk(LOGIN_CHUNK)(r.url())) fetched.push(r.url());
    });
    await page.goto(paths.home, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Past the 5 s the prefetch waits after the load event; well past the idle
    // callback's 10 s ceiling is too long for a test, and an idle phone page answers in milliseconds.
    await page.waitForTimeout(7_000);
    expect(fetched).toEqual([]);
  });
});

describe('hydration', () => {
  it('every prerendered page and the 404 page hydrate with no console error, page error or error report', async () => {
    const page = await browser.open('phone');
    const errors = watchForErrors(page);
    for (const path of [...publicPaths, '/no-such-page']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      expect(errors, path).toEqual([]);
    }
  });
});

describe('forgot password on a phone', () => {
  it('confirms in one block (one box, not a padded span broken across lines) and no toast', async () => {
    const page = await browser.open('phone');
    await page.goto(paths.forgotPassword);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Forgot Password' }) });
    await form.getByLabel('Email').fill(uniqueEmail('forgot-block'));
    await form.getByRole('button', { name: 'Send Reset Link' }).click();
    const status = form.getByRole('status').filter({ hasText: messages.resetLinkSent });
    await status.waitFor();
    // A span left inline breaks into one box per line; the block is one box over several lines.
    const boxes = await status.evaluate((el) => ({ rects: el.getClientRects().length, height: el.getBoundingClientRect().height }));
    expect(boxes.rects).toBe(1);
    expect(boxes.height).toBeGreaterThan(40);
    await page.waitForTimeout(500);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await expectNoViolations(page, 'forgot password confirmed at 375px');
    await page.screenshot({ path: path.join(screenshotsDir, 'forgot-password-sent-375.png') });
  });
});

describe('navigation feedback and titles', () => {
  it('shows the progress bar while a slow screen’s code arrives, then the page with its own title', async () => {
    const page = await browser.open('desktop');
    await page.goto(paths.home, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // The About Us code takes 1.5 s to arrive, as on a slow network.
    await page.route(/\/assets\/AboutUs-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    const bar = page.getByRole('progressbar', { name: messages.navigationLoading });
    await bar.waitFor({ state: 'visible', timeout: 1_400 });
    await expectNoViolations(page, 'home with the navigation progress bar');
    await page.getByRole('heading', { level: 1, name: /about/i }).waitFor();
    await bar.waitFor({ state: 'detached' });
    expect(await page.title()).toBe(pageMeta(paths.aboutUs).title);

    for (const [to, title] of [
      [paths.login, pageMeta(paths.login).title],
      [paths.forgotPassword, pageMeta(paths.forgotPassword).title],
      ['/no-such-page', `${messages.pageNotFound} | Ogba Dispatch`],
    ] as const) {
      await page.goto(to);
      await page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 });
    }
  });
});

// src/web/boot/start.tsx: a screen with no server HTML (the operations console, the signed-in screens) is rendered
// once the router has loaded its code, in one render (a transition) that holds the screen.
describe('a screen with no server HTML', () => {
  it('comes whole in its first render, also when its code is slow: never an empty frame, no error', async () => {
    const page = await browser.open('phone');
    const errors = watchForErrors(page);
    // Records, at the first time the app puts anything in #root, whether the screen's heading was in it.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const root = document.getElementById('root');
        if (!root?.firstChild) return;
        observer.disconnect();
        (window as unknown as { __firstRender: string }).__firstRender = root.querySelector('h1')?.textContent ?? '(no heading)';
      }).observe(document, { childList: true, subtree: true });
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(SET_PASSWORD_CHUNK, async (route) => {
      held = true;
      await released;
      await route.continue();
    });
    await page.goto(`${opsPaths.setPassword}?token=some-set-password-link`);
    // The app's scripts have run and asked for the booking screen's code; 1.5 s more, as on a slow network.
    await expect.poll(() => held, { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await page.evaluate(() => document.getElementById('root')?.childElementCount)).toBe(0);
    release();
    await page.getByRole('heading', { level: 1, name: messages.opsSetPasswordHeading }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { __firstRender?: string }).__firstRender)).toBe(messages.opsSetPasswordHeading);
    await page.getByRole('textbox', { name: messages.opsPasswordLabel, exact: true }).fill('a-new-staff-password-42');
    expect(errors).toEqual([]);
  });
});

describe('Get Started for a signed-in rider', () => {
  it.skipIf(databaseUrl === null)('points to the dashboard after hydration, with no hydration error', async () => {
    const email = uniqueEmail('getstarted').toLowerCase();
    const client = new pg.Client({ connectionString: databaseUrl! });
    await client.connect();
    try {
      await client.query(
        `insert into users (username, email, password_hash, user_type, profile_completed, current_tab, email_verified_at, state, town)
         values ($1, $2, $3, 1, 1, 5, now(), 'Lagos', 'Ikeja')`,
        [`rider_gs_${Math.random().toString(36).slice(2, 8)}`, email, await hashPassword(PASSWORD)],
      );
    } finally {
      await client.end();
    }
    const token = await loginThroughApi(email, PASSWORD);

    // The prerendered page links Get Started to /login for everyone.
    const html = await (await fetch(`${baseURL}/`)).text();
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Get Started<\/a>/);

    const page = await browser.open('phone');
    const errors = watchForErrors(page);
    await page.addInitScript((t) => window.localStorage.setItem('authToken', t), token);
    const dashboardChunk = page.waitForResponse((r) => isChunk(/\/assets\/RiderDashboard-[^/]+\.js$/)(r.url()), { timeout: 20_000 });
    await page.goto(paths.home);
    const getStarted = page.getByRole('link', { name: 'Get Started' });
    await expect.poll(() => getStarted.getAttribute('href'), { timeout: 10_000 }).toBe(paths.riderDashboard);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Get Started's new target is what the idle prefetch fetches.
    await dashboardChunk;
    await getStarted.click();
    await page.waitForURL(`**${paths.riderDashboard}`);
    // A new rider's empty lists show their illustration, sized before it arrives.
    await page.getByText('No work history found').waitFor();
    const art = page.locator('.empty img.illustration').first();
    expect(await art.getAttribute('width')).toBe('160');
    expect(await art.getAttribute('alt')).toBe('');
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoViolations(page, 'the rider dashboard with empty lists at 375px');
    await page.screenshot({ path: path.join(screenshotsDir, 'dashboard-empty-lists-375.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
