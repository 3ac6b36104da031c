/**
 * Forgot and reset password on PGlite and on PostgreSQL: the same answer for known
 * and unknown addresses, the e-mail and its link, a link that works once and for an hour, a
 * reset that ends every session, and the forgot-password limits.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEmails, passwordResetTokens, sessions, users } from '../../src/server/db/schema';
import { authLimits } from '../../src/server/lib/limits';
import { hashPassword } from '../../src/server/lib/passwords';
import {
  createUser,
  emailsTo,
  freshEmail,
  GOOD_PASSWORD,
  lastEmail,
  loginToken,
  me,
  postLogin,
  captchaCookie,
  resetTokenFrom,
} from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';

const SENT = 'If an account exists for that email, we have sent it a link to reset the password. Please check your email.';
const INVALID_LINK = { field: 'alert', message: 'This reset link is invalid or has expired. Please ask for a new one.' };
const NEW_PASSWORD = 'a-brand-new-lagos-passphrase';

function forgot(t: TestApp, payload: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/forget-password', remoteAddress: ip, payload });
}

function reset(t: TestApp, payload: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: ip, payload });
}

/** Asks for a link for `email` and returns the token from the e-mail in the outbox. */
async function resetLinkToken(t: TestApp, email: string): Promise<string> {
  const res = await forgot(t, { email });
  expect(res.statusCode).toBe(200);
  const mail = await lastEmail(t, email, 'Reset your password');
  expect(mail, 'the reset e-mail is in the outbox').not.toBeNull();
  return resetTokenFrom(mail!.text);
}

describeEachDatabase('POST /api/auth/forget-password', (kind) => {
  const t = useTestApp(kind);

  it('says "Email is required" for an empty address and "Please enter a valid email address" for a bad one', async () => {
    for (const email of ['', '  ']) {
      const res = await forgot(t, { email });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body)).toEqual({ field: 'email', message: 'Email is required' });
    }
    expect(errorOf((await forgot(t, {})).body)).toEqual({ field: 'email', message: 'Email is required' });
    expect(errorOf((await forgot(t, { email: 'nope' })).body)).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
  });

  it('answers a known and an unknown address alike, and e-mails only the known one a branded link', async () => {
    const known = freshEmail('known');
    await createUser(t, { email: known });
    const unknown = freshEmail('unknown');

    const a = await forgot(t, { email: `  ${known.toUpperCase()}  ` });
    const b = await forgot(t, { email: unknown });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: SENT });
    expect({ status: b.statusCode, body: b.body, type: b.headers['content-type'] }).toEqual({
      status: a.statusCode,
      body: a.body,
      type: a.headers['content-type'],
    });

    expect(await emailsTo(t, unknown)).toEqual([]);
    const mail = await lastEmail(t, known, 'Reset your password');
    expect(mail).not.toBeNull();
    const token = resetTokenFrom(mail!.text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.text).toContain(`${t.config.publicUrl}/reset-password?token=${token}`);
    expect(mail!.html).toContain(`${t.config.publicUrl}/reset-password?token=${token}`);
    expect(mail!.html).toContain('Ogba Dispatch');
    expect(mail!.text).toContain('expires in one hour');

    // Only a hash of the token is stored, and the link lasts one hour.
    const rows = await t.database.db.select().from(passwordResetTokens);
    expect(rows.some((r) => r.tokenHash.includes(token))).toBe(false);
    const row = rows.find((r) => r.tokenHash.length === 64 && r.usedAt === null && r.createdAt.getTime() > Date.now() - 60_000);
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
  });

  it('limits requests per e-mail (3 an hour) and per address (10 an hour), known or not, with a 429 saying when', async () => {
    for (const email of [freshEmail('limited-known'), freshEmail('limited-unknown')]) {
      if (email.includes('known') && !email.includes('unknown')) await createUser(t, { email });
      for (let i = 0; i < authLimits.forgotPerEmail.max; i++) expect((await forgot(t, { email })).statusCode).toBe(200);
      const res = await forgot(t, { email });
      expect(res.statusCode).toBe(429);
      expect(errorOf(res.body)).toMatchObject({ field: 'alert' });
      expect(errorOf(res.body).message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    }
    const ip = nextIp();
    for (let i = 0; i < authLimits.forgotPerAddress.max; i++) {
      expect((await forgot(t, { email: freshEmail('spray') }, ip)).statusCode).toBe(200);
    }
    expect((await forgot(t, { email: freshEmail('spray') }, ip)).statusCode).toBe(429);
  });
});

