/**
 * Staff accounts of the operations console through the API, on PGlite and on
 * PostgreSQL: the invitation link, the password, TOTP enrolment, codes and recovery codes
 * (each once), the 12-hour session, removal with its confirmation, the admin-only routes,
 * the sign-in limits under a burst, the audit log, and the authorization matrix.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { OpsAuditEntry } from '../../src/shared/opsAudit';
import type { OpsStaffMember } from '../../src/shared/opsForms';
import { auditLog, staff, staffPasswordLinks, staffSessions } from '../../src/server/db/schema';
import { writeAudit } from '../../src/server/domain/audit';
import { STAFF_SESSION_MS, STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';
import { currentCode } from '../../src/server/lib/totp';
import { freshEmail, GOOD_PASSWORD, lastEmail } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type DatabaseKind, type TestApp } from './helper';
import { asStaff, matrixCallers, signedInStaff, type Caller, type StaffMember } from './opsHelpers';

const NOT_FOUND = { error: { field: 'alert', message: 'Not found' } };
const INVITE_SUBJECT = `You are invited to the ${messages.opsTitle}`;

/** A 6-digit code that is none of the codes the server would accept now (one step either side). */
function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((d) => currentCode(secret, Date.now() + d)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

function login(t: TestApp, email: string, password: string, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/ops/auth/login', remoteAddress: ip, payload: { email, password } });
}

const withToken = (token: string) => ({ [STAFF_TOKEN_HEADER]: token });

async function invite(t: TestApp, admin: StaffMember, role: 'admin' | 'dispatcher', label: string): Promise<{ email: string; linkToken: string }> {
  const email = freshEmail(label);
  const res = await asStaff(t, admin, { method: 'POST', url: '/api/ops/staff', payload: { email, role } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: messages.opsStaffInvited(email.toLowerCase()) });
  const mail = await lastEmail(t, email, INVITE_SUBJECT);
  expect(mail, 'the invitation e-mail is in the outbox').not.toBeNull();
  const match = /\/ops\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return { email: email.toLowerCase(), linkToken: match![1]! };
}

function setPassword(t: TestApp, token: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/ops/auth/set-password', remoteAddress: nextIp(), payload: { token, password } });
}

async function auditOf(t: TestApp, entityId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);
}

/** Invited, password set, TOTP enrolled: the member's secret, recovery codes and complete token. */
async function enrolledMember(t: TestApp, admin: StaffMember, role: 'admin' | 'dispatcher', label: string) {
  const { email, linkToken } = await invite(t, admin, role, label);
  expect((await setPassword(t, linkToken, GOOD_PASSWORD)).statusCode).toBe(200);
  const first = (await login(t, email, GOOD_PASSWORD)).json<{ token: string; next: string }>();
  const enrolment = (await t.app.inject({ method: 'GET', url: '/api/ops/auth/enrolment', headers: withToken(first.token) })).json<{ secret: string }>();
  const code = currentCode(enrolment.secret);
  const enrolled = await t.app.inject({ method: 'POST', url: '/api/ops/auth/enrol', headers: withToken(first.token), payload: { code } });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  const body = enrolled.json<{ token: string; recoveryCodes: string[] }>();
  const [row] = await t.database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  return { id: row!.id, email, secret: enrolment.secret, recoveryCodes: body.recoveryCodes, token: body.token, usedCode: code };
}

