/**
 * The rider cards company search reads, on PGlite and PostgreSQL: each write that
 * changes what a company sees rebuilds the card in its own transaction, through the real API:
 * finishing sign-up lists the rider; a profile edit, personal information, work history, an ID
 * approval and a suspension change the card; the display name is "Ada O." only with both names;
 * languages are split; free text covers the introduction, bio and work history.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { personalInfo, riderCards, users } from '../../src/server/db/schema';
import { refreshRiderCard, refreshRiderCardsWhere } from '../../src/server/domain/riderCards';
import { GOOD_PASSWORD } from './authHelpers';
import { messages } from '../../src/shared/messages';
import type { ProfileWriteResponse } from '../../src/shared/profile';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { asStaff, signedInStaff } from './opsHelpers';
import { as, signedInRider, type Rider } from './profileHelpers';
import { multipart, update, verifiedRider } from './signupHelpers';

async function cardOf(t: TestApp, userId: string) {
  const [card] = await t.database.db.select().from(riderCards).where(eq(riderCards.userId, userId));
  return card;
}

/** Whether websearch_to_tsquery('english', q) finds the rider's card. */
async function textFinds(t: TestApp, userId: string, q: string): Promise<boolean> {
  const rows = await t.database.db
    .select({ id: riderCards.userId })
    .from(riderCards)
    .where(sql`${riderCards.userId} = ${userId} and ${riderCards.search} @@ websearch_to_tsquery('english', ${q})`);
  return rows.length === 1;
}

function savePersonalInfo(t: TestApp, rider: Rider, values: Record<string, string>) {
  const body = multipart(Object.entries(values).map(([field, data]) => ({ field, data })));
  return as(t, rider, { method: 'POST', url: '/api/riders/personal-info/save', headers: { 'content-type': body.contentType }, payload: body.payload });
}

