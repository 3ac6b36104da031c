/**
 * Every screen at 320 px wide (DESIGN.md §9: no horizontal scrolling at 320 px): the public
 * pages and forms, the sign-up wizard's steps, the rider dashboard, the company dashboard's pages,
 * the operations console's screens, /send-a-parcel and a tracking page, each signed in as its role.
 * On each: the page is no wider than the screen (document.documentElement.scrollWidth ≤ 320) and
 * no element sticks out past its edges (a hidden file input or a long word can widen the page
 * even where nothing looks wrong), except inside a box that scrolls or clips sideways on purpose.
 * Each screen is kept as a screenshot (narrow-*.png) to look at.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { OPS_ENTRY } from '../../scripts/build-server.mjs';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { refreshRiderCard } from '../../src/server/domain/riderCards';
import { hashPassword } from '../../src/server/lib/passwords';
import { currentCode } from '../../src/server/lib/totp';
import { messages } from '../../src/shared/messages';
import { opsPaths } from '../../src/shared/opsPaths';
import { companyPaths, paths, publicPaths } from '../../src/shared/routes';
import { chooseOption } from './combobox';
import { baseURL, databaseUrl, loginThroughApi, screenshotsDir, uniqueEmail, useBrowser } from './browser';
import { bookThroughApi } from './tracking';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = inject('dataDir');
const browser = useBrowser();
const PASSWORD = 'narrow-screens-at-320';
const WIDTH = 320;
const needsDatabase = databaseUrl === null;
if (needsDatabase) console.warn('!!! no PostgreSQL for this run: the signed-in screens at 320 px are SKIPPED !!!');

const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null;
const db = pool ? (drizzle(pool, { schema }) as unknown as Db) : null;
afterAll(async () => {
  await pool?.end();
});
async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool!.query(text, values)).rows as T[];
}

/**
 * What sticks out at 320 px: the page's own width when wider, and each visible element whose box
 * passes the screen's left or right edge, unless a box around it scrolls or clips sideways.
 */
function overflowAt(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) found.push(`the page is ${pageWidth} px wide`);
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x !== 'visible') return true;
      }
      return false;
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      // Past the right edge widens the page; past the left edge cuts content off, unless the
      // element is placed there on purpose (the skip link until focused).
      const cutOff = box.left < -0.5 && style.position !== 'absolute' && style.position !== 'fixed';
      if (box.right <= width + 0.5 && !cutOff) continue;
      if (clipped(el)) continue;
      // Only the outermost: its children stick out with it.
      if (el.parentElement && found.some((f) => f.startsWith(`${name(el.parentElement!)} `))) continue;
      found.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
    return found.slice(0, 8);
  }, WIDTH);
}

/** Looks at the screen as it stands (a toast or dialog sliding in first settles), keeps a screenshot, and checks it. */
async function check(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(screenshotsDir, `narrow-${name}.png`), fullPage: true });
  expect.soft(await overflowAt(page), `${name} at ${WIDTH} px (${page.url()})`).toEqual([]);
}

async function open(page: Page, where: string, ready: () => Promise<unknown>): Promise<void> {
  await page.goto(where);
  await ready();
  await page.waitForLoadState('networkidle').catch(() => {});
}

/** The screen's heading (a list page without a title of its own starts at its section's). */
const h1 = (page: Page) => page.locator('main h1, main h2').first().waitFor();

/** Stores `token` under `key` before the first page of the context loads (once: a sign-out stays signed out). */
async function signedIn(page: Page, token: string, key = 'authToken'): Promise<void> {
  await page.addInitScript(
    ([k, t]) => {
      if (!window.sessionStorage.getItem('seeded')) {
        window.localStorage.setItem(k!, t!);
        window.sessionStorage.setItem('seeded', '1');
      }
    },
    [key, token],
  );
}