describeEachDatabase('POST /api/auth/reset-password', (kind) => {
  const t = useTestApp(kind);

  it('sets the new password, ends every session, works once, and the new password logs in', async () => {
    const email = freshEmail('reset');
    const user = await createUser(t, { email });
    const phone = await loginToken(t, email, GOOD_PASSWORD, nextIp());
    const laptop = await loginToken(t, email, GOOD_PASSWORD, nextIp());
    const token = await resetLinkToken(t, email);
    const older = await resetLinkToken(t, email);

    const res = await reset(t, { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset. You can now log in with your new password.' });

    // Every session of the account ended: both devices get 401.
    expect((await me(t, phone)).statusCode).toBe(401);
    expect((await me(t, laptop)).statusCode).toBe(401);
    const open = (await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).filter((s) => !s.endedAt);
    expect(open).toEqual([]);

    // The link works once; the other link sent earlier died with the reset.
    expect(errorOf((await reset(t, { token, newPassword: 'yet-another-passphrase' })).body)).toEqual(INVALID_LINK);
    expect(errorOf((await reset(t, { token: older, newPassword: 'yet-another-passphrase' })).body)).toEqual(INVALID_LINK);

    // The old password no longer works; the new one does.
    const ip = nextIp();
    const cookie = await captchaCookie(t, ip);
    expect((await postLogin(t, { email, password: GOOD_PASSWORD, user_type: '1' }, { ip, cookie })).statusCode).toBe(400);
    const fresh = await loginToken(t, email, NEW_PASSWORD, ip, cookie);
    expect((await me(t, fresh)).statusCode).toBe(200);

    // The owner is told by e-mail.
    expect(await lastEmail(t, email, 'Your password was changed')).not.toBeNull();
  });

  it('lets two requests with the same link at once make only one reset', async () => {
    const email = freshEmail('race');
    await createUser(t, { email });
    const token = await resetLinkToken(t, email);
    const answers = await Promise.all([
      reset(t, { token, newPassword: 'first-racing-passphrase' }),
      reset(t, { token, newPassword: 'second-racing-passphrase' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a link after its hour', async () => {
    const email = freshEmail('expired');
    const user = await createUser(t, { email });
    const token = await resetLinkToken(t, email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await reset(t, { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toEqual(INVALID_LINK);
    const [row] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).not.toBeNull();
    await loginToken(t, email, GOOD_PASSWORD, nextIp());
  });

  it('refuses unknown, empty and malformed tokens', async () => {
    expect(errorOf((await reset(t, { token: 'x'.repeat(43), newPassword: NEW_PASSWORD })).body)).toEqual(INVALID_LINK);
    expect(errorOf((await reset(t, { token: '', newPassword: NEW_PASSWORD })).body)).toEqual({
      field: 'token',
      message: INVALID_LINK.message,
    });
  });

  it('applies the password rule: 8 to 128 characters, no common passwords, no composition rules', async () => {
    const email = freshEmail('rules');
    await createUser(t, { email });
    const token = await resetLinkToken(t, email);
    const cases: Array<[string, { field: string; message: string }]> = [
      ['', { field: 'newPassword', message: 'This field is required' }],
      ['short12', { field: 'newPassword', message: 'Password must be at least 8 characters' }],
      ['x'.repeat(129), { field: 'newPassword', message: 'Please keep this under 128 characters' }],
      ['password', { field: 'newPassword', message: 'This password is too common. Please choose a different one.' }],
      ['Password1', { field: 'newPassword', message: 'This password is too common. Please choose a different one.' }],
      ['iloveyou', { field: 'newPassword', message: 'This password is too common. Please choose a different one.' }],
    ];
    for (const [newPassword, error] of cases) {
      const res = await reset(t, { token, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(errorOf(res.body)).toEqual(error);
    }
    // A refused password did not use up the link; 8 lower-case letters and 128 characters are fine.
    expect((await reset(t, { token, newPassword: 'x'.repeat(128) })).statusCode).toBe(200);
    await loginToken(t, email, 'x'.repeat(128), nextIp());
  });

  it('lifts the failed-login lock of the account', async () => {
    const email = freshEmail('unlock');
    await createUser(t, { email });
    const ip = nextIp();
    const cookie = await captchaCookie(t, ip);
    for (let i = 0; i < authLimits.loginPerAccount.max; i++) {
      await postLogin(t, { email, password: 'wrong-password', user_type: '1' }, { ip: nextIp(), cookie });
    }
    expect((await postLogin(t, { email, password: GOOD_PASSWORD, user_type: '1' }, { ip, cookie })).statusCode).toBe(429);
    const token = await resetLinkToken(t, email);
    expect((await reset(t, { token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    await loginToken(t, email, NEW_PASSWORD, ip, cookie);
  });

  it('rehashes a hash made with weaker parameters at the next login', async () => {
    const email = freshEmail('rehash');
    const user = await createUser(t, { email, password: null });
    const argon2 = (await import('argon2')).default;
    const weak = await argon2.hash(GOOD_PASSWORD, { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.database.db.update(users).set({ passwordHash: weak }).where(eq(users.id, user.id));
    await loginToken(t, email, GOOD_PASSWORD, nextIp());
    const [row] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toBe(await hashPassword(GOOD_PASSWORD)); // salted
  });
});

describe('the reset e-mail over SMTP', () => {
  it('is delivered from the outbox in HTML and plain text', async () => {
    const { startSmtpSink } = await import('../support/smtp');
    const sink = await startSmtpSink();
    const { buildTestApp } = await import('./helper');
    const t = await buildTestApp({ database: 'pglite', env: { SMTP_URL: sink.url } });
    try {
      const email = freshEmail('smtp').toLowerCase();
      await createUser(t, { email });
      await forgot(t, { email });
      await t.app.mailer.deliverDue();
      const [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
      expect(row!.status).toBe('sent');
      const received = sink.messages.find((m) => m.to.includes(email));
      expect(received).toBeDefined();
      expect(received!.subject).toBe('Reset your password');
      expect(received!.text).toContain('/reset-password?token=');
      expect(received!.html).toContain('Reset Password');
    } finally {
      await t.close();
      await sink.close();
    }
  });
});
