/**
 * The sender's actions after booking (DESIGN.md §11): cancel before pickup, and rate the
 * delivery once after it is delivered. The sender is the company that booked it (its session
 * or one of its keys) or whoever holds the tracking link; both reach the same functions with
 * the delivery's id, found for them by their credential.
 */
import { eq, sql } from 'drizzle-orm';
import { dispatchMessages } from '../../../shared/deliveries/dispatchMessages';
import { jobMessages as jm } from '../../../shared/deliveries/jobMessages';
import { CANCEL_REASON_MAX, RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from '../../../shared/deliveries/jobs';
import { canMoveDelivery, type DeliveryStatus } from '../../../shared/deliveries/moves';
import type { Db } from '../../db/client';
import { deliveries } from '../../db/schema';
import { moveDelivery } from '../../domain/deliveryMoves';
import { recordDeliveryRating } from '../../domain/deliveryRecord';
import { AppError } from '../../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which delivery the sender may act on: the company's own (by id), or the tracking token's. */
export type Sender = { companyId: string } | { trackedId: string };

const notFound = () => new AppError('NOT_FOUND', dispatchMessages.deliveryNotFound);

/** Locks the sender's delivery, or 404 for any other (another company's reads as none). */
async function lockSenders(tx: Db, id: string, sender: Sender) {
  if (!UUID.test(id)) throw notFound();
  if ('trackedId' in sender && sender.trackedId !== id) throw notFound();
  const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
  if (!row || ('companyId' in sender && row.companyId !== sender.companyId)) throw notFound();
  return row;
}

export function cancelReasonOf(body: unknown): string {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).reason : undefined;
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw AppError.invalid('reason', jm.cancelReasonTooLong);
  const reason = (raw ?? '').trim();
  if (reason.length > CANCEL_REASON_MAX) throw AppError.invalid('reason', jm.cancelReasonTooLong);
  return reason;
}

/** Cancels before pickup (the move table: a sender's cancel only then); later it is a 409 telling them to call. */
export async function cancelBySender(db: Db, id: string, sender: Sender, reason: string): Promise<{ reference: string; status: string }> {
  return db.transaction(async (tx) => {
    const row = await lockSenders(tx, id, sender);
    const status = row.status as DeliveryStatus;
    if (!canMoveDelivery(status, 'cancel', 'sender')) {
      throw new AppError('CONFLICT', canMoveDelivery(status, 'cancel', 'staff') ? jm.senderCannotCancel : dispatchMessages.moveRefused(status));
    }
    const { delivery } = await moveDelivery(tx, { deliveryId: id, action: 'cancel', actor: 'sender', note: reason, set: { cancelReason: reason } });
    return { reference: delivery.reference, status: delivery.status };
  });
}

export interface RatingInput {
  rating: number;
  comment: string;
}

export function ratingInputOf(body: unknown): RatingInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof b.rating !== 'number' || !Number.isInteger(b.rating) || b.rating < RATING_MIN || b.rating > RATING_MAX) {
    throw AppError.invalid('rating', jm.ratingInvalid);
  }
  if (b.comment !== undefined && b.comment !== null && typeof b.comment !== 'string') throw AppError.invalid('comment', jm.commentTooLong);
  const comment = ((b.comment as string | null | undefined) ?? '').trim();
  if (comment.length > RATING_COMMENT_MAX) throw AppError.invalid('comment', jm.commentTooLong);
  return { rating: b.rating, comment };
}

export interface GivenRating {
  rating: number;
  comment: string;
  rated_at: string;
}

/**
 * Rates a delivered delivery, once (a second rating is a 409), and adds it to its rider's record
 * in the same transaction.
 */
export async function rateDelivery(db: Db, id: string, sender: Sender, input: RatingInput): Promise<GivenRating> {
  return db.transaction(async (tx) => {
    const row = await lockSenders(tx, id, sender);
    if (row.status !== 'delivered') throw new AppError('CONFLICT', jm.ratingNotYet, 'rating');
    if (row.senderRating !== null) throw new AppError('CONFLICT', jm.ratedAlready, 'rating');
    const [rated] = await tx
      .update(deliveries)
      .set({ senderRating: input.rating, senderComment: input.comment, ratedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(deliveries.id, id))
      .returning({ ratedAt: deliveries.ratedAt });
    if (row.riderId) await recordDeliveryRating(tx, row.riderId, input.rating);
    return { rating: input.rating, comment: input.comment, rated_at: rated!.ratedAt!.toISOString() };
  });
}
