/**
 * The one way a delivery changes status: lock the row, check the shared move table
 * (src/shared/deliveries/moves.ts), write the new status and the timeline entry in the caller's
 * transaction, so a move is never without its entry (and an acknowledged move never lost).
 * A phone's move carries an Idempotency-Key (clientKey): the same key again answers with the
 * move it made, applied once. Each move is announced to every instance on commit (domain/deliveryFeed.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { dispatchMessages as m } from '../../shared/deliveries/dispatchMessages';
import { canMoveDelivery, DELIVERY_MOVES, type DeliveryAction, type DeliveryActor, type DeliveryStatus } from '../../shared/deliveries/moves';
import type { Db } from '../db/client';
import { deliveries, deliveryEvents } from '../db/schema';
import { AppError } from '../errors';
import { announceDeliveryMove } from './deliveryFeed';

export type DeliveryRow = typeof deliveries.$inferSelect;
export type DeliveryEventRow = typeof deliveryEvents.$inferSelect;

export interface MoveDeliveryInput {
  deliveryId: string;
  action: DeliveryAction;
  actor: DeliveryActor;
  /** The staff member or the rider who moved it (a rider's move is refused unless it is their job, except accept). */
  staffId?: string | null;
  riderId?: string | null;
  note?: string;
  /** The phone's clock and Idempotency-Key, for moves sent from the rider's offline queue. */
  clientAt?: Date | null;
  clientKey?: string | null;
  /** The status when the table leaves it to the server (expire_offer). */
  to?: DeliveryStatus;
  /** Other columns the move sets (rider_id on accept, delivered_at, failure_reason …). */
  set?: Partial<Omit<typeof deliveries.$inferInsert, 'id' | 'status'>>;
}

export interface MoveDeliveryResult {
  delivery: DeliveryRow;
  event: DeliveryEventRow;
  /** True when clientKey had already been applied: nothing was written this time. */
  replayed: boolean;
}

export async function moveDelivery(tx: Db, input: MoveDeliveryInput): Promise<MoveDeliveryResult> {
  const [delivery] = await tx.select().from(deliveries).where(eq(deliveries.id, input.deliveryId)).for('update');
  if (!delivery) throw new AppError('NOT_FOUND', m.deliveryNotFound);
  // Someone else's job reads as no job at all.
  if (input.actor === 'rider' && input.action !== 'accept' && delivery.riderId !== input.riderId) {
    throw new AppError('NOT_FOUND', m.deliveryNotFound);
  }
  if (input.clientKey) {
    // Checked under the row lock, so two sends of one key cannot both pass.
    const [seen] = await tx
      .select()
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.deliveryId, delivery.id), eq(deliveryEvents.clientKey, input.clientKey)));
    if (seen) return { delivery, event: seen, replayed: true };
  }
  const status = delivery.status as DeliveryStatus;
  if (!canMoveDelivery(status, input.action, input.actor)) throw new AppError('CONFLICT', m.moveRefused(status));
  const to = DELIVERY_MOVES[input.action].to ?? input.to ?? status;
  const [moved] = await tx
    .update(deliveries)
    .set({ ...input.set, status: to, updatedAt: sql`now()` })
    .where(eq(deliveries.id, delivery.id))
    .returning();
  const [event] = await tx
    .insert(deliveryEvents)
    .values({
      deliveryId: delivery.id,
      status: to,
      action: input.action,
      actor: input.actor,
      staffId: input.staffId ?? null,
      riderId: input.actor === 'rider' ? (input.riderId ?? null) : (input.set?.riderId ?? delivery.riderId ?? null),
      note: input.note ?? '',
      clientAt: input.clientAt ?? null,
      clientKey: input.clientKey ?? null,
      // The statement's own time, not the transaction's: two moves in one transaction (an offer
      // run out, then the next rider's) keep their order in the timeline.
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  // Heard by the board and the tracking pages of every instance once this transaction commits.
  await announceDeliveryMove(tx, { id: moved!.id, reference: moved!.reference, status: to, at: event!.createdAt.toISOString() });
  return { delivery: moved!, event: event!, replayed: false };
}
