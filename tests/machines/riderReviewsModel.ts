/**
 * The events the reviews list machine (machines/riders/riderReviewsMachine.ts) is explored with,
 * shared by its model-based test, its view test and its stories: the network's answers to the
 * request in flight (a page with a next one, the last page, an empty first page, a failure) and
 * what the reader does (Try again, Show more reviews, only when the screen offers them).
 */
import { SubmitError } from '../../machines/kit/formMachine';
import type { RiderReviewsEvent, RiderReviewsSnapshot } from '../../machines/riders/riderReviewsMachine';
import { messages } from '../../src/shared/messages';
import type { PublicReview, PublicReviewsPage } from '../../src/shared/publicReviews';

export const USERNAME = 'ada_rides';

export function review(n: number, overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    rating: n % 2 === 0 ? 5 : 4,
    comment: `Review ${n}: on time and careful with the parcels.`,
    would_hire_again: n % 3 !== 2,
    company_name: `Company ${n}`,
    ended_at: `2026-10-${String(10 + n).padStart(2, '0')}T12:00:00.000Z`,
    published_at: `2026-10-${String(20 + n).padStart(2, '0')}T12:00:00.000Z`,
    reply: n === 1 ? 'Thank you, it was a pleasure.' : null,
    replied_at: n === 1 ? '2026-10-25T09:00:00.000Z' : null,
    ...overrides,
  };
}

export const FIRST_CURSOR = 'cursor-after-2';
export const SECOND_CURSOR = 'cursor-after-3';
/** The first page, with more to come. */
export const firstPage: PublicReviewsPage = { items: [review(1), review(2)], next: FIRST_CURSOR };
/** A middle page: one more review, and still more. */
export const middlePage: PublicReviewsPage = { items: [review(3)], next: SECOND_CURSOR };
/** The last page. */
export const lastPage: PublicReviewsPage = { items: [review(4)], next: null };
export const emptyPage: PublicReviewsPage = { items: [], next: null };

export type ReviewsModelEvent =
  | RiderReviewsEvent
  | { type: 'xstate.done.actor.loadFirst' | 'xstate.done.actor.loadMore'; output: PublicReviewsPage }
  | { type: 'xstate.error.actor.loadFirst' | 'xstate.error.actor.loadMore'; error: unknown };

export const loadFailure = () => new SubmitError({ field: 'alert', message: messages.submitFailed });

/** What can happen in the state: the reader's clicks the screen offers, or the network's answers. */
export function reviewsEvents(snapshot: RiderReviewsSnapshot): ReviewsModelEvent[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadFirst', output: firstPage },
      { type: 'xstate.done.actor.loadFirst', output: lastPage },
      { type: 'xstate.done.actor.loadFirst', output: emptyPage },
      { type: 'xstate.error.actor.loadFirst', error: loadFailure() },
    ];
  }
  if (snapshot.matches('loadingMore')) {
    return [
      { type: 'xstate.done.actor.loadMore', output: middlePage },
      { type: 'xstate.done.actor.loadMore', output: lastPage },
      { type: 'xstate.error.actor.loadMore', error: loadFailure() },
    ];
  }
  if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
  if (snapshot.matches('moreFailed')) return [{ type: 'MORE' }];
  if (snapshot.matches('list')) return snapshot.context.next === null ? [] : [{ type: 'MORE' }];
  return [];
}

/** Where the machine is, whether reviews are shown, whether a next page is known. */
export function serializeReviews(snapshot: RiderReviewsSnapshot): string {
  return JSON.stringify([snapshot.value, snapshot.context.items.length > 0, snapshot.context.next !== null]);
}
