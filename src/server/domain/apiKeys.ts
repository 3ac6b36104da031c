/**
 * Companies' API keys: made, listed and revoked by the company (features/companies), checked on
 * every request that sends one (plugged into app.credentialChecks.apiKey at app build, so that any
 * feature's route admitting an 'apiKey' caller, the deliveries' among them, gets the same check).
 *
 * A key is `ogb_live_` + 32 random bytes (base64url). Only its SHA-256 is stored: with 256 random
 * bits there is nothing to guess, so a slow hash would only slow every request down.
 *
 * No cache of checked keys: each request with a key reads its row by the unique hash index (one
 * indexed read, well under a millisecond), so a revoked key stops working on the next request on
 * every instance, with nothing to invalidate.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS, API_KEYS_MAX_LIVE, apiKeyMessages, type ApiKeySummary } from '../../shared/apiKeys';
import { messages } from '../../shared/messages';
import type { Db } from '../db/client';
import { companyApiKeys, users } from '../db/schema';
import { AppError } from '../errors';
import type { Credential, CredentialCheck } from '../plugins/access';
import { assertCompanyEmailVerified } from './companyAccess';

/** last_used_at is written at most this often per key (not on every request). */
export const LAST_USED_EVERY_MS = 60_000;

const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type KeyRow = typeof companyApiKeys.$inferSelect;

function summaryOf(row: Pick<KeyRow, 'id' | 'name' | 'prefix' | 'createdAt' | 'lastUsedAt' | 'revokedAt'>): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
  };
}

const summaryColumns = {
  id: companyApiKeys.id,
  name: companyApiKeys.name,
  prefix: companyApiKeys.prefix,
  createdAt: companyApiKeys.createdAt,
  lastUsedAt: companyApiKeys.lastUsedAt,
  revokedAt: companyApiKeys.revokedAt,
};

/** The company's keys, newest first, live and revoked. */
export async function listApiKeys(db: Db, companyId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(companyApiKeys)
    .where(eq(companyApiKeys.companyId, companyId))
    .orderBy(desc(companyApiKeys.createdAt), desc(companyApiKeys.id));
  return rows.map(summaryOf);
}

/**
 * Makes a key for a company whose e-mail is verified (a key books in its name, as a hire request
 * does) and answers it with the key, the only time the key exists outside the caller. At most
 * API_KEYS_MAX_LIVE live keys: the company's row is locked while counting, so two makes at once
 * cannot both take the last place.
 */
export async function createApiKey(db: Db, companyId: string, name: string): Promise<{ key: string; apiKey: ApiKeySummary }> {
  await assertCompanyEmailVerified(db, companyId);
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, companyId)).limit(1).for('update');
    if (!owner) throw new AppError('NOT_FOUND', messages.notFound);
    const [live] = await tx
      .select({ n: count() })
      .from(companyApiKeys)
      .where(and(eq(companyApiKeys.companyId, companyId), isNull(companyApiKeys.revokedAt)));
    if ((live?.n ?? 0) >= API_KEYS_MAX_LIVE) throw new AppError('CONFLICT', apiKeyMessages.tooMany);
    const [row] = await tx
      .insert(companyApiKeys)
      .values({ companyId, name: name.trim(), prefix: key.slice(0, API_KEY_SHOWN_CHARS), keyHash: hashKey(key) })
      .returning(summaryColumns);
    return { key, apiKey: summaryOf(row!) };
  });
}

/**
 * Revokes one of the company's keys (another company's id is the 404 of a missing page). The
 * next request with it is refused on every instance: nothing caches a key. Revoking a revoked key
 * answers it as it is.
 */
export async function revokeApiKey(db: Db, companyId: string, keyId: string): Promise<ApiKeySummary> {
  if (!UUID.test(keyId)) throw new AppError('NOT_FOUND', messages.notFound);
  const [revoked] = await db
    .update(companyApiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(companyApiKeys.id, keyId), eq(companyApiKeys.companyId, companyId), isNull(companyApiKeys.revokedAt)))
    .returning(summaryColumns);
  if (revoked) return summaryOf(revoked);
  const [existing] = await db
    .select(summaryColumns)
    .from(companyApiKeys)
    .where(and(eq(companyApiKeys.id, keyId), eq(companyApiKeys.companyId, companyId)))
    .limit(1);
  if (!existing) throw new AppError('NOT_FOUND', messages.notFound);
  return summaryOf(existing);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key a request sent, as a credential: {kind: 'apiKey', id: the key's id, ownerId: the
 * company's user id}, or null when it is unknown, revoked, or its company is suspended. The same
 * work whatever was sent (one hash, one indexed read), so timing tells nothing about which keys
 * exist. last_used_at is written at most once a minute per key (the row's own value says when it
 * last was; a burst that read the old value shares this process's one write).
 */
export function apiKeyCredentialCheck(db: () => Db): CredentialCheck {
  /** Writes of last use under way, so the requests of a burst that all read the old value write once. */
  const writing = new Map<string, Promise<void>>();
  return async (request, value): Promise<Credential | null> => {
    const [row] = await db()
      .select({ id: companyApiKeys.id, companyId: companyApiKeys.companyId, lastUsedAt: companyApiKeys.lastUsedAt })
      .from(companyApiKeys)
      .innerJoin(users, eq(users.id, companyApiKeys.companyId))
      .where(and(eq(companyApiKeys.keyHash, hashKey(value)), isNull(companyApiKeys.revokedAt), isNull(users.suspendedAt)))
      .limit(1);
    if (!row) return null;
    const now = Date.now();
    if (now - (row.lastUsedAt?.getTime() ?? 0) >= LAST_USED_EVERY_MS) {
      let write = writing.get(row.id);
      if (!write) {
        // Conditional, so instances racing for the same minute write once between them.
        write = db()
          .update(companyApiKeys)
          .set({ lastUsedAt: new Date(now) })
          .where(
            and(
              eq(companyApiKeys.id, row.id),
              or(isNull(companyApiKeys.lastUsedAt), lt(companyApiKeys.lastUsedAt, new Date(now - LAST_USED_EVERY_MS))),
            ),
          )
          .then(
            () => undefined,
            (err: unknown) => request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'API key last use not recorded'),
          )
          .finally(() => writing.delete(row.id));
        writing.set(row.id, write);
      }
      await write;
    }
    return { kind: 'apiKey', id: row.id, ownerId: row.companyId };
  };
}
