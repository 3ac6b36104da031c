/**
 * The company's bookings as a list that loads more: the "Deliveries" tab of the company
 * dashboard. Pure: the request comes in through .provide({ actors: { loadPage } }).
 *
 *   loading ──ok, bookings──▶ list ──MORE (a next page)──▶ loadingMore ──ok──▶ list
 *      │  └──ok, none──────▶ empty                           └──fails──▶ moreFailed ──MORE──▶ loadingMore
 *      └──fails──▶ failed ──RETRY──▶ loading
 *
 * A failed first load shows a retry instead of the list; a failed "Load more" keeps the bookings
 * already shown and offers the button again.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/** A row of GET /api/companies/me/deliveries (newest first). */
export interface CompanyDeliveryItem {
  id: string;
  reference: string;
  status: string;
  price_kobo: number;
  payment: string;
  pickup: { area: string };
  dropoff: { area?: string; country?: string; city?: string };
  pickup_at: string | null;
  created_at: string;
}

export interface CompanyDeliveriesPage {
  items: CompanyDeliveryItem[];
  next: string | null;
}

export interface CompanyDeliveriesContext {
  items: CompanyDeliveryItem[];
  next: string | null;
}

export type CompanyDeliveriesEvent = { type: 'MORE' } | { type: 'RETRY' };

export const companyDeliveriesMachine = setup({
  types: {
    context: {} as CompanyDeliveriesContext,
    events: {} as CompanyDeliveriesEvent,
  },
  actors: {
    loadPage: fromPromise<CompanyDeliveriesPage, { cursor: string | null }>(async () => {
      throw new Error('loadPage not provided');
    }),
  },
  guards: {
    hasItems: (_, params: { page: CompanyDeliveriesPage }) => params.page.items.length > 0,
    hasNext: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: 'companyDeliveries',
  context: { items: [], next: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFirst',
        src: 'loadPage',
        input: { cursor: null },
        onDone: [
          {
            guard: { type: 'hasItems', params: ({ event }) => ({ page: event.output }) },
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
        input: ({ context }) => ({ cursor: context.next }),
        onDone: {
          target: 'list',
          actions: assign({
            // A booking made while paging moves the list under the cursor: none is shown twice.
            items: ({ context, event }) => [...context.items, ...event.output.items.filter((d) => !context.items.some((s) => s.id === d.id))],
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

export type CompanyDeliveriesSnapshot = SnapshotFrom<typeof companyDeliveriesMachine>;

export const companyDeliveriesViewStates = ['loading', 'empty', 'failed', 'list', 'loadingMore', 'moreFailed'] as const;
export type CompanyDeliveriesViewState = (typeof companyDeliveriesViewStates)[number];

export interface CompanyDeliveriesView {
  state: CompanyDeliveriesViewState;
  items: CompanyDeliveryItem[];
  /** "Load more" is offered (a next page, or a failed one to try again). */
  canLoadMore: boolean;
  /** A request is in flight. */
  busy: boolean;
}

export function companyDeliveriesSnapshotToView(snapshot: CompanyDeliveriesSnapshot): CompanyDeliveriesView {
  const state = snapshot.value as CompanyDeliveriesViewState;
  const { items, next } = snapshot.context;
  return {
    state,
    items,
    canLoadMore: (state === 'list' && next !== null) || state === 'loadingMore' || state === 'moreFailed',
    busy: state === 'loading' || state === 'loadingMore',
  };
}
