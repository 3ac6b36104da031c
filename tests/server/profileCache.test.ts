/**
 * The profile documents kept in memory (plugins/profileCache.ts): a signed-in read
 * whose session the session cache vouches for is answered without the database, yet never with
 * a document older than the last write that the reader could have seen.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { profileDocuments } from '../../src/server/db/schema';
import { cachedProfile, forgetProfile, keepProfile, keepWrittenProfile, profileReadBegins } from '../../src/server/plugins/profileCache';
import { useTestApp } from './helper';
import { as, changeDocumentBehindTheAppsBack, signedInRider } from './profileHelpers';

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
  await changeDocumentBehindTheAppsBack(t, rider.id);
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

it('keeps the document a save wrote, so the rider’s next read needs no database, and it is the saved one', async () => {
  const rider = await signedInRider(t);
  // The dashboard read first: the rider's stored document exists, and the save patches it.
  expect((await as(t, rider, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(200);
  const saved = await as(t, rider, { method: 'PUT', url: '/api/users/profile-update', payload: { username: rider.username, bio: 'Ikeja before eight.' } });
  expect(saved.statusCode, saved.body).toBe(200);
  // Changed behind the app's back after the save: the next read still sends what the save wrote,
  // so it came from memory, with the ETag the database gave the saved document.
  const [stored] = await t.database.db.select().from(profileDocuments).where(eq(profileDocuments.userId, rider.id));
  await changeDocumentBehindTheAppsBack(t, rider.id);
  const read = await as(t, rider, { method: 'GET', url: '/api/users/profile' });
  expect(read.statusCode, read.body).toBe(200);
  expect(read.json<{ user: { bio: string | null } }>().user.bio).toBe('Ikeja before eight.');
  expect(read.headers.etag).toBe(stored!.etag);
  expect(read.body).toBe(stored!.body);
});

it('keeps nothing a save wrote when the rider was forgotten while it wrote, or when it wrote inside a transaction', async () => {
  // Another write of the same rider was heard while this one ran: its answer may be the newer.
  const began = profileReadBegins();
  forgetProfile(t.database.db, 'rider-f');
  keepWrittenProfile(t.database.db, 'rider-f', began, doc('maybe older'));
  expect(cachedProfile('rider-f')).toBeNull();
  // Nothing in between: kept.
  keepWrittenProfile(t.database.db, 'rider-f', profileReadBegins(), doc('saved'));
  expect(cachedProfile('rider-f')?.body).toBe('saved');
  // Each save forgets what was kept before it, even when it keeps nothing itself.
  const second = profileReadBegins();
  forgetProfile(t.database.db, 'rider-f');
  keepWrittenProfile(t.database.db, 'rider-f', second, doc('raced'));
  expect(cachedProfile('rider-f')).toBeNull();
  // Not committed yet: nothing kept.
  await t.database.db.transaction(async (tx) => {
    keepWrittenProfile(tx, 'rider-g', profileReadBegins(), doc('uncommitted'));
  });
  expect(cachedProfile('rider-g')).toBeNull();
});

it('lets the documents least recently read go first when the memory it may use is full', async () => {
  // 16 documents of a million characters fill the 16,000,000 it may hold (and push out the
  // small ones the tests above kept, which are older).
  const big = (n: number) => doc(`${n}`.padEnd(1_000_000, '.'));
  for (let n = 0; n < 16; n++) keepProfile(`rider-full-${n}`, profileReadBegins(), big(n));
  expect(cachedProfile('rider-full-0')?.body.startsWith('0.')).toBe(true);
  // The first kept was just read, so the second kept is now the one least recently read.
  keepProfile('rider-full-16', profileReadBegins(), big(16));
  expect(cachedProfile('rider-full-0')).not.toBeNull();
  expect(cachedProfile('rider-full-1')).toBeNull();
  expect(cachedProfile('rider-full-2')).not.toBeNull();
  expect(cachedProfile('rider-full-16')).not.toBeNull();
  forgetProfile(t.database.db, null);
});
