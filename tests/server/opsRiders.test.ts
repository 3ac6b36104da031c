/**
 * The console's riders on PGlite and on PostgreSQL: the list (keyset pages, search,
 * filters), a rider's whole profile, the private ID documents for staff only, the ID review
 * (e-mail, dashboard, public page, audit), a new upload making the review pending again,
 * suspension (sessions ended, log-in refused, public page gone, step-up checked) and its lift,
 * and the authorization matrix: every endpoint × every caller.
 */
import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, files, pastEmployees, personalInfo, sessions, users, workHistories } from '../../src/server/db/schema';
import { signInWithGoogle } from '../../src/server/features/auth/service';
import { startSession } from '../../src/server/plugins/auth';
import { messages } from '../../src/shared/messages';
import type { OpsPage } from '../../src/shared/opsForms';
import type { OpsRiderActionResponse, OpsRiderDetail, OpsRiderListItem } from '../../src/shared/opsRiders';
import type { Profile, ProfileWriteResponse } from '../../src/shared/profile';
import { site } from '../../src/shared/site';
import { captchaCookie, createUser, freshEmail, GOOD_PASSWORD, lastEmail, postLogin } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { asStaff, matrixCallers, signedInStaff, type Caller, type StaffMember } from './opsHelpers';
import { as, daysAgo, profileOf, signedInRider, type Rider } from './profileHelpers';
import { multipart } from './signupHelpers';
import { minimalPdf } from '../support/pdf';

const PDF = minimalPdf();
const fields = { total_years_of_experience: '3-5', languages_spoken: 'English, Yoruba', education: 'Diploma' };
const NOT_FOUND = { error: { field: 'alert', message: 'Not found' } };
const MISSING = '00000000-0000-4000-8000-000000000000';

/** The rider's own personal-information save, with documents: the real upload path. */
function saveDocuments(t: TestApp, rider: Rider, documents: Array<{ field: 'valid_id' | 'rider_id_card'; filename: string }>) {
  const body = multipart([
    ...Object.entries(fields).map(([field, data]) => ({ field, data })),
    ...documents.map((d) => ({ field: d.field, filename: d.filename, contentType: 'application/pdf', data: PDF })),
  ]);
  return as(t, rider, { method: 'POST', url: '/api/riders/personal-info/save', headers: { 'content-type': body.contentType }, payload: body.payload });
}

async function riderWithId(t: TestApp): Promise<Rider> {
  const rider = await signedInRider(t);
  const res = await saveDocuments(t, rider, [{ field: 'valid_id', filename: 'nin-slip.pdf' }]);
  expect(res.statusCode, res.body).toBe(200);
  return rider;
}

const ops = (t: TestApp, member: StaffMember | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  asStaff(t, member, { method, url, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as object }) });

