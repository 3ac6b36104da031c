/**
 * The operations console in Chromium against the real server, with only the mail
 * server and hCaptcha stood in at their network edge:
 *  - at 1280 px, the first admin made by `npm run ops -- add-staff` sets a password from the
 *    printed link, signs in, enrols an authenticator (the code computed from the key the page
 *    shows) and keeps the recovery codes; invites a dispatcher from the Staff page; later
 *    suspends a rider (asked for the password again), sees the public page gone, and lifts it;
 *  - at 375 px, the dispatcher opens the e-mailed link, sets a password, enrols, answers a quote
 *    a visitor sent (the answer arrives at the visitor with Reply-To) and approves a rider's ID,
 *    after which the public page shows "ID verified".
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { OPS_ENTRY } from '../../scripts/build-server.mjs';
import { messages } from '../../src/shared/messages';
import { currentCode } from '../../src/server/lib/totp';
import { minimalPdf } from '../support/pdf';
import { baseURL, databaseUrl, expectNoViolations, screenshotsDir, uniqueEmail, useBrowser, type ViewportName } from './browser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mailInboxUrl = inject('mailInboxUrl');
const dataDir = inject('dataDir');
const PASSWORD = 'desk-at-ogba-every-morning';

interface Mail {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

async function mailsTo(email: string): Promise<Mail[]> {
  return (await (await fetch(`${mailInboxUrl}/messages?to=${encodeURIComponent(email.toLowerCase())}`)).json()) as Mail[];
}

async function waitForMail(email: string, match: (m: Mail) => boolean, ms = 30_000): Promise<Mail> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = (await mailsTo(email)).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no matching e-mail to ${email} within ${ms / 1000}s`);
}

/** `npm run ops -- add-staff` as an operator runs it on the server: the same DATA_DIR and database. */
function addStaffFromCommandLine(email: string, role: 'admin' | 'dispatcher'): string {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // scripts/ops.mjs without npm's start-up: the built command, beside the server global-setup built.
  const run = spawnSync(process.execPath, [OPS_ENTRY, 'add-staff', email, '--role', role], { cwd: ROOT, env, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const link = /(https?:\/\/\S+\/ops\/set-password\?token=[A-Za-z0-9_-]+)/.exec(run.stdout)?.[1];
  if (!link) throw new Error(`no link in the command's output:\n${run.stdout}`);
  return link;
}

/**
 * A screenshot to look at, and the checks every console screen must pass where it stands:
 * axe-core's WCAG 2.2 A/AA rules, and no sideways scrolling (tables turn into cards on a phone).
 */
async function shoot(page: Page, name: string, viewport: ViewportName) {
  // A toast or a dialog still sliding in is half transparent: judge the screen once it stands.
  await page.waitForTimeout(450);
  await page.screenshot({ path: path.join(screenshotsDir, `ops-${name}-${viewport}.png`), fullPage: true });
  await expectNoViolations(page, `ops ${name} at ${viewport}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `sideways scroll on ops ${name} at ${viewport}`).toBeLessThanOrEqual(0);
}

/** Set password → sign in → enrol the authenticator → recovery codes → the inbox. */
async function joinTheDesk(page: Page, link: string, email: string, viewport: ViewportName): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByRole('heading', { name: messages.opsSetPasswordHeading }).waitFor();
  await page.getByLabel(messages.opsPasswordLabel, { exact: true }).fill(PASSWORD);
  await page.getByLabel(messages.opsConfirmPasswordLabel).fill(PASSWORD);
  await page.getByRole('button', { name: messages.opsSetPassword }).click();
  await page.getByText(messages.opsPasswordSet).waitFor();
  await page.goto('/ops/login');
  await page.getByLabel(messages.opsEmailLabel).fill(email);
  await page.getByLabel(messages.opsPasswordLabel).fill(PASSWORD);
  await page.getByRole('button', { name: messages.opsSignIn, exact: true }).click();
  await page.getByRole('heading', { name: messages.opsEnrolHeading }).waitFor();
  await page.getByRole('img', { name: messages.opsQrAlt }).waitFor();
  await shoot(page, 'enrol', viewport);
  const secret = (await page.locator('code.ops-key').innerText()).replace(/\s+/g, '');
  await page.getByLabel(messages.opsCodeLabel).fill(currentCode(secret));
  await page.getByRole('button', { name: messages.opsVerify }).click();
  await page.getByRole('heading', { name: messages.opsRecoveryCodesHeading }).waitFor();
  const codes = await page.getByRole('list', { name: messages.opsRecoveryCodesHeading }).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  await page.getByRole('button', { name: messages.opsRecoveryCodesDone }).click();
  await page.getByRole('heading', { name: messages.opsInboxHeading, level: 1 }).waitFor();
  return { secret, recoveryCodes: codes.map((c) => c.trim()) };
}

async function captchaCookie(): Promise<string> {
  const res = await fetch(`${baseURL}/api/verify-captcha`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'pass-e2e' }) });
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** A rider who finished sign-up and uploaded an ID, through the public API as the wizard does it. */
async function riderWithUploadedId(label: string): Promise<{ username: string; email: string }> {
  const email = uniqueEmail(label).toLowerCase();
  const username = `ops_${label}_${Math.random().toString(36).slice(2, 7)}`;
  const cookie = await captchaCookie();
  const json = (token: string | null, method: string, url: string, body?: unknown) =>
    fetch(`${baseURL}${url}`, {
      method,
      headers: { 'content-type': 'application/json', cookie, ...(token ? { 'x-auth-token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const created = await json(null, 'POST', '/api/auth/create', { email, username, password: PASSWORD, user_type: '1' });
  expect(created.status).toBe(200);
  const { token } = (await created.json()) as { token: string };
  const mail = await waitForMail(email, (m) => m.subject.endsWith(' is your Ogba Dispatch code'));
  const code = /^(\d{4})$/m.exec(mail.text)![1]!;
  expect((await json(token, 'PUT', '/api/users/verify-email', { verify_email_code: code })).status).toBe(200);
  expect((await json(token, 'PUT', '/api/users/signup-update', { state: 'Lagos', town: 'Ikeja', request_type: 'location' })).status).toBe(200);
  expect((await json(token, 'PUT', '/api/users/signup-update', { request_type: 'skip_picture' })).status).toBe(200);
  expect((await json(token, 'PUT', '/api/users/signup-update', { rider_agreement: true, request_type: 'rider_agreement' })).status).toBe(200);
  const form = new FormData();
  form.set('total_years_of_experience', '3-5');
  form.set('languages_spoken', 'English, Yoruba');
  form.set('education', 'Diploma');
  const pdf = new Uint8Array(minimalPdf());
  form.set('valid_id', new Blob([pdf], { type: 'application/pdf' }), 'nin-slip.pdf');
  const saved = await fetch(`${baseURL}/api/riders/personal-info/save`, { method: 'POST', headers: { 'x-auth-token': token }, body: form });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { username, email };
}

async function openRider(page: Page, username: string) {
  await page.getByRole('navigation', { name: messages.opsNavLabel }).getByRole('link', { name: messages.opsNav.riders }).click();
  await page.getByRole('heading', { name: messages.opsRidersHeading, level: 1 }).waitFor();
  await page.getByRole('searchbox').fill(username);
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('link', { name: username }).click();
  await page.getByRole('heading', { name: username, level: 1 }).waitFor();
}

async function publicPageStatus(username: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseURL}/riders/${username}`);
  return { status: res.status, body: await res.text() };
}

describe('the operations console', () => {
  const browser = useBrowser();
  const admin = uniqueEmail('ops-admin').toLowerCase();
  const dispatcher = uniqueEmail('ops-dispatcher').toLowerCase();
  /** What the admin kept from enrolment (a real admin writes the recovery codes down). */
  let adminRecoveryCodes: string[] = [];

  it('at 1280 px: the first admin from the command line joins with a second factor and invites a dispatcher', async () => {
    const page = await browser.open('desktop');
    adminRecoveryCodes = (await joinTheDesk(page, addStaffFromCommandLine(admin, 'admin'), admin, 'desktop')).recoveryCodes;
    await shoot(page, 'inbox', 'desktop');

    await page.getByRole('link', { name: messages.opsNav.staff }).click();
    await page.getByRole('heading', { name: messages.opsStaffHeading, level: 1 }).waitFor();
    await page.getByLabel(messages.opsEmailLabel).fill(dispatcher);
    await page.getByLabel(messages.opsRoleLabel).selectOption('dispatcher');
    await page.getByRole('button', { name: messages.opsStaffInvite }).click();
    await page.getByRole('cell', { name: dispatcher }).first().waitFor();
    await shoot(page, 'staff', 'desktop');
    const invite = await waitForMail(dispatcher, (m) => /set-password\?token=/.test(m.text));
    expect(invite.text).toContain(`${baseURL}/ops/set-password?token=`);
  });

  it('at 375 px: the invited dispatcher joins, answers a quote by e-mail and approves an ID', async () => {
    const page = await browser.open('phone');
    const invite = await waitForMail(dispatcher, (m) => /set-password\?token=/.test(m.text));
    const link = /(https?:\/\/\S+\/ops\/set-password\?token=[A-Za-z0-9_-]+)/.exec(invite.text)![1]!;
    await joinTheDesk(page, link, dispatcher, 'phone');

    // A visitor asks for a quote on the public site.
    const visitor = uniqueEmail('quote-visitor').toLowerCase();
    const cookie = await captchaCookie();
    const sent = await fetch(`${baseURL}/api/enquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ kind: 'quote', name: 'Bisi Adewale', email: visitor, phone: '08031234567', message: 'Price for 30 parcels from Ikeja to Lekki every Monday?' }),
    });
    expect(sent.status).toBe(200);

    await page.getByRole('button', { name: messages.opsRefresh }).click();
    await page.getByRole('link', { name: 'Bisi Adewale' }).first().waitFor();
    await shoot(page, 'inbox', 'phone');
    await page.getByRole('link', { name: 'Bisi Adewale' }).first().click();
    await page.getByRole('heading', { name: 'Bisi Adewale' }).waitFor();
    await page.getByLabel(messages.opsInboxReplyBody).fill('Good morning Bisi, 30 parcels every Monday from Ikeja to Lekki is NGN 45,000. Reply to book.');
    await shoot(page, 'inbox-item', 'phone');
    await page.getByRole('button', { name: messages.opsInboxSendReply }).click();
    await page.getByText('30 parcels every Monday from Ikeja to Lekki is NGN 45,000').first().waitFor();
    const answer = await waitForMail(visitor, (m) => m.text.includes('NGN 45,000'));
    expect(answer.headers['reply-to']).toBeTruthy();

    // A rider's uploaded ID, checked by the dispatcher: only then the public page says verified.
    const rider = await riderWithUploadedId('idcheck');
    const before = await publicPageStatus(rider.username);
    expect(before.status).toBe(200);
    expect(before.body).not.toContain(messages.idVerified);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (frame|display)/i.test(m.text())) refused.push(m.text());
    });
    await openRider(page, rider.username);
    // The document inline beside the rider's name: the PDF in a frame at a blob: address of
    // this origin (fetched with the staff token in a header), framed with no CSP refusal.
    const frame = page.getByTitle(messages.opsIdDocumentFrame(messages.opsRiderDocumentKind.valid_id, rider.username));
    await frame.waitFor();
    const src = (await frame.getAttribute('src'))!;
    expect(src).toMatch(new RegExp(`^blob:${baseURL}/`));
    expect(refused).toEqual([]);
    await shoot(page, 'rider', 'phone');
    await page.getByRole('button', { name: messages.opsIdApprove }).click();
    await page.getByText(messages.opsIdApproved(rider.username)).first().waitFor();
    await shoot(page, 'rider-approved', 'phone');
    const after = await publicPageStatus(rider.username);
    expect(after.body).toContain(messages.idVerified);
  });

  it('at 1280 px: an admin signs in with a recovery code, suspends a rider after confirming, the public page goes, and lifts it', async () => {
    expect(adminRecoveryCodes).toHaveLength(10);
    const rider = await riderWithUploadedId('suspend');
    const page = await browser.open('desktop');
    await page.goto('/ops/login');
    await page.getByLabel(messages.opsEmailLabel).fill(admin);
    await page.getByLabel(messages.opsPasswordLabel).fill(PASSWORD);
    await page.getByRole('button', { name: messages.opsSignIn, exact: true }).click();
    await page.getByRole('heading', { name: messages.opsCodeHeading }).waitFor();
    await shoot(page, 'code', 'desktop');
    await page.getByRole('button', { name: messages.opsUseRecoveryCode }).click();
    await page.getByRole('textbox', { name: messages.opsRecoveryCodeLabel, exact: true }).fill(adminRecoveryCodes[0]!);
    await page.getByRole('button', { name: messages.opsVerify }).click();
    await page.getByRole('heading', { name: messages.opsInboxHeading, level: 1 }).waitFor();

    await openRider(page, rider.username);
    await page.getByRole('button', { name: messages.opsSuspendRider }).click();
    const dialog = page.getByRole('dialog', { name: messages.opsSuspendTitle(rider.username) });
    await dialog.getByLabel(messages.opsSuspendReasonLabel).fill('Reported by two businesses for missed pickups; checking with the rider');
    // A wrong password is refused under the field; the right one suspends.
    await dialog.getByLabel(messages.opsConfirmLabel).fill('not-my-password');
    await dialog.getByRole('button', { name: messages.opsSuspendConfirm }).click();
    await dialog.getByText(messages.opsConfirmFailed).waitFor();
    await shoot(page, 'suspend-confirm', 'desktop');
    await dialog.getByLabel(messages.opsConfirmLabel).fill(PASSWORD);
    await dialog.getByRole('button', { name: messages.opsSuspendConfirm }).click();
    await page.getByRole('button', { name: messages.opsLiftSuspension }).waitFor();
    expect((await publicPageStatus(rider.username)).status).toBe(404);
    const login = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await captchaCookie() },
      body: JSON.stringify({ email: rider.email, password: PASSWORD, user_type: '1' }),
    });
    expect(((await login.json()) as { error: { message: string } }).error.message).toBe(messages.accountSuspended('hello@ogbadispatch.ng'));
    await shoot(page, 'rider-suspended', 'desktop');

    await page.getByRole('button', { name: messages.opsLiftSuspension }).click();
    await page.getByRole('button', { name: messages.opsSuspendRider }).waitFor();
    expect((await publicPageStatus(rider.username)).status).toBe(200);

    // Every action above is in the audit log, which admins read.
    await page.getByRole('link', { name: messages.opsNav.audit }).click();
    await page.getByRole('heading', { name: messages.opsNav.audit, level: 1 }).waitFor();
    // Read as sentences naming the rider, not as action names and ids.
    await page.getByText(new RegExp(`suspended rider @${rider.username}`)).first().waitFor();
    await page.getByText(new RegExp(`lifted the suspension of rider @${rider.username}`)).first().waitFor();
    expect(await page.getByText('rider.suspend').count()).toBe(0);
    await shoot(page, 'audit', 'desktop');
  });
});
