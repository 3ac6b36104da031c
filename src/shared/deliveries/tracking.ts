/**
 * What the tracking page /track/{token} shows in each state of a delivery: one function, read by
 * the server's page (src/server/features/deliveries/trackingPage.ts) and by the delivery machine
 * (machines/deliveries/deliveryMachine.ts deliverySnapshotToTracking), so the page and the
 * machine's model cannot disagree.
 */
import { bookingMessages } from './bookingMessages';
import { senderSeesRiderPhone } from './jobs';
import { canMoveDelivery, DELIVERY_FINAL, type DeliveryStatus } from './moves';

/** What the tracking page shows in a state (the sender's and the recipient's view). */
export interface DeliveryTracking {
  status: DeliveryStatus;
  /** The status line ("Rider on the way to pickup"). */
  statusText: string;
  final: boolean;
  /** The rider's name, picture and "ID verified": once a rider has the job. */
  riderShown: boolean;
  /** The rider's phone (call and WhatsApp): only while the parcel is on its way. */
  phoneShown: boolean;
  /** The sender's cancel form: only where the sender may cancel (before pickup). */
  cancelShown: boolean;
  /** The rating form: delivered and not yet rated; once rated, the rating given instead. */
  ratingShown: boolean;
  /** The promised delivery time: meaningless once the parcel came, came back or will not come. */
  promiseShown: boolean;
}

const PROMISE_OVER: readonly DeliveryStatus[] = ['delivered', 'failed', 'returning', 'returned', 'cancelled'];

/** The tracking page's decisions from the status, whether a rider has the job, and whether the sender rated. */
export function deliveryTracking(status: DeliveryStatus, rider: boolean, rated: boolean): DeliveryTracking {
  const riderShown = rider && status !== 'booked' && status !== 'offered';
  return {
    status,
    statusText: bookingMessages.statuses[status] ?? bookingMessages.unknownStatus,
    final: DELIVERY_FINAL.includes(status),
    riderShown,
    phoneShown: riderShown && senderSeesRiderPhone(status),
    cancelShown: canMoveDelivery(status, 'cancel', 'sender'),
    ratingShown: status === 'delivered' && !rated,
    promiseShown: !PROMISE_OVER.includes(status),
  };
}

