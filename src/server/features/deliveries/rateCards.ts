/**
 * The rate card's versions (DESIGN.md §11): the latest one prices every new quote, an
 * older one stays for the quotes priced with it. Versions are rows of `rate_cards`, never
 * updated; version 1 is the shipped `defaultRateCard`, written when the table is empty.
 *
 * The latest card is kept in memory per database (a quote must not wait on a select). Saving a
 * version through `saveRateCardVersion` replaces it at once in this process; other instances see
 * it within REFRESH_MS, as each checks the latest version number in the background at most that
 * often (the request that notices the age does not wait for the check).
 */
import { desc, eq, sql } from 'drizzle-orm';
import { checkRateCard, defaultRateCard, type RateCard } from '../../../shared/deliveries/rateCard';
import type { Db } from '../../db/client';
import { rateCards } from '../../db/schema';
import { AppError } from '../../errors';

/** How stale another instance's save may be here, at most (plus one select's time). */
export const REFRESH_MS = 5_000;

interface Cached {
  card: RateCard;
  checkedAt: number;
  refreshing: Promise<void> | null;
}

/** One cache per database (per app: tests build several apps in one process). */
const caches = new WeakMap<Db, { current: Cached | null; loading: Promise<RateCard> | null }>();

const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = { current: null, loading: null };
    caches.set(db, cache);
  }
  return cache;
};

/** The stored card of a row, its version taken from the row (the row is the truth). */
const cardOf = (row: { version: number; card: unknown }): RateCard => ({ ...(row.card as RateCard), version: row.version });

async function selectLatest(db: Db): Promise<RateCard | null> {
  const [row] = await db.select({ version: rateCards.version, card: rateCards.card }).from(rateCards).orderBy(desc(rateCards.version)).limit(1);
  return row ? cardOf(row) : null;
}

/** The latest stored card; writes version 1 (the shipped card) first when there is none. */
async function loadLatest(db: Db): Promise<RateCard> {
  const latest = await selectLatest(db);
  if (latest) return latest;
  // Two instances starting at once both try; the primary key lets one in, the other reads it.
  await db
    .insert(rateCards)
    .values({ version: 1, card: { ...defaultRateCard, version: 1 } })
    .onConflictDoNothing();
  const seeded = await selectLatest(db);
  if (!seeded) throw new Error('rate_cards is empty after writing version 1');
  return seeded;
}

function refreshInBackground(db: Db, cached: Cached): void {
  if (cached.refreshing) return;
  cached.refreshing = (async () => {
    try {
      const [row] = await db.select({ version: sql<number>`max(${rateCards.version})` }).from(rateCards);
      const version = row?.version === null || row?.version === undefined ? null : Number(row.version);
      if (version !== null && version > cached.card.version) {
        const fresh = await findRateCard(db, version);
        if (fresh && fresh.version > cacheOf(db).current!.card.version) cacheOf(db).current = { card: fresh, checkedAt: Date.now(), refreshing: null };
      }
      cached.checkedAt = Date.now();
    } catch {
      // The database is unreachable: keep pricing with the card held, try again on a later request.
    } finally {
      cached.refreshing = null;
    }
  })();
}

/** The card new quotes are priced with. */
export async function latestRateCard(db: Db, now = Date.now()): Promise<RateCard> {
  const cache = cacheOf(db);
  const cached = cache.current;
  if (cached) {
    if (now - cached.checkedAt >= REFRESH_MS) refreshInBackground(db, cached);
    return cached.card;
  }
  cache.loading ??= loadLatest(db).then(
    (card) => {
      cache.current = { card, checkedAt: Date.now(), refreshing: null };
      cache.loading = null;
      return card;
    },
    (err: unknown) => {
      cache.loading = null;
      throw err;
    },
  );
  return cache.loading;
}

/** One version of the card, as saved; null when there is no such version. */
export async function findRateCard(db: Db, version: number): Promise<RateCard | null> {
  const [row] = await db.select({ version: rateCards.version, card: rateCards.card }).from(rateCards).where(eq(rateCards.version, version));
  return row ? cardOf(row) : null;
}

/**
 * Saves `card` as the next version and makes it the one new quotes are priced with (here at
 * once, elsewhere within REFRESH_MS). A card that fails checkRateCard is refused (400); two saves
 * at once cannot take the same version: the later answers 409 and may be saved again.
 * The operations console's edit (admins only, audited) will call this.
 */
export async function saveRateCardVersion(db: Db, card: Omit<RateCard, 'version'>, staffId: string | null): Promise<RateCard> {
  const latest = await latestRateCard(db);
  const saved: RateCard = { ...card, version: latest.version + 1 } as RateCard;
  const problems = checkRateCard(saved);
  if (problems.length > 0) throw AppError.invalid('card', problems.join('; '));
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx.select({ version: sql<number>`coalesce(max(${rateCards.version}), 0)` }).from(rateCards);
    const version = Number(row?.version ?? 0) + 1;
    const inserted = await tx
      .insert(rateCards)
      .values({ version, card: { ...saved, version }, createdBy: staffId })
      .onConflictDoNothing()
      .returning({ version: rateCards.version, card: rateCards.card });
    if (inserted.length === 0) throw new AppError('CONFLICT', 'The rate card was changed meanwhile. Reload it and save again.', 'card');
    return cardOf(inserted[0]!);
  });
  const cache = cacheOf(db);
  if (!cache.current || cache.current.card.version < stored.version) cache.current = { card: stored, checkedAt: Date.now(), refreshing: null };
  return stored;
}
