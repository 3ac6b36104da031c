/**
 * The rider's job and the sender's after-booking actions, as rules both the browser and the
 * server read: what a rider may send with a move, when each part of a delivery is shown to whom,
 * the promised delivery window, and the sender's rating.
 */
import { DELIVERY_CODE_LENGTH, DELIVERY_FAILURE_REASONS, type DeliveryAction, type DeliveryStatus } from './moves';
import { startOfLagosDay } from './lagosTime';

/** The moves a rider sends from the job screen (accept is the offer's, elsewhere). */
export const RIDER_JOB_ACTIONS = ['start', 'pick_up', 'arrive', 'deliver', 'fail', 'returned'] as const satisfies readonly DeliveryAction[];
export type RiderJobAction = (typeof RIDER_JOB_ACTIONS)[number];

export const FAILURE_NOTE_MAX = 500;
export const CANCEL_REASON_MAX = 500;
export const RATING_COMMENT_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The largest cash a rider reports for one job: ₦10,000,000, far above any price. */
export const CASH_COLLECTED_MAX_KOBO = 1_000_000_000;

export const DELIVERY_CODE_PATTERN = new RegExp(`^[0-9]{${DELIVERY_CODE_LENGTH}}$`);

/** Where the rider takes the cash for a job (the price), or null when it is paid by transfer. */
export type CashCollectAt = 'pickup' | 'dropoff';
export function cashCollectAt(payment: string): CashCollectAt | null {
  return payment === 'cash_on_pickup' ? 'pickup' : payment === 'cash_on_delivery' ? 'dropoff' : null;
}
/** The move that reports the cash collected, made where the cash is taken: "Picked up" or "Delivered". */
export const CASH_MOVE = { pickup: 'pick_up', dropoff: 'deliver' } as const satisfies Record<CashCollectAt, RiderJobAction>;
/** The move that must carry cash_collected_kobo on a job paid this way, or null. */
export function cashMoveOf(payment: string): RiderJobAction | null {
  const at = cashCollectAt(payment);
  return at ? CASH_MOVE[at] : null;
}
/** The cash collected as a move carries it: whole kobo, 0 to CASH_COLLECTED_MAX_KOBO. */
export const isCashCollected = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= CASH_COLLECTED_MAX_KOBO;

export const isFailureReason = (value: unknown): value is (typeof DELIVERY_FAILURE_REASONS)[number] =>
  typeof value === 'string' && (DELIVERY_FAILURE_REASONS as readonly string[]).includes(value);

/**
 * Who sees what when. The rider sees the pickup's street address, landmark and contact while the
 * job is theirs and live (assigned until it is finished), the recipient's only from pickup on,
 * and neither once the job is finished: a phone number is not kept in a rider's hands longer than
 * the job needs it.
 */
const PICKUP_SHOWN: readonly DeliveryStatus[] = ['assigned', 'heading_to_pickup', 'picked_up', 'arrived', 'failed', 'returning'];
const DROPOFF_SHOWN: readonly DeliveryStatus[] = ['picked_up', 'arrived', 'failed', 'returning'];
/** The sender sees the rider's phone only while the parcel is on its way. */
const RIDER_PHONE_SHOWN: readonly DeliveryStatus[] = ['assigned', 'heading_to_pickup', 'picked_up', 'arrived'];

export const riderSeesPickup = (status: DeliveryStatus): boolean => PICKUP_SHOWN.includes(status);
export const riderSeesDropoff = (status: DeliveryStatus): boolean => DROPOFF_SHOWN.includes(status);
export const senderSeesRiderPhone = (status: DeliveryStatus): boolean => RIDER_PHONE_SHOWN.includes(status);

/** The proof photo is taken at the drop-off: after pickup, before delivered. */
export const PROOF_UPLOAD_STATUSES: readonly DeliveryStatus[] = ['picked_up', 'arrived'];

const HOUR_MS = 3_600_000;
/** Within Lagos a parcel is promised at least this long after the pickup window ends… */
export const LAGOS_DELIVERY_MIN_MS = 3 * HOUR_MS;
/** …and otherwise by this hour (Lagos time) of the pickup day: a same-day promise. */
export const LAGOS_SAME_DAY_CUTOFF_HOUR = 21;
/** Abroad (GB, CA) the courier's week. */
export const ABROAD_DELIVERY_MS = 7 * 24 * HOUR_MS;

/**
 * The end of the promised delivery window (deliveries.deliver_by), fixed at booking from the end
 * of the pickup window (the chosen pickup time, or the booking's when collected now, plus the
 * hour the sender is told). Within Lagos: the same day by 21:00 Lagos time, and never less than
 * 3 hours after the pickup window ends (a 19:00-20:00 pickup is promised by 23:00). Abroad: 7
 * days after the pickup window ends.
 */
export function deliverByOf(pickupWindowEnd: Date, abroad: boolean): Date {
  const end = pickupWindowEnd.getTime();
  if (abroad) return new Date(end + ABROAD_DELIVERY_MS);
  const cutoff = startOfLagosDay(end - 1) + LAGOS_SAME_DAY_CUTOFF_HOUR * HOUR_MS;
  return new Date(Math.max(cutoff, end + LAGOS_DELIVERY_MIN_MS));
}

/** One end of a job as its rider sees it (GET /api/users/jobs/{id}): the street, landmark and contact only when the status allows. */
export interface JobPlace {
  state?: string;
  area?: string;
  country?: string;
  city?: string;
  address?: string;
  landmark?: string;
  contact_name?: string;
  contact_phone?: string;
}
