/**
 * Reviews after an engagement (Airbnb's double-blind reviews): each side has
 * REVIEW_WINDOW_DAYS from the end to write one. Neither side sees the other's review until both
 * have written or the window closes; then both are published together and can no longer be
 * edited. The rider may post one public reply to the company's review. Used by
 * machines/reviews/reviewWindowMachine.ts and the server's reviews service.
 */
import { REVIEW_WINDOW_DAYS } from './hiring';
import { messages } from './messages';
import { defineForm, field, required, type Rule } from './validation';

export { REVIEW_WINDOW_DAYS };

export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
const RATING_MIN = 1;
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

/** Whole days left before the deadline, rounded up (at least 1 while the window is open). */
export function reviewDaysLeft(deadline: Date | string, now: Date = new Date()): number {
  const ms = new Date(deadline).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.max(1, Math.ceil(ms / (24 * 60 * 60 * 1000)));
}

export type ReviewSide = 'company' | 'rider';

/**
 * One review as a party sees it. A review staff hid reads as hidden to both sides: its rating,
 * comment and answer are left out (null).
 */
export interface ReviewShown {
  id: string;
  authorRole: ReviewSide;
  hidden: boolean;
  rating: number | null;
  comment: string | null;
  /** The company's "Would you hire this rider again?"; null on a rider's review. */
  wouldHireAgain: boolean | null;
  /** The rider's one public reply to the company's review. */
  reply: string | null;
  repliedAt: string | null;
  updatedAt: string;
}

/**
 * GET /api/engagements/:id/reviews: the review window as the caller (one of the two parties)
 * sees it. `theirs` is null until the reviews are published: before that nothing of the other
 * side's review is told, not even whether it exists.
 */
export interface ReviewWindowData {
  engagementId: string;
  side: ReviewSide;
  state: ReviewWindowState;
  /** When the window closes (ended + 14 days). */
  deadline: string;
  /** The other party's name: the company's name, or the rider's display name. */
  counterpart: string;
  mine: ReviewShown | null;
  theirs: ReviewShown | null;
  /** The rider may still post their one reply (rider side, published, the company's review visible and unanswered). */
  canReply: boolean;
}

/** PUT …/reviews/mine and POST /api/reviews/:id/reply: what happened, and the window after it. */
export interface ReviewWindowResponse {
  message: string;
  window: ReviewWindowData;
}

/** Staff hide an abusive review with a reason (kept in the audit log). */
export const REVIEW_HIDE_REASON_MAX = 500;
export const hideReviewForm = defineForm('hideReview', {
  reason: field({ rules: [required(messages.fieldRequired)], maxLength: REVIEW_HIDE_REASON_MAX, required: true }),
});

export const OPS_REVIEW_VISIBILITIES = ['visible', 'hidden'] as const;
export type OpsReviewVisibility = (typeof OPS_REVIEW_VISIBILITIES)[number];

/** A row of GET /api/ops/reviews. */
export interface OpsReview {
  id: string;
  engagementId: string;
  authorRole: ReviewSide;
  authorName: string;
  subjectName: string;
  rating: number;
  comment: string;
  wouldHireAgain: boolean | null;
  reply: string | null;
  /** Both written or the window closed: the public can read it (unless hidden). */
  published: boolean;
  hidden: boolean;
  hiddenReason: string | null;
  hiddenAt: string | null;
  createdAt: string;
}

export interface OpsReviewActionResponse {
  message: string;
  review: OpsReview;
}