/** A rider stopped at sign-up step `tab` (2: the e-mail not verified yet), or done (tab 5, profile complete), listed for companies. */
async function rider(label: string, tab: number, done = false): Promise<{ id: string; username: string; email: string }> {
  const email = uniqueEmail(`narrow-${label}`).toLowerCase();
  const username = `narrow_${label}_${Math.random().toString(36).slice(2, 7)}`;
  const [row] = await sql<{ id: string }>(
    `insert into users (username, email, password_hash, user_type, profile_completed, current_tab, email_verified_at, phone, state, town,
       introduction, bio, first_name, last_name)
     values ($1, $2, $3, 1, $4, $5, ${tab > 2 ? 'now()' : 'null'}, '+2348031234567', 'Lagos', 'Ikeja',
       'Careful okada rider across the mainland and the island', 'Five years of same-day parcel delivery across Lagos, from Ikeja to Lekki Phase 1.',
       'Oluwaseyifunmi', 'Adebayo-Ogunlesi') returning id`,
    [username, email, await hashPassword(PASSWORD), done ? 1 : 0, tab],
  );
  if (done) {
    await sql(`insert into personal_info (user_id, total_years_of_experience, languages_spoken, education) values ($1, '3-5', 'English, Yoruba, Pidgin', 'Secondary')`, [row!.id]);
    await sql(
      `insert into work_histories (user_id, position, company_name, number_of_years, start_date) values ($1, 'Lead dispatch rider', 'Gokada Logistics Limited', '3-5', '2019-03-01')`,
      [row!.id],
    );
    await refreshRiderCard(db!, row!.id);
    // A long delivery record (thousands in every figure), so its line is checked at each width;
    // the stored profile document goes, to be rebuilt with it on the first read.
    await sql(
      `update rider_cards set deliveries_completed = 12480, deliveries_on_time = 11906, delivery_rating_count = 10215, delivery_rating_sum = 48010 where user_id = $1`,
      [row!.id],
    );
    await sql(`delete from profile_documents where user_id = $1`, [row!.id]);
  }
  return { id: row!.id, username, email };
}

/** A company that joined by invitation and verified its e-mail. */
async function company(): Promise<string> {
  const email = uniqueEmail('narrow-company').toLowerCase();
  const [row] = await sql<{ id: string }>(
    `insert into users (username, email, password_hash, user_type, profile_completed, current_tab, email_verified_at, state, town)
     values ($1, $2, $3, 2, 1, 5, now(), 'Lagos', 'Victoria Island') returning id`,
    [`narrow_co_${Math.random().toString(36).slice(2, 7)}`, email, await hashPassword(PASSWORD)],
  );
  await sql(`insert into companies (user_id, company_name, contact_person) values ($1, 'Ikeja Parcels and Logistics Nigeria Limited', 'Adaeze Okonkwo-Williams')`, [
    row!.id,
  ]);
  return loginThroughApi(email, PASSWORD, '2');
}

