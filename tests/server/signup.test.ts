/**
 * The rider sign-up API on PGlite and on PostgreSQL: create → the code by e-mail only;
 * the code's attempts limit, expiry and single use; the resend cooldown; the location checked
 * against the data; Skip and the agreement; current_tab after each step.
 */
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { emailVerificationCodes, users } from '../../src/server/db/schema';
import { RIDER_AGREEMENT_VERSION } from '../../src/shared/signup';
import { messages } from '../../src/shared/messages';
import { STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';
import { captchaCookie, freshEmail, loginToken, me } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp } from './helper';
import { signedInStaff, signedInUser } from './opsHelpers';
import {
  ageCodes,
  changeEmail,
  codeEmailsTo,
  codeFor,
  freshRider,
  postCreate,
  resend,
  signUp,
  update,
  verifiedRider,
  verify,
} from './signupHelpers';

const REQUIRED = 'This field is required';
const CODE_FIELD = 'verify_email_code';

describeEachDatabase('POST /api/auth/create', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('says "This field is required" under each empty field, and checks the shapes', async () => {
    const ip = nextIp();
    const full = { ...freshRider('empty'), user_type: '1' };
    for (const field of ['username', 'email', 'password'] as const) {
      const res = await postCreate(t, { ...full, [field]: '' }, { ip });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body)).toEqual({ field, message: REQUIRED });
    }
    expect(errorOf((await postCreate(t, { ...full, email: 'no-at-sign' }, { ip })).body)).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
    expect(errorOf((await postCreate(t, { ...full, username: 'a b' }, { ip })).body).field).toBe('username');
    expect(errorOf((await postCreate(t, { ...full, password: 'short' }, { ip })).body)).toEqual({
      field: 'password',
      message: 'Password must be at least 8 characters',
    });
  });

  it('needs the captcha', async () => {
    const res = await postCreate(t, { ...freshRider('captcha'), user_type: '1' }, { ip: nextIp() });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body)).toEqual({ field: 'captcha', message: 'Please complete the CAPTCHA.' });
  });

  it('answers {token} alone (no verify_email_code), at step 2, and e-mails a 4-digit code stored only as a hash', async () => {
    const ip = nextIp();
    const rider = await signUp(t, ip);
    const claims = decodeJwt(rider.token);
    expect(claims.sub).toBe(rider.id);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    expect(row).toMatchObject({ email: rider.email.toLowerCase(), username: rider.username, userType: 1, currentTab: 2, profileCompleted: 0, emailVerifiedAt: null });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const code = await codeFor(t, rider.email);
    const codes = await t.database.db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, rider.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.codeHash).not.toContain(code);
    expect(codes[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = codes[0]!.expiresAt.getTime() - codes[0]!.createdAt.getTime();
    expect(Math.abs(lifetime - 10 * 60 * 1000)).toBeLessThan(5000);
    const meRes = await me(t, rider.token);
    expect(meRes.json()).toMatchObject({ current_tab: 2, profile_completed: 0, username: rider.username });
  });

  it('refuses a taken e-mail (any case) under email and a taken username (any case) under username', async () => {
    const ip = nextIp();
    const cookie = await captchaCookie(t, ip);
    const first = await signUp(t, ip);
    const again = await postCreate(t, { ...freshRider('dup'), email: first.email.toUpperCase(), user_type: '1' }, { ip, cookie });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body)).toEqual({ field: 'email', message: 'An account with this email already exists. Please log in instead.' });
    const sameName = await postCreate(t, { ...freshRider('dup'), username: first.username.toUpperCase(), user_type: '1' }, { ip, cookie });
    expect(sameName.statusCode).toBe(409);
    expect(errorOf(sameName.body)).toEqual({ field: 'username', message: 'This username is taken. Please choose another one.' });
  });

  it('refuses a common password under password, and any user_type but a rider', async () => {
    const ip = nextIp();
    const cookie = await captchaCookie(t, ip);
    const weak = await postCreate(t, { ...freshRider('weak'), password: 'password123', user_type: '1' }, { ip, cookie });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak.body).field).toBe('password');
    const company = await postCreate(t, { ...freshRider('company'), user_type: '2' }, { ip, cookie });
    expect(errorOf(company.body)).toEqual({ field: 'user_type', message: 'Only riders can sign up here for now.' });
    // A number is accepted too.
    const numeric = await postCreate(t, { ...freshRider('numeric'), user_type: 1 }, { ip, cookie });
    expect(numeric.statusCode, numeric.body).toBe(200);
  });
});