describeEachDatabase('ops staff accounts', (kind) => {
  const t = useApp(kind);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('an invited member sets a password once, enrols TOTP from the QR code and gets ten recovery codes', async () => {
    const admin = await signedInStaff(t, 'admin');
    const { email, linkToken } = await invite(t, admin, 'dispatcher', 'invitee');
    const mail = await lastEmail(t, email, INVITE_SUBJECT);
    expect(mail!.text).toContain(`${t.config.publicUrl}/ops/set-password?token=`);

    // Weak passwords are refused under 'password', and the link survives them.
    const short = await setPassword(t, linkToken, 'short');
    expect(short.statusCode).toBe(400);
    expect(errorOf(short.body)).toEqual({ field: 'password', message: messages.passwordTooShort });
    const common = await setPassword(t, linkToken, 'password123');
    expect(common.statusCode).toBe(400);
    expect(errorOf(common.body)).toEqual({ field: 'password', message: messages.passwordTooCommon });

    // Before the password is set, nobody signs in.
    expect((await login(t, email, GOOD_PASSWORD)).statusCode).toBe(400);

    expect((await setPassword(t, linkToken, GOOD_PASSWORD)).json()).toEqual({ message: messages.opsPasswordSet });
    const again = await setPassword(t, linkToken, 'another-good-password-7');
    expect(again.statusCode).toBe(400);
    expect(errorOf(again.body)).toEqual({ field: 'alert', message: messages.opsLinkInvalid });

    const wrong = await login(t, email, 'not-the-password-9');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.body)).toEqual({ field: 'alert', message: messages.invalidCredentials });

    const first = await login(t, email.toUpperCase(), GOOD_PASSWORD);
    expect(first.statusCode, first.body).toBe(200);
    const pending = first.json<{ token: string; next: string }>();
    expect(pending.next).toBe('enrol');

    // A member who has not enrolled cannot answer a code yet.
    const early = await t.app.inject({ method: 'POST', url: '/api/ops/auth/verify', headers: withToken(pending.token), payload: { code: '123456' } });
    expect(early.statusCode).toBe(404);

    const enrolmentRes = await t.app.inject({ method: 'GET', url: '/api/ops/auth/enrolment', headers: withToken(pending.token) });
    expect(enrolmentRes.statusCode, enrolmentRes.body).toBe(200);
    expect(enrolmentRes.headers['cache-control']).toBe('no-store');
    const enrolment = enrolmentRes.json<{ otpauthUrl: string; qrSvg: string; secret: string }>();
    expect(enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(enrolment.qrSvg).not.toMatch(/<script|on\w+=/i);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(enrolment.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(enrolment.secret);
    expect(decodeURIComponent(url.pathname)).toContain(email);
    // Asking again shows the same secret: a reload of the page does not break the phone's entry.
    const second = await t.app.inject({ method: 'GET', url: '/api/ops/auth/enrolment', headers: withToken(pending.token) });
    expect(second.json<{ secret: string }>().secret).toBe(enrolment.secret);

    const bad = await t.app.inject({ method: 'POST', url: '/api/ops/auth/enrol', headers: withToken(pending.token), payload: { code: wrongCode(enrolment.secret) } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body)).toEqual({ field: 'code', message: messages.opsCodeInvalid });
    const malformed = await t.app.inject({ method: 'POST', url: '/api/ops/auth/enrol', headers: withToken(pending.token), payload: { code: '12ab' } });
    expect(errorOf(malformed.body)).toEqual({ field: 'code', message: messages.opsCodeInvalid });

    const code = currentCode(enrolment.secret);
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/ops/auth/enrol',
      headers: withToken(pending.token),
      payload: { code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const { token, recoveryCodes } = enrolled.json<{ token: string; recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);

    // The pending token is spent; the complete one opens the console.
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/auth/enrolment', headers: withToken(pending.token) })).statusCode).toBe(404);
    const meRes = await asStaff(t, { token }, { method: 'GET', url: '/api/ops/me' });
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json()).toEqual({ email, role: 'dispatcher' });

    const [row] = await t.database.db.select().from(staff).where(eq(staff.email, email));
    // The secret is kept encrypted, never as the key the phone was shown.
    expect(row!.totpSecret).not.toContain(enrolment.secret);
    const actions = (await auditOf(t, row!.id)).map((a) => [a.action, a.staffEmail]);
    expect(actions).toEqual([
      ['staff.invite', admin.email],
      ['staff.set_password', email],
      ['staff.enrol_totp', email],
    ]);
  });

  it('the next sign-in asks for a code: a code works once, a recovery code works once', async () => {
    const admin = await signedInStaff(t, 'admin');
    const member = await enrolledMember(t, admin, 'dispatcher', 'codes');

    const pendingToken = async () => {
      const res = await login(t, member.email, GOOD_PASSWORD);
      expect(res.json<{ next: string }>().next).toBe('code');
      return res.json<{ token: string }>().token;
    };
    const verify = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/ops/auth/verify', headers: withToken(token), payload });

    let token = await pendingToken();
    // A password-stage token opens nothing but the second factor.
    expect(await asStaff(t, { token }, { method: 'GET', url: '/api/ops/me' }).then((r) => [r.statusCode, r.json()])).toEqual([404, NOT_FOUND]);
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/auth/enrolment', headers: withToken(token) })).statusCode).toBe(404);

    // The code used at enrolment is spent.
    const replayed = await verify(token, { code: member.usedCode });
    expect(replayed.statusCode).toBe(400);
    expect(errorOf(replayed.body)).toEqual({ field: 'code', message: messages.opsCodeInvalid });
    const empty = await verify(token, { code: ' ' });
    expect(errorOf(empty.body)).toEqual({ field: 'code', message: messages.fieldRequired });

    // The next time step's code (a phone clock a little ahead) works, once.
    const next = currentCode(member.secret, Date.now() + 30_000);
    const ok = await verify(token, { code: next });
    expect(ok.statusCode, ok.body).toBe(200);
    const complete = ok.json<{ token: string }>().token;
    expect((await asStaff(t, { token: complete }, { method: 'GET', url: '/api/ops/me' })).statusCode).toBe(200);
    // The pending token was replaced, not promoted.
    expect((await verify(token, { code: next })).statusCode).toBe(404);

    token = await pendingToken();
    const replay = await verify(token, { code: next });
    expect(errorOf(replay.body)).toEqual({ field: 'code', message: messages.opsCodeInvalid });

    const recovery = member.recoveryCodes[3]!;
    const wrongRecovery = await verify(token, { recoveryCode: 'aaaa-aaaa' });
    expect(wrongRecovery.statusCode).toBe(400);
    expect(errorOf(wrongRecovery.body)).toEqual({ field: 'recoveryCode', message: messages.opsRecoveryCodeInvalid });
    const byRecovery = await verify(token, { recoveryCode: ` ${recovery.toUpperCase()} ` });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    expect((await asStaff(t, byRecovery.json<{ token: string }>(), { method: 'GET', url: '/api/ops/me' })).statusCode).toBe(200);

    token = await pendingToken();
    const reused = await verify(token, { recoveryCode: recovery });
    expect(errorOf(reused.body)).toEqual({ field: 'recoveryCode', message: messages.opsRecoveryCodeInvalid });
    expect((await verify(token, { recoveryCode: member.recoveryCodes[4]! })).statusCode).toBe(200);

    const actions = (await auditOf(t, member.id)).map((a) => a.action);
    expect(actions.filter((a) => a === 'staff.use_recovery_code')).toHaveLength(2);
  });

  it('second-factor attempts are limited: a sixth wrong code in 15 minutes is refused with 429', async () => {
    const admin = await signedInStaff(t, 'admin');
    const member = await enrolledMember(t, admin, 'dispatcher', 'code-limit');
    const { token } = (await login(t, member.email, GOOD_PASSWORD)).json<{ token: string }>();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/ops/auth/verify', headers: withToken(token), payload: { code: wrongCode(member.secret) } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/ops/auth/verify',
      headers: withToken(token),
      payload: { code: currentCode(member.secret, Date.now() + 30_000) },
    });
    expect(right.statusCode).toBe(429);
  });

  it('a set-password link expires after 24 hours', async () => {
    const admin = await signedInStaff(t, 'admin');
    const { email, linkToken } = await invite(t, admin, 'dispatcher', 'expired-link');
    const [member] = await t.database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
    const [link] = await t.database.db.select().from(staffPasswordLinks).where(eq(staffPasswordLinks.staffId, member!.id));
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
    // As if the link had been sent 24 hours and a minute ago.
    await t.database.db
      .update(staffPasswordLinks)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(staffPasswordLinks.staffId, member!.id));
    const res = await setPassword(t, linkToken, GOOD_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toEqual({ field: 'alert', message: messages.opsLinkInvalid });
    const garbage = await setPassword(t, 'not-a-token', GOOD_PASSWORD);
    expect(errorOf(garbage.body)).toEqual({ field: 'alert', message: messages.opsLinkInvalid });
  });

  it('a staff session lasts 12 hours and ends at logout', async () => {
    const admin = await signedInStaff(t, 'admin');
    const member = await enrolledMember(t, admin, 'dispatcher', 'twelve-hours');
    const [session] = await t.database.db
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.staffId, member.id), eq(staffSessions.stage, 'complete')));
    expect(Math.abs(session!.expiresAt.getTime() - session!.createdAt.getTime() - STAFF_SESSION_MS)).toBeLessThan(60_000);
    expect((await asStaff(t, member, { method: 'GET', url: '/api/ops/me' })).statusCode).toBe(200);
    // Age the session: as if signed in 12 hours and a second ago.
    await t.database.db
      .update(staffSessions)
      .set({ createdAt: sql`now() - interval '12 hours 1 second'`, expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffSessions.id, session!.id));
    const expired = await asStaff(t, member, { method: 'GET', url: '/api/ops/me' });
    expect([expired.statusCode, expired.json()]).toEqual([404, NOT_FOUND]);

    const other = await signedInStaff(t, 'dispatcher', 'logout');
    const out = await asStaff(t, other, { method: 'POST', url: '/api/ops/auth/logout' });
    expect(out.json()).toEqual({ message: messages.loggedOut });
    expect((await asStaff(t, other, { method: 'GET', url: '/api/ops/me' })).statusCode).toBe(404);
    expect((await asStaff(t, other, { method: 'POST', url: '/api/ops/auth/logout' })).statusCode).toBe(404);
  });

  it('removal asks for the password or a fresh code, ends every session at once and keeps the row for the log', async () => {
    const admin = await signedInStaff(t, 'admin', 'remover');
    const victim = await signedInStaff(t, 'dispatcher', 'removed');
    const secondSession = (await login(t, victim.email, GOOD_PASSWORD)).json<{ token: string }>().token;
    const remove = (by: StaffMember, id: string, payload?: object) =>
      asStaff(t, by, { method: 'DELETE', url: `/api/ops/staff/${id}`, ...(payload ? { payload } : {}) });

    const none = await remove(admin, victim.id);
    expect(none.statusCode).toBe(403);
    expect(errorOf(none.body)).toEqual({ field: 'confirmation', message: messages.opsConfirmRequired });
    const wrong = await remove(admin, victim.id, { confirmation: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong.body)).toEqual({ field: 'confirmation', message: messages.opsConfirmFailed });
    expect((await asStaff(t, victim, { method: 'GET', url: '/api/ops/me' })).statusCode).toBe(200);

    const res = await remove(admin, victim.id, { confirmation: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.opsStaffRemoved(victim.email) });
    for (const token of [victim.token, secondSession]) {
      const after = await asStaff(t, { token }, { method: 'GET', url: '/api/ops/me' });
      expect([after.statusCode, after.json()]).toEqual([404, NOT_FOUND]);
    }
    const relogin = await login(t, victim.email, GOOD_PASSWORD);
    expect(errorOf(relogin.body)).toEqual({ field: 'alert', message: messages.invalidCredentials });
    expect((await remove(admin, victim.id, { confirmation: GOOD_PASSWORD })).statusCode).toBe(404);

    const list = (await asStaff(t, admin, { method: 'GET', url: '/api/ops/staff' })).json<{ items: OpsStaffMember[] }>();
    expect(list.items.find((m) => m.id === victim.id)).toMatchObject({ email: victim.email, status: 'removed', role: 'dispatcher', twoFactor: true });
    expect(list.items.find((m) => m.id === admin.id)).toMatchObject({ status: 'active', role: 'admin' });

    const [entry] = (await auditOf(t, victim.id)).filter((a) => a.action === 'staff.remove');
    expect(entry).toMatchObject({
      staffId: admin.id,
      staffEmail: admin.email,
      entityType: 'staff',
      before: { email: victim.email, role: 'dispatcher', status: 'active' },
      after: { email: victim.email, role: 'dispatcher', status: 'removed' },
    });

    // A fresh code confirms too, once.
    const another = await signedInStaff(t, 'dispatcher', 'removed-by-code');
    const third = await signedInStaff(t, 'dispatcher', 'removed-by-code-2');
    const code = currentCode(admin.secret);
    expect((await remove(admin, another.id, { confirmation: code })).statusCode).toBe(200);
    const replay = await remove(admin, third.id, { confirmation: code });
    expect(errorOf(replay.body)).toEqual({ field: 'confirmation', message: messages.opsConfirmFailed });

    const self = await remove(admin, admin.id, { confirmation: GOOD_PASSWORD });
    expect(errorOf(self.body)).toEqual({ field: 'alert', message: messages.opsStaffNotYourself });
  });

  it('a removed member invited again starts afresh: new password, new second factor', async () => {
    const admin = await signedInStaff(t, 'admin');
    const member = await enrolledMember(t, admin, 'dispatcher', 'comeback');
    const removed = await asStaff(t, admin, { method: 'DELETE', url: `/api/ops/staff/${member.id}`, payload: { confirmation: GOOD_PASSWORD } });
    expect(removed.statusCode).toBe(200);
    const res = await asStaff(t, admin, { method: 'POST', url: '/api/ops/staff', payload: { email: member.email, role: 'admin' } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row).toMatchObject({ role: 'admin', removedAt: null, passwordHash: null, totpSecret: null, totpEnabledAt: null });
    const dup = await asStaff(t, admin, { method: 'POST', url: '/api/ops/staff', payload: { email: member.email, role: 'admin' } });
    expect(dup.statusCode).toBe(400);
    expect(errorOf(dup.body)).toEqual({ field: 'email', message: messages.opsStaffExists });
    const badRole = await asStaff(t, admin, { method: 'POST', url: '/api/ops/staff', payload: { email: freshEmail('role'), role: 'owner' } });
    expect(errorOf(badRole.body).field).toBe('role');
    const badEmail = await asStaff(t, admin, { method: 'POST', url: '/api/ops/staff', payload: { email: 'nope', role: 'admin' } });
    expect(errorOf(badEmail.body)).toEqual({ field: 'email', message: messages.invalidEmail });
  });

  it('five wrong confirmations, then 429 even for the right password', async () => {
    const admin = await signedInStaff(t, 'admin', 'step-up-limit');
    const victim = await signedInStaff(t, 'dispatcher', 'step-up-victim');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await asStaff(t, admin, { method: 'DELETE', url: `/api/ops/staff/${victim.id}`, payload: { confirmation: `wrong-${i}` } });
      statuses.push(res.statusCode);
    }
    const sixth = await asStaff(t, admin, { method: 'DELETE', url: `/api/ops/staff/${victim.id}`, payload: { confirmation: GOOD_PASSWORD } });
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth.body).field).toBe('alert');
    expect((await asStaff(t, victim, { method: 'GET', url: '/api/ops/me' })).statusCode).toBe(200);
  });

  it('a dispatcher gets the 404 of a missing page on every admin route', async () => {
    const dispatcher = await signedInStaff(t, 'dispatcher');
    const admin = await signedInStaff(t, 'admin');
    expect((await asStaff(t, dispatcher, { method: 'GET', url: '/api/ops/me' })).json()).toEqual({ email: dispatcher.email, role: 'dispatcher' });
    const requests = [
      { method: 'GET' as const, url: '/api/ops/staff' },
      { method: 'POST' as const, url: '/api/ops/staff', payload: { email: freshEmail('by-dispatcher'), role: 'admin' } },
      // A body that fails the form check still gets the 404: the guard runs first.
      { method: 'POST' as const, url: '/api/ops/staff', payload: { email: 'x', role: 'owner' } },
      { method: 'DELETE' as const, url: `/api/ops/staff/${admin.id}`, payload: { confirmation: GOOD_PASSWORD } },
      { method: 'GET' as const, url: '/api/ops/audit' },
    ];
    for (const request of requests) {
      const res = await asStaff(t, dispatcher, request);
      expect([request.method, request.url, res.statusCode, res.json()]).toEqual([request.method, request.url, 404, NOT_FOUND]);
    }
    expect((await asStaff(t, admin, { method: 'GET', url: '/api/ops/me' })).statusCode).toBe(200);
  });

  it('sign-in limits hold under a concurrent burst: of 30 wrong passwords at once at most 5 are checked', async () => {
    const member = await signedInStaff(t, 'dispatcher', 'burst');
    const burst = await Promise.all(Array.from({ length: 30 }, () => login(t, member.email, 'wrong-password-burst')));
    const counts = { 400: 0, 429: 0 } as Record<number, number>;
    for (const res of burst) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    // Every attempt is counted before its password is checked: only the first 5 reach argon2.
    expect(counts).toEqual({ 400: 5, 429: 25 });
    for (const res of burst.filter((r) => r.statusCode === 429)) expect(errorOf(res.body).message).toMatch(/minute|second/i);

    const right = await login(t, member.email, GOOD_PASSWORD);
    expect(right.statusCode).toBe(429);
    // Other addresses do not help: the limit is per account.
    expect((await login(t, member.email, GOOD_PASSWORD, nextIp())).statusCode).toBe(429);

    // Once the 15-minute window is over, the right password works again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 1000 });
    const later = await login(t, member.email, GOOD_PASSWORD);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<{ next: string }>().next).toBe('code');
  });

  it('twenty wrong sign-ins from one address lock that address out across accounts', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await login(t, freshEmail(`spray-${i}`), 'wrong-password-spray', ip)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describeEachDatabase('ops audit log', (kind) => {
  const t = useApp(kind);

  it('lists entries newest first with who, what, which, when, before and after, a keyset page at a time', async () => {
    const admin = await signedInStaff(t, 'admin', 'auditor');
    const entityId = `rider-${Math.random().toString(36).slice(2)}`;
    const started = Date.now();
    for (let i = 0; i < 30; i += 1) {
      await writeAudit(t.database.db, { staffId: admin.id, email: admin.email }, {
        action: i % 2 ? 'rider.suspend' : 'rider.lift_suspension',
        entityType: 'rider',
        entityId,
        before: { suspended: i % 2 === 0 },
        after: { suspended: i % 2 === 1, n: i },
      });
    }
    // PGlite's clock can give two quick inserts the same now(): spread them a millisecond
    // apart in the order written, so "newest first" has one right answer.
    await t.database.db.execute(
      sql`update audit_log set created_at = created_at + ((after->>'n')::int * interval '1 millisecond') where entity_id = ${entityId}`,
    );
    const page = (cursor?: string) =>
      asStaff(t, admin, { method: 'GET', url: `/api/ops/audit?entityId=${entityId}${cursor ? `&cursor=${cursor}` : ''}` });
    const first = await page();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const one = first.json<{ items: OpsAuditEntry[]; next: string | null }>();
    expect(one.items).toHaveLength(25);
    expect(one.next).toEqual(expect.any(String));
    expect(one.items[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      staffId: admin.id,
      staffEmail: admin.email,
      staffRole: 'admin',
      staffActive: true,
      action: 'rider.suspend',
      entityType: 'rider',
      entityId,
      before: { suspended: false },
      after: { suspended: true, n: 29 },
      // Not a rider's id, nothing recorded to name it by.
      record: { name: null, handle: null, onFile: false },
    });
    expect(Date.parse(one.items[0]!.at)).toBeGreaterThanOrEqual(started - 5000);
    const two = (await page(one.next!)).json<{ items: OpsAuditEntry[]; next: string | null }>();
    expect(two.items).toHaveLength(5);
    expect(two.next).toBeNull();
    const ns = [...one.items, ...two.items].map((e) => e.after!.n);
    expect(ns).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));

    const bad = await asStaff(t, admin, { method: 'GET', url: '/api/ops/audit?cursor=garbage' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('cursor');
  });

  it('filters by staff member (id or address), action (or every action under it), entity type and id', async () => {
    const admin = await signedInStaff(t, 'admin', 'filter');
    const other = await signedInStaff(t, 'admin', 'filter-other');
    const entityId = `item-${Math.random().toString(36).slice(2)}`;
    await writeAudit(t.database.db, { staffId: admin.id, email: admin.email }, { action: 'inbox.move', entityType: 'inbox_item', entityId });
    await writeAudit(t.database.db, { staffId: other.id, email: other.email }, { action: 'inbox.reply', entityType: 'inbox_item', entityId });
    await writeAudit(t.database.db, { staffId: null, email: 'command line' }, { action: 'staff.invite', entityType: 'staff', entityId });
    // PGlite's clock can give quick inserts the same now(): a millisecond apart, in the order written.
    await t.database.db.execute(
      sql`update audit_log set created_at = created_at + (case action when 'inbox.move' then 0 when 'inbox.reply' then 1 else 2 end) * interval '1 millisecond' where entity_id = ${entityId}`,
    );
    const get = async (query: string) => {
      const res = await asStaff(t, admin, { method: 'GET', url: `/api/ops/audit?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: OpsAuditEntry[] }>().items.map((e) => e.action);
    };
    expect(await get(`entityId=${entityId}`)).toEqual(['staff.invite', 'inbox.reply', 'inbox.move']);
    expect(await get(`entityId=${entityId}&staff=${other.id}`)).toEqual(['inbox.reply']);
    expect(await get(`entityId=${entityId}&staff=${encodeURIComponent(admin.email.toUpperCase())}`)).toEqual(['inbox.move']);
    expect(await get(`entityId=${entityId}&staff=command%20line`)).toEqual(['staff.invite']);
    expect(await get(`entityId=${entityId}&action=inbox`)).toEqual(['inbox.reply', 'inbox.move']);
    expect(await get(`entityId=${entityId}&action=inbox.move`)).toEqual(['inbox.move']);
    expect(await get(`entityId=${entityId}&action=inbo`)).toEqual([]);
    expect(await get(`entityId=${entityId}&entityType=staff`)).toEqual(['staff.invite']);
    const wild = await asStaff(t, admin, { method: 'GET', url: '/api/ops/audit?action=%25' });
    expect(wild.statusCode).toBe(400);
  });

  it('nothing edits or deletes the log', async () => {
    const admin = await signedInStaff(t, 'admin', 'immutable');
    const [entry] = await t.database.db
      .insert(auditLog)
      .values({ staffId: admin.id, staffEmail: admin.email, action: 'x.y', entityType: 'x', entityId: 'y' })
      .returning({ id: auditLog.id });
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/ops/audit', `/api/ops/audit/${entry!.id}`]) {
        const res = await asStaff(t, admin, { method, url, payload: {} });
        expect([method, url, res.statusCode]).toEqual([method, url, 404]);
      }
    }
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/ops/audit (GET, HEAD)');
    expect(routes).not.toMatch(/\/api\/ops\/audit.*(PUT|PATCH|DELETE|POST)/);
    const [still] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(still).toBeDefined();
  });
});

describeEachDatabase('ops staff and audit authorization matrix', (kind) => {
  const t = useApp(kind);

  type Expectation = Partial<Record<Caller, number>>;
  interface Endpoint {
    method: 'GET' | 'POST' | 'DELETE';
    url: (ids: { victim: string }) => string;
    payload?: () => object;
    /** Callers that may get past the guard, and the status each gets; every other caller: 404. */
    allowed: Expectation;
  }
  const endpoints: Endpoint[] = [
    { method: 'GET', url: () => '/api/ops/me', allowed: { dispatcher: 200, admin: 200 } },
    { method: 'GET', url: () => '/api/ops/staff', allowed: { admin: 200 } },
    { method: 'POST', url: () => '/api/ops/staff', payload: () => ({ email: freshEmail('matrix-invite'), role: 'dispatcher' }), allowed: { admin: 200 } },
    // An invalid body too: the guard answers before the form check.
    { method: 'POST', url: () => '/api/ops/staff', payload: () => ({ email: '', role: '' }), allowed: { admin: 400 } },
    { method: 'DELETE', url: ({ victim }) => `/api/ops/staff/${victim}`, payload: () => ({ confirmation: 'wrong' }), allowed: { admin: 403 } },
    { method: 'DELETE', url: () => '/api/ops/staff/not-a-uuid', allowed: { admin: 400 } },
    { method: 'GET', url: () => '/api/ops/audit', allowed: { admin: 200 } },
    { method: 'GET', url: () => '/api/ops/audit?cursor=garbage', allowed: { admin: 400 } },
    // The second-factor routes take only a password-stage token: none of these callers has one.
    { method: 'GET', url: () => '/api/ops/auth/enrolment', allowed: {} },
    { method: 'POST', url: () => '/api/ops/auth/enrol', payload: () => ({ code: '123456' }), allowed: {} },
    { method: 'POST', url: () => '/api/ops/auth/verify', payload: () => ({ code: '123456' }), allowed: {} },
  ];
  const callers: Caller[] = ['no token', 'rider', 'company', 'rider token as staff', 'dispatcher', 'admin'];

  it(`${endpoints.length} endpoints × ${callers.length} callers: only staff get past the 404, and only admins past the admin routes`, async () => {
    const headers = await matrixCallers(t);
    const victim = await signedInStaff(t, 'dispatcher', 'matrix-victim');
    const rows: string[] = [];
    let cells = 0;
    for (const endpoint of endpoints) {
      const url = endpoint.url({ victim: victim.id });
      const statuses: string[] = [];
      for (const caller of callers) {
        const res = await t.app.inject({
          method: endpoint.method,
          url,
          headers: headers[caller],
          remoteAddress: nextIp(),
          ...(endpoint.payload ? { payload: endpoint.payload() } : {}),
        });
        const expected = endpoint.allowed[caller] ?? 404;
        expect([endpoint.method, url, caller, res.statusCode], res.body).toEqual([endpoint.method, url, caller, expected]);
        if (expected === 404) expect(res.json()).toEqual(NOT_FOUND);
        statuses.push(String(res.statusCode));
        cells += 1;
      }
      rows.push(`${`${endpoint.method} ${url.replace(victim.id, ':id')}`.padEnd(40)} ${statuses.join('  ')}`);
    }
    console.log(`\nAuthorization matrix [${kind}]: ${callers.join(' | ')}\n${rows.join('\n')}\n${cells} cells`);
    expect(cells).toBe(endpoints.length * callers.length);
    // The victim was only ever asked about, never removed.
    expect((await asStaff(t, victim, { method: 'GET', url: '/api/ops/me' })).statusCode).toBe(200);
  });
});

/** One app per describe block, without the outbox worker (the tests read the outbox). */
function useApp(kind: DatabaseKind) {
  return useTestApp(kind, { startWorkers: false });
}
