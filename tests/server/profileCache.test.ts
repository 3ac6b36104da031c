/**
 * The profile documents kept in memory (issue 14, plugins/profileCache.ts): a signed-in read
 * whose session the session cache vouches for is answered without the database, yet never with
 * a document older than the last write that the reader could have seen.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { profileDocuments } from '../../src/server/db/schema';
import { cachedProfile, forgetProfile, keepProfile, profileReadBegins } from '../../src/server/plugins/profileCache';
import { useTestApp } from './helper';
import { as, signedInRider } from './profileHelpers';

const t = useTestApp('pglite');
const doc = (body: string, freshUntil: Date | null = null) => ({ body, etag: `"${body.length}"`, freshUntil });

it('answers a rider’s repeated reads without the database, and a save through the API at once', async () => {
  const rider = await signedInRider(t);
  const read = async () => {
    const res = await as(t, rider, { method: 'GET', url: '/api/users/profile' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ user: { bio: string | null } }>().user.bio;
  };
  for (let i = 0; i < 3; i++) expect(await read()).toBeNull();
  // Changed behind the app's back: the kept document is still what is sent.
  await t.database.db
    .update(profileDocuments)
    .set({ body: sql`jsonb_set(${profileDocuments.body}::jsonb, '{user,bio}', '"behind"')::text` })
    .where(eq(profileDocuments.userId, rider.id));
  expect(await read()).toBeNull();
  const saved = await as(t, rider, { method: 'PUT', url: '/api/users/profile-update', payload: { username: rider.username, bio: 'Lekki by noon.' } });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(await read()).toBe('Lekki by noon.');
});

it('does not keep what a read found when the rider was forgotten while it read', async () => {
  const began = profileReadBegins();
  forgetProfile(t.database.db, 'rider-a');
  keepProfile('rider-a', began, doc('old'));
  expect(cachedProfile('rider-a')).toBeNull();
  // A read that began after the (committed) write keeps what it found.
  keepProfile('rider-a', profileReadBegins(), doc('new'));
  expect(cachedProfile('rider-a')?.body).toBe('new');
});

it('keeps nothing of a rider while a transaction that writes their document may not have committed', async () => {
  await t.database.db.transaction(async (tx) => {
    forgetProfile(tx, 'rider-b');
  });
  // Even a read that began afterwards may have read before the commit.
  keepProfile('rider-b', profileReadBegins(), doc('maybe old'));
  expect(cachedProfile('rider-b')).toBeNull();
  keepProfile('rider-c', profileReadBegins(), doc('other rider'));
  expect(cachedProfile('rider-c')?.body).toBe('other rider');
});

it('drops a document when its fresh_until comes, and all of them when every document is rewritten', async () => {
  keepProfile('rider-d', profileReadBegins(), doc('ages', new Date(Date.now() + 80)));
  expect(cachedProfile('rider-d')?.body).toBe('ages');
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(cachedProfile('rider-d')).toBeNull();
  keepProfile('rider-e', profileReadBegins(), doc('kept'));
  forgetProfile(t.database.db, null);
  expect(cachedProfile('rider-e')).toBeNull();
});