async function list(t: TestApp, member: StaffMember, query: Record<string, string>): Promise<OpsPage<OpsRiderListItem>> {
  const res = await ops(t, member, 'GET', `/api/ops/riders?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function auditOf(t: TestApp, riderId: string, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, riderId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt));
}

const publicPage = (t: TestApp, rider: Rider) => t.app.inject({ method: 'GET', url: `/riders/${rider.username}` });

async function login(t: TestApp, email: string) {
  const ip = nextIp();
  return postLogin(t, { email, password: GOOD_PASSWORD, user_type: '1' }, { ip, cookie: await captchaCookie(t, ip) });
}

describeEachDatabase('console riders: list and search', (kind) => {
  const t = useTestApp(kind);

  it('lists riders only, newest first, a page of 25 at a time with a cursor (ties broken by id)', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const label = `paging${kind}`;
    const made: string[] = [];
    const base = Date.now() - 3600_000;
    for (let i = 0; i < 30; i++) {
      const user = await createUser(t, { email: freshEmail(label), profileCompleted: 1, currentTab: 5 });
      // Two riders share a creation time: the id decides between them.
      const at = new Date(base + Math.min(i, 28) * 1000);
      await t.database.db.update(users).set({ createdAt: at }).where(eq(users.id, user.id));
      made.push(user.id);
    }
    const company = await createUser(t, { email: freshEmail(label), userType: 2, profileCompleted: 1 });

    const first = await list(t, staff, { q: label });
    expect(first.items).toHaveLength(25);
    expect(first.next).toEqual(expect.any(String));
    const second = await list(t, staff, { q: label, cursor: first.next! });
    expect(second.next).toBeNull();
    const ids = [...first.items, ...second.items].map((r) => r.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(ids).not.toContain(company.id);
    const times = [...first.items, ...second.items].map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      username: expect.any(String),
      email: expect.stringContaining(label),
      state: null,
      town: null,
      completed: true,
      idReviewStatus: 'none',
      suspended: false,
      createdAt: expect.any(String),
    });
  });

  it('searches by username, e-mail (and its parts), state and town; filters by completion, review and suspension', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const tag = `zq${kind}${Date.now().toString(36)}`;
    const done = await riderWithId(t); // completed, pending review, Lagos Ikeja
    await t.database.db.update(users).set({ username: `${tag}_ada`, town: 'Ikeja' }).where(eq(users.id, done.id));
    const fresh = await signedInRider(t, { profileCompleted: 0 });
    await t.database.db.update(users).set({ username: `${tag}_bayo`, state: 'Oyo', town: 'Ibadan' }).where(eq(users.id, fresh.id));
    const gone = await signedInRider(t);
    await t.database.db.update(users).set({ username: `${tag}_chi`, suspendedAt: new Date(), suspendedReason: 'test' }).where(eq(users.id, gone.id));
    await t.database.db.insert(personalInfo).values({ userId: gone.id, idReviewStatus: 'approved' });

    const names = async (query: Record<string, string>) => (await list(t, staff, query)).items.map((r) => r.username).sort();
    expect(await names({ q: tag })).toEqual([`${tag}_ada`, `${tag}_bayo`, `${tag}_chi`]);
    expect(await names({ q: `${tag} ibad` })).toEqual([`${tag}_bayo`]);
    expect(await names({ q: `${tag} OYO` })).toEqual([`${tag}_bayo`]);
    expect((await list(t, staff, { q: done.email })).items.map((r) => r.id)).toEqual([done.id]);
    expect(await names({ q: tag, completed: 'no' })).toEqual([`${tag}_bayo`]);
    expect(await names({ q: tag, completed: 'yes' })).toEqual([`${tag}_ada`, `${tag}_chi`]);
    expect(await names({ q: tag, review: 'pending' })).toEqual([`${tag}_ada`]);
    expect(await names({ q: tag, review: 'none' })).toEqual([`${tag}_bayo`]);
    expect(await names({ q: tag, review: 'approved' })).toEqual([`${tag}_chi`]);
    expect(await names({ q: tag, review: 'rejected' })).toEqual([]);
    expect(await names({ q: tag, suspended: 'yes' })).toEqual([`${tag}_chi`]);
    expect(await names({ q: tag, suspended: 'no', completed: 'yes' })).toEqual([`${tag}_ada`]);
    // Punctuation alone searches for nothing in particular: every rider.
    expect((await list(t, staff, { q: '@@@' })).items.length).toBeGreaterThan(2);
  });

  it('answers bad input with a 400, never a 5xx', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const bad: Array<[string, string]> = [
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url')}`, 'cursor'],
      ['review=maybe', 'review'],
      ['completed=perhaps', 'completed'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ];
    for (const [query, field] of bad) {
      const res = await ops(t, staff, 'GET', `/api/ops/riders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res.body).field, query).toBe(field);
    }
    for (const q of ["'", '&|!:*()', 'a:* | b', '\\', '日本']) {
      const res = await ops(t, staff, 'GET', `/api/ops/riders?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
  });
});

