/**
 * The texts of the server-rendered tracking page /track/{token} (besides the booking's words for
 * statuses, places and payments in bookingMessages.ts) and of the e-mails to the sender at
 * delivery and at failure, each with the tracking link.
 */
import type { DeliveryFailureReason } from './moves';
import { RATING_MAX, RATING_MIN } from './jobs';

const failureReasons: Record<DeliveryFailureReason, string> = {
  recipient_absent: 'the recipient was not there',
  wrong_address: 'the address was wrong',
  refused: 'the recipient refused the parcel',
  parcel_damaged: 'the parcel was damaged',
  other: 'of a problem at the drop-off',
};

export const trackingMessages = {
  pageTitle: (reference: string) => `Delivery ${reference}`,
  deliverBy: 'Delivered by',
  rider: 'Your rider',
  idVerified: 'ID verified',
  callRider: (phone: string) => `Call ${phone}`,
  chatRider: 'WhatsApp the rider',
  shareWhatsApp: 'Share this page on WhatsApp',
  whatsAppText: (reference: string, url: string) => `Track delivery ${reference}: ${url}`,
  /** Shown with JavaScript off: the page cannot update itself then. */
  reloadForNews: 'Reload the page to see the latest.',
  live: 'This page updates by itself.',

  failedBecause: (reason: string) => `The rider could not hand the parcel over because ${failureReasons[reason as DeliveryFailureReason] ?? failureReasons.other}.`,
  proofLink: 'See the photo of the parcel handed over',

  cancelTitle: 'Cancel this delivery',
  cancelHint: 'You can cancel until the rider picks the parcel up.',
  cancelReason: 'Reason (optional)',
  cancelButton: 'Cancel the delivery',
  cancelled: 'The delivery is cancelled.',

  rateTitle: 'How was the delivery?',
  ratingLabel: `Your rating (${RATING_MIN} to ${RATING_MAX})`,
  ratingOption: (n: number) => `${n} ${'★'.repeat(n)}`,
  commentLabel: 'Comment (optional)',
  rateButton: 'Send my rating',
  rated: 'Thank you: your rating is saved.',
  yourRating: (n: number) => `You rated this delivery ${n} out of ${RATING_MAX}.`,

  cannotNow: 'That cannot be done at this step. The page shows where the delivery is now.',
  tooMany: 'Too many tries from this connection. Wait a few minutes, then reload the page.',

  /** The e-mail to the sender when the parcel is delivered. */
  deliveredEmail: {
    subject: (reference: string) => `Delivered: your delivery ${reference}`,
    heading: (reference: string) => `Your parcel ${reference} is delivered`,
    body: 'The rider handed the parcel over with the delivery code. Tell us how it went: you can rate the delivery on its page.',
    track: 'See the delivery and rate it',
  },
  /** The e-mail to the sender when the rider could not deliver. */
  failedEmail: {
    subject: (reference: string) => `Not delivered: your delivery ${reference}`,
    heading: (reference: string) => `We could not deliver ${reference}`,
    reason: (reason: string) => `The rider could not hand the parcel over because ${failureReasons[reason as DeliveryFailureReason] ?? failureReasons.other}.`,
    next: 'The parcel is safe with the rider. Our dispatch team will call you to try again or bring it back to you.',
    track: 'Follow your parcel',
  },
} as const;
