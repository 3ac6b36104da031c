/**
 * The signed-in profile kept ready (domain/profileDocument.ts), on PGlite and on
 * PostgreSQL. Every kind of write that changes what GET /api/users/profile shows is made through
 * the API (or the sweeper, as the app runs it), and after each one the stored document must be
 * what the source tables build now, and GET must answer it: a write that forgot to refresh the
 * document fails here. Also: the answer keeps to the declared response schema, ETag and 304, the
 * clock alone moving the "reviewed" count (a review window closing, a job leaving the 24-month
 * window), riders from before the table, companies, and account deletion.
 */
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { engagements, profileDocuments, reviews, riderCards, sessions, users } from '../../src/server/db/schema';
import { buildProfileDocument, refreshProfileDocument } from '../../src/server/domain/profileDocument';
import { cardColumns, cardSelect } from '../../src/server/domain/riderCards';
import { profileSchema } from '../../src/server/domain/riderProfile';
import { publishDueReviews } from '../../src/server/features/reviews/service';
import type { Profile } from '../../src/shared/profile';
import { createUser, freshEmail, GOOD_PASSWORD, lastEmail, resetTokenFrom } from './authHelpers';
import { describeEachDatabase, nextIp, useTestApp, type TestApp } from './helper';
import { act, company, listedRider, sendRequest } from './hiringHelpers';
import { asStaff, signedInStaff } from './opsHelpers';
import { as, signedInRider } from './profileHelpers';
import { closeWindow, companyReview, engagementOf, riderReview, written } from './reviewHelpers';
import { ageCodes, changeEmail, codeFor, multipart, signUp, update, upload, verify } from './signupHelpers';
import { minimalPdf } from '../support/pdf';

const PDF = minimalPdf();
const DAY = 86_400_000;

type Token = { id: string; token: string };

async function storedOf(t: TestApp, userId: string) {
  const [row] = await t.database.db.select().from(profileDocuments).where(eq(profileDocuments.userId, userId));
  return row ?? null;
}

/** What the declared response schema's serializer makes of a profile (fast-json-stringify, as Fastify sends an object). */
let serializer: ((profile: unknown) => Promise<unknown>) | null = null;
async function throughSchema(profile: unknown): Promise<unknown> {
  if (!serializer) {
    const app = Fastify();
    let next: unknown = null;
    app.get('/', { schema: { response: { 200: profileSchema } } }, async () => next);
    await app.ready();
    serializer = async (value) => {
      next = value;
      return (await app.inject({ method: 'GET', url: '/' })).json();
    };
  }
  return serializer(profile);
}

/**
 * The stored document is the one the source tables build now (same text, same ETag), GET
 * /api/users/profile sends it with that ETag, and the declared schema would send it unchanged.
 */
