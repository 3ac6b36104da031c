/**
 * What deliveries leave behind, cleared by the server every 10 minutes (sweepDeliveryLeftovers):
 * quotes past their hold that were never booked, and Idempotency-Key rows past their 24 hours.
 * Deleted in small batches, each its own short transaction claimed with FOR UPDATE SKIP LOCKED,
 * so a large backlog never holds a long lock and several instances on one database share the work.
 * Started by buildApp only when background workers are on; tests call sweepDeliveryLeftovers.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startSweeper } from '../../lib/sweeper';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/rows';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const BATCH = 500;
/** How long a quote stays after its hold ends: a late booking is told "expired" rather than "unknown". */
export const QUOTE_KEPT_AFTER_EXPIRY_MS = 60 * 60 * 1000;
/** How long a booking's Idempotency-Key answers with the delivery it booked. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Deletes batch after batch until fewer than a batch are left; the number deleted. */
async function inBatches(db: Db, batch: (tx: Db) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => batch(tx as unknown as Db));
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

export async function sweepDeliveryLeftovers(db: Db, now: Date = new Date()): Promise<{ quotes: number; idempotencyKeys: number }> {
  const quoteCut = new Date(now.getTime() - QUOTE_KEPT_AFTER_EXPIRY_MS).toISOString();
  const keyCut = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  // A booked quote stays: its delivery refers to it (the price and breakdown it was booked at).
  const quotes = await inBatches(db, async (tx) =>
    rowsOf<{ id: string }>(
      await tx.execute(sql`
        delete from delivery_quotes
        where id in (
          select q.id from delivery_quotes q
          where q.expires_at < ${quoteCut}::timestamptz
            and not exists (select 1 from deliveries d where d.quote_id = q.id)
          order by q.expires_at
          limit ${BATCH}
          for update of q skip locked)
          and not exists (select 1 from deliveries d where d.quote_id = delivery_quotes.id)
        returning id`),
    ).length,
  );
  const idempotencyKeys = await inBatches(db, async (tx) =>
    rowsOf<{ key: string }>(
      await tx.execute(sql`
        delete from delivery_idempotency_keys
        where (scope, key) in (
          select scope, key from delivery_idempotency_keys
          where created_at < ${keyCut}::timestamptz
          order by created_at
          limit ${BATCH}
          for update skip locked)
        returning key`),
    ).length,
  );
  return { quotes, idempotencyKeys };
}

export function startDeliverySweeper(app: FastifyInstance, intervalMs: number = SWEEP_INTERVAL_MS): void {
  startSweeper(app, 'delivery leftovers sweep', intervalMs, () => sweepDeliveryLeftovers(app.database.db));
}
