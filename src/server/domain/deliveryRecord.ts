/**
 * The delivery record riders earn (rider_cards.deliveries_*): completed, on time and the
 * senders' ratings, counted in the transaction of the move or the rating that earns them, so
 * the record never disagrees with the deliveries behind it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { riderCards } from '../db/schema';
import { refreshProfileDocument } from './profileDocument';

/**
 * A delivery finished by the rider. On time: delivered at or before deliver_by (the promised
 * window, fixed at booking); a delivery with no promise is counted completed, not on time.
 */
export async function recordDelivered(tx: Db, riderId: string, deliveredAt: Date, deliverBy: Date | null): Promise<void> {
  const onTime = deliverBy !== null && deliveredAt.getTime() <= deliverBy.getTime();
  await tx
    .update(riderCards)
    .set({
      deliveriesCompleted: sql`${riderCards.deliveriesCompleted} + 1`,
      deliveriesOnTime: onTime ? sql`${riderCards.deliveriesOnTime} + 1` : riderCards.deliveriesOnTime,
      updatedAt: sql`now()`,
    })
    .where(eq(riderCards.userId, riderId));
  // The dashboard reads the stored profile document: it shows the record from this move on.
  await refreshProfileDocument(tx, riderId);
}

/** A sender's rating (1-5) of a delivery the rider made; given once per delivery. */
export async function recordDeliveryRating(tx: Db, riderId: string, rating: number): Promise<void> {
  await tx
    .update(riderCards)
    .set({
      deliveryRatingCount: sql`${riderCards.deliveryRatingCount} + 1`,
      deliveryRatingSum: sql`${riderCards.deliveryRatingSum} + ${rating}`,
      updatedAt: sql`now()`,
    })
    .where(eq(riderCards.userId, riderId));
  await refreshProfileDocument(tx, riderId);
}
