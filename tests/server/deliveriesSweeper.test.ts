/**
 * The server's sweep of what deliveries leave behind (src/server/features/deliveries/sweeper.ts):
 * quotes past their hold (and its hour of grace) that were never booked go, in batches; a booked
 * quote stays; Idempotency-Key rows older than 24 hours go, newer ones stay and still answer.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { deliveries, deliveryIdempotencyKeys, deliveryQuotes } from '../../src/server/db/schema';
import { IDEMPOTENCY_KEY_TTL_MS, QUOTE_KEPT_AFTER_EXPIRY_MS, sweepDeliveryLeftovers } from '../../src/server/features/deliveries/sweeper';
import { bookAsVisitor, heldQuote } from './bookingHelpers';
import { describeEachDatabase, useTestApp } from './helper';

const HOUR = 60 * 60 * 1000;

describeEachDatabase('delivery leftovers sweep', (kind) => {
  const t = useTestApp(kind, { startWorkers: false, env: { PUBLIC_URL: 'https://ogbadispatch.test' } });

  it('deletes quotes expired past the cut and never booked, in batches; keeps newer and booked ones', async () => {
    const { db } = t.database;
    const now = Date.now();
    const booked = await bookAsVisitor(t);
    const [delivery] = await db.select({ quoteId: deliveries.quoteId }).from(deliveries).where(eq(deliveries.id, booked.id));
    const old = await heldQuote(t);
    const justExpired = await heldQuote(t);
    const held = await heldQuote(t);
    const at = (ms: number) => new Date(ms);
    // The booked quote and `old` ended their hold well before the cut; `justExpired` inside the grace.
    await db.update(deliveryQuotes).set({ expiresAt: at(now - QUOTE_KEPT_AFTER_EXPIRY_MS - HOUR) }).where(inArray(deliveryQuotes.id, [delivery!.quoteId, old.id]));
    await db.update(deliveryQuotes).set({ expiresAt: at(now - QUOTE_KEPT_AFTER_EXPIRY_MS + 5 * 60_000) }).where(eq(deliveryQuotes.id, justExpired.id));
    // A backlog larger than a batch, all past the cut.
    await db.execute(sql`
      insert into delivery_quotes (request, price_kobo, breakdown, rate_card_version, expires_at)
      select '{}'::jsonb, 100000, '[]'::jsonb, 1, now() - interval '3 hours' from generate_series(1, 1234)`);

    const swept = await sweepDeliveryLeftovers(db, at(now));
    expect(swept.quotes).toBe(1235);
    const left = (await db.select({ id: deliveryQuotes.id }).from(deliveryQuotes)).map((r) => r.id).sort();
    expect(left).toEqual([delivery!.quoteId, justExpired.id, held.id].sort());
    // A quote still held still answers; a second sweep finds nothing.
    expect((await t.app.inject({ url: `/api/deliveries/quotes/${held.id}` })).statusCode).toBe(200);
    expect((await sweepDeliveryLeftovers(db, at(now))).quotes).toBe(0);
  });

  it('deletes Idempotency-Key rows older than 24 hours and keeps newer ones', async () => {
    const { db } = t.database;
    const now = Date.now();
    const booked = await bookAsVisitor(t);
    const row = (key: string, ageMs: number) => ({ scope: 'sweep-test', key, requestHash: 'x'.repeat(64), deliveryId: booked.id, createdAt: new Date(now - ageMs) });
    await db.insert(deliveryIdempotencyKeys).values([row('day-and-a-bit', IDEMPOTENCY_KEY_TTL_MS + HOUR), row('ancient', 30 * 24 * HOUR), row('fresh', IDEMPOTENCY_KEY_TTL_MS - HOUR), row('now', 0)]);
    const swept = await sweepDeliveryLeftovers(db, new Date(now));
    expect(swept.idempotencyKeys).toBe(2);
    const left = (await db.select({ key: deliveryIdempotencyKeys.key }).from(deliveryIdempotencyKeys).where(eq(deliveryIdempotencyKeys.scope, 'sweep-test'))).map((r) => r.key).sort();
    expect(left).toEqual(['fresh', 'now']);
    // The delivery itself is untouched.
    expect(await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.id, booked.id))).toHaveLength(1);
  });
});