async function expectCurrent(t: TestApp, user: Token, after: string): Promise<Profile> {
  const built = await buildProfileDocument(t.database.db, user.id);
  expect(built, after).not.toBeNull();
  const stored = await storedOf(t, user.id);
  expect(stored, `${after}: a stored document`).not.toBeNull();
  expect(JSON.parse(stored!.body), `${after}: the stored document is what the tables say now`).toEqual(JSON.parse(built!.body));
  expect(stored!.etag, after).toBe(built!.etag);
  const res = await as(t, { ...user, ip: nextIp(), email: '', username: '' }, { method: 'GET', url: '/api/users/profile' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers.etag).toBe(built!.etag);
  const profile = res.json<Profile>();
  expect(profile, after).toEqual(JSON.parse(built!.body));
  expect(await throughSchema(profile), `${after}: the document keeps to profileSchema`).toEqual(profile);
  return profile;
}

/**
 * The rider's stored card is the one the source tables build now (riderCards.ts cardSelect),
 * all but its updated_at: the profile form's write patches the card in place (riderFieldsWrite.ts).
 */
async function expectCardCurrent(t: TestApp, userId: string, after: string): Promise<Record<string, unknown>> {
  const rowsOf = (result: unknown) => ((result as { rows?: Array<Record<string, unknown>> }).rows ?? result) as Array<Record<string, unknown>>;
  const db = t.database.db;
  const [built] = rowsOf(await db.execute(sql`select ${cardColumns} from (${cardSelect(sql`u.id = ${userId}`)}) as built(${cardColumns})`));
  const [stored] = rowsOf(await db.execute(sql`select ${cardColumns} from rider_cards where user_id = ${userId}`));
  expect(stored, `${after}: a stored card`).toBeDefined();
  const { updated_at: _builtAt, ...want } = built!;
  const { updated_at: _storedAt, ...have } = stored!;
  expect(have, `${after}: the stored card is what the tables say now`).toEqual(want);
  return have;
}

/** A read as a rider made straight in the database (as before the table existed): it builds and stores the document. */
async function firstRead(t: TestApp, user: Token): Promise<void> {
  expect((await as(t, rider(user), { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(200);
}

const rider = (r: { id: string; token: string }) => ({ id: r.id, token: r.token, ip: nextIp(), email: '', username: '' });

async function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 320, channels: 3, background: colour } }).png().toBuffer();
}

function savePersonalInfo(t: TestApp, user: Token, values: Record<string, string>, files: Array<{ field: string; filename: string; contentType: string; data: Buffer }> = []) {
  const body = multipart([...Object.entries(values).map(([field, data]) => ({ field, data })), ...files]);
  return as(t, rider(user), { method: 'POST', url: '/api/riders/personal-info/save', headers: { 'content-type': body.contentType }, payload: body.payload });
}

describeEachDatabase('profile documents', (kind) => {
  const t = useTestApp(kind);

  it('follows every sign-up step: account, e-mail change, code, place, skip, picture, agreement', async () => {
    const signed = await signUp(t, nextIp());
    const me = { id: signed.id, token: signed.token };
    expect((await expectCurrent(t, me, 'account created')).user).toMatchObject({ current_tab: 2, profile_completed: 0, has_password: true });

    const newEmail = freshEmail('docmoved').toLowerCase();
    await ageCodes(t, me.id, 61);
    expect((await changeEmail(t, me.token, newEmail)).statusCode).toBe(200);
    expect((await expectCurrent(t, me, 'e-mail changed')).user.email).toBe(newEmail);

    expect((await verify(t, me.token, await codeFor(t, newEmail))).statusCode).toBe(200);
    expect((await expectCurrent(t, me, 'e-mail verified')).user.current_tab).toBe(3);

    expect((await update(t, me.token, { request_type: 'location', state: 'Lagos', town: 'Yaba' })).statusCode).toBe(200);
    expect((await expectCurrent(t, me, 'place saved')).user).toMatchObject({ state: 'Lagos', town: 'Yaba', current_tab: 4 });

    expect((await update(t, me.token, { request_type: 'skip_picture' })).statusCode).toBe(200);
    expect((await expectCurrent(t, me, 'picture skipped')).user.current_tab).toBe(5);

    const uploaded = await upload(t, me.token, { data: await png('#f80'), filename: 'me.png', contentType: 'image/png' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await expectCurrent(t, me, 'picture uploaded')).user.picture).toEqual({ url: expect.stringMatching(/^\/files\//) });

    const agreed = await update(t, me.token, { request_type: 'rider_agreement', rider_agreement: true });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect((await expectCurrent(t, me, 'agreement accepted')).user.profile_completed).toBe(1);
  });

  it('follows the dashboard: profile, names, bio, work history, past employees, personal information and documents', async () => {
    const r = await signedInRider(t);
    await firstRead(t, r);
    await expectCurrent(t, r, 'signed in');
    const put = (payload: object) => as(t, r, { method: 'PUT', url: '/api/users/profile-update', payload });

    expect((await put({ username: r.username, first_name: 'Ada', last_name: 'Obi', phone: '08031234567', state: 'Oyo', town: 'Ibadan', introduction: 'Careful rider' })).statusCode).toBe(200);
    expect((await expectCurrent(t, r, 'profile edited')).user).toMatchObject({ first_name: 'Ada', last_name: 'Obi', phone: '+2348031234567', town: 'Ibadan' });
    expect(await expectCardCurrent(t, r.id, 'profile edited (the card made)')).toMatchObject({ display_name: 'Ada O.', town: 'Ibadan', introduction: 'Careful rider' });
    expect((await put({ username: r.username, phone: '', state: 'Oyo', town: 'Ibadan', introduction: '' })).statusCode).toBe(200);
    expect((await expectCurrent(t, r, 'names cleared')).user).not.toHaveProperty('first_name');
    expect(await expectCardCurrent(t, r.id, 'names cleared')).toMatchObject({ display_name: r.username, introduction: null });
    expect((await put({ username: r.username, bio: 'Rain or shine.' })).statusCode).toBe(200);
    expect((await expectCurrent(t, r, 'bio saved')).user.bio).toBe('Rain or shine.');
    expect(String((await expectCardCurrent(t, r.id, 'bio saved')).search)).toContain("'shine':");
    const renamed = `${r.username}_2`;
    expect((await put({ username: renamed, bio: 'Rain or shine.' })).statusCode).toBe(200);
    expect((await expectCurrent(t, r, 'username changed')).user.username).toBe(renamed);
    expect(await expectCardCurrent(t, r.id, 'username changed')).toMatchObject({ username: renamed, display_name: renamed });
    r.username = renamed;

    const job = { position: 'Courier', company_name: 'Kwik', number_of_years: '3-5', start_date: '2020-01-01' };
    const created = await as(t, r, { method: 'POST', url: '/api/riders/work-history/create', payload: job });
    expect(created.statusCode, created.body).toBe(200);
    const jobId = (await expectCurrent(t, r, 'job added')).workHistories[0]!._id;
    expect((await as(t, r, { method: 'PUT', url: '/api/riders/work-history/update', payload: { ...job, work_history_id: jobId, company_name: 'Gokada' } })).statusCode).toBe(200);
    expect((await expectCurrent(t, r, 'job changed')).workHistories[0]!.company_name).toBe('Gokada');
    expect((await as(t, r, { method: 'DELETE', url: `/api/riders/work-history/${jobId}` })).statusCode).toBe(200);
    expect((await expectCurrent(t, r, 'job removed')).workHistories).toEqual([]);

    const employer = { company_name: 'Max.ng', company_contact: 'Tunde', start_date: '2015-01-01', end_date: '2016-01-01' };
    expect((await as(t, r, { method: 'POST', url: '/api/riders/past-employees/create', payload: employer })).statusCode).toBe(200);
    const employerId = (await expectCurrent(t, r, 'employer added')).pastEmployees[0]!._id;
    const changed = await as(t, r, { method: 'PUT', url: '/api/riders/past-employees/update', payload: { ...employer, past_employee_id: employerId, company_name: 'Jumia' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await expectCurrent(t, r, 'employer changed')).pastEmployees[0]!.company_name).toBe('Jumia');
    expect((await as(t, r, { method: 'DELETE', url: `/api/riders/past-employees/${employerId}` })).statusCode).toBe(200);
    expect((await expectCurrent(t, r, 'employer removed')).pastEmployees).toEqual([]);

    const fields = { total_years_of_experience: '3-5', languages_spoken: 'English, Yoruba', education: 'Diploma' };
    const saved = await savePersonalInfo(t, r, fields, [{ field: 'valid_id', filename: 'nin.pdf', contentType: 'application/pdf', data: PDF }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await expectCurrent(t, r, 'personal information and a document saved')).personalInfo).toMatchObject({
      id_review_status: 'pending',
      valid_id: { extension: 'pdf', original_name: 'nin.pdf' },
    });
    // The profile form after the lists and personal information: its patch keeps them.
    expect((await put({ username: r.username, first_name: 'Ada', last_name: 'Obi', phone: '', state: 'Lagos', town: 'Yaba', introduction: 'Back in Lagos' })).statusCode).toBe(200);
    expect((await expectCurrent(t, r, 'profile edited after the lists')).personalInfo).toMatchObject({ languages_spoken: 'English, Yoruba' });
    const card = await expectCardCurrent(t, r.id, 'profile edited after the lists');
    expect(card).toMatchObject({ town: 'Yaba', experience: '3-5' });
    expect([...(card.languages as string[])].sort()).toEqual(['english', 'yoruba']);
  });

  it('patches only a fresh document on a profile write: a stale one is built whole, and the answer is the new profile', async () => {
    const r = await signedInRider(t);
    await firstRead(t, r);
    const put = (payload: object) => as(t, r, { method: 'PUT', url: '/api/users/profile-update', payload });
    expect((await put({ username: r.username, bio: 'First bio.' })).statusCode).toBe(200);
    const before = (await storedOf(t, r.id))!;
    expect((await put({ username: r.username, bio: 'Second bio.' })).statusCode).toBe(200);
    const patched = (await storedOf(t, r.id))!;
    expect(patched.etag, 'a patched document has a new ETag').not.toBe(before.etag);
    await expectCurrent(t, r, 'bio patched');

    // A document whose fresh_until has come, and whose "reviewed" is out of date: the write
    // must not answer (or keep) the old count with the new bio.
    await t.database.db
      .update(profileDocuments)
      .set({ freshUntil: new Date(Date.now() - 1000), body: sql`jsonb_set(body::jsonb, '{reputation,reviewed}', '7')::text` })
      .where(eq(profileDocuments.userId, r.id));
    const saved = await put({ username: r.username, bio: 'Third bio.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ profile: Profile }>().profile.reputation.reviewed).toBe(0);
    expect(saved.json<{ profile: Profile }>().profile.user.bio).toBe('Third bio.');
    expect((await expectCurrent(t, r, 'bio saved over a stale document')).reputation.reviewed).toBe(0);

    // Saves of the same rider at once (several connections on PostgreSQL): each patch is made on
    // the rows as the one before left them, so the card and the document end whole.
    const saves = await Promise.all(
      ['Bio one.', 'Bio two.', 'Bio three.', 'Bio four.'].map((bio, i) =>
        i % 2 === 0
          ? put({ username: r.username, bio })
          : put({ username: r.username, first_name: i === 1 ? 'Ada' : 'Bola', last_name: 'Obi', phone: '', state: 'Lagos', town: 'Yaba', introduction: `Intro ${i}` }),
      ),
    );
    expect(saves.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    await expectCurrent(t, r, 'saves at once');
    await expectCardCurrent(t, r.id, 'saves at once');
    expect((await put({ username: r.username, bio: 'Third bio.' })).statusCode).toBe(200);

    // A taken username changes nothing: not the user, the card or the document.
    const other = await signedInRider(t);
    const kept = (await storedOf(t, r.id))!;
    const taken = await put({ username: other.username.toUpperCase(), bio: 'Fourth bio.' });
    expect(taken.statusCode, taken.body).toBe(409);
    expect((await storedOf(t, r.id))!.body).toBe(kept.body);
    expect((await expectCurrent(t, r, 'username taken')).user.bio).toBe('Third bio.');
    expect((await t.database.db.select({ username: riderCards.username }).from(riderCards).where(eq(riderCards.userId, r.id)))[0]!.username).toBe(r.username);
  });

  it("follows the staff's ID check and a password set by a reset link", async () => {
    const r = await signedInRider(t, { password: null });
    const fields = { total_years_of_experience: '6-10', languages_spoken: 'Hausa', education: 'Graduate' };
    await firstRead(t, r);
    expect((await savePersonalInfo(t, r, fields, [{ field: 'valid_id', filename: 'id.pdf', contentType: 'application/pdf', data: PDF }])).statusCode).toBe(200);
    await expectCurrent(t, r, 'document sent');
    const staff = await signedInStaff(t, 'admin', 'doc');
    const detail = await asStaff(t, staff, { method: 'GET', url: `/api/ops/riders/${r.id}`, remoteAddress: nextIp() });
    const files = detail.json<{ documents: Array<{ id: string }> }>().documents.map((d) => d.id);
    const decided = await asStaff(t, staff, { method: 'POST', url: `/api/ops/riders/${r.id}/id-review`, payload: { decision: 'reject', reason: 'Blurry' }, remoteAddress: nextIp() });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await expectCurrent(t, r, 'ID rejected')).personalInfo).toMatchObject({ id_review_status: 'rejected', id_review_reason: 'Blurry' });
    expect(files.length).toBe(1);

    expect((await expectCurrent(t, r, 'before the reset')).user.has_password).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forget-password', remoteAddress: nextIp(), payload: { email: r.email } })).statusCode).toBe(200);
    const mail = await lastEmail(t, r.email, 'Reset your password');
    const token = resetTokenFrom(mail!.text);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: nextIp(), payload: { token, newPassword: 'a-brand-new-lagos-passphrase' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const stored = await storedOf(t, r.id);
    expect(JSON.parse(stored!.body).user.has_password).toBe(true);
    expect(stored!.body).toBe((await buildProfileDocument(t.database.db, r.id))!.body);
  });

  it('follows the reputation: a job ended, reviews published by both, by the sweeper, hidden by staff, and a company deleting its account', async () => {
    const co = await company(t, 'doc');
    const r = await listedRider(t, 'doc');
    await firstRead(t, r);
    await expectCurrent(t, r, 'listed');

    const item = await sendRequest(t, co, r);
    expect((await act(t, r, item.id, 'accept')).statusCode).toBe(200);
    // A job counts once it lasted a week (docs/companies.md): this one began a month ago.
    await t.database.db
      .update(engagements)
      .set({ startDate: sql`(now() - interval '30 days')::date`, respondedAt: sql`now() - interval '30 days'` })
      .where(eq(engagements.id, item.id));
    expect((await act(t, co, item.id, 'end', { outcome: 'completed' })).statusCode).toBe(200);
    await expectCurrent(t, r, 'job ended');

    await written(t, co, item.id, companyReview(5));
    await expectCurrent(t, r, 'company reviewed, not yet published');
    await written(t, { ...r }, item.id, riderReview(4));
    const published = await expectCurrent(t, r, 'both reviewed: published');
    expect(published.reputation).toMatchObject({ review_count: 1, rating_average_x100: 500, reviewed: 1 });

    // The sweeper publishes a window that closed (the test moves the window into the past, which
    // stands for the 14 days going by: the document is rebuilt as a read at that moment would).
    const other = await engagementOf(t, co, r, { endedDaysAgo: 2 });
    await written(t, co, other, companyReview(3));
    await closeWindow(t, other);
    await refreshProfileDocument(t.database.db, r.id);
    expect(await publishDueReviews(t.database.db, t.config)).toBeGreaterThan(0);
    expect((await expectCurrent(t, r, 'the sweeper published')).reputation).toMatchObject({ review_count: 2, rating_average_x100: 400, reviewed: 2 });

    const staff = await signedInStaff(t, 'admin', 'doc-hide');
    const [review] = await t.database.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.engagementId, other));
    const hidden = await asStaff(t, staff, { method: 'POST', url: `/api/ops/reviews/${review!.id}/hide`, payload: { reason: 'Insults the rider' }, remoteAddress: nextIp() });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await expectCurrent(t, r, 'review hidden')).reputation).toMatchObject({ review_count: 1, reviewed: 1 });

    const gone = await t.app.inject({ method: 'DELETE', url: '/api/companies/me', headers: { 'x-auth-token': co.token }, payload: { password: GOOD_PASSWORD }, remoteAddress: nextIp() });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await expectCurrent(t, r, 'the company deleted its account')).reputation).toMatchObject({ review_count: 0, reviewed: 0 });
  });

  it('moves "reviewed" with the clock alone: a review window closing, a job leaving the 24-month window', async () => {
    const r = await signedInRider(t);
    const co = await createUser(t, { email: freshEmail('doc-clock'), userType: 2, profileCompleted: 1, currentTab: 5 });
    const job = { companyId: co.id, riderId: r.id, role: 'Rider', state: 'Lagos', town: 'Ikeja', payNote: '-', status: 'ended' as const, expiresAt: new Date(Date.now() + DAY), endedBy: 'company' as const, endOutcome: 'completed' as const };
    // A job whose review window closes in 1.5 s, the company's review written: counted from then on.
    const [closing] = await t.database.db
      .insert(engagements)
      .values({ ...job, startDate: '2026-01-01', endedAt: new Date(Date.now() - 14 * DAY), reviewDeadline: new Date(Date.now() + 1500) })
      .returning({ id: engagements.id });
    // A job that leaves the 24-month window in 3.5 s, its reviews published long ago: counted until then.
    const [leaving] = await t.database.db
      .insert(engagements)
      .values({ ...job, startDate: '2024-01-01', endedAt: sql`now() - interval '24 months' + interval '3.5 seconds'`, reviewDeadline: new Date(Date.now() - DAY), reviewsPublishedAt: new Date(Date.now() - DAY) })
      .returning({ id: engagements.id });
    for (const id of [closing!.id, leaving!.id]) {
      await t.database.db.insert(reviews).values({ engagementId: id, authorRole: 'company', authorId: co.id, subjectId: r.id, rating: 5, comment: 'Good', wouldHireAgain: true });
    }
    // As the writes that make these rows do (the job's end, reviews published): the document is rebuilt.
    await refreshProfileDocument(t.database.db, r.id);
    expect((await expectCurrent(t, r, 'the old job counted, the new one pending')).reputation.reviewed).toBe(1);
    expect((await storedOf(t, r.id))!.freshUntil).toBeInstanceOf(Date);

    // No write from here on: each read sees what the clock changed, and stores it.
    const readAfter = async (ms: number) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      const res = await as(t, r, { method: 'GET', url: '/api/users/profile' });
      const now = (await buildProfileDocument(t.database.db, r.id))!;
      expect(res.json<Profile>()).toEqual(JSON.parse(now.body));
      expect(res.headers.etag).toBe(now.etag);
      expect((await storedOf(t, r.id))!.etag).toBe(now.etag);
      return res.json<Profile>().reputation.reviewed;
    };
    expect(await readAfter(2000), 'the window closed').toBe(2);
    expect(await readAfter(2000), 'the old job left the window').toBe(1);
  });

  it('answers 304 to an If-None-Match naming the ETag, and the new document after a write', async () => {
    const r = await signedInRider(t);
    const first = await as(t, r, { method: 'GET', url: '/api/users/profile' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers['cache-control']).toBe('no-store');
    const same = await as(t, r, { method: 'GET', url: '/api/users/profile', headers: { 'if-none-match': `W/"x", ${etag}` } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect((await as(t, r, { method: 'PUT', url: '/api/users/profile-update', payload: { username: r.username, bio: 'New bio' } })).statusCode).toBe(200);
    const after = await as(t, r, { method: 'GET', url: '/api/users/profile', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json<Profile>().user.bio).toBe('New bio');
    expect(after.headers.etag).not.toBe(etag);
    // Another rider's ETag never matches.
    const other = await signedInRider(t);
    expect((await as(t, other, { method: 'GET', url: '/api/users/profile', headers: { 'if-none-match': after.headers.etag as string } })).statusCode).toBe(200);
  });

  it('checks the session in the same read when the cache has not seen the token: ended, suspended and forged tokens get 401', async () => {
    const read = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { 'x-auth-token': token }, remoteAddress: nextIp() });
    // Each token below is read for the first time, so no cache vouches for it.
    const open = await signedInRider(t);
    const first = await read(open.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Profile>().user.username).toBe(open.username);

    const ended = await signedInRider(t);
    await t.database.db.update(sessions).set({ endedAt: new Date() }).where(eq(sessions.userId, ended.id));
    expect((await read(ended.token)).statusCode).toBe(401);

    const suspended = await signedInRider(t);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    expect((await read(suspended.token)).statusCode).toBe(401);

    const expired = await signedInRider(t);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, expired.id));
    expect((await read(expired.token)).statusCode).toBe(401);

    const forged = `${open.token.slice(0, -4)}AAAA`;
    expect((await read(forged)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', remoteAddress: nextIp() })).statusCode).toBe(401);
  });

  it('builds and keeps the document of a rider who has none, answers a company as a missing page without storing one, and goes with the account', async () => {
    const r = await signedInRider(t);
    await t.database.db.delete(profileDocuments).where(eq(profileDocuments.userId, r.id));
    expect(await storedOf(t, r.id)).toBeNull();
    const res = await as(t, r, { method: 'GET', url: '/api/users/profile' });
    expect(res.statusCode).toBe(200);
    expect((await storedOf(t, r.id))!.body).toBe(res.body);
    await expectCurrent(t, r, 'built on first read');

    const co = await company(t, 'doc-self');
    // The rider's profile is no company's: a company's token gets the 404 of a missing page.
    const coRes = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { 'x-auth-token': co.token } });
    expect(coRes.statusCode).toBe(404);
    expect(coRes.json()).toEqual({ error: { field: 'alert', message: 'Not found' } });
    expect(await storedOf(t, co.id)).toBeNull();

    const deleted = await as(t, r, { method: 'DELETE', url: '/api/users/account', payload: { password: GOOD_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedOf(t, r.id)).toBeNull();
    expect((await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, r.id))).length).toBe(0);
  });
});