describeEachDatabase('console riders: profile and documents', (kind) => {
  const t = useTestApp(kind);

  it("answers a rider's whole profile, documents' details without their bytes", async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const rider = await signedInRider(t);
    await saveDocuments(t, rider, [
      { field: 'valid_id', filename: 'nin-slip.pdf' },
      { field: 'rider_id_card', filename: 'card.pdf' },
    ]);
    await t.database.db.insert(workHistories).values({ userId: rider.id, position: 'Dispatch rider', companyName: 'Gokada', numberOfYears: '3-5', startDate: daysAgo(900) });
    await t.database.db.insert(pastEmployees).values({ userId: rider.id, companyName: 'Max.ng', companyContact: 'Tunde', startDate: daysAgo(2000), endDate: daysAgo(1000) });
    await t.database.db.update(users).set({ firstName: ' Adaeze ', lastName: 'Nwosu' }).where(eq(users.id, rider.id));

    const res = await ops(t, staff, 'GET', `/api/ops/riders/${rider.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const detail = res.json<OpsRiderDetail>();
    expect(detail).toMatchObject({
      id: rider.id,
      username: rider.username,
      // The name staff compare with the one on the document.
      fullName: 'Adaeze Nwosu',
      email: rider.email,
      state: 'Lagos',
      town: 'Ikeja',
      completed: true,
      signIn: { password: true, google: false },
      personalInfo: { totalYearsOfExperience: '3-5', languagesSpoken: 'English, Yoruba', education: 'Diploma' },
      workHistories: [{ position: 'Dispatch rider', company_name: 'Gokada', start_date: daysAgo(900), end_date: null }],
      pastEmployees: [{ company_name: 'Max.ng', company_contact: 'Tunde', start_date: daysAgo(2000), end_date: daysAgo(1000) }],
      review: { status: 'pending', reason: null, reviewedAt: null, reviewedBy: null },
      suspension: null,
    });
    expect(detail.documents.map((d) => [d.kind, d.originalName, d.contentType, d.size])).toEqual([
      ['valid_id', 'nin-slip.pdf', 'application/pdf', PDF.length],
      ['rider_id_card', 'card.pdf', 'application/pdf', PDF.length],
    ]);
    expect(res.body).not.toContain('PDF-1.4');
  });

  it('404s a company, an unknown id; a malformed id is a 400 for staff', async () => {
    const staff = await signedInStaff(t, 'admin');
    const company = await createUser(t, { email: freshEmail('co'), userType: 2 });
    for (const id of [company.id, MISSING]) {
      const res = await ops(t, staff, 'GET', `/api/ops/riders/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const bad = await ops(t, staff, 'GET', '/api/ops/riders/not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });

  it('streams an ID document to staff (never cached, audited); nobody else, and nothing but the current documents', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const rider = await riderWithId(t);
    const other = await riderWithId(t);
    const detail = (await ops(t, staff, 'GET', `/api/ops/riders/${rider.id}`)).json<OpsRiderDetail>();
    const fileId = detail.documents[0]!.id;

    const res = await ops(t, staff, 'GET', `/api/ops/riders/${rider.id}/files/${fileId}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="valid_id.pdf"');
    // The console shows it inline from a blob: address it made with these bytes; the route itself
    // is never framed by any page, and the console's pages frame only such blob: addresses.
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const consolePage = await t.app.inject({ method: 'GET', url: '/ops' });
    const frameSrc = String(consolePage.headers['content-security-policy']).split('; ').find((d) => d.startsWith('frame-src '))!;
    expect(frameSrc.split(' ')).toContain('blob:');
    expect(frameSrc.split(' ')).not.toContain("'self'");
    expect(consolePage.headers['x-frame-options']).toBe('DENY');
    const [viewed] = await auditOf(t, rider.id, 'rider.view_document');
    expect(viewed).toMatchObject({ staffId: staff.id, staffEmail: staff.email, entityType: 'rider', after: { file: fileId, kind: 'valid_id' } });

    // Another rider's document under this rider, the picture, an unknown id: the same 404.
    const otherFile = (await ops(t, staff, 'GET', `/api/ops/riders/${other.id}`)).json<OpsRiderDetail>().documents[0]!.id;
    const [picture] = await t.database.db
      .insert(files)
      .values({ ownerId: rider.id, kind: 'profile_image', isPublic: true, contentType: 'image/webp', extension: 'webp', originalName: 'me', size: 1, data: Buffer.from('x') })
      .returning({ id: files.id });
    for (const id of [otherFile, picture!.id, MISSING]) {
      const miss = await ops(t, staff, 'GET', `/api/ops/riders/${rider.id}/files/${id}`);
      expect(miss.statusCode, id).toBe(404);
      expect(miss.json()).toEqual(NOT_FOUND);
    }

    // The public file route and other riders still get nothing; the owner still does.
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${fileId}` })).statusCode).toBe(404);
    expect((await as(t, other, { method: 'GET', url: `/api/files/${fileId}` })).statusCode).toBe(404);
    expect((await as(t, rider, { method: 'GET', url: `/api/files/${fileId}` })).statusCode).toBe(200);
    const company = await createUser(t, { email: freshEmail('co'), userType: 2 });
    const companyToken = await startSession(t.database.db, t.config, { id: company.id, userType: 2 }, 'password');
    const asCompany = await t.app.inject({ method: 'GET', url: `/api/ops/riders/${rider.id}/files/${fileId}`, headers: { 'x-auth-token': companyToken } });
    expect(asCompany.statusCode).toBe(404);
    expect(asCompany.json()).toEqual(NOT_FOUND);
  });
});

