/**
 * The company account, on PGlite and PostgreSQL: the profile (read and edit, each
 * field's error under its field), the logo, the password change, the data export and the
 * deletion; and the authorization matrix of every company endpoint over {signed out, rider,
 * other rider, company, other company, staff}: a rider is answered the 404 of a missing page,
 * signed out (and staff, whose token is not a site token) 401, and a company only ever reads and
 * changes its own record.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { companies, engagements, files, reviews, sessions, shortlists, users } from '../../src/server/db/schema';
import { startSession } from '../../src/server/plugins/auth';
import { STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';
import type { CompanyProfile } from '../../src/shared/company';
import { messages } from '../../src/shared/messages';
import { captchaCookie, GOOD_PASSWORD, postLogin, storedHash } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type DatabaseKind, type TestApp } from './helper';
import { signedInStaff, signedInUser } from './opsHelpers';
import { multipart } from './signupHelpers';

function useApp(kind: DatabaseKind) {
  return useTestApp(kind, { startWorkers: false });
}

interface Company {
  id: string;
  email: string;
  name: string;
  token: string;
}

let seq = 0;
/** A company account with its companies row and a session (the sign-up itself is tested in companySignup.test.ts). */
async function signedInCompany(t: TestApp, label = 'co'): Promise<Company> {
  seq += 1;
  const tag = `${seq}${Math.random().toString(36).slice(2, 7)}`;
  const email = `${label}.${tag}@company.ng`;
  const name = `${label} Logistics ${tag}`;
  const [user] = await t.database.db
    .insert(users)
    .values({
      username: `${label}-${tag}`,
      email,
      passwordHash: await storedHash(GOOD_PASSWORD),
      userType: 2,
      phone: '+2348031234567',
      address: '1 Marina',
      state: 'Lagos',
      town: 'Ikeja',
      profileCompleted: 1,
      currentTab: 5,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  await t.database.db.insert(companies).values({ userId: user!.id, companyName: name, contactPerson: 'Tunde Bakare', cacNumber: 'RC1234' });
  const token = await startSession(t.database.db, t.config, { id: user!.id, userType: 2 }, 'password');
  return { id: user!.id, email, name, token };
}

const profileInput = {
  company_name: 'Ikeja Express',
  contact_person: 'Ngozi Eze',
  phone: '+234 809 555 1234',
  address: '5 Allen Avenue',
  state: 'Lagos',
  town: 'Ikeja',
  cac_number: 'bn 998877',
};

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
function call(t: TestApp, headers: Record<string, string>, method: Method, url: string, payload?: object | Buffer, contentType?: string) {
  return t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload ? { payload } : {}),
  });
}
const as = (c: { token: string }) => ({ 'x-auth-token': c.token });

async function logoUpload(data?: Buffer) {
  const png = data ?? (await sharp({ create: { width: 300, height: 120, channels: 3, background: '#0b6e4f' } }).png().toBuffer());
  return multipart([{ field: 'logo', filename: 'logo.png', contentType: 'image/png', data: png }]);
}

