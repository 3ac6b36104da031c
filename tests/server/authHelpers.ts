/** Shared steps of the account API tests: make a user, pass the captcha, log in, read mail. */
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboxEmails, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/passwords';
import type { TestApp } from './helper';

/**
 * A stored hash of a password, hashed once per test file: argon2 at its real cost is ~50-100 ms,
 * and the suites make over a thousand users. A shared salt between test users changes nothing
 * they assert; tests of hashing itself call hashPassword.
 */
const storedHashes = new Map<string, Promise<string>>();
export function storedHash(password: string): Promise<string> {
  let hash = storedHashes.get(password);
  if (!hash) storedHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

let counter = 0;
/** A fresh address, with capitals to show the server compares without regard to case. */
export function freshEmail(label: string): string {
  counter += 1;
  return `Rider.${label}.${process.pid}.${counter}.${Math.random().toString(36).slice(2, 7)}@Example.com`;
}

export const GOOD_PASSWORD = 'ogba-rides-at-dawn-42';

export async function createUser(
  t: TestApp,
  input: { email: string; password?: string | null; userType?: number; profileCompleted?: number; currentTab?: number },
): Promise<{ id: string; email: string; username: string }> {
  const email = input.email.trim().toLowerCase();
  const username = `u_${Math.random().toString(36).slice(2, 12)}`;
  const password = input.password === undefined ? GOOD_PASSWORD : input.password;
  const [row] = await t.database.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: password === null ? null : await storedHash(password),
      userType: input.userType ?? 1,
      profileCompleted: input.profileCompleted ?? 0,
      currentTab: input.currentTab ?? 2,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, username };
}

/** Passes the captcha from `ip` and returns the cookie header value for forms. */
export async function captchaCookie(t: TestApp, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/verify-captcha',
    remoteAddress: ip,
    payload: { token: 'pass-auth' },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'captcha_pass');
  return `captcha_pass=${cookie!.value}`;
}

export function postLogin(
  t: TestApp,
  payload: Record<string, unknown>,
  options: { ip: string; cookie?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: options.ip,
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload,
  });
}

/** Logs in and returns the token (asserting success). */
export async function loginToken(t: TestApp, email: string, password: string, ip: string, cookie?: string): Promise<string> {
  const res = await postLogin(t, { email, password, user_type: '1' }, { ip, cookie: cookie ?? (await captchaCookie(t, ip)) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ token: string }>();
  expect(Object.keys(body)).toEqual(['token']);
  return body.token;
}

export function me(t: TestApp, token: string | null) {
  return t.app.inject({ method: 'GET', url: '/api/users/me', headers: token ? { 'x-auth-token': token } : {} });
}

/** The newest e-mail in the outbox to an address with a subject. */
export async function lastEmail(t: TestApp, to: string, subject: string) {
  const [row] = await t.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to.toLowerCase()), eq(outboxEmails.subject, subject)))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return row ?? null;
}

export async function emailsTo(t: TestApp, to: string) {
  return t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to.toLowerCase()));
}

/** The reset token out of the reset e-mail's link (plain-text part). */
export function resetTokenFrom(text: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}
