/**
 * Fixtures shared by the browser tests of the delivery day (riderJob, deliveryDay): the dev
 * mailbox, the API as a test calls it, a dispatcher made with `npm run ops -- add-staff`, a rider
 * who finished sign-up with an approved ID, and a phone-sized photo drawn in the page.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { OPS_ENTRY } from '../../scripts/build-server.mjs';
import { currentCode } from '../../src/server/lib/totp';
import { minimalPdf } from '../support/pdf';
import { baseURL, databaseUrl, uniqueEmail } from './browser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mailInboxUrl = inject('mailInboxUrl');
const dataDir = inject('dataDir');
export const PASSWORD = 'Delivery-Test-Pass-2026!';

export interface Mail {
  subject: string;
  text: string;
}

export async function waitForMail(email: string, match: (m: Mail) => boolean, ms = 20_000): Promise<Mail> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${mailInboxUrl}/messages?to=${encodeURIComponent(email.toLowerCase())}`)).json()) as Mail[];
    const found = mails.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no matching e-mail to ${email} within ${ms / 1000}s`);
}

// The API's answers are read field by field by the tests, as the tests of the API read them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
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

export async function captchaCookie(): Promise<string> {
  const res = await fetch(`${baseURL}/api/verify-captcha`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'pass-e2e' }) });
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** A dispatcher: `npm run ops -- add-staff`, the password set, the authenticator enrolled, through the API; the staff token. */
export async function dispatcher(): Promise<string> {
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
export async function approvedRider(staffToken: string, label = 'job'): Promise<{ token: string; username: string }> {
  const email = uniqueEmail(`${label}rider`).toLowerCase();
  const username = `${label}_${Math.random().toString(36).slice(2, 9)}`;
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

/** A phone-sized photo (2400×1800 JPEG), drawn in the page: the job screen makes it small before sending. */
export async function phonePhoto(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
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
  return Buffer.from(bytes);
}
