/**
 * The sign-in and sign-up forms are prerendered (src/shared/routes.ts prerenderedForms): the form
 * is in the HTML the server sends, readable before any script runs; what a visitor types before
 * the app takes the page over is kept; a page whose first paint depends on the address (the
 * reset link's token, an invitation) gets the HTML of its case; a visitor with a stored
 * session never sees the signed-out form first; and the booking form ("Send a parcel") is the
 * empty first step, replaced by a booking in progress stored in the tab without showing first.
 */
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBookingValues } from '../../machines/deliveries/bookingRules';
import { hashPassword } from '../../src/server/lib/passwords';
import { BOOKING_KEY } from '../../src/shared/constants';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { messages } from '../../src/shared/messages';
import { paths } from '../../src/shared/routes';
import { baseURL, databaseUrl, holdScripts, launchChromium, loginThroughApi, uniqueEmail, useBrowser, VIEWPORTS, waitForScreenHydrated } from './browser';

const browser = useBrowser();
const PASSWORD = 'ogba-rides-at-dawn-42';
const needsDatabase = databaseUrl === null;

/** Each page as served, the texts its first paint shows and those it must not show. */
const FORMS: Array<{ path: string; shows: string[]; never?: string[] }> = [
  { path: paths.login, shows: ['Login type', 'Email', 'Password'] },
  { path: paths.riderSignup, shows: ['Create Account', 'Username', 'Email', 'Password', 'Continue'] },
  { path: paths.forgotPassword, shows: ['Forgot Password', 'Email', 'Send Reset Link'] },
  { path: `${paths.resetPassword}?token=some-reset-token`, shows: ['Reset Password', 'New Password', 'Confirm Password'] },
  { path: paths.companySignup, shows: [messages.companyByInvitationLead], never: [messages.invitationChecking] },
  { path: `${paths.companySignup}?invite=some-invitation`, shows: [messages.invitationChecking], never: [messages.companyByInvitationLead] },  { path: paths.sendParcel, shows: [b.title, b.tripHeading, b.labels.when, b.getPrice] },
];

function watchForErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    // The invitation check answers 404 for a made-up invitation, on purpose.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) seen.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/client-errors') seen.push(`reported: ${r.postData() ?? ''}`);
  });
  return seen;
}

describe('with JavaScript off', () => {
  let noScripts: Browser;
  beforeAll(async () => {
    noScripts = await launchChromium();
  });
  afterAll(async () => {
    await noScripts.close();
  });

  it('each form is in the HTML served, readable before any script runs', async () => {
    const context = await noScripts.newContext({ baseURL, viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const form of FORMS) {
        await page.goto(form.path);
        for (const text of form.shows) expect(await page.getByText(text, { exact: true }).first().isVisible(), `${form.path}: ${text}`).toBe(true);
        for (const text of form.never ?? []) expect(await page.getByText(text).count(), `${form.path}: ${text}`).toBe(0);
      }
      // The token never goes into the HTML (it was prerendered with a stand-in).
      await page.goto(`${paths.resetPassword}?token=some-reset-token`);
      expect(await page.content()).not.toContain('prerender');
      // Without a token the reset page goes to / (the empty shell, no reset form to flash first).
      await page.goto(paths.resetPassword);
      expect(await page.locator('#root').innerHTML()).toBe('');
      // The booking form is not for search engines: it is not in the sitemap.
      expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(paths.sendParcel);
    } finally {
      await context.close();
    }
  });
});

