/**
 * The dispatch board's screen texts (the operations console). The server's answers to the board's
 * moves are in ./dispatch.ts (dispatchTexts.board); the statuses in ./dispatchMessages.ts.
 */
import { boardTitles } from './consoleTitles';
import type { BoardAttention } from './dispatch';

export const boardMessages = {
  ...boardTitles,
  listLabel: 'Deliveries',
  empty: 'No deliveries here.',
  filterStatus: 'Status',
  filterOpen: 'All open',
  columns: { reference: 'Delivery', status: 'Status', route: 'Pickup → drop-off', pickup: 'Pickup time', rider: 'Rider', price: 'Price' },
  attention: {
    failed: 'Failed: resolve it',
    late_pickup: 'Late for pickup',
    unassigned: 'No rider yet',
  } satisfies Record<BoardAttention, string>,
  noRiderFound: 'Nobody accepted its offers',
  asap: 'As soon as possible',
  noRider: '—',
  live: {
    connecting: 'Connecting to live updates…',
    streaming: 'Live: new bookings and moves appear by themselves',
    polling: 'Live updates unavailable: refreshed every 20 seconds',
  },
  // ── one delivery ──
  detailLoading: 'Loading the delivery…',
  detailFailed: 'We could not load this delivery.',
  tryAgain: 'Try again',
  close: 'Back to the board',
  sender: 'Sender',
  pickup: 'Pickup',
  dropoff: 'Drop-off',
  parcel: 'Parcel',
  rider: 'Rider',
  payment: 'Payment',
  price: 'Price',
  riderPay: 'Rider pay',
  cashCollected: 'Cash collected',
  failure: 'Why it failed',
  cancelReason: 'Why it was cancelled',
  offers: 'Offers',
  timeline: 'Timeline',
  noEvents: 'Nothing has happened yet.',
  byStaff: (email: string) => `by ${email}`,
  actors: { sender: 'sender', rider: 'rider', staff: 'staff', system: 'the system' } as Record<string, string>,
  actionsLabel: 'What to do',
  noActions: 'Nothing more can be done with this delivery.',
  // ── moves ──
  moves: {
    assign: 'Assign a rider',
    reassign: 'Give to another rider',
    offerTo: 'Offer to a rider',
    offerNearby: 'Offer to nearby riders',
    cancel: 'Cancel delivery',
    retry: 'Deliver again',
    return: 'Return to sender',
    returned: 'Mark returned',
  },
  submit: {
    assign: 'Assign',
    reassign: 'Give to this rider',
    offer: 'Offer',
    cancel: 'Cancel the delivery',
    returned: 'Yes, it is back with the sender',
  },
  // Returned is final, as a cancel is: asked once more before it is sent.
  returnedConfirm: 'Mark it returned only once the parcel is back with the sender. This cannot be undone.',
  back: 'Back',
  working: 'Sending…',
  riderLabel: 'Rider',
  riderHelp: 'Available riders near the pickup, nearest first.',
  noNearbyRiders: 'No available rider near the pickup right now.',
  riderOption: (name: string, username: string, km: number | null, jobs: number) =>
    `${name === `@${username}` ? name : `${name} (@${username})`} · ${km === null ? 'distance unknown' : km === 0 ? 'covers this area' : `${km} km away`} · ${jobs === 1 ? '1 job' : `${jobs} jobs`} today`,
  chooseRider: 'Choose a rider',
  reasonLabel: 'Reason for cancelling',
  reasonHelp: 'Kept in the timeline and the audit log.',
  // ── riders today ──
  ridersHeading: 'Riders today',
  ridersLoading: 'Loading riders…',
  ridersFailed: 'We could not load the riders.',
  ridersEmpty: 'No rider is available or has a job today.',
  ridersColumns: { rider: 'Rider', available: 'Available', areas: 'Areas', jobs: 'Jobs today', cash: 'Cash to collect' },
  availableYes: 'Yes',
  availableNo: 'No',
} as const;
