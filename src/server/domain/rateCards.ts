/**
 * The rate card's versions (DESIGN.md §11): the latest one prices every new quote, an
 * older one stays for the quotes priced with it. Versions are rows of `rate_cards`, never
 * updated; version 1 is the shipped `defaultRateCard`, written when the table is empty.
 *
 * The latest card is kept in memory per database (a quote must not wait on a select), and a
 * save must be seen by the next quote on every instance. So the card is kept under the session
 * cache's rule (plugins/sessionCache.ts): with PGlite (one process) or with Redis, where a save
 * publishes on RATE_CARD_CHANNEL and its request is answered only once every instance has
 * confirmed it dropped its card (the next quote there reads the new one); with PostgreSQL and no
 * Redis, where instances cannot tell each other, nothing is kept without a check: each quote
 * asks the database for the latest version number (one primary-key lookup) and reads the card
 * again only when it changed. Kept cards are also checked in the background every REFRESH_MS,
 * in case a message was lost.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { defaultRateCard, type RateCard } from '../../shared/deliveries/rateCard';
import { rateCardMessages } from '../../shared/deliveries/rateCardMessages';
import { rateCardErrors } from '../../shared/deliveries/rateCardRules';
import { describeRateCardChange, type RateCardBody } from '../../shared/deliveries/rateCardForm';
import type { Db } from '../db/client';
import { rateCards } from '../db/schema';
import { writeAudit, type AuditActor } from './audit';
import { AppError } from '../errors';
import { shareForgetting } from '../plugins/sessionCache';

/** How often a kept card is checked against the database anyway (a lost message's worst case). */
export const REFRESH_MS = 5_000;
export const RATE_CARD_CHANNEL = 'lagos:ratecards:forget';

interface Cached {
  card: RateCard;
  checkedAt: number;
  refreshing: Promise<void> | null;
  /** The forgetting generation it was read at: a card read before a forget is not used after it. */
  generation: number;
}

/** Bumped whenever a save here or on another instance makes every kept card stale. */
let generation = 0;
const forgetAll = () => {
  generation += 1;
};
const shared = shareForgetting({ channel: RATE_CARD_CHANNEL, forget: forgetAll, clear: forgetAll });

/** One cache per database (per app: tests build several apps in one process). */
const caches = new WeakMap<Db, { current: Cached | null; loading: Promise<RateCard> | null; loadingGeneration: number }>();

const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = { current: null, loading: null, loadingGeneration: 0 };
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
      const version = await latestVersion(db);
      if (version !== null && version > cached.card.version) {
        const fresh = await findRateCard(db, version);
        if (fresh && fresh.version > cacheOf(db).current!.card.version) cacheOf(db).current = { card: fresh, checkedAt: Date.now(), refreshing: null, generation: cached.generation };
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
  if (cached && cached.generation === generation) {
    if (shared.usable()) {
      if (now - cached.checkedAt >= REFRESH_MS) refreshInBackground(db, cached);
      return cached.card;
    }
    // No instance could tell this one of a save: the latest version number decides.
    if ((await latestVersion(db)) === cached.card.version) return cached.card;
  }
  if (cache.loading && cache.loadingGeneration === generation) return cache.loading;
  const startedAt = generation;
  const loading = loadLatest(db).then(
    (card) => {
      // A forget that came while this read was on its way may mean a newer card: keep nothing then.
      if (startedAt === generation && (!cache.current || cache.current.card.version <= card.version)) {
        cache.current = { card, checkedAt: Date.now(), refreshing: null, generation: startedAt };
      }
      if (cache.loading === loading) cache.loading = null;
      return card;
    },
    (err: unknown) => {
      if (cache.loading === loading) cache.loading = null;
      throw err;
    },
  );
  cache.loading = loading;
  cache.loadingGeneration = startedAt;
  return loading;
}

async function latestVersion(db: Db): Promise<number | null> {
  const [row] = await db.select({ version: sql<number>`max(${rateCards.version})` }).from(rateCards);
  return row?.version === null || row?.version === undefined ? null : Number(row.version);
}

/** One version of the card, as saved; null when there is no such version. */
export async function findRateCard(db: Db, version: number): Promise<RateCard | null> {
  const [row] = await db.select({ version: rateCards.version, card: rateCards.card }).from(rateCards).where(eq(rateCards.version, version));
  return row ? cardOf(row) : null;
}

/** A saved version as the console lists it. */
export interface RateCardVersionRow {
  version: number;
  createdAt: Date;
  createdBy: string | null;
}

/**
 * Saves `card` as the next version after `baseVersion` (the one the admin edited), with its
 * audit entry in the same transaction, and makes it the one new quotes are priced with, here and
 * (with Redis, before the request is answered) on every instance. A card the shared rules refuse
 * is a 400 under its field; when the latest version is no longer `baseVersion` (another admin
 * saved meanwhile, or two saves at once: the primary key lets one in) the answer is a 409 asking
 * to reload, so no change is lost by being written over.
 */
export async function saveRateCardVersion(db: Db, actor: AuditActor, card: RateCardBody, baseVersion: number): Promise<RateCard> {
  const [problem] = rateCardErrors(card);
  if (problem) throw AppError.invalid(problem.field, problem.message);
  const conflict = () => new AppError('CONFLICT', rateCardMessages.conflict, 'alert');
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx.select({ version: rateCards.version, card: rateCards.card }).from(rateCards).orderBy(desc(rateCards.version)).limit(1);
    if (!row || row.version !== baseVersion) throw conflict();
    const before = cardOf(row);
    const version = baseVersion + 1;
    const inserted = await tx
      .insert(rateCards)
      .values({ version, card: { ...card, version }, createdBy: actor.staffId })
      .onConflictDoNothing()
      .returning({ version: rateCards.version, card: rateCards.card });
    if (inserted.length === 0) throw conflict();
    const after = cardOf(inserted[0]!);
    const words = describeRateCardChange(before, after);
    await writeAudit(tx, actor, { action: 'rate_card.save', entityType: 'rate_card', entityId: String(version), before: words.before, after: words.after });
    return after;
  });
  // Committed: every kept card is stale, here (every app of this process) and on other instances.
  forgetAll();
  shared.publish(String(stored.version));
  const cache = cacheOf(db);
  cache.current = { card: stored, checkedAt: Date.now(), refreshing: null, generation };
  return stored;
}

/** Every version, newest first, with who saved it (null for the shipped version 1) and when. */
export async function listRateCardVersions(db: Db): Promise<RateCardVersionRow[]> {
  return db
    .select({ version: rateCards.version, createdAt: rateCards.createdAt, createdBy: rateCards.createdBy })
    .from(rateCards)
    .orderBy(desc(rateCards.version))
    .limit(500);
}