describe('with JavaScript', () => {
  it('each form hydrates with no error, and a reset page without a token goes to /', async () => {
    const page = await browser.open('phone');
    const errors = watchForErrors(page);
    for (const form of FORMS) {
      await page.goto(form.path);
      await waitForScreenHydrated(page);
      expect(errors, form.path).toEqual([]);
    }
    await page.goto(paths.resetPassword);
    await page.waitForURL(`${baseURL}/`);
    expect(errors).toEqual([]);
  });

  it('an invitation link shows the check, never the page for companies without one, then its answer', async () => {
    const page = await browser.open('phone');
    const release = await holdScripts(page);
    await page.goto(`${paths.companySignup}?invite=no-such-invitation`, { waitUntil: 'domcontentloaded' });
    // Anything the page shows from now on is recorded, the first paint included.
    await page.evaluate(() => {
      const seen = ((window as unknown as { __seen: string[] }).__seen = [document.body.innerText]);
      new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    release();
    await page.getByText(messages.invitationInvalid).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.join('\n'));
    expect(seen).toContain(messages.invitationChecking);
    expect(seen).not.toContain(messages.companyByInvitationLead);
  });

  it('keeps the login type, e-mail and password chosen and typed before the login page came alive', async () => {
    const page = await browser.open('phone');
    const release = await holdScripts(page);
    await page.goto(paths.login, { waitUntil: 'domcontentloaded' });
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Login' }) });
    await form.getByLabel('Login type').selectOption('1');
    await form.getByLabel('Email').fill('early.rider@example.com');
    await form.getByLabel('Password', { exact: true }).fill('typed-before-the-app');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    release();
    await waitForScreenHydrated(page);
    await expect.poll(() => form.getByLabel('Email').inputValue()).toBe('early.rider@example.com');
    expect(await form.getByLabel('Password', { exact: true }).inputValue()).toBe('typed-before-the-app');
    expect(await form.getByLabel('Login type').inputValue()).toBe('1');
    // The form's machine heard them: Login asks for the captcha, not for any field.
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toEqual([messages.completeCaptcha]);
  });

  it('keeps what a rider typed into sign-up step 1 before the page came alive', async () => {
    const page = await browser.open('narrow');
    const release = await holdScripts(page);
    await page.goto(paths.riderSignup, { waitUntil: 'domcontentloaded' });
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Create Account' }) });
    await form.getByLabel('Username').fill('early_rider');
    await form.getByLabel('Email').fill('early.signup@example.com');
    await form.getByLabel('Password', { exact: true }).fill('typed-before-the-app');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    release();
    await waitForScreenHydrated(page);
    await expect.poll(() => form.getByLabel('Username').inputValue()).toBe('early_rider');
    expect(await form.getByLabel('Email').inputValue()).toBe('early.signup@example.com');
    expect(await form.getByLabel('Password', { exact: true }).inputValue()).toBe('typed-before-the-app');
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toEqual([messages.completeCaptcha]);
  });
});

describe('the booking form', () => {
  it('keeps the area typed, the destination and the payment chosen before the page came alive', async () => {
    const page = await browser.open('phone');
    const errors = watchForErrors(page);
    const release = await holdScripts(page);
    await page.goto(paths.sendParcel, { waitUntil: 'domcontentloaded' });
    const form = page.locator('form', { has: page.getByRole('heading', { name: b.tripHeading }) });
    await form.getByRole('combobox', { name: b.labels['pickup.area'] }).fill('Ikeja');
    await form.getByLabel(b.labels['dropoff.kind']).selectOption('abroad');
    await form.getByRole('radio', { name: b.payments.cash_on_pickup }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    release();
    await waitForScreenHydrated(page);
    await expect.poll(() => form.getByRole('combobox', { name: b.labels['pickup.area'] }).inputValue()).toBe('Ikeja');
    expect(await form.getByLabel(b.labels['dropoff.kind']).inputValue()).toBe('abroad');
    // The booking machine heard the destination: the fields of a parcel abroad are on the form.
    await form.getByLabel(b.labels['dropoff.city']).waitFor();
    expect(await form.getByRole('radio', { name: b.payments.cash_on_pickup }).isChecked()).toBe(true);
    // And the payment: asked for a price, the form finds the city missing, never the payment.
    await form.getByRole('button', { name: b.getPrice }).click();
    await expect.poll(() => form.getByLabel(b.labels['dropoff.city']).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('radio', { name: b.payments.cash_on_pickup }).getAttribute('aria-invalid')).toBeNull();
    expect(await form.getByRole('radio', { name: b.payments.cash_on_pickup }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a booking stored in the tab resumes where it was, never after the empty form', async () => {
    const page = await browser.open('phone');
    const errors = watchForErrors(page);
    const saved = {
      values: { ...emptyBookingValues(), 'pickup.area': 'Ikeja', 'dropoff.area': 'Lekki', 'parcel.size': 'small', payment: 'cash_on_delivery' },
      quote: null,
      idempotencyKey: '6f1c2a9e-3b7d-4c55-9a0e-2d8f1b4c7e31',
      booked: { id: '1', reference: 'OGB-7K2Q9', status: 'requested', tracking_url: `${baseURL}/track/stored-booking`, price_kobo: 250_000, email: 'stored.booking@example.com' },
    };
    await page.addInitScript(
      ([key, value]) => {
        if (!window.sessionStorage.getItem('seeded')) {
          window.sessionStorage.setItem(key!, value!);
          window.sessionStorage.setItem('seeded', '1');
        }
      },
      [BOOKING_KEY, JSON.stringify(saved)],
    );
    const release = await holdScripts(page);
    await page.goto(paths.sendParcel, { waitUntil: 'domcontentloaded' });
    // The empty form is in the HTML but hidden; anything the page shows from now on is recorded.
    const emptyForm = page.locator('h2', { hasText: b.tripHeading });
    expect(await emptyForm.count()).toBe(1);
    expect(await emptyForm.isVisible()).toBe(false);
    await page.evaluate(() => {
      const seen = ((window as unknown as { __seen: string[] }).__seen = [document.body.innerText]);
      new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    release();
    await page.getByRole('heading', { name: b.bookedHeading }).waitFor();
    expect(await page.getByText('OGB-7K2Q9').first().isVisible()).toBe(true);
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.join('\n'));
    expect(seen).not.toContain(b.tripHeading);
    expect(await emptyForm.count()).toBe(0);
    // Book another: the empty form, alive.
    await page.getByRole('button', { name: b.bookAnother }).click();
    await page.getByRole('heading', { name: b.tripHeading }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('a visitor with a stored session', () => {
  async function rider(label: string, done: boolean): Promise<string> {
    const email = uniqueEmail(label).toLowerCase();
    const client = new pg.Client({ connectionString: databaseUrl! });
    await client.connect();
    try {
      await client.query(
        `insert into users (username, email, password_hash, user_type, profile_completed, current_tab, email_verified_at, state, town)
         values ($1, $2, $3, 1, $4, $5, now(), 'Lagos', 'Ikeja')`,
        [`pre_${label}_${Math.random().toString(36).slice(2, 8)}`, email, await hashPassword(PASSWORD), done ? 1 : 0, done ? 5 : 3],
      );
    } finally {
      await client.end();
    }
    return loginThroughApi(email, PASSWORD);
  }

  /** Opens `path` with the token stored and the scripts held: returns what shows before they run, and a release. */
  async function openHeld(page: Page, token: string, path: string): Promise<() => void> {
    await page.addInitScript((t) => {
      if (!window.sessionStorage.getItem('seeded')) {
        window.localStorage.setItem('authToken', t);
        window.sessionStorage.setItem('seeded', '1');
      }
    }, token);
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    return release;
  }

  it.skipIf(needsDatabase)('never sees the login form: the signed-in rider goes on to the dashboard', async () => {
    const page = await browser.open('phone');
    const errors = watchForErrors(page);
    const release = await openHeld(page, await rider('login', true), paths.login);
    expect(await page.getByRole('heading', { name: 'Login' }).isVisible()).toBe(false);
    release();
    await page.waitForURL(`${baseURL}${paths.riderDashboard}`);
    expect(errors).toEqual([]);
  });

  it.skipIf(needsDatabase)('a rider at step 3 opening /rider-signup sees step 3, never step 1 first', async () => {
    const page = await browser.open('phone');
    const errors = watchForErrors(page);
    const release = await openHeld(page, await rider('resume', false), paths.riderSignup);
    expect(await page.getByRole('heading', { name: 'Create Account' }).isVisible()).toBe(false);
    release();
    await page.getByRole('heading', { name: 'Choose Location' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Create Account' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
