/**
 * Every delivery's moves, as they commit, to every instance: what the live board and the
 * tracking pages are sent (features/deliveries/liveRoutes.ts).
 *
 * A move (domain/deliveryMoves.ts) and a booking announce themselves with pg_notify inside
 * their own transaction: PostgreSQL delivers a NOTIFY only when that transaction commits, and
 * never when it rolls back, to every connection LISTENing on the database, so every instance on
 * one database hears every committed move, and nothing it was not told of. Each instance holds
 * one LISTEN connection (db/listen.ts), opened when its first stream opens, and fans the
 * notices out in its own memory. Not Redis: a publish after the commit would be a second write
 * that a crash between the two loses, and every instance already shares the database (docs/deliveries.md,
 * "Live updates").
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../shared/deliveries/moves';
import type { Database, Db } from '../db/client';
import { listenChannel, type ChannelListener } from '../db/listen';

export const DELIVERY_FEED_CHANNEL = 'delivery_moves';

/** One move or booking, as the board is sent it. */
export interface DeliveryNotice {
  id: string;
  reference: string;
  status: DeliveryStatus;
  /** ISO time of the timeline entry. */
  at: string;
}

/** Announces a move to every instance, once the caller's transaction commits. */
export async function announceDeliveryMove(tx: Db, notice: DeliveryNotice): Promise<void> {
  const payload = JSON.stringify({ id: notice.id, reference: notice.reference, status: notice.status, at: notice.at });
  await tx.execute(sql`select pg_notify(${DELIVERY_FEED_CHANNEL}, ${payload})`);
}

const STATUSES = new Set<string>(DELIVERY_STATUSES);

function noticeOf(payload: string): DeliveryNotice | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const { id, reference, status, at } = value;
    if (typeof id !== 'string' || typeof reference !== 'string' || typeof status !== 'string' || typeof at !== 'string' || !STATUSES.has(status)) return null;
    return { id, reference, status: status as DeliveryStatus, at };
  } catch {
    return null;
  }
}

export interface DeliveryFeed {
  /** Listens (once per instance); resolves when every later commit will be heard. */
  ready(): Promise<void>;
  /** Calls `fn` with each notice heard; answers the way to stop. */
  subscribe(fn: (notice: DeliveryNotice) => void): () => void;
  close(): Promise<void>;
}

/** Moves missed while the LISTEN connection was down are read back from the timeline from this long before the drop. */
const CATCH_UP_MARGIN_MS = 5_000;
const CATCH_UP_MAX = 1_000;
const HEARD_MAX = 5_000;

export function createDeliveryFeed(database: Database, log: FastifyBaseLogger): DeliveryFeed {
  const subscribers = new Set<(notice: DeliveryNotice) => void>();
  let listening: Promise<ChannelListener> | null = null;
  let closed = false;

  // The last notices heard, so a catch-up after a drop does not send again what was heard.
  const heard = new Set<string>();
  const publish = (notice: DeliveryNotice) => {
    const key = `${notice.id} ${notice.status} ${notice.at}`;
    if (heard.has(key)) return;
    heard.add(key);
    if (heard.size > HEARD_MAX) heard.delete(heard.values().next().value!);
    for (const fn of subscribers) {
      try {
        fn(notice);
      } catch (err) {
        log.error({ err }, 'a delivery feed subscriber failed');
      }
    }
  };

  /** The timeline's entries since `since` (the feed was deaf then): published again, oldest first. */
  const catchUp = async (since: Date) => {
    const from = new Date(since.getTime() - CATCH_UP_MARGIN_MS);
    const result = await database.db.execute(sql`
      select e.delivery_id as id, d.reference, e.status, e.created_at as at
      from delivery_events e join deliveries d on d.id = e.delivery_id
      where e.created_at > ${from.toISOString()}
      order by e.created_at
      limit ${CATCH_UP_MAX}`);
    const rows = (result as unknown as { rows: Array<{ id: string; reference: string; status: DeliveryStatus; at: Date | string }> }).rows;
    for (const row of rows) publish({ id: row.id, reference: row.reference, status: row.status, at: new Date(row.at).toISOString() });
    log.info({ missed: rows.length }, 'delivery feed: listening again, moves since the drop sent again');
  };

  return {
    ready() {
      if (closed) return Promise.reject(new Error('delivery feed closed'));
      listening ??= listenChannel(database, DELIVERY_FEED_CHANNEL, {
        onMessage: (payload) => {
          const notice = noticeOf(payload);
          if (notice) publish(notice);
        },
        onReconnect: (since) => void catchUp(since).catch((err: unknown) => log.error({ err }, 'delivery feed: catching up failed')),
        onError: (err) => log.warn({ err }, 'delivery feed: the LISTEN connection dropped; reconnecting'),
      }).catch((err: unknown) => {
        // The next stream tries again.
        listening = null;
        throw err;
      });
      return listening.then(() => undefined);
    },
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    async close() {
      closed = true;
      subscribers.clear();
      const listener = await listening?.catch(() => null);
      await listener?.close();
    },
  };
}
