/**
 * Riders' profile documents recently read ("if you cache sessions or profiles, every
 * write and every logout or suspension is seen by the next read on every instance"). A signed-in
 * read whose session the session cache vouches for then costs no database round trip at all.
 *
 * Used only where the session cache is (sessionCache.ts: its rule of use, and its Redis
 * subscription, on a channel of its own), and only after the session cache vouched for the
 * request's session: so a logout, a suspension or a deleted account, which end the sessions, end
 * the use of the cached document with them.
 *
 * Every write of a stored document goes through domain/profileDocument.ts or
 * domain/riderFieldsWrite.ts, and each calls `forgetProfile` with the handle it wrote through:
 *  - a write on its own (autocommit) has committed when it returns: the document is forgotten
 *    here and, through Redis, on every other instance;
 *  - a write inside a transaction commits later, and a read in between still sees the old
 *    document: the rider is also kept out of the cache for TOMBSTONE_MS (as sessionCache.ts does
 *    for sessions ending in a transaction).
 * A read keeps what it read only when nothing forgot the rider since the read began (the
 * generation it noted), so an answer read before a write cannot land after that write's forget.
 * A bio or profile save (riderFieldsWrite.ts) keeps the document it wrote by the same rule
 * (keepWrittenProfile), so the rider's next read after a save needs no round trip either.
 * A document is also dropped when its `fresh_until` comes (profileDocument.ts: the clock alone
 * moves its "reviewed" count) and after MAX_AGE_MS in any case; and, when the documents kept
 * reach MAX_CHARS, the least recently read first (bench:api's 10,000 documents of ~1.7 kB are
 * just over it: about 6% of its reads then go to the database).
 */
import { shareForgetting } from './sessionCache';

/** The longest a kept document goes unread from the database, whatever happens. */
const MAX_AGE_MS = 60_000;
/** Longer than any transaction that writes a profile document takes to commit. */
const TOMBSTONE_MS = 15_000;
/** Documents are 1-4 kB of text: about 32 MB at most. */
const MAX_CHARS = 16_000_000;
const CHANNEL = 'lagos:profiles:forget';
/** Sent on the channel when every document was rewritten (profileDocument.ts refreshProfileDocumentsWhere). */
const ALL = '*';

export interface CachedProfileDocument {
  body: string;
  etag: string;
}

interface Entry extends CachedProfileDocument {
  keptAt: number;
  /** ms since the epoch; null when only a write can change the document. */
  freshUntil: number | null;
}

const entries = new Map<string, Entry>();
let chars = 0;
/** Per rider, the generation at which it was last forgotten, and until when it may not be kept. */
const forgotten = new Map<string, { generation: number; buriedUntil: number; at: number }>();
let generation = 0;
/** Everything forgotten at this generation (a rewrite of all documents). */
let allForgottenAt = 0;

function drop(userId: string): void {
  const entry = entries.get(userId);
  if (!entry) return;
  chars -= entry.body.length;
  entries.delete(userId);
}

function forgetLocally(userId: string, buriedUntil: number): void {
  generation += 1;
  if (userId === ALL) {
    allForgottenAt = generation;
    entries.clear();
    chars = 0;
    return;
  }
  drop(userId);
  const now = Date.now();
  const before = forgotten.get(userId);
  forgotten.set(userId, { generation, buriedUntil: Math.max(buriedUntil, before?.buriedUntil ?? 0), at: now });
  // A mark matters to reads that began before it (they take milliseconds) and while it buries.
  if (forgotten.size > 100_000) {
    for (const [id, mark] of forgotten) if (mark.at < now - MAX_AGE_MS && mark.buriedUntil < now) forgotten.delete(id);
  }
}

/** What goes on the channel after the rider's id when the write is in a transaction not yet committed. */
const UNCOMMITTED = ' uncommitted';

const shared = shareForgetting({
  channel: CHANNEL,
  forget: (message) =>
    message.endsWith(UNCOMMITTED)
      ? forgetLocally(message.slice(0, -UNCOMMITTED.length), Date.now() + TOMBSTONE_MS)
      : forgetLocally(message, 0),
  clear: () => forgetLocally(ALL, 0),
});

/** The kept document of this rider while it is fresh; null when there is none or caching is off. */
export function cachedProfile(userId: string): CachedProfileDocument | null {
  if (!shared.usable()) return null;
  const entry = entries.get(userId);
  if (!entry) return null;
  const now = Date.now();
  if (entry.keptAt + MAX_AGE_MS <= now || (entry.freshUntil !== null && entry.freshUntil <= now)) {
    drop(userId);
    return null;
  }
  // Read again: to the back of the line (a Map keeps insertion order), so when memory is full
  // the documents least recently read go first and a rider read all day is not the first out.
  entries.delete(userId);
  entries.set(userId, entry);
  return entry;
}

/** Note before reading a document from the database; pass the result to keepProfile. */
export function profileReadBegins(): number {
  return generation;
}

/** True when the rider (or everything) was forgotten since generation `began`, or is kept out for now. */
function forgottenSince(userId: string, began: number, now: number): boolean {
  const mark = forgotten.get(userId);
  return allForgottenAt > began || (mark !== undefined && (mark.generation > began || mark.buriedUntil > now));
}

/**
 * Keeps a document read from the database by a read that began at `began`, unless the rider
 * (or everything) was forgotten since or is kept out for now.
 */
export function keepProfile(userId: string, began: number, document: CachedProfileDocument & { freshUntil: Date | null }): void {
  const now = Date.now();
  if (!shared.usable() || forgottenSince(userId, began, now)) return;
  const freshUntil = document.freshUntil ? document.freshUntil.getTime() : null;
  if (freshUntil !== null && freshUntil <= now) return;
  drop(userId);
  while (chars + document.body.length > MAX_CHARS && entries.size > 0) {
    // The least recently read goes.
    drop(entries.keys().next().value!);
  }
  entries.set(userId, { body: document.body, etag: document.etag, freshUntil, keptAt: now });
  chars += document.body.length;
}

/**
 * Call once a rider's stored document was written through `db` (or is about to be, in the same
 * transaction): here at once, and on every other instance through Redis. `userId` null: every
 * document was rewritten.
 */
export function forgetProfile(db: object, userId: string | null): void {
  const key = userId ?? ALL;
  // A Drizzle transaction (PgTransaction) has rollback(); the database handle does not.
  const inTransaction = typeof (db as { rollback?: unknown }).rollback === 'function';
  forgetLocally(key, inTransaction ? Date.now() + TOMBSTONE_MS : 0);
  shared.publish(inTransaction ? `${key}${UNCOMMITTED}` : key);
}

/**
 * Call once a write on its own (committed when it returns) that began at `began` has patched
 * the rider's stored document: forgets the rider everywhere, as forgetProfile does, and keeps
 * the new document here. Not kept when anything forgot the rider since the write began:
 * another write of the same rider may have committed after this one yet been heard first, and
 * two writes' answers can arrive in either order (the later one then finds the rider forgotten
 * and keeps nothing, so the next read goes to the database). Nor inside a transaction, whose
 * commit is still to come.
 */
export function keepWrittenProfile(db: object, userId: string, began: number, document: CachedProfileDocument & { freshUntil: Date | string | null }): void {
  const raced = forgottenSince(userId, began, Date.now());
  forgetProfile(db, userId);
  if (raced) return;
  const freshUntil = document.freshUntil === null ? null : new Date(document.freshUntil);
  // A transaction's forget buries the rider, so keepProfile keeps nothing then.
  keepProfile(userId, profileReadBegins(), { ...document, freshUntil });
}