describeEachDatabase('rider cards', (kind) => {
  const t = useTestApp(kind);

  it('lists a rider once sign-up is finished, with the place chosen on the way', async () => {
    const rider = await verifiedRider(t, nextIp(), 'card');
    expect((await update(t, rider.token, { request_type: 'location', state: 'Lagos', town: 'Ikeja' })).statusCode).toBe(200);
    const midway = await cardOf(t, rider.id);
    expect(midway).toMatchObject({ listed: false, state: 'Lagos', town: 'Ikeja', completedAt: null });

    expect((await update(t, rider.token, { request_type: 'skip_picture' })).statusCode).toBe(200);
    const agreed = await update(t, rider.token, { request_type: 'rider_agreement', rider_agreement: true });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const card = await cardOf(t, rider.id);
    expect(card).toMatchObject({ listed: true, username: rider.username, displayName: rider.username, state: 'Lagos', town: 'Ikeja' });
    expect(card!.completedAt).toBeInstanceOf(Date);
  });

  it('follows profile edits: place, introduction and bio, searched as free text with English stemming', async () => {
    const rider = await signedInRider(t);
    await refreshRiderCard(t.database.db, rider.id);
    const edit = await as(t, rider, {
      method: 'PUT',
      url: '/api/users/profile-update',
      payload: { username: rider.username, phone: '', state: 'Oyo', town: 'Ibadan', introduction: 'Careful motorbike dispatch rider' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await cardOf(t, rider.id)).toMatchObject({ state: 'Oyo', town: 'Ibadan', introduction: 'Careful motorbike dispatch rider' });
    expect(await textFinds(t, rider.id, 'motorbike')).toBe(true);

    const bio = await as(t, rider, {
      method: 'PUT',
      url: '/api/users/profile-update',
      payload: { username: rider.username, bio: 'I deliver medicines for pharmacies across Ibadan.' },
    });
    expect(bio.statusCode, bio.body).toBe(200);
    // "delivering" finds "deliver", "pharmacy" finds "pharmacies" (English stemming).
    expect(await textFinds(t, rider.id, 'pharmacy delivering')).toBe(true);
    expect(await textFinds(t, rider.id, 'aeroplane')).toBe(false);
  });

  it('follows work history (added, changed, removed) and personal information (languages split)', async () => {
    const rider = await signedInRider(t);
    const created = await as(t, rider, {
      method: 'POST',
      url: '/api/riders/work-history/create',
      payload: { position: 'Courier', company_name: 'Kwik Logistics', number_of_years: '3-5', start_date: '2020-01-01' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await textFinds(t, rider.id, 'kwik')).toBe(true);
    const id = (created.json() as { profile: { workHistories: Array<{ _id: string }> } }).profile.workHistories[0]!._id;

    const changed = await as(t, rider, {
      method: 'PUT',
      url: '/api/riders/work-history/update',
      payload: { work_history_id: id, position: 'Van driver', company_name: 'Gokada', number_of_years: '3-5', start_date: '2020-01-01' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await textFinds(t, rider.id, 'kwik')).toBe(false);
    expect(await textFinds(t, rider.id, 'gokada')).toBe(true);

    const removed = await as(t, rider, { method: 'DELETE', url: `/api/riders/work-history/${id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await textFinds(t, rider.id, 'gokada')).toBe(false);

    const saved = await savePersonalInfo(t, rider, { total_years_of_experience: '6-10', languages_spoken: 'English, Yoruba and Pidgin', education: 'Diploma' });
    expect(saved.statusCode, saved.body).toBe(200);
    const card = await cardOf(t, rider.id);
    expect(card).toMatchObject({ experience: '6-10', education: 'Diploma', idVerified: false });
    expect([...card!.languages].sort()).toEqual(['english', 'pidgin', 'yoruba']);
  });

  it('takes the optional first and last name on the Edit Profile form: "Ada O." to companies, the username without both', async () => {
    const rider = await signedInRider(t);
    const save = (names: Record<string, string>) =>
      as(t, rider, {
        method: 'PUT',
        url: '/api/users/profile-update',
        payload: { username: rider.username, phone: '', state: 'Lagos', town: 'Ikeja', introduction: '', ...names },
      });
    const named = await save({ first_name: ' Ada ', last_name: 'Okafor-Bello' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json<ProfileWriteResponse>().profile.user).toMatchObject({ first_name: 'Ada', last_name: 'Okafor-Bello' });
    expect((await cardOf(t, rider.id))!.displayName).toBe('Ada O.');

    const bad = await save({ first_name: 'Ada<script>', last_name: 'Okafor' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body)).toEqual({ field: 'first_name', message: messages.profileNameShape });
    const long = await save({ first_name: 'Ada', last_name: 'O'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long.body).field).toBe('last_name');

    // Cleared (or left out): the names are gone from the profile and companies see the username.
    const cleared = await save({ first_name: 'Ada' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const user = cleared.json<ProfileWriteResponse>().profile.user;
    expect(user.first_name).toBe('Ada');
    expect('last_name' in user).toBe(false);
    expect((await cardOf(t, rider.id))!.displayName).toBe(rider.username);
  });

  it('shows "Ada O." only when both names are given, else the username', async () => {
    const rider = await signedInRider(t);
    await t.database.db.update(users).set({ firstName: ' Ada ', lastName: 'okafor' }).where(eq(users.id, rider.id));
    await refreshRiderCard(t.database.db, rider.id);
    expect((await cardOf(t, rider.id))!.displayName).toBe('Ada O.');
    await t.database.db.update(users).set({ lastName: '  ' }).where(eq(users.id, rider.id));
    await refreshRiderCard(t.database.db, rider.id);
    expect((await cardOf(t, rider.id))!.displayName).toBe(rider.username);
  });

  it('turns verified on an ID approval, and unlisted while suspended', async () => {
    const staff = await signedInStaff(t, 'dispatcher', 'cards');
    const rider = await signedInRider(t);
    await refreshRiderCard(t.database.db, rider.id);
    await t.database.db
      .insert(personalInfo)
      .values({ userId: rider.id, totalYearsOfExperience: '3-5', languagesSpoken: 'English', education: 'Diploma', idReviewStatus: 'pending' });
    expect((await cardOf(t, rider.id))!.idVerified).toBe(false);

    const approve = await asStaff(t, staff, { method: 'POST', url: `/api/ops/riders/${rider.id}/id-review`, remoteAddress: nextIp(), payload: { decision: 'approve' } });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(await cardOf(t, rider.id)).toMatchObject({ idVerified: true, listed: true });

    const suspend = await asStaff(t, staff, {
      method: 'POST',
      url: `/api/ops/riders/${rider.id}/suspend`,
      remoteAddress: nextIp(),
      payload: { reason: 'Fake documents', confirmation: GOOD_PASSWORD },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect((await cardOf(t, rider.id))!.listed).toBe(false);

    const lift = await asStaff(t, staff, { method: 'POST', url: `/api/ops/riders/${rider.id}/unsuspend`, remoteAddress: nextIp(), payload: {} });
    expect(lift.statusCode, lift.body).toBe(200);
    expect((await cardOf(t, rider.id))!.listed).toBe(true);
  });

  it('builds the cards of the riders a condition selects and of no one else (the scale seed, one batch at a time)', async () => {
    const [a, b, c] = [await signedInRider(t), await signedInRider(t), await signedInRider(t)];
    await t.database.db.delete(riderCards).where(sql`${riderCards.userId} in (${a.id}, ${b.id}, ${c.id})`);
    await refreshRiderCardsWhere(t.database.db, sql`u.id = any(string_to_array(${`${a.id},${c.id}`}, ',')::uuid[])`);
    expect((await cardOf(t, a.id))?.username).toBe(a.username);
    expect(await cardOf(t, b.id)).toBeUndefined();
    expect((await cardOf(t, c.id))?.username).toBe(c.username);
  });
});
