/**
 * Reviews after an engagement (issue 12; Airbnb's double-blind reviews): each side has
 * REVIEW_WINDOW_DAYS from the end to write one. Neither side sees the other's review until both
 * have written or the window closes; then both are published together and can no longer be
 * edited. The rider may post one public reply to the company's review. Used by
 * machines/reviewWindowMachine.ts and the server's reviews service.
 */
import { REVIEW_WINDOW_DAYS } from './hiring';
import { messages } from './messages';
import { defineForm, field, required, type Rule } from './validation';

export { REVIEW_WINDOW_DAYS };

export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/**
 * The review window of one engagement, as one side sees it:
 *   open         nobody may see anything yet; this side has not written
 *   written      this side wrote (still editable), waiting for the other side or the deadline
 *   published    both wrote, or the deadline passed: visible to all, no longer editable
 *   closed       the deadline passed and this side never wrote
 */
export const REVIEW_WINDOW_STATES = ['open', 'written', 'published', 'closed'] as const;
export type ReviewWindowState = (typeof REVIEW_WINDOW_STATES)[number];

export function reviewWindowState(input: {
  mine: boolean;
  theirs: boolean;
  deadline: Date | string;
  now?: Date;
}): ReviewWindowState {
  const passed = new Date(input.deadline).getTime() <= (input.now ?? new Date()).getTime();
  if ((input.mine && input.theirs) || (passed && input.mine)) return 'published';
  if (passed) return 'closed';
  return input.mine ? 'written' : 'open';
}

const ratingRule: Rule = (value) =>
  value === '' || (/^[1-5]$/.test(value) && Number(value) >= RATING_MIN && Number(value) <= RATING_MAX) ? null : messages.reviewRatingInvalid;
const yesNoRule: Rule = (value) => (value === '' || value === 'yes' || value === 'no' ? null : messages.reviewHireAgainRequired);

/** A rider's review of a company. */
export const riderReviewForm = defineForm('riderReview', {
  rating: field({ rules: [required(messages.reviewRatingRequired), ratingRule], maxLength: 1, required: true }),
  comment: field({ rules: [required(messages.fieldRequired)], maxLength: REVIEW_COMMENT_MAX, required: true }),
});

/** A company's review of a rider: the same, plus "Would you hire this rider again?" (yes/no). */
export const companyReviewForm = defineForm('companyReview', {
  rating: field({ rules: [required(messages.reviewRatingRequired), ratingRule], maxLength: 1, required: true }),
  comment: field({ rules: [required(messages.fieldRequired)], maxLength: REVIEW_COMMENT_MAX, required: true }),
  would_hire_again: field({ rules: [required(messages.reviewHireAgainRequired), yesNoRule], maxLength: 3, required: true }),
});

/** The rider's one public reply to a company's review. */
export const reviewReplyForm = defineForm('reviewReply', {
  reply: field({ rules: [required(messages.fieldRequired)], maxLength: REVIEW_REPLY_MAX, required: true }),
});

/** "4.6" from the stored average × 100. */
export function formatRating(averageX100: number | null): string | null {
  return averageX100 === null ? null : (Math.round(averageX100 / 10) / 10).toFixed(1);
}
