/**
 * The texts of dispatch: each status as the sender, the rider and staff read it, the failure
 * reasons, and the refusals of a move (src/shared/deliveries/moves.ts).
 */
import type { DeliveryFailureReason, DeliveryStatus } from './moves';

export const dispatchMessages = {
  statusNames: {
    booked: 'Booked',
    offered: 'Finding a rider',
    assigned: 'Rider assigned',
    heading_to_pickup: 'Rider on the way to pickup',
    picked_up: 'Picked up',
    arrived: 'Rider at the drop-off',
    delivered: 'Delivered',
    failed: 'Delivery failed',
    returning: 'Returning to sender',
    returned: 'Returned to sender',
    cancelled: 'Cancelled',
  } satisfies Record<DeliveryStatus, string>,
  failureReasons: {
    recipient_absent: 'Recipient not there',
    wrong_address: 'Wrong address',
    refused: 'Recipient refused the parcel',
    parcel_damaged: 'Parcel damaged',
    other: 'Something else',
  } satisfies Record<DeliveryFailureReason, string>,
  // Refusals of a move (409 unless said), under 'alert' unless a field is named.
  moveRefused: (status: string) => `This delivery can't do that now: it is "${status}". Reload to see where it is.`,
  deliveryNotFound: 'We could not find this delivery.',
  offerGone: 'This job has been taken or the offer has run out.',
  failureNoteRequired: 'Say what went wrong',
  cancelReasonRequired: 'Give a reason for cancelling',
} as const;