describe(`every screen at ${WIDTH} px`, () => {
  it('the public pages and forms, /send-a-parcel, a tracking page and the 404 page', async () => {
    const page = await browser.open('narrow');
    for (const where of publicPaths) {
      await open(page, where, () => h1(page));
      await check(page, `public${where === '/' ? '-home' : where.replace(/\//g, '-')}`);
    }
    const forms: Array<[string, string]> = [
      [paths.login, 'login'],
      [paths.riderSignup, 'signup-step-1'],
      [paths.forgotPassword, 'forgot-password'],
      [`${paths.resetPassword}?token=narrow`, 'reset-password'],
      [paths.companySignup, 'company-signup'],
      [paths.sendParcel, 'send-a-parcel'],
      // A real delivery's tracking page (server-rendered, with the cancel form), and an unknown link's (the 404 page).
      [(await bookThroughApi()).path, 'track'],
      ['/track/no-such-delivery-token', 'track-unknown'],
      ['/no-such-page', 'not-found'],
    ];
    for (const [where, name] of forms) {
      await open(page, where, () => h1(page));
      await check(page, name);
    }
    // An invitation that is no longer valid, as its company sees it.
    await open(page, `${paths.companySignup}?invite=no-such-invitation`, () => page.getByText(messages.invitationInvalid).waitFor());
    await check(page, 'company-signup-invalid');
    // The forms' messages under their fields, after a Send with nothing filled in.
    await open(page, paths.login, () => h1(page));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').first().waitFor();
    await check(page, 'login-errors');
    await open(page, paths.forgotPassword, () => h1(page));
    await page.getByLabel('Email').fill('someone.with.a.rather.long.address@example-company-domain.com.ng');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(messages.resetLinkSent).waitFor();
    await check(page, 'forgot-password-sent');
  }, 240_000);

  it.skipIf(needsDatabase)("the sign-up wizard's steps 2 to 5", async () => {
    for (const [tab, title] of [
      [2, 'Verify Your Email'],
      [3, 'Choose Location'],
      [4, 'Add Profile Picture'],
      [5, 'Rider Agreement'],
    ] as const) {
      const r = await rider(`step${tab}`, tab);
      const page = await browser.open('narrow');
      await signedIn(page, await loginThroughApi(r.email, PASSWORD));
      await open(page, `${paths.riderSignup}?step=${tab}`, () => page.getByRole('heading', { name: title }).first().waitFor());
      await check(page, `signup-step-${tab}`);
    }
  });

  it.skipIf(needsDatabase)('the rider dashboard', async () => {
    const r = await rider('dashboard', 5, true);
    const page = await browser.open('narrow');
    await signedIn(page, await loginThroughApi(r.email, PASSWORD));
    await open(page, paths.riderDashboard, () => h1(page));
    await page.getByText('12,480 deliveries · 95% on time · 4.7 from 10,215 ratings').waitFor();
    await check(page, 'rider-dashboard');
  });

  it.skipIf(needsDatabase)("the company dashboard's pages and a rider's page", async () => {
    const listed = await rider('listed', 5, true);
    // A username with no place to break (they are up to 64 characters): its card's link once ran off the screen.
    const unnamed = await rider('withalongusernamethatneverbreaks', 5, true);
    await sql(`update users set first_name = null, last_name = null where id = $1`, [unnamed.id]);
    await refreshRiderCard(db!, unnamed.id);
    const page = await browser.open('narrow');
    await signedIn(page, await company());
    for (const [where, name] of [
      [companyPaths.search, 'company-search'],
      [companyPaths.shortlist, 'company-shortlist'],
      [companyPaths.hires, 'company-hires'],
      [companyPaths.deliveries, 'company-deliveries'],
      [companyPaths.account, 'company-account'],
      [companyPaths.rider(listed.username), 'company-rider'],
    ] as const) {
      await open(page, where, () => h1(page));
      await check(page, name);
    }
    // After "Send request" the toast and the request's card come in: the moment the page once grew
    // to 451 px on a 375 px phone. Then the rider accepts on theirs, with its own toast.
    await page.getByRole('button', { name: messages.hireRequestThisRider }).click();
    await page.getByLabel(messages.hireLabels.role).fill('Dispatch rider for the Ikeja and Lekki routes, weekdays');
    await chooseOption(page.getByRole('combobox', { name: messages.hireLabels.state, exact: true }), 'Lagos');
    await chooseOption(page.getByRole('combobox', { name: messages.hireLabels.town, exact: true }), 'Ikeja');
    await page.getByLabel(messages.hireLabels.start_date).fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    await page.getByLabel(messages.hireLabels.pay_note).fill('₦120,000 a month plus fuel');
    await check(page, 'company-rider-request-form');
    await page.getByRole('button', { name: messages.hireSendRequest }).click();
    await page.getByText(messages.hireRequestSent('Oluwaseyifunmi A.')).first().waitFor();
    await check(page, 'company-rider-request-sent');

    const phone = await browser.open('narrow');
    await signedIn(phone, await loginThroughApi(listed.email, PASSWORD));
    await open(phone, paths.riderDashboard, () => phone.getByRole('button', { name: messages.hireAccept }).waitFor());
    await check(phone, 'rider-dashboard-request');
    await phone.getByRole('button', { name: messages.hireAccept }).click();
    await phone.getByText(messages.hireAccepted('Ikeja Parcels and Logistics Nigeria Limited')).first().waitFor();
    // Answered: "Waiting for you" no longer offers it, and the header's count goes with it.
    await phone.getByText(messages.waitingRequestAction).waitFor({ state: 'detached' });
    await expect.poll(() => phone.getByRole('img', { name: messages.waitingCount(1) }).count()).toBe(0);
    await check(phone, 'rider-dashboard-accepted');
  });

  it.skipIf(needsDatabase)("the operations console's screens", async () => {
    const r = await rider('ops', 5, true);
    const page = await browser.open('narrow');
    await joinTheDesk(page, addStaff(uniqueEmail('narrow-admin').toLowerCase()));
    const screens: Array<[string, string]> = [
      [opsPaths.inbox, 'ops-inbox'],
      [opsPaths.waitlist, 'ops-waitlist'],
      [opsPaths.riders, 'ops-riders'],
      [`${opsPaths.riders}/${r.id}`, 'ops-rider'],
      [opsPaths.newsletter, 'ops-newsletter'],
      [opsPaths.staff, 'ops-staff'],
      [opsPaths.audit, 'ops-audit'],
      [`${opsPaths.home}/reviews`, 'ops-reviews'],
      [opsPaths.rateCard, 'ops-rate-card'],
      [opsPaths.deliveries, 'ops-dispatch-board'],
    ];
    for (const [where, name] of screens) {
      await open(page, where, () => h1(page));
      await check(page, name);
    }
  });
});

