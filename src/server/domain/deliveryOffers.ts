/**
 * Offers of a delivery to riders, for the dispatch board and the rider's side alike. A delivery
 * has at most one open offer at a time: it goes to an available rider near the pickup (the
 * pickup's own area first, then the nearest covered area by the coordinates of
 * src/shared/deliveries/areas.ts), for OFFER_TTL_MS; declined or run out, it goes to the next
 * rider not yet asked, and with nobody left the delivery is booked again (the board flags it:
 * booked with offers behind it). Every step takes the delivery's row lock first (moveDelivery's
 * lock, taken early here), so two instances, a sweep and a tap never hand one job out twice.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { USER_TYPE_RIDER } from '../../shared/constants';
import { NEARBY_KM, dispatchTexts, nearestAreaKm } from '../../shared/deliveries/dispatch';
import { OFFER_TTL_MS, type DeliveryActor } from '../../shared/deliveries/moves';
import { riderShareKobo } from '../../shared/deliveries/rateCard';
import { dispatchMessages } from '../../shared/deliveries/dispatchMessages';
import type { Db } from '../db/client';
import { deliveries, deliveryOffers, personalInfo, riderAvailability, users } from '../db/schema';
import { AppError } from '../errors';
import { moveDelivery, type DeliveryRow } from './deliveryMoves';
import { findRateCard } from './rateCards';

export type OfferRow = typeof deliveryOffers.$inferSelect;

/** Takes the delivery's row lock (the one moveDelivery takes) for the rest of the transaction. */
export async function lockDelivery(tx: Db, deliveryId: string): Promise<DeliveryRow> {
  const [delivery] = await tx.select().from(deliveries).where(eq(deliveries.id, deliveryId)).for('update');
  if (!delivery) throw new AppError('NOT_FOUND', dispatchMessages.deliveryNotFound);
  return delivery;
}

/** The rider's pay for the job: fixed once, the rate card's share of the price it was booked at. */
export async function riderPayOf(tx: Db, delivery: DeliveryRow): Promise<number> {
  if (delivery.riderPayKobo !== null) return delivery.riderPayKobo;
  const card = await findRateCard(tx, delivery.rateCardVersion);
  if (!card) throw AppError.internal();
  return riderShareKobo(delivery.priceKobo, card);
}

/** A rider who may take deliveries: finished sign-up, ID approved, not suspended (and, when asked, switched on). */
const eligible = and(
  eq(users.userType, USER_TYPE_RIDER),
  eq(users.profileCompleted, 1),
  sql`${users.suspendedAt} is null`,
  eq(personalInfo.idReviewStatus, 'approved'),
);

export async function isEligibleRider(tx: Db, riderId: string, options: { available: boolean }): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id, available: riderAvailability.available })
    .from(users)
    .innerJoin(personalInfo, eq(personalInfo.userId, users.id))
    .leftJoin(riderAvailability, eq(riderAvailability.userId, users.id))
    .where(and(eq(users.id, riderId), eligible));
  return Boolean(row) && (!options.available || row!.available === true);
}

export interface NearbyRider {
  id: string;
  areas: string[];
  /** From the nearest area they cover to the pickup area. */
  km: number;
}

/** Available riders within NEARBY_KM of the pickup area not yet offered this delivery, nearest first. */
export async function nearbyRiders(tx: Db, deliveryId: string, pickupArea: string): Promise<NearbyRider[]> {
  const rows = await tx
    .select({ id: users.id, areas: riderAvailability.areas, since: riderAvailability.updatedAt })
    .from(riderAvailability)
    .innerJoin(users, eq(users.id, riderAvailability.userId))
    .innerJoin(personalInfo, eq(personalInfo.userId, users.id))
    .where(
      and(
        eq(riderAvailability.available, true),
        eligible,
        sql`not exists (select 1 from ${deliveryOffers} o where o.delivery_id = ${deliveryId} and o.rider_id = ${users.id})`,
      ),
    );
  return rows
    .map((r) => ({ id: r.id, areas: r.areas, km: nearestAreaKm(r.areas, pickupArea), since: r.since.getTime() }))
    .filter((r): r is NearbyRider & { since: number } => r.km !== null && r.km <= NEARBY_KM)
    // Same area (0 km) first, then the nearest; among equals, who has been available longest.
    .sort((a, b) => a.km - b.km || a.since - b.since)
    .map(({ since: _since, ...rider }) => rider);
}

/** Closes every open offer of the delivery (but `keep`): the job was taken, cancelled or re-offered. */
export async function closeOpenOffers(tx: Db, deliveryId: string, keep?: string): Promise<void> {
  await tx
    .update(deliveryOffers)
    .set({ status: 'closed' })
    .where(and(eq(deliveryOffers.deliveryId, deliveryId), eq(deliveryOffers.status, 'open'), keep ? ne(deliveryOffers.id, keep) : undefined));
}

