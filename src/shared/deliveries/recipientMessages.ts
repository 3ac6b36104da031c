/**
 * The e-mails to the recipient, when the sender gave their address: at booking, at pickup (with
 * the delivery code), at delivery and at failure, each with the tracking link. They name the
 * sender by name only: never the sender's phone or e-mail.
 */
import { DELIVERY_CODE_LENGTH } from './moves';
import { trackingMessages } from './trackingMessages';
import type { DeliveryFailureReason } from './moves';

export const recipientMessages = {
  bookedEmail: {
    // The reference, not the sender's name, in the subject: a subject may be written to a log line.
    subject: (reference: string) => `A parcel is coming to you: ${reference}`,
    heading: (sender: string) => `${sender} is sending you a parcel`,
    from: (sender: string, from: string) => `From ${sender}, collected in ${from}.`,
    what: (description: string) => `What it is: ${description}`,
    code: `When the parcel is picked up we e-mail you a ${DELIVERY_CODE_LENGTH}-digit delivery code: give it to the rider when you receive the parcel.`,
    track: 'Track the parcel',
  },
  pickedUpEmail: {
    subject: (reference: string) => `Your delivery code for parcel ${reference}`,
    heading: (reference: string) => `Parcel ${reference} is on its way to you`,
    code: `Give the rider this ${DELIVERY_CODE_LENGTH}-digit code when you receive the parcel, and only then:`,
    track: 'Track the parcel',
  },
  deliveredEmail: {
    subject: (reference: string) => `Delivered: parcel ${reference}`,
    heading: (reference: string) => `Parcel ${reference} is delivered`,
    body: 'The rider handed the parcel over with the delivery code.',
    track: 'See the delivery',
  },
  failedEmail: {
    subject: (reference: string) => `Not delivered: parcel ${reference}`,
    heading: (reference: string) => `We could not deliver ${reference}`,
    reason: (reason: DeliveryFailureReason | null) => trackingMessages.failedEmail.reason(reason ?? 'other'),
    next: 'The parcel is safe with the rider. Our dispatch team is arranging with the sender to try again or bring it back.',
    track: 'Follow the parcel',
  },
} as const;
