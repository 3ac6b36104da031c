/**
 * The invited company sign-up, on PGlite and PostgreSQL: the happy path with the
 * e-mailed code (one transaction: invitation spent, user_type 2, companies row, code e-mail,
 * session), each field's error under its field, a used / expired / revoked / unknown link, two
 * sign-ups with one link at the same moment (exactly one wins), the captcha, the rate limits,
 * the code's resend cooldown and tries, and logging in as a company on the login page.
 */
import { randomBytes, createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companies, companyInvitations, users, waitlistEntries } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { captchaCookie, GOOD_PASSWORD, me, postLogin } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type DatabaseKind, type TestApp } from './helper';
import { ageCodes, codeEmailsTo, codeFor } from './signupHelpers';

function useApp(kind: DatabaseKind) {
  return useTestApp(kind, { startWorkers: false });
}

let seq = 0;
/** A waitlist entry with a live invitation (made as the console makes it: only the hash is kept). */
async function invitation(t: TestApp, options: { expired?: boolean; revoked?: boolean } = {}) {
  seq += 1;
  const tag = `${seq}${Math.random().toString(36).slice(2, 7)}`;
  const [entry] = await t.database.db
    .insert(waitlistEntries)
    .values({ companyName: `Lekki Bakes ${tag}`, email: `hello.${tag}@lekkibakes.ng`, status: 'invited' })
    .returning();
  const token = randomBytes(32).toString('base64url');
  await t.database.db.insert(companyInvitations).values({
    waitlistEntryId: entry!.id,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + (options.expired ? -1000 : 7 * 24 * 3600 * 1000)),
    revokedAt: options.revoked ? new Date() : null,
  });
  return { token, entry: entry! };
}

function form(invite: { token: string; entry: { companyName: string; email: string } }, overrides: Record<string, string> = {}) {
  return {
    invite: invite.token,
    company_name: invite.entry.companyName,
    contact_person: 'Chiamaka Obi',
    email: invite.entry.email,
    phone: '0803 123 4567',
    password: GOOD_PASSWORD,
    address: '12 Admiralty Way',
    state: 'Lagos',
    town: 'Ikeja',
    cac_number: 'rc 123456',
    ...overrides,
  };
}

async function postSignup(t: TestApp, payload: Record<string, unknown>, options: { ip?: string; cookie?: string | null } = {}) {
  const ip = options.ip ?? nextIp();
  const cookie = options.cookie === undefined ? await captchaCookie(t, ip) : options.cookie;
  return t.app.inject({ method: 'POST', url: '/api/companies/signup', remoteAddress: ip, headers: cookie ? { cookie } : {}, payload });
}

const as = (t: TestApp, token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });

