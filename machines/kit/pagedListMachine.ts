/**
 * One page-by-page list (keyset cursors from the server): the console's inbox, waitlist, riders,
 * subscribers, staff, reviews and audit log, and the hire lists of the rider and the company,
 * all page the same way:
 *
 *   loading ─┬─▶ ready.idle        (the first page answered)
 *            └─▶ failed ──RETRY──▶ loading
 *   ready.idle ──LOAD_MORE[hasMore]──▶ ready.loadingMore ──▶ ready.idle (rows appended, or the miss said)
 *              ──REFRESH / POLL[polling]──▶ ready.refreshing ──▶ ready.idle (the first page anew)
 *   any ──SET_FILTER──▶ loading (with the new filter)
 *
 * New rows appear without a reload: with `poll` on, the first page is asked again every
 * `pollInterval` (20 s; the issue allows at most 30). Pure: the request is the `fetchPage` actor
 * supplied with .provide().
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorText } from './errors';

export interface ListPage<T> {
  items: T[];
  next: string | null;
}

export type ListFilters = Record<string, string>;

export interface PagedListContext<T = unknown> {
  filters: ListFilters;
  items: T[];
  next: string | null;
  /** The last failure's message (a failed first load, or a miss while loading more). */
  error: string | null;
  poll: boolean;
}

export type PagedListEvent =
  | { type: 'SET_FILTER'; name: string; value: string }
  | { type: 'LOAD_MORE' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' };

export interface PagedListInput {
  filters?: ListFilters;
  poll?: boolean;
}


export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as PagedListInput,
  },
  actors: {
    /** GET the page after `cursor` (null: the first page) with the filters. */
    fetchPage: fromPromise<ListPage<unknown>, { filters: ListFilters; cursor: string | null }>(async () => {
      throw new Error('fetchPage not provided');
    }),
  },
  delays: { pollInterval: 20_000 },
  guards: {
    hasMore: ({ context }) => context.next !== null,
    polling: ({ context }) => context.poll,
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({ filters: input.filters ?? {}, items: [], next: null, error: null, poll: input.poll ?? false }),
  initial: 'loading',
  on: {
    SET_FILTER: {
      target: '.loading',
      actions: assign({
        filters: ({ context, event }) => {
          assertEvent(event, 'SET_FILTER');
          return { ...context.filters, [event.name]: event.value };
        },
      }),
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'firstPage',
        src: 'fetchPage',
        input: ({ context }) => ({ filters: context.filters, cursor: null }),
        onDone: {
          target: 'ready',
          actions: assign({ items: ({ event }) => event.output.items, next: ({ event }) => event.output.next, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error), items: [], next: null }) },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          after: { pollInterval: { guard: 'polling', target: 'refreshing' } },
          on: {
            LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' },
            REFRESH: 'refreshing',
          },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            id: 'nextPage',
            src: 'fetchPage',
            input: ({ context }) => ({ filters: context.filters, cursor: context.next }),
            onDone: {
              target: 'idle',
              actions: assign({
                items: ({ context, event }) => [...context.items, ...event.output.items],
                next: ({ event }) => event.output.next,
                error: null,
              }),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'refreshPage',
            src: 'fetchPage',
            input: ({ context }) => ({ filters: context.filters, cursor: null }),
            onDone: {
              target: 'idle',
              actions: assign({ items: ({ event }) => event.output.items, next: ({ event }) => event.output.next, error: null }),
            },
            // What is on screen is still the last good answer: keep it and say the miss.
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});

export interface PagedListView<T> {
  state: 'loading' | 'failed' | 'idle' | 'loadingMore' | 'refreshing';
  items: T[];
  filters: ListFilters;
  canLoadMore: boolean;
  busy: boolean;
  error: string | null;
}

interface ListSnapshotLike {
  value: unknown;
  context: PagedListContext;
  hasTag(tag: 'busy' | 'refreshing'): boolean;
}

/** The one mapper from a list snapshot to what a list screen shows. */
export function pagedListView<T>(snapshot: ListSnapshotLike): PagedListView<T> {
  const value = snapshot.value;
  const state: PagedListView<T>['state'] =
    value === 'loading' || value === 'failed' ? value : ((value as { ready: 'idle' | 'loadingMore' | 'refreshing' }).ready ?? 'idle');
  return {
    state,
    items: snapshot.context.items as T[],
    filters: snapshot.context.filters,
    canLoadMore: state === 'idle' && snapshot.context.next !== null,
    busy: snapshot.hasTag('busy'),
    error: snapshot.context.error,
  };
}
