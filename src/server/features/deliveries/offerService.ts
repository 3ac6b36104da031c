/**
 * The rider's side of offers: their open offers (the pickup area and the pay, never the address,
 * landmark or contacts before accepting, nor anything of the recipient), accept (the first wins,
 * under the delivery's row lock; the others' offers close at once) and decline (the next rider
 * gets it). Someone else's offer reads as no offer at all.
 */
import { and, eq, sql } from 'drizzle-orm';
import { areaKm, dispatchTexts, nearestAreaKm, type RiderOffer } from '../../../shared/deliveries/dispatch';
import { dispatchMessages } from '../../../shared/deliveries/dispatchMessages';
import { messages } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { deliveries, deliveryOffers, riderAvailability } from '../../db/schema';
import { AppError } from '../../errors';
import { moveDelivery } from '../../domain/deliveryMoves';
import { closeOpenOffers, lockDelivery, passOfferOn, riderPayOf } from '../../domain/deliveryOffers';

const offerGone = () => new AppError('CONFLICT', dispatchMessages.offerGone);
const notFound = () => new AppError('NOT_FOUND', messages.notFound);

type Place = { area?: string; city?: string; country?: string };

export async function listRiderOffers(db: Db, riderId: string): Promise<{ items: RiderOffer[] }> {
  const [rows, [availability]] = await Promise.all([
    db
      .select({
        id: deliveryOffers.id,
        expiresAt: deliveryOffers.expiresAt,
        deliveryId: deliveries.id,
        reference: deliveries.reference,
        payKobo: deliveries.riderPayKobo,
        pickup: deliveries.pickup,
        dropoff: deliveries.dropoff,
        parcel: deliveries.parcel,
        payment: deliveries.payment,
        pickupAt: deliveries.pickupAt,
      })
      .from(deliveryOffers)
      .innerJoin(deliveries, eq(deliveries.id, deliveryOffers.deliveryId))
      .where(
        and(
          eq(deliveryOffers.riderId, riderId),
          eq(deliveryOffers.status, 'open'),
          sql`${deliveryOffers.expiresAt} > now()`,
          eq(deliveries.status, 'offered'),
        ),
      )
      .orderBy(deliveryOffers.expiresAt),
    db.select({ areas: riderAvailability.areas }).from(riderAvailability).where(eq(riderAvailability.userId, riderId)),
  ]);
  const covered = availability?.areas ?? [];
  return {
    items: rows.map((r) => {
      const pickup = r.pickup as Place;
      const dropoff = r.dropoff as Place;
      const pickupArea = pickup.area ?? '';
      return {
        id: r.id,
        delivery_id: r.deliveryId,
        reference: r.reference,
        pay_kobo: r.payKobo ?? 0,
        pickup_area: pickupArea,
        dropoff_area: dropoff.area ?? null,
        to_pickup_km: nearestAreaKm(covered, pickupArea),
        trip_km: areaKm(pickupArea, dropoff.area),
        parcel: r.parcel as Record<string, unknown>,
        payment: r.payment,
        pickup_at: r.pickupAt ? r.pickupAt.toISOString() : null,
        expires_at: r.expiresAt.toISOString(),
      };
    }),
  };
}

/** The rider's own offer (locked delivery first, then the offer read under it), or 404. */
async function ownOffer(tx: Db, riderId: string, offerId: string) {
  const [mine] = await tx
    .select({ deliveryId: deliveryOffers.deliveryId })
    .from(deliveryOffers)
    .where(and(eq(deliveryOffers.id, offerId), eq(deliveryOffers.riderId, riderId)));
  if (!mine) throw notFound();
  const delivery = await lockDelivery(tx, mine.deliveryId);
  // Read again under the lock: an accept that won a moment ago has closed it by now.
  const [offer] = await tx
    .select({ status: deliveryOffers.status, live: sql<boolean>`${deliveryOffers.expiresAt} > now()` })
    .from(deliveryOffers)
    .where(eq(deliveryOffers.id, offerId));
  if (!offer || offer.status !== 'open' || !offer.live || delivery.status !== 'offered') throw offerGone();
  return delivery;
}

export async function acceptOffer(db: Db, riderId: string, offerId: string): Promise<{ message: string; delivery: { id: string; reference: string; status: string } }> {
  return db.transaction(async (tx) => {
    const delivery = await ownOffer(tx, riderId, offerId);
    const moved = await moveDelivery(tx, {
      deliveryId: delivery.id,
      action: 'accept',
      actor: 'rider',
      riderId,
      set: { riderId, assignedAt: new Date(), riderPayKobo: await riderPayOf(tx, delivery) },
    });
    await tx.update(deliveryOffers).set({ status: 'accepted' }).where(eq(deliveryOffers.id, offerId));
    await closeOpenOffers(tx, delivery.id, offerId);
    const { id, reference, status } = moved.delivery;
    return { message: dispatchTexts.offers.accepted(reference), delivery: { id, reference, status } };
  });
}

export async function declineOffer(db: Db, riderId: string, offerId: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const delivery = await ownOffer(tx, riderId, offerId);
    await tx.update(deliveryOffers).set({ status: 'declined' }).where(eq(deliveryOffers.id, offerId));
    await passOfferOn(tx, delivery, 'declined');
    return { message: dispatchTexts.offers.declined };
  });
}