describeEachDatabase('company sign-up', (kind) => {
  const t = useApp(kind);

  it('an invited company signs up, verifies its e-mail with the code and is a company everywhere', async () => {
    const invite = await invitation(t);
    const res = await postSignup(t, form(invite, { email: `  ${invite.entry.email.toUpperCase()} ` }));
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(Object.keys(res.json())).toEqual(['token']);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, invite.entry.email));
    expect(user).toMatchObject({ userType: 2, phone: '+2348031234567', address: '12 Admiralty Way', state: 'Lagos', town: 'Ikeja', emailVerifiedAt: null });
    const [company] = await t.database.db.select().from(companies).where(eq(companies.userId, user!.id));
    expect(company).toMatchObject({ companyName: invite.entry.companyName, contactPerson: 'Chiamaka Obi', cacNumber: 'RC123456', waitlistEntryId: invite.entry.id });
    const [entry] = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, invite.entry.id));
    expect(entry!.status).toBe('joined');
    const [inv] = await t.database.db.select().from(companyInvitations).where(eq(companyInvitations.waitlistEntryId, invite.entry.id));
    expect(inv!.usedAt).not.toBeNull();

    // The code travels by e-mail only, with the company's wording.
    // Its subject carries the code, so a phone's notification shows it.
    const [mail] = await codeEmailsTo(t, invite.entry.email);
    expect(mail!.subject).toBe(messages.verificationCodeEmailSubject(await codeFor(t, invite.entry.email)));
    expect(mail!.text).toContain(messages.companyCodeEmailHeading(invite.entry.companyName));
    expect(mail!.priority).toBe(0);

    const current = await me(t, token);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ email: invite.entry.email, user_type: 2 });

    const before = await as(t, token, 'GET', '/api/companies/me');
    expect(before.json()).toMatchObject({ company_name: invite.entry.companyName, email_verified: false, cac_number: 'RC123456', logo: null });

    const wrong = await as(t, token, 'PUT', '/api/companies/me/verify-email', { verify_email_code: (Number(await codeFor(t, invite.entry.email)) + 1).toString().padStart(4, '0').slice(-4) });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.body)).toEqual({ field: 'verify_email_code', message: messages.codeIncorrect(4) });

    const ok = await as(t, token, 'PUT', '/api/companies/me/verify-email', { verify_email_code: await codeFor(t, invite.entry.email) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: messages.companyVerified, profile: { email_verified: true } });
    const again = await as(t, token, 'PUT', '/api/companies/me/verify-email', { verify_email_code: '0000' });
    expect(again.json()).toMatchObject({ message: messages.emailAlreadyVerified });

    // The link is spent: the public check and a second sign-up both refuse it.
    const check = await t.app.inject({ method: 'GET', url: `/api/invitations/${invite.token}` });
    expect(check.statusCode).toBe(404);
    const reuse = await postSignup(t, form(invite, { email: 'other.address@lekkibakes.ng' }));
    expect(reuse.statusCode).toBe(409);
    expect(errorOf(reuse.body)).toEqual({ field: 'invite', message: messages.invitationInvalid });
  });

  it('a company logs in on the login page with Company (2), not with Rider (1)', async () => {
    const invite = await invitation(t);
    expect((await postSignup(t, form(invite))).statusCode).toBe(200);
    const ip = nextIp();
    const cookie = await captchaCookie(t, ip);
    const asRider = await postLogin(t, { email: invite.entry.email, password: GOOD_PASSWORD, user_type: '1' }, { ip, cookie });
    expect(asRider.statusCode).toBe(400);
    expect(errorOf(asRider.body)).toEqual({ field: 'alert', message: messages.invalidCredentials });
    const asCompany = await postLogin(t, { email: invite.entry.email, password: GOOD_PASSWORD, user_type: '2' }, { ip, cookie });
    expect(asCompany.statusCode, asCompany.body).toBe(200);
    const { token } = asCompany.json<{ token: string }>();
    expect((await me(t, token)).json()).toMatchObject({ user_type: 2 });
    expect((await as(t, token, 'GET', '/api/companies/me')).statusCode).toBe(200);
  });

  it('answers each field’s rule under its field, and changes nothing', async () => {
    const invite = await invitation(t);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ invite: '' }, 'invite', messages.invitationInvalid],
      [{ company_name: ' ' }, 'company_name', messages.fieldRequired],
      [{ contact_person: '' }, 'contact_person', messages.fieldRequired],
      [{ email: '' }, 'email', messages.fieldRequired],
      [{ email: 'not-an-email' }, 'email', messages.invalidEmail],
      [{ phone: '' }, 'phone', messages.fieldRequired],
      [{ phone: '12345' }, 'phone', messages.invalidPhone],
      [{ password: 'short' }, 'password', messages.passwordTooShort],
      [{ password: 'password123' }, 'password', messages.passwordTooCommon],
      [{ address: '' }, 'address', messages.companyAddressRequired],
      [{ state: '' }, 'state', messages.selectState],
      [{ state: 'Atlantis' }, 'state', messages.unknownState],
      [{ town: '' }, 'town', messages.selectTown],
      [{ town: 'Nowhere' }, 'town', messages.unknownTown('Lagos')],
      [{ cac_number: 'XY123' }, 'cac_number', messages.companyCacInvalid],
      [{ invite: 'x'.repeat(43) }, 'invite', messages.invitationInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await postSignup(t, form(invite, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(errorOf(res.body), JSON.stringify(overrides)).toEqual({ field, message });
    }
    const [inv] = await t.database.db.select().from(companyInvitations).where(eq(companyInvitations.waitlistEntryId, invite.entry.id));
    expect(inv!.usedAt).toBeNull();
    expect(await t.database.db.select().from(users).where(eq(users.email, invite.entry.email))).toEqual([]);
    // BN numbers are taken too, in the one stored form.
    const ok = await postSignup(t, form(invite, { cac_number: 'bn-1234567' }));
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.database.db.select({ cac: companies.cacNumber }).from(companies).innerJoin(users, eq(users.id, companies.userId)).where(eq(users.email, invite.entry.email));
    expect(row!.cac).toBe('BN1234567');
  });

  it('opens the account only for the address the invitation was sent to; another is refused under email and the link stays live', async () => {
    const invite = await invitation(t);
    const other = await postSignup(t, form(invite, { email: 'someone.else@example.com' }));
    expect(other.statusCode, other.body).toBe(400);
    expect(errorOf(other.body)).toEqual({ field: 'email', message: messages.companyEmailNotInvited });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'someone.else@example.com'))).toEqual([]);
    const [live] = await t.database.db.select().from(companyInvitations).where(eq(companyInvitations.waitlistEntryId, invite.entry.id));
    expect(live!.usedAt).toBeNull();
    // The invited address, however it is capitalised, opens it.
    const ok = await postSignup(t, form(invite, { email: ` ${invite.entry.email.toUpperCase()} ` }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('signs up without the optional CAC number (left out of the body)', async () => {
    const invite = await invitation(t);
    const { cac_number: _left, ...withoutCac } = form(invite);
    const res = await postSignup(t, withoutCac);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select({ cac: companies.cacNumber }).from(companies).innerJoin(users, eq(users.id, companies.userId)).where(eq(users.email, invite.entry.email));
    expect(row!.cac).toBeNull();
  });

  it('a taken e-mail is refused under email and leaves the invitation live', async () => {
    const first = await invitation(t);
    expect((await postSignup(t, form(first))).statusCode).toBe(200);
    const second = await invitation(t);
    const res = await postSignup(t, form(second, { email: first.entry.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toEqual({ field: 'email', message: messages.emailTaken });
    const [inv] = await t.database.db.select().from(companyInvitations).where(eq(companyInvitations.waitlistEntryId, second.entry.id));
    expect(inv!.usedAt).toBeNull();
  });

  it('refuses an expired, a revoked and an unknown link under invite', async () => {
    for (const invite of [await invitation(t, { expired: true }), await invitation(t, { revoked: true }), { ...(await invitation(t)), token: randomBytes(32).toString('base64url') }]) {
      const res = await postSignup(t, form(invite));
      expect(res.statusCode).toBe(409);
      expect(errorOf(res.body)).toEqual({ field: 'invite', message: messages.invitationInvalid });
    }
  });

  it('two sign-ups with one link at the same moment: exactly one wins', async () => {
    const invite = await invitation(t);
    const results = await Promise.all([
      postSignup(t, form(invite)),
      postSignup(t, form(invite, { contact_person: 'Someone Else' })),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    // Whether the loser is stopped by the e-mail check or by the spent invitation, it hears the same.
    expect(errorOf(loser.body)).toEqual({ field: 'email', message: messages.emailTaken });
    const made = await t.database.db.select().from(companies).where(eq(companies.waitlistEntryId, invite.entry.id));
    expect(made).toHaveLength(1);
  });

  it('asks for the captcha', async () => {
    const invite = await invitation(t);
    const res = await postSignup(t, form(invite), { cookie: null });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body)).toEqual({ field: 'captcha', message: messages.completeCaptcha });
  });

  it('limits sign-ups from one address (20 in 10 minutes)', async () => {
    const ip = nextIp();
    const invite = await invitation(t);
    for (let i = 0; i < 20; i++) {
      const res = await postSignup(t, form(invite), { ip, cookie: null });
      expect(res.statusCode).toBe(403);
    }
    const limited = await postSignup(t, form(invite), { ip, cookie: null });
    expect(limited.statusCode).toBe(429);
  });

  it('a new code at most every 60 seconds (429 with Retry-After), the old one dies; five wrong tries end a code', async () => {
    const invite = await invitation(t);
    const { token } = (await postSignup(t, form(invite))).json<{ token: string }>();
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, invite.entry.email));
    const soon = await as(t, token, 'POST', '/api/companies/me/send-verify-email');
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(soon.body).field).toBe('verify_email_code');

    const oldCode = await codeFor(t, invite.entry.email);
    await ageCodes(t, user!.id, 61);
    const sent = await as(t, token, 'POST', '/api/companies/me/send-verify-email');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: messages.verificationCodeSent, resend_after_seconds: 60 });
    const newCode = await codeFor(t, invite.entry.email);
    if (oldCode !== newCode) {
      const dead = await as(t, token, 'PUT', '/api/companies/me/verify-email', { verify_email_code: oldCode });
      expect(dead.statusCode).toBe(400);
    }
    const wrongCode = newCode === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) await as(t, token, 'PUT', '/api/companies/me/verify-email', { verify_email_code: wrongCode });
    const usedUp = await as(t, token, 'PUT', '/api/companies/me/verify-email', { verify_email_code: newCode });
    expect(errorOf(usedUp.body)).toEqual({ field: 'verify_email_code', message: messages.codeUsedUp });
    // An expired code says so.
    await ageCodes(t, user!.id, 61);
    await as(t, token, 'POST', '/api/companies/me/send-verify-email');
    await ageCodes(t, user!.id, 11 * 60);
    const expired = await as(t, token, 'PUT', '/api/companies/me/verify-email', { verify_email_code: await codeFor(t, invite.entry.email) });
    expect(errorOf(expired.body)).toEqual({ field: 'verify_email_code', message: messages.codeExpired });
    const bad = await as(t, token, 'PUT', '/api/companies/me/verify-email', { verify_email_code: '12a4' });
    expect(errorOf(bad.body)).toEqual({ field: 'verify_email_code', message: messages.enterCode });
    await t.database.db.execute(sql`select 1`);
  });
});
