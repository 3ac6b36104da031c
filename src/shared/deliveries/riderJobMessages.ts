/**
 * The texts of the rider's job screen (/rider-dashboard/jobs): the availability switch, the offer
 * with its countdown, one button per step, the proof at the drop-off, failing a delivery, and the
 * phone's queue of steps tapped without a network.
 */
import type { DeliveryFailureReason } from './moves';
import type { RiderJobAction } from './jobs';
import { DELIVERY_CODE_LENGTH } from './moves';
import { availabilityMessages } from './availabilityMessages';

export const riderJobMessages = {
  ...availabilityMessages,
  title: 'Deliveries',
  loading: 'Loading your deliveries…',
  loadFailed: 'We could not load your deliveries. Check your connection and try again.',
  retry: 'Try again',
  backToDashboard: 'Back to your dashboard',

  // Availability (the switch's own texts are availabilityMessages, spread above)
  noOffers: 'No offers for you right now. They appear here when a parcel near your areas is booked.',
  checkAgain: 'Check for offers',

  // The offer
  offerHeading: 'New delivery offer',
  pay: 'Your pay',
  from: 'Pickup area',
  to: 'Drop-off area',
  toPickup: 'To the pickup',
  trip: 'Trip',
  km: (km: number) => `${km} km`,
  unknownKm: 'Not known',
  payment: 'Payment',
  expiresIn: (seconds: number) => `Offer ends in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  accept: 'Accept',
  decline: 'Decline',
  accepting: 'Accepting…',
  declining: 'Declining…',

  // The job
  jobHeading: (reference: string) => `Job ${reference}`,
  status: 'Status',
  pickupHeading: 'Pickup',
  dropoffHeading: 'Drop-off',
  cashToCollect: (amount: string, where: 'pickup' | 'dropoff') => `Collect ${amount} in cash at the ${where === 'pickup' ? 'pickup' : 'drop-off'}.`,
  call: (name: string) => `Call ${name}`,
  whatsapp: 'WhatsApp',
  openMaps: 'Open in maps',
  landmark: (landmark: string) => `Landmark: ${landmark}`,
  steps: {
    start: 'Head to pickup',
    pick_up: 'Picked up',
    arrive: 'Arrived at drop-off',
    deliver: 'Delivered',
    fail: 'Could not deliver',
    returned: 'Returned to sender',
  } satisfies Record<RiderJobAction, string>,
  waitingForStaff: 'The delivery failed. Our staff will tell you whether to try again or return the parcel.',
  checkStaff: 'Check for their answer',

  // Proof at the drop-off
  proofHeading: 'Proof of delivery',
  code: `Delivery code (${DELIVERY_CODE_LENGTH} digits, from the recipient)`,
  photo: 'Photo of the parcel handed over',
  takePhoto: 'Take a photo',
  keepingPhoto: 'Saving the photo on this phone…',
  uploading: 'Sending the photo…',
  photoKept: 'Photo taken. It is saved on this phone and sent before "Delivered".',
  photoSent: 'Photo sent.',
  cashCollected: 'Cash collected (₦)',
  cashInvalid: 'Enter the cash you collected in naira, e.g. 4500',
  codeTriesLeft: (left: number) => `${left} ${left === 1 ? 'try' : 'tries'} left`,

  // Failing
  failHeading: 'Why could you not deliver?',
  reason: 'Reason',
  reasons: {
    recipient_absent: 'Recipient absent',
    wrong_address: 'Wrong address',
    refused: 'Refused',
    parcel_damaged: 'Parcel damaged',
    other: 'Other',
  } satisfies Record<DeliveryFailureReason, string>,
  note: 'What happened',
  noteRequired: 'Say what happened',
  confirmFail: 'Report failed delivery',
  back: 'Back',

  // The phone's queue
  sending: 'Sending…',
  waitingForNetwork: 'Waiting for network. Your step is saved on this phone and is sent when the connection returns.',
  queued: (n: number, photo = false) =>
    n === 0 && photo ? 'The photo is waiting to be sent' : `${n} ${n === 1 ? 'step' : 'steps'}${photo ? ' and the photo' : ''} waiting to be sent`,

  // Finished
  delivered: 'Delivered. Well done!',
  returned: 'Returned to the sender.',
  cancelled: 'This delivery was cancelled.',
  nextJob: 'Look for the next job',
} as const;
