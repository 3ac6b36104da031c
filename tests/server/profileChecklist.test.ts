/**
 * The dashboard's profile checklist (src/shared/profileChecklist.ts) against the
 * server's own notions, on PGlite and PostgreSQL, through the real API: read from the profile
 * GET /api/users/profile answers, each item agrees with the rider card companies search
 * (domain/riderCards.ts) after every write, an ID awaiting its check is neither done nor
 * verified, and the checklist never decides whether a rider is listed (sign-up finished does).
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { riderCards, users } from '../../src/server/db/schema';
import { refreshRiderCard } from '../../src/server/domain/riderCards';
import type { ProfileWriteResponse } from '../../src/shared/profile';
import { profileChecklist, type ChecklistItemKey } from '../../src/shared/profileChecklist';
import { describeEachDatabase, nextIp, useTestApp, type TestApp } from './helper';
import { asStaff, signedInStaff } from './opsHelpers';
import { as, profileOf, signedInRider, type Rider } from './profileHelpers';
import { multipart, photoWithGps, upload } from './signupHelpers';
import { minimalPdf } from '../support/pdf';

const PDF = minimalPdf();

async function cardOf(t: TestApp, userId: string) {
  const [card] = await t.database.db.select().from(riderCards).where(eq(riderCards.userId, userId));
  return card!;
}

async function textFinds(t: TestApp, userId: string, q: string): Promise<boolean> {
  const rows = await t.database.db
    .select({ id: riderCards.userId })
    .from(riderCards)
    .where(sql`${riderCards.userId} = ${userId} and ${riderCards.search} @@ websearch_to_tsquery('english', ${q})`);
  return rows.length === 1;
}

/** The checklist's statuses and the card's facts, side by side. */
async function bothSides(t: TestApp, rider: Rider) {
  const checklist = profileChecklist(await profileOf(t, rider));
  const status = Object.fromEntries(checklist.items.map((item) => [item.key, item.status])) as Record<ChecklistItemKey, string>;
  const card = await cardOf(t, rider.id);
  const onCard: Record<ChecklistItemKey, boolean> = {
    picture: card.pictureFileId !== null,
    introduction: (card.introduction ?? '').trim() !== '',
    bio: await textFinds(t, rider.id, 'pharmacies'),
    workHistory: await textFinds(t, rider.id, 'Gokada'),
    id: card.idVerified,
    languages: card.languages.length > 0,
  };
  return { checklist, status, card, onCard };
}

async function expectAgreement(t: TestApp, rider: Rider) {
  const { checklist, status, card, onCard } = await bothSides(t, rider);
  for (const key of Object.keys(onCard) as ChecklistItemKey[]) expect(status[key] === 'done', key).toBe(onCard[key]);
  // Listed from the end of sign-up, whatever the checklist says.
  expect(card.listed).toBe(true);
  return { checklist, status };
}

describeEachDatabase('profile checklist and the rider card', (kind) => {
  const t = useTestApp(kind);

  it('agrees with the card after every write, from nothing done to all six', async () => {
    const rider = await signedInRider(t);
    // Verified at sign-up step 2, as every rider who finished it (the picture upload asks for it).
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, rider.id));
    await refreshRiderCard(t.database.db, rider.id);
    let seen = await expectAgreement(t, rider);
    expect(seen.checklist.done).toBe(0);

    const intro = await as(t, rider, {
      method: 'PUT',
      url: '/api/users/profile-update',
      payload: { username: rider.username, phone: '', state: 'Lagos', town: 'Ikeja', introduction: 'Careful rider on the mainland' },
    });
    expect(intro.statusCode, intro.body).toBe(200);
    // The save's own answer already says it: the dashboard updates the checklist from it.
    expect(profileChecklist(intro.json<ProfileWriteResponse>().profile).items.find((i) => i.key === 'introduction')!.status).toBe('done');
    const bio = await as(t, rider, { method: 'PUT', url: '/api/users/profile-update', payload: { username: rider.username, bio: 'I deliver medicines for pharmacies.' } });
    expect(bio.statusCode, bio.body).toBe(200);
    const work = await as(t, rider, {
      method: 'POST',
      url: '/api/riders/work-history/create',
      payload: { position: 'Dispatch rider', company_name: 'Gokada', number_of_years: '3-5', start_date: '2019-03-01' },
    });
    expect(work.statusCode, work.body).toBe(200);
    seen = await expectAgreement(t, rider);
    expect(seen.checklist.done).toBe(3);

    // Languages and an ID document: the ID awaits its check, neither done nor verified.
    const body = multipart([
      { field: 'total_years_of_experience', data: '3-5' },
      { field: 'languages_spoken', data: 'English, Yoruba' },
      { field: 'education', data: 'Diploma' },
      { field: 'valid_id', filename: 'nin-slip.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const info = await as(t, rider, { method: 'POST', url: '/api/riders/personal-info/save', headers: { 'content-type': body.contentType }, payload: body.payload });
    expect(info.statusCode, info.body).toBe(200);
    seen = await expectAgreement(t, rider);
    expect(seen.status.id).toBe('waiting');
    expect(seen.status.languages).toBe('done');

    const picture = await upload(t, rider.token, { data: await photoWithGps(800, 800) });
    expect(picture.statusCode, picture.body).toBe(200);
    seen = await expectAgreement(t, rider);
    expect(seen.checklist).toMatchObject({ done: 5, complete: false });

    const staff = await signedInStaff(t, 'dispatcher', 'checklist');
    const approve = await asStaff(t, staff, { method: 'POST', url: `/api/ops/riders/${rider.id}/id-review`, remoteAddress: nextIp(), payload: { decision: 'approve' } });
    expect(approve.statusCode, approve.body).toBe(200);
    seen = await expectAgreement(t, rider);
    expect(seen.checklist).toMatchObject({ done: 6, complete: true });
  });

  it('never lists a rider who has not finished sign-up, whatever the checklist says', async () => {
    const rider = await signedInRider(t, { profileCompleted: 0 });
    await refreshRiderCard(t.database.db, rider.id);
    expect((await cardOf(t, rider.id)).listed).toBe(false);
  });
});
