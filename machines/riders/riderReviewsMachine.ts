/**
 * A rider's published reviews as a list that loads more: RiderReviewsList on the
 * company's rider page. Pure: the request comes in through .provide({ actors: { loadPage } }).
 *
 *   loading ──ok, reviews──▶ list ──MORE (a next page)──▶ loadingMore ──ok──▶ list
 *      │  └──ok, none─────▶ empty                            └──fails──▶ moreFailed ──MORE──▶ loadingMore
 *      └──fails──▶ failed ──RETRY──▶ loading
 *
 * A failed first load shows a retry instead of the list; a failed "Show more" keeps the reviews
 * already shown and offers the button again.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { PublicReview, PublicReviewsPage } from '../../src/shared/publicReviews';

export interface RiderReviewsInput {
  username: string;
}

export interface RiderReviewsContext {
  username: string;
  items: PublicReview[];
  next: string | null;
}

export type RiderReviewsEvent = { type: 'MORE' } | { type: 'RETRY' };

export interface ReviewsPageRequest {
  username: string;
  cursor: string | null;
}

export const riderReviewsMachine = setup({
  types: {
    input: {} as RiderReviewsInput,
    context: {} as RiderReviewsContext,
    events: {} as RiderReviewsEvent,
  },
  actors: {
    loadPage: fromPromise<PublicReviewsPage, ReviewsPageRequest>(async () => {
      throw new Error('loadPage not provided');
    }),
  },
  guards: {
    hasReviews: (_, params: { page: PublicReviewsPage }) => params.page.items.length > 0,
    hasNext: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: 'riderReviews',
  context: ({ input }) => ({ username: input.username, items: [], next: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFirst',
        src: 'loadPage',
        input: ({ context }) => ({ username: context.username, cursor: null }),
        onDone: [
          {
            guard: { type: 'hasReviews', params: ({ event }) => ({ page: event.output }) },
            target: 'list',
            actions: assign({ items: ({ event }) => event.output.items, next: ({ event }) => event.output.next }),
          },
          { target: 'empty' },
        ],
        onError: 'failed',
      },
    },
    empty: {},
    failed: {
      on: { RETRY: 'loading' },
    },
    list: {
      on: { MORE: { guard: 'hasNext', target: 'loadingMore' } },
    },
    loadingMore: {
      invoke: {
        id: 'loadMore',
        src: 'loadPage',
        input: ({ context }) => ({ username: context.username, cursor: context.next }),
        onDone: {
          target: 'list',
          actions: assign({
            // A review already shown (the list moved under the cursor) is not shown twice.
            items: ({ context, event }) => [...context.items, ...event.output.items.filter((r) => !context.items.some((s) => s.id === r.id))],
            next: ({ event }) => event.output.next,
          }),
        },
        onError: 'moreFailed',
      },
    },
    moreFailed: {
      on: { MORE: 'loadingMore' },
    },
  },
});

export type RiderReviewsSnapshot = SnapshotFrom<typeof riderReviewsMachine>;

export const riderReviewsViewStates = ['loading', 'empty', 'failed', 'list', 'loadingMore', 'moreFailed'] as const;
export type RiderReviewsViewState = (typeof riderReviewsViewStates)[number];

export interface RiderReviewsView {
  state: RiderReviewsViewState;
  items: PublicReview[];
  /** "Show more reviews" is offered (a next page, or a failed one to try again). */
  canShowMore: boolean;
  /** A request is in flight. */
  busy: boolean;
}

export function riderReviewsSnapshotToView(snapshot: RiderReviewsSnapshot): RiderReviewsView {
  const state = snapshot.value as RiderReviewsViewState;
  const { items, next } = snapshot.context;
  return {
    state,
    items,
    canShowMore: (state === 'list' && next !== null) || state === 'loadingMore' || state === 'moreFailed',
    busy: state === 'loading' || state === 'loadingMore',
  };
}