/** `npm run ops -- add-staff` as an operator runs it (tests/e2e/ops.e2e.test.ts): the set-password link. */
function addStaff(email: string): string {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, [OPS_ENTRY, 'add-staff', email, '--role', 'admin'], { cwd: ROOT, env, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const link = /(https?:\/\/\S+\/ops\/set-password\?token=[A-Za-z0-9_-]+)/.exec(run.stdout)?.[1];
  if (!link) throw new Error(`no link in the command's output:\n${run.stdout}`);
  return `${email} ${link}`;
}

/** Set password → sign in → enrol the authenticator → recovery codes → the inbox, each screen checked at 320 px. */
async function joinTheDesk(page: Page, staff: string): Promise<void> {
  const [email, link] = staff.split(' ') as [string, string];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByRole('heading', { name: messages.opsSetPasswordHeading }).waitFor();
  await check(page, 'ops-set-password');
  await page.getByLabel(messages.opsPasswordLabel, { exact: true }).fill(PASSWORD);
  await page.getByLabel(messages.opsConfirmPasswordLabel).fill(PASSWORD);
  await page.getByRole('button', { name: messages.opsSetPassword }).click();
  await page.getByText(messages.opsPasswordSet).waitFor();
  await page.goto(opsPaths.login);
  await page.getByLabel(messages.opsEmailLabel).waitFor();
  await check(page, 'ops-login');
  await page.getByLabel(messages.opsEmailLabel).fill(email);
  await page.getByLabel(messages.opsPasswordLabel).fill(PASSWORD);
  await page.getByRole('button', { name: messages.opsSignIn, exact: true }).click();
  await page.getByRole('heading', { name: messages.opsEnrolHeading }).waitFor();
  await page.getByRole('img', { name: messages.opsQrAlt }).waitFor();
  await check(page, 'ops-enrol');
  const secret = (await page.locator('code.ops-key').innerText()).replace(/\s+/g, '');
  await page.getByLabel(messages.opsCodeLabel).fill(currentCode(secret));
  await page.getByRole('button', { name: messages.opsVerify }).click();
  await page.getByRole('heading', { name: messages.opsRecoveryCodesHeading }).waitFor();
  await check(page, 'ops-recovery-codes');
  await page.getByRole('button', { name: messages.opsRecoveryCodesDone }).click();
  await page.getByRole('heading', { name: messages.opsInboxHeading, level: 1 }).waitFor();
}
