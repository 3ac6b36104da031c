/**
 * The rider's job screen in Chromium at 360 px against the real server, with only the mail server
 * and hCaptcha stood in at their network edge. A rider with an approved ID switches "Available for
 * deliveries" on for Ikeja; a visitor books Ikeja → Lekki (cash on delivery); a dispatcher offers
 * it to the rider through the dispatch API; the rider sees the pay and the countdown, accepts, heads
 * to the pickup, loses the network (Playwright's setOffline) and taps "Picked up": the screen says
 * "waiting for network" and moves on; the connection returns and the step is applied once (one
 * pick_up on the timeline, sent with the phone's time). The delivery code comes by e-mail to the
 * sender at pickup; the rider arrives, takes a photo, enters the code and the cash, and delivers.
 * The outbox is the browser's real IndexedDB.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { OPS_ENTRY } from '../../scripts/build-server.mjs';
import { currentCode } from '../../src/server/lib/totp';
import { riderJobMessages as m } from '../../src/shared/deliveries/riderJobMessages';
import { riderPaths } from '../../src/shared/routes';
import { minimalPdf } from '../support/pdf';
import { baseURL, databaseUrl, expectNoViolations, screenshotsDir, uniqueEmail, useBrowser } from './browser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mailInboxUrl = inject('mailInboxUrl');
const dataDir = inject('dataDir');
const PASSWORD = 'Delivery-Test-Pass-2026!';
const browser = useBrowser();

interface Mail {
  subject: string;
  text: string;
}

async function waitForMail(email: string, match: (m: Mail) => boolean, ms = 20_000): Promise<Mail> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${mailInboxUrl}/messages?to=${encodeURIComponent(email.toLowerCase())}`)).json()) as Mail[];
    const found = mails.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no matching e-mail to ${email} within ${ms / 1000}s`);
}

// The API's answers are read field by field below, as the tests of the API read them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: { ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json };
}

async function captchaCookie(): Promise<string> {
  const res = await fetch(`${baseURL}/api/verify-captcha`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'pass-e2e' }) });
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** A dispatcher: `npm run ops -- add-staff`, the password set, the authenticator enrolled, through the API. */
async function dispatcher(): Promise<string> {
  const email = uniqueEmail('dispatch').toLowerCase();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, [OPS_ENTRY, 'add-staff', email, '--role', 'dispatcher'], { cwd: ROOT, env, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const linkToken = /\/ops\/set-password\?token=([A-Za-z0-9_-]+)/.exec(run.stdout)![1]!;
  expect((await call('POST', '/api/ops/auth/set-password', { token: linkToken, password: PASSWORD })).status).toBe(200);
  const login = await call('POST', '/api/ops/auth/login', { email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  const enrolment = await call('GET', '/api/ops/auth/enrolment', undefined, { 'x-ops-token': login.json.token });
  const enrolled = await call('POST', '/api/ops/auth/enrol', { code: currentCode(enrolment.json.secret) }, { 'x-ops-token': login.json.token });
  expect(enrolled.status, JSON.stringify(enrolled.json)).toBe(200);
  return enrolled.json.token as string;
}

/** A rider who finished sign-up with an ID, through the public API as the wizard does it; the ID approved by staff. */
async function approvedRider(staffToken: string): Promise<{ token: string; username: string }> {
  const email = uniqueEmail('jobrider').toLowerCase();
  const username = `job_${Math.random().toString(36).slice(2, 9)}`;
  const cookie = await captchaCookie();
  const created = await call('POST', '/api/auth/create', { email, username, password: PASSWORD, user_type: '1' }, { cookie });
  expect(created.status).toBe(200);
  const token = created.json.token as string;
  const auth = { 'x-auth-token': token };
  const mail = await waitForMail(email, (m) => m.subject.endsWith(' is your Ogba Dispatch code'));
  const code = /^(\d{4})$/m.exec(mail.text)![1]!;
  expect((await call('PUT', '/api/users/verify-email', { verify_email_code: code }, auth)).status).toBe(200);
  expect((await call('PUT', '/api/users/signup-update', { state: 'Lagos', town: 'Ikeja', request_type: 'location' }, auth)).status).toBe(200);
  expect((await call('PUT', '/api/users/signup-update', { request_type: 'skip_picture' }, auth)).status).toBe(200);
  expect((await call('PUT', '/api/users/signup-update', { rider_agreement: true, request_type: 'rider_agreement' }, auth)).status).toBe(200);
  const form = new FormData();
  form.set('total_years_of_experience', '3-5');
  form.set('languages_spoken', 'English, Yoruba');
  form.set('education', 'Diploma');
  form.set('valid_id', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'nin-slip.pdf');
  expect((await call('POST', '/api/riders/personal-info/save', form, auth)).status).toBe(200);
  const list = await call('GET', `/api/ops/riders?q=${username}`, undefined, { 'x-ops-token': staffToken });
  const id = (list.json.items as Array<{ id: string; username: string }>).find((r) => r.username === username)!.id;
  const approved = await call('POST', `/api/ops/riders/${id}/id-review`, { decision: 'approve' }, { 'x-ops-token': staffToken });
  expect(approved.status, JSON.stringify(approved.json)).toBe(200);
  return { token, username };
}

/** A visitor's booking Ikeja → Lekki, cash on delivery: its id and reference, and the sender's e-mail. */
async function booking(): Promise<{ id: string; reference: string; sender: string }> {
  const sender = uniqueEmail('jobsender').toLowerCase();
  const quote = await call('POST', '/api/deliveries/quotes', { pickup: { state: 'Lagos', area: 'Ikeja' }, dropoff: { state: 'Lagos', area: 'Lekki' }, parcel: { size: 'small' }, payment: 'cash_on_delivery' });
  expect(quote.status, JSON.stringify(quote.json)).toBe(200);
  const booked = await call(
    'POST',
    '/api/deliveries',
    {
      quote_id: quote.json.quote.id,
      sender: { name: 'Ada Obi', phone: '0803 123 4567', email: sender },
      pickup: { state: 'Lagos', area: 'Ikeja', address: '12 Allen Avenue', landmark: 'Opposite the bank', contact_name: 'Ada', contact_phone: '08031234567' },
      dropoff: { state: 'Lagos', area: 'Lekki', address: '3 Admiralty Way', contact_name: 'Tunde Bello', contact_phone: '0805 000 1111' },
      description: 'Two pairs of shoes',
      payment: 'cash_on_delivery',
    },
    { cookie: await captchaCookie(), 'Idempotency-Key': `e2e-${Math.random().toString(36).slice(2)}` },
  );
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);
  return { id: booked.json.delivery.id, reference: booked.json.delivery.reference, sender };
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(screenshotsDir, `rider-job-${name}-360.png`), fullPage: true });
  await expectNoViolations(page, `rider job ${name} at 360px`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `sideways scroll on ${name}`).toBeLessThanOrEqual(0);
}

