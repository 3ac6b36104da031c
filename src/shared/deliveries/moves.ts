/**
 * A delivery's lifecycle (DESIGN.md §11): one table, read by machines/deliveries/deliveryMachine.ts
 * (a state per status, a transition per allowed move; its model-based test drives it through the
 * tracking page) and by the server's src/server/domain/deliveryMoves.ts, so the job screen, the
 * dispatch board, the tracking page and the API cannot disagree on what may happen next. The server refuses any other
 * move with a 409 and writes every move to delivery_events in the same transaction.
 *
 *   booked ─offer──▶ offered ─accept (rider)─▶ assigned ─start─▶ heading_to_pickup ─pick_up─▶ picked_up
 *     └────assign (staff)────────────────────────▲                                            │
 *   picked_up ─arrive─▶ arrived ─deliver (code + photo)─▶ delivered                            │
 *   picked_up | arrived ─fail (reason)─▶ failed ─retry (staff)─▶ picked_up                     │
 *                                         failed ─return (staff)─▶ returning ─returned─▶ returned
 *   cancel: the sender before pickup; staff at any point before delivered (with a reason)
 *
 * An offer not accepted in OFFER_TTL_MS goes to the next rider (the server's clock: `expire_offer`);
 * with nobody left the delivery is booked again and flagged on the board.
 */
export const DELIVERY_STATUSES = [
  'booked',
  'offered',
  'assigned',
  'heading_to_pickup',
  'picked_up',
  'arrived',
  'delivered',
  'failed',
  'returning',
  'returned',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Who moves a delivery: the sender (signed-in company or the tracking token), its rider, staff, or the server's clock. */
export type DeliveryActor = 'sender' | 'rider' | 'staff' | 'system';

export const DELIVERY_ACTIONS = [
  'offer',
  'accept',
  'expire_offer',
  'assign',
  'reassign',
  'start',
  'pick_up',
  'arrive',
  'deliver',
  'fail',
  'retry',
  'return',
  'returned',
  'cancel',
] as const;
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number];

export interface DeliveryMove {
  from: readonly DeliveryStatus[];
  /** null: the status does not change (reassign keeps it; expire_offer decides on the server). */
  to: DeliveryStatus | null;
  by: readonly DeliveryActor[];
}

const BEFORE_PICKUP = ['booked', 'offered', 'assigned', 'heading_to_pickup'] as const;

/** Who may do what from which status; anything else is a 409 on the server. */
export const DELIVERY_MOVES: Readonly<Record<DeliveryAction, DeliveryMove>> = {
  offer: { from: ['booked', 'offered'], to: 'offered', by: ['staff', 'system'] },
  accept: { from: ['offered'], to: 'assigned', by: ['rider'] },
  // The last open offer ran out: to the next rider (stays offered) or, with none, booked again.
  expire_offer: { from: ['offered'], to: null, by: ['system'] },
  assign: { from: ['booked', 'offered'], to: 'assigned', by: ['staff'] },
  reassign: { from: ['assigned', 'heading_to_pickup'], to: 'assigned', by: ['staff'] },
  start: { from: ['assigned'], to: 'heading_to_pickup', by: ['rider'] },
  pick_up: { from: ['heading_to_pickup'], to: 'picked_up', by: ['rider'] },
  arrive: { from: ['picked_up'], to: 'arrived', by: ['rider'] },
  deliver: { from: ['arrived'], to: 'delivered', by: ['rider'] },
  fail: { from: ['picked_up', 'arrived'], to: 'failed', by: ['rider'] },
  retry: { from: ['failed'], to: 'picked_up', by: ['staff'] },
  return: { from: ['failed'], to: 'returning', by: ['staff'] },
  returned: { from: ['returning'], to: 'returned', by: ['rider', 'staff'] },
  cancel: { from: [...BEFORE_PICKUP, 'picked_up', 'arrived', 'failed', 'returning'], to: 'cancelled', by: ['sender', 'staff'] },
};

/** The sender may cancel only before pickup; staff at any point before delivery. */
export function canMoveDelivery(status: DeliveryStatus, action: DeliveryAction, actor: DeliveryActor): boolean {
  const move = DELIVERY_MOVES[action];
  if (!move.from.includes(status) || !move.by.includes(actor)) return false;
  if (action === 'cancel' && actor === 'sender') return (BEFORE_PICKUP as readonly DeliveryStatus[]).includes(status);
  return true;
}

export function deliveryActionsFor(status: DeliveryStatus, actor: DeliveryActor): DeliveryAction[] {
  return DELIVERY_ACTIONS.filter((action) => canMoveDelivery(status, action, actor));
}

export const DELIVERY_FAILURE_REASONS = ['recipient_absent', 'wrong_address', 'refused', 'parcel_damaged', 'other'] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

/** Finished: nothing moves it again. */
export const DELIVERY_FINAL: readonly DeliveryStatus[] = ['delivered', 'returned', 'cancelled'];

/** An offer is open this long; then it goes to the next rider. */
export const OFFER_TTL_MS = 3 * 60 * 1000;
/** Wrong delivery codes before the rider must call staff. */
export const DELIVERY_CODE_TRIES = 5;
export const DELIVERY_CODE_LENGTH = 4;
/** A phone's clock this far from the server's is flagged on the board. */
export const CLOCK_GAP_FLAG_MS = 5 * 60 * 1000;
