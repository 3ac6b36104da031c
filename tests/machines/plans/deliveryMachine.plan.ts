/** Test plan texts of machines/deliveries/deliveryMachine.ts: one delivery's lifecycle, as its tracking page /track/{token} shows it. */
import type { MachinePlan, PlanEvent } from './types';

const story = (name: string) => `deliveries-tracking-page--${name}`;
const by = (e: PlanEvent) => String(e.by);

export const deliveryPlan: MachinePlan = {
  machine: 'deliveryMachine',
  title: 'A delivery, as its tracking page shows it',
  start:
    'Book a parcel on /send-a-parcel (or as a company) and open the tracking link the confirmation gives (/track/{token}) in a second window: check the page after every step. ' +
    'Have two riders who may deliver, switched on for deliveries near the pickup (Ikeja, Ojota), signed in on two phones (or private windows) at /rider-dashboard, and a dispatcher ' +
    'signed in to the operations console at /ops/dispatch. A step by someone the table does not allow (e.g. the sender cancelling after pickup) is refused: nothing on the page changes.',
  states: {
    '(root)': {
      says: 'The tracking page: the reference, the status line, from and to, the pickup time, the price, the timeline and a WhatsApp share link.',
      story: story('booked'),
      closest: true,
    },
    booked: { says: 'Status "Booked"; no rider; "Cancel this delivery" form; the promised time; the timeline\'s last line "Booked".', story: story('booked') },
    offered: { says: 'Status "Looking for a rider"; no rider yet; the cancel form is still there.', story: story('offered') },
    assigned: {
      says: 'Status "Rider assigned"; "Your rider" with name, picture and "ID verified", the call and WhatsApp buttons with the rider\'s phone; the cancel form.',
      story: story('assigned'),
    },
    heading_to_pickup: { says: 'Status "Rider on the way to pickup"; the rider and the phone; the cancel form still there (last chance before pickup).', story: story('heading-to-pickup') },
    picked_up: { says: 'Status "Picked up"; the rider and the phone; no cancel form any more.', story: story('picked-up') },
    arrived: { says: 'Status "Arrived at drop-off"; the rider and the phone; no cancel form.', story: story('arrived') },
    delivered: {
      says: 'Status "Delivered"; the rider without the phone; "See the photo of the handover"; "How was the delivery?" rating form (once rated: "You rated this delivery …"); no live notice.',
      story: story('delivered'),
    },
    failed: { says: 'Status "Delivery failed" with the reason ("…because the recipient was not there."); the rider without the phone; no cancel form; no promised time.', story: story('failed') },
    returning: { says: 'Status "Returning to sender"; the rider without the phone; no forms.', story: story('returning') },
    returned: { says: 'Status "Returned to sender"; nothing more happens (no live notice).', story: story('returned') },
    cancelled: { says: 'Status "Cancelled"; the rider (if one had the job) without the phone; no forms; nothing more happens.', story: story('cancelled') },
  },
  events: {
    offer: (e) => (by(e) === 'staff' ? 'As the dispatcher, open the delivery on the board and press "Offer to nearby riders"' : 'Wait: the server offers it to the next rider'),
    accept: 'As the rider holding the offer, press "Accept" on the offer (before its 3 minutes run out)',
    expire_offer: (e) =>
      e.next === 'booked'
        ? 'Switch the other rider off, then leave the offer unanswered for 3 minutes: nobody is left, the delivery is booked again (flagged on the board)'
        : 'Leave the offer unanswered for 3 minutes: it goes to the other rider',
    assign: 'As the dispatcher, choose a rider under "Assign" and press "Assign"',
    reassign: 'As the dispatcher, choose the other rider under "Reassign" and press "Reassign"',
    start: 'As the assigned rider, press "Start: heading to pickup" on the job screen',
    pick_up: 'As the rider, press "Picked up"',
    arrive: 'As the rider, press "Arrived at drop-off"',
    deliver: 'As the rider, take the photo of the parcel handed over, type the 4-digit code from the pickup e-mail and press "Delivered"',
    fail: 'As the rider, press "Could not deliver", choose "Recipient not there" and confirm',
    retry: 'As the dispatcher, on the failed delivery press "Try again"',
    return: 'As the dispatcher, on the failed delivery press "Return to sender"',
    returned: (e) =>
      by(e) === 'staff'
        ? 'As the dispatcher, open the returning delivery on the board, press "Mark returned" and confirm'
        : 'As the rider, press "Returned to sender" on the job screen',
    cancel: (e) =>
      by(e) === 'sender'
        ? 'On the tracking page, type a reason under "Cancel this delivery" and press its button'
        : 'As the dispatcher, type a reason and press "Cancel delivery" on the board',
  },
};