const pickupAreaOf = (delivery: DeliveryRow): string => String((delivery.pickup as { area?: unknown }).area ?? '');

/**
 * Offers the (locked) delivery to one rider: the move 'offer' in the timeline, the rider's pay
 * fixed on the delivery, any other open offer closed. A rider asked before is asked again.
 */
export async function offerToRider(
  tx: Db,
  delivery: DeliveryRow,
  riderId: string,
  by: { actor: Extract<DeliveryActor, 'staff' | 'system'>; staffId: string | null; note?: string },
): Promise<OfferRow> {
  const pay = await riderPayOf(tx, delivery);
  await moveDelivery(tx, {
    deliveryId: delivery.id,
    action: 'offer',
    actor: by.actor,
    staffId: by.staffId,
    note: by.note ?? '',
    set: { riderPayKobo: pay },
  });
  await closeOpenOffers(tx, delivery.id);
  const expiresAt = sql`now() + make_interval(secs => ${OFFER_TTL_MS / 1000})`;
  const [offer] = await tx
    .insert(deliveryOffers)
    .values({ deliveryId: delivery.id, riderId, staffId: by.staffId, expiresAt })
    .onConflictDoUpdate({
      target: [deliveryOffers.deliveryId, deliveryOffers.riderId],
      set: { status: 'open', staffId: by.staffId, expiresAt, createdAt: sql`now()` },
    })
    .returning();
  return offer!;
}

/** Offers the (locked) delivery to the nearest rider not asked yet; null when there is none. */
export async function offerToNextRider(
  tx: Db,
  delivery: DeliveryRow,
  by: { actor: Extract<DeliveryActor, 'staff' | 'system'>; staffId: string | null; note?: string },
): Promise<OfferRow | null> {
  const [next] = await nearbyRiders(tx, delivery.id, pickupAreaOf(delivery));
  return next ? offerToRider(tx, delivery, next.id, by) : null;
}

/**
 * After an offer ended unaccepted on a delivery still 'offered' with no other open offer: the
 * next rider, or booked again when nobody is left. A run-out offer is the move 'expire_offer'
 * in the timeline (then 'offer' to the next rider); a declined one goes straight to the next
 * rider, or back to booked (expire_offer: the table's only way back). The delivery is locked.
 */
export async function passOfferOn(tx: Db, delivery: DeliveryRow, why: 'declined' | 'expired'): Promise<'offered' | 'booked' | 'unchanged'> {
  if (delivery.status !== 'offered') return 'unchanged';
  const [open] = await tx
    .select({ id: deliveryOffers.id })
    .from(deliveryOffers)
    .where(and(eq(deliveryOffers.deliveryId, delivery.id), eq(deliveryOffers.status, 'open'), sql`${deliveryOffers.expiresAt} > now()`));
  if (open) return 'unchanged';
  const [next] = await nearbyRiders(tx, delivery.id, pickupAreaOf(delivery));
  if (!next) {
    await moveDelivery(tx, { deliveryId: delivery.id, action: 'expire_offer', actor: 'system', to: 'booked', note: dispatchTexts.notes.noRiderLeft });
    return 'booked';
  }
  if (why === 'expired') await moveDelivery(tx, { deliveryId: delivery.id, action: 'expire_offer', actor: 'system', to: 'offered' });
  await offerToRider(tx, delivery, next.id, { actor: 'system', staffId: null, note: dispatchTexts.notes.offeredTo });
  return 'offered';
}

/** How many run-out offers one sweep handles at most (the rest wait for the next sweep). */
const EXPIRE_BATCH = 100;

/**
 * The server's offer clock: every open offer past its expires_at is marked expired and its
 * delivery passed on to the next rider (or booked again), each in its own transaction under the
 * delivery's lock, re-checked there, so two instances sweeping at once handle each offer once.
 */
export async function expireDueOffers(db: Db): Promise<number> {
  const due = await db
    .select({ id: deliveryOffers.id, deliveryId: deliveryOffers.deliveryId })
    .from(deliveryOffers)
    .where(and(eq(deliveryOffers.status, 'open'), sql`${deliveryOffers.expiresAt} <= now()`))
    .orderBy(deliveryOffers.expiresAt)
    .limit(EXPIRE_BATCH);
  let expired = 0;
  for (const offer of due) {
    const done = await db.transaction(async (tx) => {
      const delivery = await lockDelivery(tx, offer.deliveryId);
      const marked = await tx
        .update(deliveryOffers)
        .set({ status: 'expired' })
        .where(and(eq(deliveryOffers.id, offer.id), eq(deliveryOffers.status, 'open'), sql`${deliveryOffers.expiresAt} <= now()`))
        .returning({ id: deliveryOffers.id });
      if (marked.length === 0) return false;
      await passOfferOn(tx, delivery, 'expired');
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
