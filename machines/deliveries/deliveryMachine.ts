/**
 * A delivery's lifecycle as a machine, generated from the one move table
 * src/shared/deliveries/moves.ts DELIVERY_MOVES (the server checks the same table, so the job
 * screen, the board, the tracking page and the API cannot disagree):
 *
 *   one state per DELIVERY_STATUSES entry; delivered, returned and cancelled are final (DELIVERY_FINAL)
 *   one event per action, carrying who makes it: { type: 'pick_up', by: 'rider' }
 *   a move is taken only when canMoveDelivery(status, action, by) says so
 *   expire_offer (the table's `to: null`): the server decides; the event says where it went
 *     ({ next: 'offered' } to the next rider, { next: 'booked' } with nobody left)
 *
 * `deliverySnapshotToTracking` says what the tracking page /track/{token} shows in each state;
 * the server's page (src/server/features/deliveries/trackingPage.ts) reads the same function.
 * Pure: no effects at all; the moves themselves are made by the server.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { deliveryTracking, type DeliveryTracking } from '../../src/shared/deliveries/tracking';
import {
  canMoveDelivery,
  DELIVERY_ACTIONS,
  DELIVERY_FINAL,
  DELIVERY_MOVES,
  DELIVERY_STATUSES,
  type DeliveryAction,
  type DeliveryActor,
  type DeliveryStatus,
} from '../../src/shared/deliveries/moves';

/** Where an expired offer went: to the next rider, or (nobody left) booked again. */
export type ExpiredOfferNext = 'offered' | 'booked';

export type DeliveryEvent =
  | { type: Exclude<DeliveryAction, 'expire_offer'>; by: DeliveryActor }
  | { type: 'expire_offer'; by: DeliveryActor; next: ExpiredOfferNext };

export interface DeliveryContext {
  /** A rider has (or had) the job: set by accept and assign, kept after a cancel (the sender saw them). */
  rider: boolean;
}

const EXPIRED_OFFER_NEXT: readonly ExpiredOfferNext[] = ['offered', 'booked'];
const GIVES_A_RIDER: readonly DeliveryAction[] = ['accept', 'assign', 'reassign'];

type Transition = {
  target: DeliveryStatus;
  guard: { type: 'may'; params: { status: DeliveryStatus; action: DeliveryAction; next?: ExpiredOfferNext } };
  actions?: 'takeRider';
};

/** The transitions out of one status, straight from the table. */
function movesFrom(status: DeliveryStatus): Partial<Record<DeliveryAction, Transition[]>> {
  const on: Partial<Record<DeliveryAction, Transition[]>> = {};
  for (const action of DELIVERY_ACTIONS) {
    const move = DELIVERY_MOVES[action];
    if (!move.from.includes(status)) continue;
    const targets: { target: DeliveryStatus; next?: ExpiredOfferNext }[] = move.to === null
      ? action === 'expire_offer'
        ? EXPIRED_OFFER_NEXT.map((next) => ({ target: next, next }))
        : [{ target: status }]
      : [{ target: move.to }];
    on[action] = targets.map(({ target, next }) => ({
      target,
      guard: { type: 'may', params: next ? { status, action, next } : { status, action } },
      ...(GIVES_A_RIDER.includes(action) ? { actions: 'takeRider' as const } : {}),
    }));
  }
  return on;
}

export const deliveryMachine = setup({
  types: {
    context: {} as DeliveryContext,
    events: {} as DeliveryEvent,
  },
  actions: {
    takeRider: assign({ rider: true }),
  },
  guards: {
    may: ({ event }, params: { status: DeliveryStatus; action: DeliveryAction; next?: ExpiredOfferNext }) =>
      canMoveDelivery(params.status, params.action, event.by) && (params.next === undefined || ('next' in event && event.next === params.next)),
  },
}).createMachine({
  id: 'delivery',
  context: { rider: false },
  initial: 'booked',
  states: Object.fromEntries(
    DELIVERY_STATUSES.map((status) => [status, DELIVERY_FINAL.includes(status) ? { type: 'final' as const } : { on: movesFrom(status) }]),
  ) as Record<DeliveryStatus, object>,
});

export type DeliveryMachine = typeof deliveryMachine;
export type DeliverySnapshot = SnapshotFrom<typeof deliveryMachine>;

export type { DeliveryTracking };

/** What the tracking page shows in the machine's state (the page itself reads deliveryTracking, the same function). */
export function deliverySnapshotToTracking(snapshot: Pick<DeliverySnapshot, 'value' | 'context'>, rated = false): DeliveryTracking {
  return deliveryTracking(snapshot.value as DeliveryStatus, snapshot.context.rider, rated);
}