describe("the rider's job screen", () => {
  it('an available rider gets an offer, accepts, taps "picked up" offline and it is applied once when back online, then delivers with the code and a photo', async () => {
    const staffToken = await dispatcher();
    const rider = await approvedRider(staffToken);
    const page = await browser.open('phone');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript((t) => window.localStorage.setItem('authToken', t), rider.token);

    // ── Available for deliveries, in Ikeja ──
    await page.goto(riderPaths.jobs);
    await page.getByText(m.notAvailable, { exact: true }).waitFor();
    await page.getByLabel(m.areas).fill('Ikeja');
    await page.getByRole('button', { name: m.switchOn }).click();
    await page.getByText(m.availableNow, { exact: true }).waitFor();
    await shoot(page, '1-available');

    // ── A booking, offered to this rider by a dispatcher ──
    const delivery = await booking();
    const riders = await call('GET', `/api/ops/riders?q=${rider.username}`, undefined, { 'x-ops-token': staffToken });
    const riderId = (riders.json.items as Array<{ id: string }>)[0]!.id;
    const offered = await call('POST', `/api/ops/deliveries/${delivery.id}/offer`, { rider_id: riderId }, { 'x-ops-token': staffToken });
    expect(offered.status, JSON.stringify(offered.json)).toBe(200);
    await page.getByRole('button', { name: m.checkAgain }).click();
    const offer = page.getByRole('region', { name: m.offerHeading });
    await offer.waitFor();
    expect(await offer.innerText()).toContain('Ikeja');
    expect(await offer.innerText()).toMatch(/₦[\d,]+/);
    expect(await offer.innerText()).not.toContain('Allen Avenue');
    const countdown = page.getByRole('timer');
    const first = await countdown.innerText();
    expect(first).toMatch(/^Offer ends in [23]:\d\d$/);
    await expect.poll(() => countdown.innerText(), { timeout: 5000 }).not.toBe(first);
    await shoot(page, '2-offer');
    await page.getByRole('button', { name: m.accept }).click();

    // ── Heading to the pickup: the address, maps, call and WhatsApp ──
    await page.getByRole('button', { name: m.steps.start }).waitFor();
    const pickup = page.getByRole('region', { name: m.pickupHeading });
    expect(await pickup.innerText()).toContain('12 Allen Avenue');
    expect(await pickup.getByRole('link', { name: m.call('Ada') }).getAttribute('href')).toBe('tel:+2348031234567');
    expect(await pickup.getByRole('link', { name: m.whatsapp }).getAttribute('href')).toBe('https://wa.me/2348031234567');
    expect(await pickup.getByRole('link', { name: m.openMaps }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12%20Allen%20Avenue/);
    await shoot(page, '3-assigned');
    await page.getByRole('button', { name: m.steps.start }).click();
    await page.getByRole('button', { name: m.steps.pick_up }).waitFor();

    // ── No network at the pickup ──
    const moves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/moves')) moves.push(r.headers()['idempotency-key'] ?? '');
    });
    await page.context().setOffline(true);
    await page.getByRole('button', { name: m.steps.pick_up }).click();
    await page.getByText(/^Waiting for network/).waitFor();
    // The phone moved on: the next step is "arrived".
    await page.getByRole('button', { name: m.steps.arrive }).waitFor();
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('rider-outbox');
          open.onsuccess = () => {
            const req = open.result.transaction('moves').objectStore('moves').count();
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
    expect(kept).toBe(1);
    await shoot(page, '4-waiting-for-network');
    await page.context().setOffline(false);
    const readJob = () => call('GET', `/api/users/jobs/${delivery.id}`, undefined, { 'x-auth-token': rider.token });
    await expect.poll(async () => (await readJob()).json.job.status, { timeout: 30_000 }).toBe('picked_up');
    await expect.poll(() => page.getByText(/^Waiting for network/).count(), { timeout: 10_000 }).toBe(0);
    const job = await readJob();
    // Applied once, with the phone's time.
    const pickups = (job.json.job.events as Array<{ action: string; client_at: string | null }>).filter((e) => e.action === 'pick_up');
    expect(pickups).toHaveLength(1);
    expect(pickups[0]!.client_at).not.toBeNull();
    // Every send of that tap carried one key.
    const pickupKeys = new Set(moves.slice(1));
    expect(pickupKeys.size).toBeLessThanOrEqual(1);

    // ── The drop-off: the code from the sender's e-mail, a photo, the cash ──
    const mail = await waitForMail(delivery.sender, (x) => x.subject.startsWith('Picked up'));
    const code = /^(\d{4})$/m.exec(mail.text)![1]!;
    await page.getByRole('button', { name: m.steps.arrive }).click();
    await page.getByRole('region', { name: m.proofHeading }).waitFor();
    await page.getByLabel(m.code).fill(code);
    // The photo is taken once "arrived" is sent.
    await expect.poll(() => page.getByLabel(m.photo).isEnabled(), { timeout: 20_000 }).toBe(true);
    // A phone-sized photo (2400×1800), drawn in the page: the screen makes it small before sending.
    const jpeg = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 2400;
      canvas.height = 1800;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#c8a165';
      g.fillRect(0, 0, 2400, 1800);
      g.fillStyle = '#333';
      g.fillRect(600, 400, 1200, 1000);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95));
      return [...new Uint8Array(await blob.arrayBuffer())];
    });
    const uploads: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/proof')) uploads.push(r);
    });
    await page.getByLabel(m.photo).setInputFiles({ name: 'parcel.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg) });
    await page.getByText(m.photoSent, { exact: true }).waitFor({ timeout: 20_000 });
    // Made small on the phone: the upload is smaller than the photo taken.
    const sent = Number((await uploads[0]!.allHeaders())['content-length'] ?? 0);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(jpeg.length);
    expect(await page.getByLabel(m.cashCollected).inputValue()).toMatch(/^\d+$/);
    await shoot(page, '5-proof');
    await page.getByRole('button', { name: m.steps.deliver }).click();
    const outcome = page.getByText(m.delivered, { exact: true }).or(page.locator('.field-error'));
    await outcome.first().waitFor();
    expect(await outcome.first().innerText()).toBe(m.delivered);
    await shoot(page, '6-delivered');
    const done = await call('GET', `/api/users/jobs/${delivery.id}`, undefined, { 'x-auth-token': rider.token });
    expect(done.json.job.status).toBe('delivered');
    expect(done.json.job.proof_uploaded).toBe(true);
  });
});
