/**
 * The rider's data rights (NDPA 2023) on PGlite and on PostgreSQL: GET /api/users/export
 * (one JSON file with everything of the rider's) and DELETE /api/users/account (confirmed with the
 * password or a recent Google sign-in; nothing of the rider left behind; every session ended).
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  emailVerificationCodes,
  files,
  newsletterSubscriptions,
  outboxEmails,
  passwordResetTokens,
  pastEmployees,
  personalInfo,
  sessions,
  users,
  workHistories,
} from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { GOOD_PASSWORD } from './authHelpers';
import { describeEachDatabase, errorOf, useTestApp, type TestApp } from './helper';
import { as, daysAgo, signedInRider, type Rider } from './profileHelpers';

/** A rider with something in every table that can hold their data. */
async function fullRider(t: TestApp, options: Parameters<typeof signedInRider>[1] = {}): Promise<Rider> {
  const rider = await signedInRider(t, options);
  const db = t.database.db;
  const [picture] = await db
    .insert(files)
    .values({
      ownerId: rider.id,
      kind: 'profile_image',
      isPublic: true,
      contentType: 'image/webp',
      extension: 'webp',
      originalName: 'me.jpg',
      size: 4,
      data: Buffer.from('RIFF'),
    })
    .returning({ id: files.id });
  const [document] = await db
    .insert(files)
    .values({
      ownerId: rider.id,
      kind: 'valid_id',
      isPublic: false,
      contentType: 'application/pdf',
      extension: 'pdf',
      originalName: 'nin-slip.pdf',
      size: 8,
      data: Buffer.from('%PDF-1.4'),
    })
    .returning({ id: files.id });
  await db.update(users).set({ pictureFileId: picture!.id, phone: '+2348031234567', bio: 'Ten years on Lagos roads.' }).where(eq(users.id, rider.id));
  await db.insert(personalInfo).values({
    userId: rider.id,
    totalYearsOfExperience: '6-10',
    languagesSpoken: 'English, Yoruba',
    education: 'Diploma',
    validIdFileId: document!.id,
  });
  await db.insert(workHistories).values({
    userId: rider.id,
    position: 'Rider',
    companyName: 'Gokada',
    numberOfYears: '3-5',
    startDate: daysAgo(900),
    endDate: null,
  });
  await db.insert(pastEmployees).values({
    userId: rider.id,
    companyName: 'Max.ng',
    companyContact: '0803 555 0101',
    startDate: daysAgo(2000),
    endDate: daysAgo(1000),
  });
  await db.insert(newsletterSubscriptions).values({ email: rider.email });
  await db.insert(outboxEmails).values({ to: rider.email, subject: 'Welcome', text: 'hi', html: '<p>hi</p>' });
  await db.insert(passwordResetTokens).values({ userId: rider.id, tokenHash: `h-${rider.id}`, expiresAt: new Date(Date.now() + 3600_000) });
  await db.insert(emailVerificationCodes).values({ userId: rider.id, codeHash: 'x', expiresAt: new Date(Date.now() + 600_000) });
  return rider;
}

/** Every row anywhere that belongs to or names the rider. */
async function traces(t: TestApp, rider: Rider): Promise<Record<string, number>> {
  const db = t.database.db;
  const n = async (query: Promise<unknown[]>) => (await query).length;
  return {
    users: await n(db.select().from(users).where(eq(users.id, rider.id))),
    sessions: await n(db.select().from(sessions).where(eq(sessions.userId, rider.id))),
    files: await n(db.select({ id: files.id }).from(files).where(eq(files.ownerId, rider.id))),
    personal_info: await n(db.select().from(personalInfo).where(eq(personalInfo.userId, rider.id))),
    work_histories: await n(db.select().from(workHistories).where(eq(workHistories.userId, rider.id))),
    past_employees: await n(db.select().from(pastEmployees).where(eq(pastEmployees.userId, rider.id))),
    password_reset_tokens: await n(db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, rider.id))),
    email_verification_codes: await n(db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, rider.id))),
    newsletter_subscriptions: await n(db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, rider.email))),
    outbox_emails: await n(db.select({ id: outboxEmails.id }).from(outboxEmails).where(sql`lower(${outboxEmails.to}) = ${rider.email}`)),
  };
}

const nothing = {
  users: 0,
  sessions: 0,
  files: 0,
  personal_info: 0,
  work_histories: 0,
  past_employees: 0,
  password_reset_tokens: 0,
  email_verification_codes: 0,
  newsletter_subscriptions: 0,
  outbox_emails: 0,
};