describeEachDatabase('the e-mail code', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('verifies with the right code and moves to step 3', async () => {
    const rider = await signUp(t, nextIp());
    const res = await verify(t, rider.token, await codeFor(t, rider.email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your email address is verified.', current_tab: 3, profile_completed: 0 });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });

  it('needs a token, and four digits', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/verify-email', payload: { verify_email_code: '1234' } });
    expect(res.statusCode).toBe(401);
    const rider = await signUp(t, nextIp());
    for (const bad of ['', '12', '12a4', '12345']) {
      const r = await verify(t, rider.token, bad);
      expect(r.statusCode).toBe(400);
      expect(errorOf(r.body)).toEqual({ field: CODE_FIELD, message: 'Please enter the 4-digit code from your email' });
    }
  });

  it('counts wrong tries and kills the code after five, even for the right code', async () => {
    const rider = await signUp(t, nextIp());
    const code = await codeFor(t, rider.email);
    const wrong = code === '0000' ? '1111' : '0000';
    const left: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await verify(t, rider.token, wrong);
      expect(r.statusCode).toBe(400);
      left.push(errorOf(r.body).message);
    }
    expect(left).toEqual([
      'That code is not correct. You have 4 more tries.',
      'That code is not correct. You have 3 more tries.',
      'That code is not correct. You have 2 more tries.',
      'That code is not correct. You have 1 more try.',
      'That code is not correct. Please request a new code.',
    ]);
    const dead = await verify(t, rider.token, code);
    expect(dead.statusCode).toBe(400);
    expect(errorOf(dead.body)).toEqual({ field: CODE_FIELD, message: 'Too many wrong tries. Please request a new code.' });
    // A new code works.
    await ageCodes(t, rider.id, 61);
    expect((await resend(t, rider.token)).statusCode).toBe(200);
    expect((await verify(t, rider.token, await codeFor(t, rider.email))).statusCode).toBe(200);
  });

  it('compares at most five times however many tries arrive at once', async () => {
    const rider = await signUp(t, nextIp());
    const code = await codeFor(t, rider.email);
    const wrong = code === '0000' ? '1111' : '0000';
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(t, rider.token, wrong)));
    expect(answers.every((r) => r.statusCode === 400)).toBe(true);
    const [row] = await t.database.db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, rider.id));
    expect(row!.attempts).toBe(5);
  });

  it('expires a code after ten minutes', async () => {
    const rider = await signUp(t, nextIp());
    const code = await codeFor(t, rider.email);
    await ageCodes(t, rider.id, 10 * 60 + 1);
    const res = await verify(t, rider.token, code);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toEqual({ field: CODE_FIELD, message: 'This code has expired. Please request a new one.' });
  });

  it('uses a code once', async () => {
    const rider = await signUp(t, nextIp());
    const code = await codeFor(t, rider.email);
    expect((await verify(t, rider.token, code)).statusCode).toBe(200);
    // Even if the address were unverified again, the same code would not verify it twice.
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, rider.id));
    const again = await verify(t, rider.token, code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again.body)).toEqual({ field: CODE_FIELD, message: 'This code has expired. Please request a new one.' });
  });

  it('holds a resend for 60 seconds (429 with Retry-After) and a new code ends the old one', async () => {
    const rider = await signUp(t, nextIp());
    const first = await codeFor(t, rider.email);
    const early = await resend(t, rider.token);
    expect(early.statusCode).toBe(429);
    const seconds = Number(early.headers['retry-after']);
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(errorOf(early.body)).toEqual({ field: CODE_FIELD, message: `Please wait ${seconds} seconds before requesting another code.` });

    await ageCodes(t, rider.id, 45);
    const stillEarly = await resend(t, rider.token);
    expect(stillEarly.statusCode).toBe(429);
    expect(Number(stillEarly.headers['retry-after'])).toBeLessThanOrEqual(15);

    await ageCodes(t, rider.id, 16);
    const ok = await resend(t, rider.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      message: 'Verification code sent. Please check your email and enter the code to continue',
      resend_after_seconds: 60,
    });
    expect(await codeEmailsTo(t, rider.email)).toHaveLength(2);
    const second = await codeFor(t, rider.email);
    if (second !== first) {
      const old = await verify(t, rider.token, first);
      expect(errorOf(old.body).message).toMatch(/not correct/);
    }
    expect((await verify(t, rider.token, second)).statusCode).toBe(200);
    // Once verified there is nothing to resend.
    const done = await resend(t, rider.token);
    expect(done.statusCode).toBe(409);
    expect(errorOf(done.body)).toEqual({ field: CODE_FIELD, message: 'Your email address is already verified.' });
  });

  it('lets only one of two resends at the same moment through', async () => {
    const rider = await signUp(t, nextIp());
    await ageCodes(t, rider.id, 61);
    const [a, b] = await Promise.all([resend(t, rider.token), resend(t, rider.token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
  });
});

describeEachDatabase("PUT /api/users/signup-email (step 2's 'Wrong e-mail? Change it')", (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('changes the address before it is verified: a new code goes to the new address, the old code dies, the new one verifies', async () => {
    const rider = await signUp(t, nextIp());
    const oldCode = await codeFor(t, rider.email);
    await ageCodes(t, rider.id, 61);
    const typed = freshEmail('corrected');
    const res = await changeEmail(t, rider.token, `  ${typed} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.verificationCodeSent, email: typed.toLowerCase(), resend_after_seconds: 60 });
    const [row] = await t.database.db.select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, rider.id));
    expect(row).toEqual({ email: typed.toLowerCase(), emailVerifiedAt: null });
    expect((await me(t, rider.token)).json()).toMatchObject({ email: typed.toLowerCase(), current_tab: 2 });
    // The new code went to the new address only; the subject carries it.
    const newCode = await codeFor(t, typed);
    expect((await codeEmailsTo(t, typed))[0]!.subject).toBe(`${newCode} is your Ogba Dispatch code`);
    expect(await codeEmailsTo(t, rider.email)).toHaveLength(1);
    const codes = await t.database.db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, rider.id));
    expect(codes.filter((c) => c.usedAt === null)).toHaveLength(1);
    if (oldCode !== newCode) {
      const old = await verify(t, rider.token, oldCode);
      expect(old.statusCode).toBe(400);
      expect(errorOf(old.body).message).toMatch(/not correct/);
    }
    const ok = await verify(t, rider.token, newCode);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ current_tab: 3 });
    // The rider signs in with the corrected address from now on.
    expect(await loginToken(t, typed, rider.password, nextIp())).toMatch(/^eyJ/);
  });

  it("keeps the resend's cooldown (429 with Retry-After, under email) and its hourly limit; nothing changes meanwhile", async () => {
    const rider = await signUp(t, nextIp());
    const typed = freshEmail('too-soon');
    const early = await changeEmail(t, rider.token, typed);
    expect(early.statusCode).toBe(429);
    const seconds = Number(early.headers['retry-after']);
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(errorOf(early.body)).toEqual({ field: 'email', message: messages.resendWait(seconds) });
    expect((await me(t, rider.token)).json()).toMatchObject({ email: rider.email.toLowerCase() });
    expect(await codeEmailsTo(t, typed)).toHaveLength(0);
    // A resend counts against the same cooldown as a change, and the other way round.
    await ageCodes(t, rider.id, 61);
    expect((await changeEmail(t, rider.token, typed)).statusCode).toBe(200);
    const resendSoon = await resend(t, rider.token);
    expect(resendSoon.statusCode).toBe(429);
    // Ten codes an hour, changes and resends together.
    for (let sent = 2; sent < 10; sent++) {
      await ageCodes(t, rider.id, 61);
      const r = sent % 2 === 0 ? await resend(t, rider.token) : await changeEmail(t, rider.token, typed);
      expect(r.statusCode, r.body).toBe(200);
    }
    await ageCodes(t, rider.id, 61);
    const eleventh = await changeEmail(t, rider.token, freshEmail('eleventh'));
    expect(eleventh.statusCode).toBe(429);
    expect(errorOf(eleventh.body)).toEqual({ field: 'email', message: messages.tooManyRequests(3600) });
    expect((await me(t, rider.token)).json()).toMatchObject({ email: typed.toLowerCase() });
  });

  it("refuses an address already in use (any case) under email with step 1's message, and checks the address as step 1 does", async () => {
    const ip = nextIp();
    const other = await signUp(t, ip);
    const rider = await signUp(t, ip);
    await ageCodes(t, rider.id, 61);
    const taken = await changeEmail(t, rider.token, other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken.body)).toEqual({ field: 'email', message: 'An account with this email already exists. Please log in instead.' });
    for (const [value, message] of [
      ['', 'This field is required'],
      ['no-at-sign', 'Please enter a valid email address'],
    ]) {
      const r = await changeEmail(t, rider.token, value!);
      expect(r.statusCode).toBe(400);
      expect(errorOf(r.body)).toEqual({ field: 'email', message });
    }
    expect((await me(t, rider.token)).json()).toMatchObject({ email: rider.email.toLowerCase() });
    expect(await codeEmailsTo(t, other.email)).toHaveLength(1);
  });

  it('lets only one of two changes at the same moment through', async () => {
    const rider = await signUp(t, nextIp());
    await ageCodes(t, rider.id, 61);
    const [a, b] = await Promise.all([changeEmail(t, rider.token, freshEmail('race-a')), changeEmail(t, rider.token, freshEmail('race-b'))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    const winner = (a.statusCode === 200 ? a : b).json<{ email: string }>().email;
    expect((await me(t, rider.token)).json()).toMatchObject({ email: winner });
  });

  it('is for a signed-in rider at step 2 only: signed out 401, a staff token 401, a company 404, a verified rider 409', async () => {
    const typed = freshEmail('roles');
    const signedOut = await t.app.inject({ method: 'PUT', url: '/api/users/signup-email', remoteAddress: nextIp(), payload: { email: typed } });
    expect(signedOut.statusCode).toBe(401);
    expect(errorOf(signedOut.body).field).toBe('alert');
    const staffMember = await signedInStaff(t, 'admin', 'signup-email');
    for (const headers of [{ [STAFF_TOKEN_HEADER]: staffMember.token }, { 'x-auth-token': staffMember.token }]) {
      const r = await t.app.inject({ method: 'PUT', url: '/api/users/signup-email', remoteAddress: nextIp(), headers, payload: { email: typed } });
      expect(r.statusCode).toBe(401);
    }
    const company = await signedInUser(t, 2, 'signup-email-company');
    const asCompany = await changeEmail(t, company.token, typed);
    expect(asCompany.statusCode).toBe(404);
    const rider = await verifiedRider(t, nextIp(), 'past-step-2');
    await ageCodes(t, rider.id, 61);
    const verified = await changeEmail(t, rider.token, typed);
    expect(verified.statusCode).toBe(409);
    expect(errorOf(verified.body)).toEqual({ field: 'email', message: messages.emailAlreadyVerified });
    for (const who of [company.id, rider.id]) {
      const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, who));
      expect(row!.email).not.toBe(typed.toLowerCase());
    }
    expect(await codeEmailsTo(t, typed)).toHaveLength(0);
  });
});

describeEachDatabase('PUT /api/users/signup-update', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('refuses the location before the e-mail is verified', async () => {
    const rider = await signUp(t, nextIp());
    const res = await update(t, rider.token, { request_type: 'location', state: 'Lagos', town: 'Ikeja' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body)).toEqual({ field: 'state', message: 'Please verify your email address first.' });
  });

  it('checks the location against the data: the state, then a town or LGA of that state', async () => {
    const rider = await verifiedRider(t, nextIp());
    const cases: Array<[Record<string, string>, { field: string; message: string }]> = [
      [{ state: '', town: 'Ikeja' }, { field: 'state', message: 'Select a state' }],
      [{ state: 'Lagos', town: '' }, { field: 'town', message: 'Select a town' }],
      [{ state: 'Atlantis', town: 'Ikeja' }, { field: 'state', message: 'Select a state from the list' }],
      [{ state: 'Lagos', town: 'Port Harcourt' }, { field: 'town', message: 'Select a town in Lagos from the list' }],
    ];
    for (const [input, error] of cases) {
      const res = await update(t, rider.token, { request_type: 'location', ...input });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body)).toEqual(error);
    }
    // Spelled loosely, stored as the data spells it; an LGA counts as an area.
    const ok = await update(t, rider.token, { request_type: 'location', state: ' lagos ', town: 'ETI-OSA' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Location saved', current_tab: 4, profile_completed: 0 });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    expect(row).toMatchObject({ state: 'Lagos', town: 'Eti-Osa', currentTab: 4 });
    // The FCT and a town of it.
    const fct = await update(t, rider.token, { request_type: 'location', state: 'Federal Capital Territory', town: 'Gwarinpa' });
    expect(fct.statusCode).toBe(200);
  });

  it('skips the picture, then records the agreement (time and version) and completes the profile', async () => {
    const rider = await verifiedRider(t, nextIp());
    const early = await update(t, rider.token, { request_type: 'skip_picture' });
    expect(early.statusCode).toBe(403);
    expect(errorOf(early.body)).toEqual({ field: 'alert', message: 'Please choose your location first.' });
    expect((await update(t, rider.token, { request_type: 'location', state: 'Oyo', town: 'Ibadan' })).statusCode).toBe(200);
    const skip = await update(t, rider.token, { request_type: 'skip_picture' });
    expect(skip.json()).toMatchObject({ current_tab: 5, profile_completed: 0 });

    const unticked = await update(t, rider.token, { request_type: 'rider_agreement', rider_agreement: false });
    expect(unticked.statusCode).toBe(400);
    expect(errorOf(unticked.body)).toEqual({ field: 'rider_agreement', message: "Please read and accept the rider's agreement" });
    const before = Date.now();
    const agreed = await update(t, rider.token, { request_type: 'rider_agreement', rider_agreement: true });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json()).toMatchObject({ current_tab: 5, profile_completed: 1 });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    expect(row!.riderAgreementVersion).toBe(RIDER_AGREEMENT_VERSION);
    expect(Math.abs(row!.riderAgreementAt!.getTime() - before)).toBeLessThan(10_000);
    expect((await me(t, rider.token)).json()).toMatchObject({ profile_completed: 1, current_tab: 5 });
  });

  it('never moves a rider backwards and refuses unknown request types', async () => {
    const rider = await verifiedRider(t, nextIp());
    await update(t, rider.token, { request_type: 'location', state: 'Rivers', town: 'Port Harcourt' });
    await update(t, rider.token, { request_type: 'skip_picture' });
    const again = await update(t, rider.token, { request_type: 'location', state: 'Kwara', town: 'Ilorin' });
    expect(again.json()).toMatchObject({ current_tab: 5 });
    const odd = await update(t, rider.token, { request_type: 'make_me_admin' });
    expect(odd.statusCode).toBe(400);
    expect(errorOf(odd.body).field).toBe('request_type');
  });
});