describeEachDatabase('company account', (kind) => {
  const t = useApp(kind);

  it('reads and edits its profile: phone as +234…, CAC as BN998877, place in the location data', async () => {
    const company = await signedInCompany(t);
    const read = await call(t, as(company), 'GET', '/api/companies/me');
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json<CompanyProfile>()).toMatchObject({ company_name: company.name, email: company.email, email_verified: true, cac_number: 'RC1234' });

    const saved = await call(t, as(company), 'PUT', '/api/companies/me', profileInput);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: messages.companyProfileSaved,
      profile: expect.objectContaining({
        company_name: 'Ikeja Express',
        contact_person: 'Ngozi Eze',
        phone: '+2348095551234',
        address: '5 Allen Avenue',
        state: 'Lagos',
        town: 'Ikeja',
        cac_number: 'BN998877',
      }),
    });
    const cleared = await call(t, as(company), 'PUT', '/api/companies/me', { ...profileInput, cac_number: '' });
    expect(cleared.json<{ profile: CompanyProfile }>().profile.cac_number).toBeNull();
  });

  it('saves the profile without the optional CAC number (left out of the body, not sent empty)', async () => {
    const company = await signedInCompany(t);
    const { cac_number: _left, ...withoutCac } = profileInput;
    const saved = await call(t, as(company), 'PUT', '/api/companies/me', withoutCac);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ profile: CompanyProfile }>().profile.cac_number).toBeNull();
  });

  it('answers each profile rule under its field and changes nothing', async () => {
    const company = await signedInCompany(t);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ company_name: '' }, 'company_name', messages.fieldRequired],
      [{ contact_person: ' ' }, 'contact_person', messages.fieldRequired],
      [{ phone: '0103' }, 'phone', messages.invalidPhone],
      [{ address: '' }, 'address', messages.companyAddressRequired],
      [{ state: 'Wakanda' }, 'state', messages.unknownState],
      [{ town: 'Narnia' }, 'town', messages.unknownTown('Lagos')],
      [{ cac_number: 'AB12' }, 'cac_number', messages.companyCacInvalid],
      [{ company_name: 'x'.repeat(500) }, 'company_name', messages.tooLong(120)],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call(t, as(company), 'PUT', '/api/companies/me', { ...profileInput, ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorOf(res.body)).toEqual({ field, message });
    }
    const [row] = await t.database.db.select().from(companies).where(eq(companies.userId, company.id));
    expect(row!.companyName).toBe(company.name);
  });

  it('uploads a logo: re-encoded to WebP, public; a non-image or a large file is refused under logo', async () => {
    const company = await signedInCompany(t);
    const body = await logoUpload();
    const res = await call(t, as(company), 'POST', '/api/companies/me/logo', body.payload, body.contentType);
    expect(res.statusCode, res.body).toBe(200);
    const { profile } = res.json<{ profile: CompanyProfile }>();
    expect(profile.logo!.url).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    const served = await t.app.inject({ method: 'GET', url: `/api${profile.logo!.url}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const [file] = await t.database.db.select({ kind: files.kind, isPublic: files.isPublic }).from(files).where(eq(files.ownerId, company.id));
    expect(file).toEqual({ kind: 'company_logo', isPublic: true });

    // A second logo replaces the first.
    const again = await logoUpload();
    await call(t, as(company), 'POST', '/api/companies/me/logo', again.payload, again.contentType);
    expect(await t.database.db.select({ id: files.id }).from(files).where(eq(files.ownerId, company.id))).toHaveLength(1);

    const text = multipart([{ field: 'logo', filename: 'logo.png', contentType: 'image/png', data: 'not an image' }]);
    const notImage = await call(t, as(company), 'POST', '/api/companies/me/logo', text.payload, text.contentType);
    expect(notImage.statusCode).toBe(400);
    expect(errorOf(notImage.body)).toEqual({ field: 'logo', message: messages.imageType });
    const big = multipart([{ field: 'logo', filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(2 * 1024 * 1024 + 10, 1) }]);
    const tooBig = await call(t, as(company), 'POST', '/api/companies/me/logo', big.payload, big.contentType);
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig.body)).toEqual({ field: 'logo', message: messages.companyLogoTooLarge });
  });

  it('changes the password with the current one; other sessions end; the new one logs in', async () => {
    const company = await signedInCompany(t);
    const other = await startSession(t.database.db, t.config, { id: company.id, userType: 2 }, 'password');
    const wrong = await call(t, as(company), 'PUT', '/api/companies/me/password', { current_password: 'not-the-password', new_password: 'a-brand-new-passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.body)).toEqual({ field: 'current_password', message: messages.companyCurrentPasswordWrong });
    const common = await call(t, as(company), 'PUT', '/api/companies/me/password', { current_password: GOOD_PASSWORD, new_password: 'password123' });
    expect(errorOf(common.body)).toEqual({ field: 'new_password', message: messages.passwordTooCommon });
    const short = await call(t, as(company), 'PUT', '/api/companies/me/password', { current_password: GOOD_PASSWORD, new_password: 'short' });
    expect(errorOf(short.body)).toEqual({ field: 'new_password', message: messages.passwordTooShort });

    const ok = await call(t, as(company), 'PUT', '/api/companies/me/password', { current_password: GOOD_PASSWORD, new_password: 'a-brand-new-passphrase' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: messages.companyPasswordChanged });
    expect((await call(t, as(company), 'GET', '/api/companies/me')).statusCode).toBe(200);
    expect((await call(t, { 'x-auth-token': other }, 'GET', '/api/companies/me')).statusCode).toBe(401);

    const ip = nextIp();
    const cookie = await captchaCookie(t, ip);
    expect((await postLogin(t, { email: company.email, password: GOOD_PASSWORD, user_type: '2' }, { ip, cookie })).statusCode).toBe(400);
    expect((await postLogin(t, { email: company.email, password: 'a-brand-new-passphrase', user_type: '2' }, { ip, cookie })).statusCode).toBe(200);
  });

  it('exports everything stored about the company, without secrets', async () => {
    const company = await signedInCompany(t, 'export');
    const rider = await signedInUser(t, 1, 'export-rider');
    await t.database.db.insert(shortlists).values({ companyId: company.id, riderId: rider.id });
    const [engagement] = await t.database.db
      .insert(engagements)
      .values({
        companyId: company.id,
        riderId: rider.id,
        role: 'Dispatch rider',
        state: 'Lagos',
        town: 'Ikeja',
        startDate: '2026-01-05',
        payNote: '₦5,000 a day',
        status: 'ended',
        expiresAt: new Date(),
        endedAt: new Date(),
        endedBy: 'company',
        endOutcome: 'completed',
        reviewDeadline: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: engagements.id });
    await t.database.db.insert(reviews).values([
      { engagementId: engagement!.id, authorRole: 'company', authorId: company.id, subjectId: rider.id, rating: 5, comment: 'Always on time', wouldHireAgain: true },
      // The rider's review is still blind (window open, not both published): not in the export.
      { engagementId: engagement!.id, authorRole: 'rider', authorId: rider.id, subjectId: company.id, rating: 2, comment: 'Late pay' },
    ]);

    const res = await call(t, as(company), 'GET', '/api/companies/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ogba-dispatch-company-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.format).toBe('ogba-dispatch-company-export/1');
    expect(data.account).toMatchObject({ email: company.email, user_type: 2, phone: '+2348031234567' });
    expect(data.company).toMatchObject({ company_name: company.name, contact_person: 'Tunde Bakare', cac_number: 'RC1234' });
    expect(data.shortlist).toHaveLength(1);
    expect(data.engagements).toEqual([expect.objectContaining({ id: engagement!.id, role: 'Dispatch rider', status: 'ended' })]);
    expect(data.reviews).toEqual([expect.objectContaining({ written_by: 'company', rating: 5, comment: 'Always on time', would_hire_again: true })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash|code_hash/);
    expect(res.body).not.toContain('Late pay');
  });

  it('deletes the account with the password: everything of it goes, the rider stays', async () => {
    const company = await signedInCompany(t, 'leaving');
    const rider = await signedInUser(t, 1, 'stays');
    await t.database.db.insert(shortlists).values({ companyId: company.id, riderId: rider.id });
    const logo = await logoUpload();
    await call(t, as(company), 'POST', '/api/companies/me/logo', logo.payload, logo.contentType);

    const missing = await call(t, as(company), 'DELETE', '/api/companies/me', {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.body)).toEqual({ field: 'password', message: messages.passwordToConfirm });
    const wrong = await call(t, as(company), 'DELETE', '/api/companies/me', { password: 'nope-nope-nope' });
    expect(errorOf(wrong.body)).toEqual({ field: 'password', message: messages.wrongPassword });

    const ok = await call(t, as(company), 'DELETE', '/api/companies/me', { password: GOOD_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: messages.accountDeleted });
    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, company.id))).toEqual([]);
    expect(await db.select().from(companies).where(eq(companies.userId, company.id))).toEqual([]);
    expect(await db.select().from(files).where(eq(files.ownerId, company.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, company.id))).toEqual([]);
    expect(await db.select().from(shortlists).where(eq(shortlists.companyId, company.id))).toEqual([]);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, rider.id))).toHaveLength(1);
    expect((await call(t, as(company), 'GET', '/api/companies/me')).statusCode).toBe(401);
  });

  it('five wrong confirmations in 15 minutes, then 429 even with the right password', async () => {
    const company = await signedInCompany(t, 'guess');
    for (let i = 0; i < 5; i++) {
      const res = await call(t, as(company), 'DELETE', '/api/companies/me', { password: `wrong-guess-${i}` });
      expect(res.statusCode).toBe(400);
    }
    const limited = await call(t, as(company), 'PUT', '/api/companies/me/password', { current_password: GOOD_PASSWORD, new_password: 'another-long-passphrase' });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited.body).message).toMatch(/^Too many attempts/);
    expect((await call(t, as(company), 'GET', '/api/companies/me')).statusCode).toBe(200);
  });

  it('authorization matrix: every company endpoint × {signed out, rider, other rider, company, other company, staff}', async () => {
    const company = await signedInCompany(t, 'owner');
    const otherCompany = await signedInCompany(t, 'other');
    const rider = await signedInUser(t, 1, 'matrix-rider');
    const otherRider = await signedInUser(t, 1, 'matrix-other-rider');
    const staff = await signedInStaff(t, 'admin', 'company-matrix');
    const logo = await logoUpload();
    const endpoints: Array<{ method: Method; url: string; payload?: object | Buffer; contentType?: string }> = [
      { method: 'GET', url: '/api/companies/me' },
      { method: 'PUT', url: '/api/companies/me', payload: profileInput },
      { method: 'POST', url: '/api/companies/me/logo', payload: logo.payload, contentType: logo.contentType },
      { method: 'PUT', url: '/api/companies/me/password', payload: { current_password: 'x-wrong-password', new_password: 'a-brand-new-passphrase' } },
      { method: 'GET', url: '/api/companies/me/export' },
      { method: 'POST', url: '/api/companies/me/send-verify-email' },
      { method: 'PUT', url: '/api/companies/me/verify-email', payload: { verify_email_code: '1234' } },
      { method: 'DELETE', url: '/api/companies/me', payload: { password: 'x-wrong-password' } },
    ];
    const callers: Array<[string, Record<string, string>, number]> = [
      ['signed out', {}, 401],
      ['rider', as(rider), 404],
      ['other rider', as(otherRider), 404],
      // Staff sign in to the console only: to the site a staff token is no token.
      ['staff', { [STAFF_TOKEN_HEADER]: staff.token }, 401],
      ['staff token as a site token', { 'x-auth-token': staff.token }, 401],
    ];
    for (const endpoint of endpoints) {
      for (const [who, headers, status] of callers) {
        const res = await call(t, headers, endpoint.method, endpoint.url, endpoint.payload, endpoint.contentType);
        expect(res.statusCode, `${who} ${endpoint.method} ${endpoint.url}`).toBe(status);
        expect(errorOf(res.body)).toEqual(status === 404 ? { field: 'alert', message: messages.notFound } : { field: 'alert', message: messages.signInAgain });
      }
      // A company gets an answer about its own record only (never a 401/404).
      for (const [who, c] of [['company', company], ['other company', otherCompany]] as const) {
        const res = await call(t, as(c), endpoint.method, endpoint.url, endpoint.payload, endpoint.contentType);
        expect([200, 400, 409, 429], `${who} ${endpoint.method} ${endpoint.url}: ${res.body}`).toContain(res.statusCode);
      }
    }
    // Each company's writes landed on its own row only.
    const own = await call(t, as(company), 'GET', '/api/companies/me');
    const other = await call(t, as(otherCompany), 'GET', '/api/companies/me');
    expect(own.json<CompanyProfile>().email).toBe(company.email);
    expect(other.json<CompanyProfile>().email).toBe(otherCompany.email);
    const rows = await t.database.db.select({ userId: companies.userId, logo: companies.logoFileId }).from(companies);
    for (const row of rows.filter((r) => r.userId === company.id || r.userId === otherCompany.id)) {
      const [file] = await t.database.db.select({ owner: files.ownerId }).from(files).where(eq(files.id, row.logo!));
      expect(file!.owner).toBe(row.userId);
    }
    // The riders were not touched by any of it.
    const [riderRow] = await t.database.db.select({ userType: users.userType }).from(users).where(eq(users.id, rider.id));
    expect(riderRow!.userType).toBe(1);
    // The export is the caller's own.
    const exported = (await call(t, as(otherCompany), 'GET', '/api/companies/me/export')).json();
    expect(exported.account.email).toBe(otherCompany.email);
    expect(JSON.stringify(exported)).not.toContain(company.email);
  });

  it('every /api/companies/me operation in the OpenAPI document answers signed out 401 and a rider 404', async () => {
    const document = t.app.swagger() as unknown as { paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'delete', unknown>>> };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/companies/me'))
      .flatMap(([path, item]) => (['get', 'post', 'put', 'delete'] as const).filter((m) => item[m] !== undefined).map((method) => ({ method, path })));
    expect(operations.length).toBeGreaterThanOrEqual(8);
    const rider = await signedInUser(t, 1, 'openapi-rider');
    for (const { method, path } of operations) {
      const signedOut = await call(t, {}, method.toUpperCase() as Method, path);
      expect(signedOut.statusCode, `${method} ${path}`).toBe(401);
      const asRider = await call(t, as(rider), method.toUpperCase() as Method, path);
      expect(asRider.statusCode, `${method} ${path}`).toBe(404);
      expect(errorOf(asRider.body)).toEqual({ field: 'alert', message: messages.notFound });
    }
  });
});