describeEachDatabase('console riders: ID review', (kind) => {
  const t = useTestApp(kind, { env: { PUBLIC_URL: 'https://ogbadispatch.ng' }, startWorkers: false });

  it('an upload awaits a check: the dashboard says so, the public page never claims a valid ID', async () => {
    const rider = await riderWithId(t);
    const profile = await profileOf(t, rider);
    expect(profile.personalInfo).toMatchObject({ id_review_status: 'pending', id_review_reason: null });
    const page = await publicPage(t, rider);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Valid ID');
    expect(page.body).not.toContain('ID verified');
    expect(page.body).not.toContain('valid ID on file');
  });

  it('approve: the rider is e-mailed, the dashboard and public page show it verified, the audit has before and after', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const rider = await riderWithId(t);
    const detail = (await ops(t, staff, 'GET', `/api/ops/riders/${rider.id}`)).json<OpsRiderDetail>();
    const res = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/id-review`, { decision: 'approve', files: detail.documents.map((d) => d.id) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OpsRiderActionResponse>();
    expect(body.message).toBe(messages.opsIdApproved(rider.username));
    expect(body.rider.review).toEqual({ status: 'approved', reason: null, reviewedAt: expect.any(String), reviewedBy: staff.email });

    const mail = await lastEmail(t, rider.email, 'Your ID is verified');
    expect(mail?.text).toContain('ID verified');
    expect(mail?.text).toContain('https://ogbadispatch.ng/rider-dashboard');
    expect((await profileOf(t, rider)).personalInfo).toMatchObject({ id_review_status: 'approved', id_review_reason: null });
    const page = await publicPage(t, rider);
    expect(page.body).not.toContain('Valid ID');
    expect(page.body).toContain('<li class="success">ID verified</li>');
    expect(page.body).toMatch(/<meta name="description" content="[^"]*ID verified\.">/);

    const [entry] = await auditOf(t, rider.id, 'rider.id_approve');
    expect(entry).toMatchObject({
      staffId: staff.id,
      staffEmail: staff.email,
      entityType: 'rider',
      before: { idReviewStatus: 'pending', idReviewReason: null },
      after: { idReviewStatus: 'approved', idReviewReason: null },
    });

    // Decided once: a second decision is a 409 and changes nothing.
    const again = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/id-review`, { decision: 'reject', reason: 'Blurry' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body)).toEqual({ field: 'alert', message: messages.opsIdNothingToReview });
    expect((await profileOf(t, rider)).personalInfo!.id_review_status).toBe('approved');
  });

  it('reject needs a reason; the rider reads it on the dashboard and in the e-mail', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const rider = await riderWithId(t);
    for (const payload of [{ decision: 'reject' }, { decision: 'reject', reason: '   ' }]) {
      const res = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/id-review`, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body)).toEqual({ field: 'reason', message: messages.opsIdReasonRequired });
    }
    const reason = 'The photo is blurred: the name cannot be read.';
    const res = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/id-review`, { decision: 'reject', reason: `  ${reason} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OpsRiderActionResponse>().rider.review).toMatchObject({ status: 'rejected', reason });
    const mail = await lastEmail(t, rider.email, 'Your ID could not be verified');
    // "Upload my ID again" opens the dashboard at that item.
    expect(mail?.text).toContain('https://ogbadispatch.ng/rider-dashboard?item=id');
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain(messages.idRejectedHelp);
    expect((await profileOf(t, rider)).personalInfo).toMatchObject({ id_review_status: 'rejected', id_review_reason: reason });
    const page = await publicPage(t, rider);
    expect(page.body).not.toContain('Valid ID');
    expect(page.body).not.toContain(reason);
    const [entry] = await auditOf(t, rider.id, 'rider.id_reject');
    expect(entry).toMatchObject({ before: { idReviewStatus: 'pending' }, after: { idReviewStatus: 'rejected', idReviewReason: reason } });

    // Uploading again makes it pending, the old reason gone.
    const upload = await saveDocuments(t, rider, [{ field: 'rider_id_card', filename: 'card.pdf' }]);
    expect(upload.json<ProfileWriteResponse>().profile.personalInfo).toMatchObject({ id_review_status: 'pending', id_review_reason: null });
  });

  it('a new upload after an approval is pending again; a decision on documents the staff member never saw is refused', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const rider = await riderWithId(t);
    const seen = (await ops(t, staff, 'GET', `/api/ops/riders/${rider.id}`)).json<OpsRiderDetail>().documents.map((d) => d.id);
    expect((await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/id-review`, { decision: 'approve', files: seen })).statusCode).toBe(200);

    // A save with no new document keeps the approval.
    const plain = await saveDocuments(t, rider, []);
    expect(plain.json<ProfileWriteResponse>().profile.personalInfo!.id_review_status).toBe('approved');
    const upload = await saveDocuments(t, rider, [{ field: 'valid_id', filename: 'new-nin.pdf' }]);
    const info = upload.json<ProfileWriteResponse>().profile.personalInfo!;
    expect(info).toMatchObject({ id_review_status: 'pending', id_review_reason: null });
    expect((await publicPage(t, rider)).body).not.toContain('ID verified');

    const stale = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/id-review`, { decision: 'approve', files: seen });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body)).toEqual({ field: 'alert', message: messages.opsIdDocumentsChanged });
    expect((await profileOf(t, rider)).personalInfo!.id_review_status).toBe('pending');
  });

  it('a rider with no document has nothing to review; bad input is a 400, never a 5xx', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const rider = await signedInRider(t);
    const none = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/id-review`, { decision: 'approve' });
    expect(none.statusCode).toBe(409);
    expect(errorOf(none.body).message).toBe(messages.opsIdNothingToReview);
    const missing = await ops(t, staff, 'POST', `/api/ops/riders/${MISSING}/id-review`, { decision: 'approve' });
    expect(missing.json()).toEqual(NOT_FOUND);

    const payloads: unknown[] = [
      {},
      { decision: 'maybe' },
      { decision: 'reject', reason: 42 },
      { decision: 'reject', reason: 'x'.repeat(501) },
      { decision: 'approve', files: ['nope'] },
      { decision: 'approve', files: [MISSING, MISSING, MISSING] },
      { decision: 'approve', extra: true },
      'decision=approve',
      [],
    ];
    for (const payload of payloads) {
      const res = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/id-review`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    const notJson = await asStaff(t, staff, { method: 'POST', url: `/api/ops/riders/${rider.id}/id-review`, headers: { 'content-type': 'application/json' }, payload: '{"decision":' });
    expect(notJson.statusCode).toBe(400);
  });
});

describeEachDatabase('console riders: suspension', (kind) => {
  const t = useTestApp(kind);

  it('asks for a reason and the step-up confirmation, then ends every session, refuses log-in and hides the public page', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const rider = await riderWithId(t);
    const url = `/api/ops/riders/${rider.id}/suspend`;

    const noReason = await ops(t, staff, 'POST', url, { confirmation: GOOD_PASSWORD });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason.body)).toEqual({ field: 'reason', message: messages.opsSuspendReasonRequired });
    const noConfirmation = await ops(t, staff, 'POST', url, { reason: 'Fake documents' });
    expect(noConfirmation.statusCode).toBe(403);
    expect(errorOf(noConfirmation.body)).toEqual({ field: 'confirmation', message: messages.opsConfirmRequired });
    const wrong = await ops(t, staff, 'POST', url, { reason: 'Fake documents', confirmation: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong.body)).toEqual({ field: 'confirmation', message: messages.opsConfirmFailed });
    // Nothing changed yet.
    expect((await as(t, rider, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(200);

    const res = await ops(t, staff, 'POST', url, { reason: 'Fake documents', confirmation: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OpsRiderActionResponse>();
    expect(body.message).toBe(messages.opsRiderSuspended(rider.username));
    expect(body.rider.suspension).toEqual({ at: expect.any(String), reason: 'Fake documents' });

    // The rider's token is refused at once, everywhere.
    const profile = await as(t, rider, { method: 'GET', url: '/api/users/profile' });
    expect(profile.statusCode).toBe(401);
    const fileId = body.rider.documents[0]!.id;
    expect((await as(t, rider, { method: 'GET', url: `/api/files/${fileId}` })).statusCode).toBe(404);
    const open = await t.database.db.select({ endedAt: sessions.endedAt }).from(sessions).where(eq(sessions.userId, rider.id));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((s) => s.endedAt !== null)).toBe(true);

    // Log-in refused with the reason to write to us; Google sign-in too.
    const refused = await login(t, rider.email);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.body)).toEqual({ field: 'alert', message: messages.accountSuspended(site.email) });
    const wrongPassword = await postLogin(t, { email: rider.email, password: 'wrong-password-1', user_type: '1' }, { ip: nextIp(), cookie: await captchaCookie(t, nextIp()) });
    expect(errorOf(wrongPassword.body).message).not.toContain('suspended');
    await expect(
      signInWithGoogle({ db: t.database.db, config: t.config, limits: t.app.limits }, { subject: 'google-sub-1', email: rider.email }),
    ).rejects.toMatchObject({ status: 403, message: messages.accountSuspended(site.email) });

    // The public page is the 404 of no rider.
    const page = await publicPage(t, rider);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Rider not found');
    expect((await t.app.inject({ method: 'GET', url: `/riders/${rider.username}/photo.jpg` })).statusCode).toBe(404);

    const [entry] = await auditOf(t, rider.id, 'rider.suspend');
    expect(entry).toMatchObject({ staffId: staff.id, before: { suspended: false }, after: { suspended: true, reason: 'Fake documents' } });
    const twice = await ops(t, staff, 'POST', url, { reason: 'Again', confirmation: GOOD_PASSWORD });
    expect(twice.statusCode).toBe(409);
    expect((await list(t, staff, { q: rider.username, suspended: 'yes' })).items.map((r) => r.id)).toEqual([rider.id]);
  });

  it('lifts a suspension: log-in works again and the public page is back', async () => {
    const staff = await signedInStaff(t, 'admin');
    const rider = await riderWithId(t);
    expect((await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/suspend`, { reason: 'Check', confirmation: GOOD_PASSWORD })).statusCode).toBe(200);
    const res = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/unsuspend`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OpsRiderActionResponse>()).toMatchObject({ message: messages.opsRiderUnsuspended(rider.username), rider: { suspension: null } });
    // Old sessions stay ended; a new log-in works.
    expect((await as(t, rider, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    const again = await login(t, rider.email);
    expect(again.statusCode, again.body).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { 'x-auth-token': again.json<{ token: string }>().token } });
    expect(profile.json<Profile>().user.username).toBe(rider.username);
    expect((await publicPage(t, rider)).statusCode).toBe(200);
    const [entry] = await auditOf(t, rider.id, 'rider.unsuspend');
    expect(entry).toMatchObject({ staffId: staff.id, before: { suspended: true, reason: 'Check' }, after: { suspended: false } });
    const twice = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/unsuspend`);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice.body).message).toBe(messages.opsRiderNotSuspended);
  });

  it('a confirmation can be a fresh TOTP code; bad input is never a 5xx', async () => {
    const staff = await signedInStaff(t, 'dispatcher');
    const rider = await signedInRider(t);
    const { TOTP } = await import('otpauth');
    const code = new TOTP({ secret: staff.secret }).generate();
    const res = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/suspend`, { reason: 'Code test', confirmation: code });
    expect(res.statusCode, res.body).toBe(200);
    for (const payload of [{ reason: 7 }, { reason: 'x'.repeat(501), confirmation: 'x' }, { reason: 'r', confirmation: 'y'.repeat(200) }, 'text', []]) {
      const bad = await ops(t, staff, 'POST', `/api/ops/riders/${rider.id}/suspend`, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    const missing = await ops(t, staff, 'POST', `/api/ops/riders/${MISSING}/suspend`, { reason: 'x', confirmation: GOOD_PASSWORD });
    expect(missing.json()).toEqual(NOT_FOUND);
  });
});

describeEachDatabase('console riders: authorization matrix', (kind) => {
  const t = useTestApp(kind);

  it('every endpoint × {no token, rider, company, rider token as staff, dispatcher, admin}: only staff get past the 404', async () => {
    const callers = await matrixCallers(t);
    const rider = await riderWithId(t);
    const admin = await signedInStaff(t, 'admin', 'matrix-reader');
    const fileId = (await ops(t, admin, 'GET', `/api/ops/riders/${rider.id}`)).json<OpsRiderDetail>().documents[0]!.id;
    // Each request is harmless for staff: reads, or writes refused for their input.
    const endpoints: Array<{ method: 'GET' | 'POST'; url: string; payload?: object; staff: number }> = [
      { method: 'GET', url: '/api/ops/riders', staff: 200 },
      { method: 'GET', url: '/api/ops/riders?q=ada&review=pending&completed=yes&suspended=no', staff: 200 },
      { method: 'GET', url: '/api/ops/riders?review=bogus', staff: 400 },
      { method: 'GET', url: `/api/ops/riders/${rider.id}`, staff: 200 },
      { method: 'GET', url: '/api/ops/riders/not-a-uuid', staff: 400 },
      { method: 'GET', url: `/api/ops/riders/${rider.id}/files/${fileId}`, staff: 200 },
      { method: 'POST', url: `/api/ops/riders/${rider.id}/id-review`, payload: { decision: 'reject' }, staff: 400 },
      { method: 'POST', url: `/api/ops/riders/${rider.id}/id-review`, payload: { decision: 'nonsense' }, staff: 400 },
      { method: 'POST', url: `/api/ops/riders/${rider.id}/suspend`, payload: { confirmation: 'x' }, staff: 400 },
      { method: 'POST', url: `/api/ops/riders/${rider.id}/unsuspend`, payload: {}, staff: 409 },
    ];
    const table: string[] = [];
    let cells = 0;
    for (const endpoint of endpoints) {
      for (const [caller, headers] of Object.entries(callers) as Array<[Caller, Record<string, string>]>) {
        const res = await t.app.inject({ method: endpoint.method, url: endpoint.url, headers, remoteAddress: nextIp(), ...(endpoint.payload ? { payload: endpoint.payload } : {}) });
        cells++;
        const label = `${endpoint.method} ${endpoint.url} as ${caller}`;
        if (caller === 'dispatcher' || caller === 'admin') {
          expect(res.statusCode, `${label}: ${res.body}`).toBe(endpoint.staff);
        } else {
          expect(res.statusCode, label).toBe(404);
          expect(res.json(), label).toEqual(NOT_FOUND);
        }
        table.push(`${label.padEnd(110)} ${res.statusCode}`);
      }
    }
    console.log(`\nAuthorization matrix, console riders [${kind}]: ${endpoints.length} requests × 6 callers = ${cells} cells\n${table.join('\n')}`);
    expect(cells).toBe(endpoints.length * 6);
    // Nothing the matrix sent changed the rider.
    const after = (await ops(t, admin, 'GET', `/api/ops/riders/${rider.id}`)).json<OpsRiderDetail>();
    expect([after.review.status, after.suspension]).toEqual(['pending', null]);
  });
});