describeEachDatabase('GET /api/users/export', (kind) => {
  const t = useTestApp(kind);

  it('needs sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/export' });
    expect(res.statusCode).toBe(401);
  });

  it('downloads one JSON file with everything of the rider’s, and no secrets', async () => {
    const rider = await fullRider(t);
    const res = await as(t, rider, { method: 'GET', url: '/api/users/export' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="ogba-dispatch-${rider.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.format).toBe('ogba-dispatch-export/1');
    expect(data.account).toMatchObject({
      username: rider.username,
      email: rider.email,
      phone: '+2348031234567',
      state: 'Lagos',
      town: 'Ikeja',
      bio: 'Ten years on Lagos roads.',
      sign_in: { password: true, google: false },
    });
    expect(data.personal_info).toMatchObject({
      total_years_of_experience: '6-10',
      languages_spoken: 'English, Yoruba',
      education: 'Diploma',
      valid_id: { extension: 'pdf', original_name: 'nin-slip.pdf', url: `/files/${data.files.find((f: { kind: string }) => f.kind === 'valid_id').id}` },
      rider_id_card: null,
    });
    expect(data.work_histories).toEqual([expect.objectContaining({ company_name: 'Gokada', end_date: null })]);
    expect(data.past_employees).toEqual([expect.objectContaining({ company_name: 'Max.ng', company_contact: '0803 555 0101' })]);
    expect(data.files).toHaveLength(2);
    expect(data.files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'profile_image', public: true, content_type: 'image/webp', original_name: 'me.jpg', size_bytes: 4 }),
        expect.objectContaining({ kind: 'valid_id', public: false, content_type: 'application/pdf', original_name: 'nin-slip.pdf', size_bytes: 8 }),
      ]),
    );
    expect(data.sessions).toEqual([expect.objectContaining({ method: 'password', ended_at: null })]);
    expect(data.newsletter_subscription).toMatchObject({ email: rider.email });
    expect(res.body).not.toMatch(/argon2|password_hash|token_hash|code_hash/);
  });

  it('is the rider’s own: another rider’s export holds none of it', async () => {
    const rider = await fullRider(t);
    const other = await signedInRider(t);
    const res = await as(t, other, { method: 'GET', url: '/api/users/export' });
    expect(res.body).not.toContain(rider.email);
    expect(res.body).not.toContain('Gokada');
    expect(res.json().files).toEqual([]);
  });
});

describeEachDatabase('DELETE /api/users/account', (kind) => {
  const t = useTestApp(kind);
  const remove = (rider: Rider | null, payload?: Record<string, unknown>) =>
    as(t, rider, { method: 'DELETE', url: '/api/users/account', ...(payload ? { payload } : {}) });

  it('needs sign-in', async () => {
    expect((await remove(null, { password: GOOD_PASSWORD })).statusCode).toBe(401);
  });

  it('asks for the password and refuses a wrong one, changing nothing', async () => {
    const rider = await fullRider(t);
    const before = await traces(t, rider);
    const empty = await remove(rider, { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.body)).toEqual({ field: 'password', message: messages.passwordToConfirm });
    const none = await remove(rider);
    expect(errorOf(none.body)).toEqual({ field: 'password', message: messages.passwordToConfirm });
    const wrong = await remove(rider, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.body)).toEqual({ field: 'password', message: messages.wrongPassword });
    expect(await traces(t, rider)).toEqual(before);
  });

  it('stops guessing: after 5 wrong passwords even the right one waits (429)', async () => {
    const rider = await signedInRider(t);
    for (let i = 0; i < 5; i++) expect((await remove(rider, { password: `guess-${i}` })).statusCode).toBe(400);
    const limited = await remove(rider, { password: GOOD_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect((await as(t, rider, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(200);
  });

  it('with the password: deletes the account and leaves nothing of the rider behind; every session ends', async () => {
    const rider = await fullRider(t);
    const other = await fullRider(t);
    const otherBefore = await traces(t, other);
    const res = await remove(rider, { password: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.accountDeleted });
    expect(await traces(t, rider)).toEqual(nothing);
    // The token no longer opens anything.
    expect((await as(t, rider, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    expect((await as(t, rider, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    // Another rider keeps everything.
    expect(await traces(t, other)).toEqual(otherBefore);
  });

  it('a Google account (no password) confirms with a Google sign-in of the last 10 minutes', async () => {
    const old = await fullRider(t, { password: null, method: 'google' });
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(sessions.userId, old.id));
    const stale = await remove(old, { password: '' });
    expect(stale.statusCode).toBe(403);
    expect(errorOf(stale.body)).toEqual({ field: 'alert', message: messages.googleReauthNeeded });
    expect((await traces(t, old)).users).toBe(1);

    const fresh = await fullRider(t, { password: null, method: 'google' });
    const res = await remove(fresh);
    expect(res.statusCode, res.body).toBe(200);
    expect(await traces(t, fresh)).toEqual(nothing);
  });

  it('a password account signed in with Google a moment ago needs no password either', async () => {
    const rider = await fullRider(t, { method: 'google' });
    expect((await remove(rider, {})).statusCode).toBe(200);
    expect(await traces(t, rider)).toEqual(nothing);
  });
});
