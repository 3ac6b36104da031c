/**
 * The texts of the rider's job and of the sender's actions after booking: refusals of a move's
 * input, the delivery code's e-mail, cancelling and rating.
 */
import { DELIVERY_CODE_LENGTH, DELIVERY_CODE_TRIES } from './moves';
import { CANCEL_REASON_MAX, FAILURE_NOTE_MAX, RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from './jobs';

export const jobMessages = {
  actionInvalid: 'Choose what happened: start, pick_up, arrive, deliver, fail or returned',
  idempotencyKeyRequired: 'Send an Idempotency-Key header (1-255 visible characters) with every move',
  idempotencyKeyReused: 'This Idempotency-Key was sent with another move: make a new key for each tap',
  proofKeyReused: 'This Idempotency-Key was sent with another photo: make a new key for each photo',
  clientAtInvalid: "Send the phone's time of the tap as an ISO date, e.g. 2026-11-28T14:03:00+01:00",
  reasonInvalid: 'Choose why the delivery failed',
  noteTooLong: `Keep the note under ${FAILURE_NOTE_MAX} characters`,
  codeInvalid: `Enter the ${DELIVERY_CODE_LENGTH}-digit code the recipient has`,
  codeWrong: (left: number) => `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  codeLocked: `The code was wrong ${DELIVERY_CODE_TRIES} times. Call staff to finish this delivery.`,
  proofRequired: 'Take a photo of the parcel handed over first',
  proofNotNow: 'The photo is taken at the drop-off, after pickup',
  proofNone: 'No photo yet: the rider takes one when the parcel is handed over.',
  photoMissing: 'Choose a photo of the parcel handed over',
  photoTooLarge: 'The photo is too large: at most 10 MB',
  cashRequired: 'Enter the cash you collected, in kobo',
  cashInvalid: 'Enter the cash collected as a whole number of kobo, 0 or more',
  /** The timeline's note for staff when the phone's clock and the server's differ by much. */
  clockGap: (minutes: number) => `Phone clock ${minutes} min from the server's: sent late from the phone's queue, or its clock is wrong.`,
  cancelReasonTooLong: `Keep the reason under ${CANCEL_REASON_MAX} characters`,
  senderCannotCancel: 'The parcel is picked up already: call us to stop it.',
  ratingInvalid: `Choose a rating from ${RATING_MIN} to ${RATING_MAX}`,
  commentTooLong: `Keep the comment under ${RATING_COMMENT_MAX} characters`,
  ratingNotYet: 'You can rate the delivery once it is delivered.',
  ratedAlready: 'You have rated this delivery already.',
  noProof: 'There is no photo of this delivery yet.',
  /** The e-mail sent at pickup with the delivery code. */
  pickedUpEmail: {
    subject: (reference: string) => `Picked up: your delivery ${reference} is on its way`,
    heading: (reference: string) => `Your parcel ${reference} is on its way`,
    code: `Give the rider this ${DELIVERY_CODE_LENGTH}-digit code when the parcel is handed over, and only then:`,
    share: 'Pass the code to the recipient: the rider needs it to finish the delivery.',
    sentToRecipient: 'We sent the code to the recipient too: the rider needs it to finish the delivery.',
    track: 'Track your parcel',
  },
} as const;
