/**
 * The dispatch board in Chromium against the real server (only the mail server and hCaptcha stood
 * in at their network edge):
 *  - at 1280 px, an admin (made with `npm run ops -- add-staff`, joined with a second factor)
 *    approves a rider's ID; the rider switches "Available for deliveries" on for Ikeja through the
 *    API; two bookings made by visitors appear on the board; the admin assigns the first to that
 *    rider (chosen from the riders near the pickup) and cancels the second with a reason; both
 *    moves are in the audit log screen;
 *  - at 375 px, the same admin signs in on a phone: a booking made while the board is open appears
 *    without a reload (the live feed, or its 20 s fallback while the server has no stream), and is
 *    cancelled with a reason, in the audit log too.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { OPS_ENTRY } from '../../scripts/build-server.mjs';
import { boardMessages as b } from '../../src/shared/deliveries/boardMessages';
import { dispatchTexts } from '../../src/shared/deliveries/dispatch';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { startOfLagosDay } from '../../src/shared/deliveries/lagosTime';
import { messages } from '../../src/shared/messages';
import { currentCode } from '../../src/server/lib/totp';
import { minimalPdf } from '../support/pdf';
import { baseURL, databaseUrl, expectNoViolations, screenshotsDir, uniqueEmail, useBrowser, type ViewportName } from './browser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mailInboxUrl = inject('mailInboxUrl');
const dataDir = inject('dataDir');
const PASSWORD = 'board-at-ogba-every-morning';

async function waitForMail(email: string, match: (m: { subject: string; text: string }) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${mailInboxUrl}/messages?to=${encodeURIComponent(email.toLowerCase())}`)).json()) as Array<{ subject: string; text: string }>;
    const found = mails.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no matching e-mail to ${email} within ${ms / 1000}s`);
}

function addStaff(email: string): string {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, [OPS_ENTRY, 'add-staff', email, '--role', 'admin'], { cwd: ROOT, env, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return /(https?:\/\/\S+\/ops\/set-password\?token=[A-Za-z0-9_-]+)/.exec(run.stdout)![1]!;
}

async function shoot(page: Page, name: string, viewport: ViewportName) {
  await page.waitForTimeout(450);
  await page.screenshot({ path: path.join(screenshotsDir, `board-${name}-${viewport}.png`), fullPage: true });
  await expectNoViolations(page, `board ${name} at ${viewport}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `sideways scroll on board ${name} at ${viewport}`).toBeLessThanOrEqual(0);
}

async function signIn(page: Page, email: string, secret: string) {
  await page.goto('/ops/login');
  await page.getByLabel(messages.opsEmailLabel).fill(email);
  await page.getByLabel(messages.opsPasswordLabel).fill(PASSWORD);
  await page.getByRole('button', { name: messages.opsSignIn, exact: true }).click();
  await page.getByLabel(messages.opsCodeLabel).fill(currentCode(secret));
  await page.getByRole('button', { name: messages.opsVerify }).click();
  await page.getByRole('heading', { name: messages.opsInboxHeading, level: 1 }).waitFor();
}

async function joinTheDesk(page: Page, link: string, email: string): Promise<string> {
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel(messages.opsPasswordLabel, { exact: true }).fill(PASSWORD);
  await page.getByLabel(messages.opsConfirmPasswordLabel).fill(PASSWORD);
  await page.getByRole('button', { name: messages.opsSetPassword }).click();
  await page.getByText(messages.opsPasswordSet).waitFor();
  await page.goto('/ops/login');
  await page.getByLabel(messages.opsEmailLabel).fill(email);
  await page.getByLabel(messages.opsPasswordLabel).fill(PASSWORD);
  await page.getByRole('button', { name: messages.opsSignIn, exact: true }).click();
  await page.getByRole('heading', { name: messages.opsEnrolHeading }).waitFor();
  const secret = (await page.locator('code.ops-key').innerText()).replace(/\s+/g, '');
  await page.getByLabel(messages.opsCodeLabel).fill(currentCode(secret));
  await page.getByRole('button', { name: messages.opsVerify }).click();
  await page.getByRole('button', { name: messages.opsRecoveryCodesDone }).click();
  await page.getByRole('heading', { name: messages.opsInboxHeading, level: 1 }).waitFor();
  return secret;
}

async function captchaCookie(): Promise<string> {
  const res = await fetch(`${baseURL}/api/verify-captcha`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'pass-e2e' }) });
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** A rider who finished sign-up and uploaded an ID, through the public API as the wizard does it; with the session token. */
async function riderWithUploadedId(label: string): Promise<{ username: string; token: string }> {
  const email = uniqueEmail(label).toLowerCase();
  const username = `board_${label}_${Math.random().toString(36).slice(2, 7)}`;
  const cookie = await captchaCookie();
  const json = (token: string | null, method: string, url: string, body?: unknown) =>
    fetch(`${baseURL}${url}`, { method, headers: { 'content-type': 'application/json', cookie, ...(token ? { 'x-auth-token': token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
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
  form.set('valid_id', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'nin-slip.pdf');
  const saved = await fetch(`${baseURL}/api/riders/personal-info/save`, { method: 'POST', headers: { 'x-auth-token': token }, body: form });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { username, token };
}

/** A visitor prices Ikeja → Lekki and books it (captcha passed), as the booking screen does. */
async function visitorBooks(): Promise<string> {
  // Tomorrow 12:00 in Lagos: open every day, never rush hour, always "today or tomorrow".
  const pickupAt = new Date(startOfLagosDay(Date.now(), 1) + 12 * 3_600_000);
  const asked = { pickup: { state: 'Lagos', area: 'Ikeja' }, dropoff: { state: 'Lagos', area: 'Lekki' }, parcel: { size: 'medium' }, payment: 'cash_on_delivery', pickup_at: pickupAt.toISOString() };
  const quoted = await fetch(`${baseURL}/api/deliveries/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(asked) });
  expect(quoted.status, await quoted.clone().text()).toBe(200);
  const { quote } = (await quoted.json()) as { quote: { id: string } };
  const booked = await fetch(`${baseURL}/api/deliveries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await captchaCookie() },
    body: JSON.stringify({
      quote_id: quote.id,
      sender: { name: 'Ada Obi', phone: '0803 123 4567', email: uniqueEmail('board-sender') },
      pickup: { state: 'Lagos', area: 'Ikeja', address: '12 Allen Avenue', landmark: 'Opposite the bank', contact_name: 'Ada', contact_phone: '08031234567' },
      dropoff: { state: 'Lagos', area: 'Lekki', address: '3 Admiralty Way', contact_name: 'Tunde Bello', contact_phone: '0805 000 1111' },
      description: 'Two pairs of shoes',
      payment: 'cash_on_delivery',
    }),
  });
  expect(booked.status, await booked.clone().text()).toBe(201);
  return ((await booked.json()) as { delivery: { reference: string } }).delivery.reference;
}

async function openBoard(page: Page) {
  await page.getByRole('navigation', { name: messages.opsNavLabel }).getByRole('link', { name: b.navLabel }).click();
  await page.getByRole('heading', { name: b.heading, level: 1 }).waitFor();
}

async function cancelWithReason(page: Page, reference: string, viewport: ViewportName) {
  await page.getByRole('link', { name: reference, exact: true }).click();
  await page.getByRole('heading', { name: `${reference} · ${dispatchMessages.statusNames.booked}` }).waitFor();
  await page.getByRole('button', { name: b.moves.cancel }).click();
  await page.getByRole('button', { name: b.submit.cancel }).click();
  // No reason: said under the field, nothing sent.
  await page.getByText(dispatchMessages.cancelReasonRequired).waitFor();
  await shoot(page, 'cancel-reason-required', viewport);
  await page.getByLabel(b.reasonLabel).fill('The sender called: the parcel is not ready');
  await page.getByRole('button', { name: b.submit.cancel }).click();
  await page.getByText(dispatchTexts.board.cancelled(reference)).first().waitFor();
  await page.getByRole('heading', { name: `${reference} · ${dispatchMessages.statusNames.cancelled}` }).waitFor();
}

async function auditShows(page: Page, sentences: RegExp[]) {
  await page.getByRole('navigation', { name: messages.opsNavLabel }).getByRole('link', { name: messages.opsNav.audit }).click();
  await page.getByRole('heading', { name: messages.opsAuditHeading, level: 1 }).waitFor();
  for (const sentence of sentences) await page.getByText(sentence).first().waitFor();
}

describe('the dispatch board', () => {
  const browser = useBrowser();
  const admin = uniqueEmail('board-admin').toLowerCase();
  let secret = '';

  it('at 1280 px: bookings appear, the admin assigns one to an available rider near the pickup and cancels the other with a reason; both in the audit log', async () => {
    const page = await browser.open('desktop');
    secret = await joinTheDesk(page, addStaff(admin), admin);

    // A rider who finished sign-up, ID approved here, switches availability on for Ikeja.
    const rider = await riderWithUploadedId('avail');
    await page.getByRole('navigation', { name: messages.opsNavLabel }).getByRole('link', { name: messages.opsNav.riders }).click();
    await page.getByRole('searchbox').fill(rider.username);
    await page.getByRole('searchbox').press('Enter');
    await page.getByRole('link', { name: rider.username }).click();
    // The document shown first (as a dispatcher checks it), then approved.
    await page.getByTitle(messages.opsIdDocumentFrame(messages.opsRiderDocumentKind.valid_id, rider.username)).waitFor();
    await page.getByRole('button', { name: messages.opsIdApprove }).click();
    await page.getByText(messages.opsIdApproved(rider.username)).first().waitFor();
    const on = await fetch(`${baseURL}/api/users/availability`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-auth-token': rider.token }, body: JSON.stringify({ available: true, areas: ['Ikeja'] }) });
    expect(on.status, await on.clone().text()).toBe(200);

    const first = await visitorBooks();
    const second = await visitorBooks();
    await openBoard(page);
    await page.getByRole('link', { name: first, exact: true }).waitFor();
    await page.getByRole('link', { name: second, exact: true }).waitFor();
    // Both wait for a rider: flagged.
    expect(await page.getByRole('row').filter({ hasText: first }).getByText(b.attention.unassigned).count()).toBe(1);
    // The rider is in "Riders today".
    await page.getByRole('region', { name: b.ridersHeading }).getByText(`@${rider.username}`).first().waitFor();
    await shoot(page, 'board', 'desktop');

    // Assign the first: the rider is offered, nearest first.
    await page.getByRole('link', { name: first, exact: true }).click();
    await page.getByRole('heading', { name: `${first} · ${dispatchMessages.statusNames.booked}` }).waitFor();
    await shoot(page, 'delivery', 'desktop');
    await page.getByRole('button', { name: b.moves.assign }).click();
    await page.getByRole('button', { name: b.submit.assign }).click();
    expect(await page.locator('#ops-board-rider-error').innerText()).toBe(b.chooseRider);
    const select = page.locator('#ops-board-rider');
    const option = select.locator('option', { hasText: `@${rider.username}` });
    await select.selectOption({ value: (await option.getAttribute('value'))! });
    await shoot(page, 'assign', 'desktop');
    await page.getByRole('button', { name: b.submit.assign }).click();
    await page.getByText(dispatchTexts.board.assigned(first)).first().waitFor();
    await page.getByRole('heading', { name: `${first} · ${dispatchMessages.statusNames.assigned}` }).waitFor();
    await page.getByRole('row').filter({ hasText: first }).getByText(`@${rider.username}`).first().waitFor();

    // Cancel the second with a reason.
    await cancelWithReason(page, second, 'desktop');

    await auditShows(page, [new RegExp(`assigned delivery ${first} to a rider`), new RegExp(`cancelled delivery ${second}`)]);
    await shoot(page, 'audit', 'desktop');
  });

  it('at 375 px: a booking made while the board is open appears without a reload, and is cancelled with a reason; in the audit log', async () => {
    expect(secret, 'the 1280 px test made the admin').not.toBe('');
    const page = await browser.open('phone');
    // A fresh code: the one used a moment ago may not be used twice.
    await page.waitForTimeout(Math.max(0, 30_500 - (Date.now() % 30_000)));
    await signIn(page, admin, secret);
    await openBoard(page);
    await page.getByText(new RegExp(`${b.live.streaming}|${b.live.polling}`)).waitFor();
    const reference = await visitorBooks();
    // The feed (or the 20 s fallback) brings it in: no reload.
    await page.getByRole('link', { name: reference, exact: true }).waitFor({ timeout: 30_000 });
    await shoot(page, 'board', 'phone');
    await cancelWithReason(page, reference, 'phone');
    await shoot(page, 'cancelled', 'phone');
    await auditShows(page, [new RegExp(`cancelled delivery ${reference}`)]);
  });
});
