/**
 * A company finding riders: the search at /company-dashboard and the shortlist at
 * /company-dashboard/shortlist (the same list, another request). Two regions run side by side:
 *
 *   list:  searching ─┬─▶ results ──LOAD_MORE [there is a next page]──▶ loadingMore ─┬─▶ results (appended)
 *                     ├─▶ empty                                                     └─▶ results (moreError)
 *                     └─▶ failed ──RETRY──▶ searching
 *          APPLY (the edited filters) / CLEAR / REMOVE_FILTER {field} (a chip) / SEARCH {filters} [other than the current] ──▶ searching
 *   shortlist: idle ──TOGGLE_SHORTLIST {username} [a result, the list on screen]──▶ saving
 *              saving ──done──▶ idle (announce) | ──error──▶ idle (rolled back, shortlistError)
 *
 * The filters live in the page's URL (the route maps its search params to SEARCH and publishes
 * APPLY's filters with the provided `publishFilters`), so a company can share or bookmark a
 * search and Back works. A shortlist toggle is optimistic: the result flips at once and flips
 * back when the server refuses. Pure: the requests are named actors and the effects actions,
 * supplied with .provide().
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/shared/messages';
import {
  EMPTY_FILTERS,
  sameFilters,
  type RiderSearchFilters,
  type RiderSearchPage,
  type RiderSearchResult,
  type ShortlistResponse,
} from '../../src/shared/riderSearch';
import { messageOf } from '../kit/errors';

export type FilterField = keyof RiderSearchFilters;

export interface RiderSearchContext {
  /** The filters of the list on screen (the URL's). */
  filters: RiderSearchFilters;
  /** The filter panel as edited, applied with APPLY. */
  draft: RiderSearchFilters;
  results: RiderSearchResult[];
  next: string | null;
  /** How many riders match, as the first page counted them (null: not counted, e.g. the shortlist). */
  total: number | null;
  /** Why the search failed (the whole list), or why the next page did not come. */
  error: string | null;
  moreError: string | null;
  /** The rider whose shortlist change is in flight, and what it asks for. */
  pendingShortlist: { username: string; shortlisted: boolean } | null;
  shortlistError: string | null;
  /** The filter panel on a phone (always open on a wide screen). */
  filtersOpen: boolean;
}

export type RiderSearchEvent =
  | { type: 'EDIT'; field: FilterField; value: string | boolean }
  | { type: 'APPLY' }
  | { type: 'CLEAR' }
  | { type: 'REMOVE_FILTER'; field: FilterField }
  | { type: 'SEARCH'; filters: RiderSearchFilters }
  | { type: 'RETRY' }
  | { type: 'LOAD_MORE' }
  | { type: 'TOGGLE_SHORTLIST'; username: string }
  | { type: 'TOGGLE_FILTERS' };

export interface RiderSearchInput {
  filters?: RiderSearchFilters;
}

/** What the search actor is given: the filters and the cursor of the page (null for the first). */
export interface SearchRequest {
  filters: RiderSearchFilters;
  cursor: string | null;
}

export interface ShortlistRequest {
  username: string;
  shortlisted: boolean;
}


/** The filters less one: back to "any" (a state takes its area with it). */
export function withoutFilter(filters: RiderSearchFilters, field: FilterField): RiderSearchFilters {
  const next = { ...filters, [field]: EMPTY_FILTERS[field] } as RiderSearchFilters;
  if (field === 'state') next.town = '';
  return next;
}

const flip = (results: RiderSearchResult[], username: string, shortlisted: boolean) =>
  results.map((r) => (r.username === username ? { ...r, shortlisted } : r));

type Ctx = { context: RiderSearchContext };

/** On the list region, so a new search never touches a shortlist change in flight. */
const startSearch = { target: '.searching', reenter: true } as const;

export const riderSearchMachine = setup({
  types: {
    context: {} as RiderSearchContext,
    events: {} as RiderSearchEvent,
    input: {} as RiderSearchInput,
  },
  actors: {
    /** GET /api/companies/riders (or the shortlist) with the filters and the cursor. */
    searchRiders: fromPromise<RiderSearchPage, SearchRequest>(async () => {
      throw new Error('searchRiders not provided');
    }),
    /** PUT (shortlisted: true) or DELETE (false) /api/companies/shortlist/:username. */
    setShortlisted: fromPromise<ShortlistResponse, ShortlistRequest>(async () => {
      throw new Error('setShortlisted not provided');
    }),
  },
  actions: {
    /** Puts the applied filters in the URL (the route supplies it). */
    publishFilters: (_, _params: { filters: RiderSearchFilters }) => {},
    /** A success notice (a toast in the app). */
    announce: (_, _params: { message: string }) => {},
    /** A failure notice (a toast in the app). */
    warn: (_, _params: { message: string }) => {},
  },
  guards: {
    hasResults: ({ event }) => (event as unknown as { output: RiderSearchPage }).output.items.length > 0,
    hasMore: ({ context }) => context.next !== null,
    newFilters: ({ context, event }) => {
      assertEvent(event, 'SEARCH');
      return !sameFilters(context.filters, event.filters);
    },
    knownResult: ({ context, event }) => {
      assertEvent(event, 'TOGGLE_SHORTLIST');
      return context.results.some((r) => r.username === event.username);
    },
  },
}).createMachine({
  id: 'riderSearch',
  type: 'parallel',
  context: ({ input }) => ({
    filters: input.filters ?? EMPTY_FILTERS,
    draft: input.filters ?? EMPTY_FILTERS,
    results: [],
    next: null,
    total: null,
    error: null,
    moreError: null,
    pendingShortlist: null,
    shortlistError: null,
    filtersOpen: false,
  }),
  on: {
    EDIT: {
      actions: assign(({ context, event }) => {
        const draft = { ...context.draft, [event.field]: event.value } as RiderSearchFilters;
        // Another state: its areas are others.
        if (event.field === 'state' && event.value !== context.draft.state) draft.town = '';
        return { draft };
      }),
    },
    TOGGLE_FILTERS: { actions: assign(({ context }) => ({ filtersOpen: !context.filtersOpen })) },
  },
  states: {
    list: {
      initial: 'searching',
      on: {
        APPLY: {
          ...startSearch,
          actions: [
            assign(({ context }) => ({ filters: context.draft, filtersOpen: false })),
            { type: 'publishFilters', params: ({ context }: Ctx) => ({ filters: context.draft }) },
          ],
        },
        CLEAR: {
          ...startSearch,
          actions: [
            assign(({ context }) => ({ filters: { ...EMPTY_FILTERS, sort: context.draft.sort }, draft: { ...EMPTY_FILTERS, sort: context.draft.sort } })),
            { type: 'publishFilters', params: ({ context }: Ctx) => ({ filters: { ...EMPTY_FILTERS, sort: context.draft.sort } }) },
          ],
        },
        // A chip's ×: the applied filters less that one (a state takes its area with it), the
        // panel's draft the same, so the panel and the chips agree.
        REMOVE_FILTER: {
          ...startSearch,
          actions: [
            assign(({ context, event }) => {
              const filters = withoutFilter(context.filters, event.field);
              return { filters, draft: filters };
            }),
            // Idempotent, so the same whether or not the assign above is already seen.
            {
              type: 'publishFilters',
              params: ({ context, event }: Ctx & { event: { field: FilterField } }) => ({ filters: withoutFilter(context.filters, event.field) }),
            },
          ],
        },
        // The URL changed (Back, a shared link): search what it says, unless it is what is on screen.
        SEARCH: {
          guard: 'newFilters',
          ...startSearch,
          actions: assign(({ event }) => ({ filters: event.filters, draft: event.filters })),
        },
      },
      states: {
        searching: {
          tags: ['busy'],
          entry: assign({ results: [], next: null, total: null, error: null, moreError: null }),
          invoke: {
            id: 'searchRiders',
            src: 'searchRiders',
            input: ({ context }) => ({ filters: context.filters, cursor: null }),
            onDone: [
              {
                guard: 'hasResults',
                target: 'results',
                actions: assign(({ event }) => ({ results: event.output.items, next: event.output.next, total: event.output.total ?? null })),
              },
              { target: 'empty' },
            ],
            onError: { target: 'failed', actions: assign(({ event }) => ({ error: messageOf(event.error, messages.searchFailed) })) },
          },
        },
        results: {
          on: { LOAD_MORE: { guard: 'hasMore', target: 'loadingMore', actions: assign({ moreError: null }) } },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            id: 'loadMore',
            src: 'searchRiders',
            input: ({ context }) => ({ filters: context.filters, cursor: context.next }),
            onDone: {
              target: 'results',
              actions: assign(({ context, event }) => {
                // A rider shortlisted or moved between pages shows once.
                const seen = new Set(context.results.map((r) => r.username));
                return { results: [...context.results, ...event.output.items.filter((r) => !seen.has(r.username))], next: event.output.next };
              }),
            },
            onError: { target: 'results', actions: assign(({ event }) => ({ moreError: messageOf(event.error, messages.searchLoadMoreFailed) })) },
          },
        },
        empty: {},
        failed: {
          on: { RETRY: { target: 'searching' } },
        },
      },
    },
    shortlist: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            TOGGLE_SHORTLIST: {
              guard: 'knownResult',
              target: 'saving',
              actions: assign(({ context, event }) => {
                const current = context.results.find((r) => r.username === event.username)!;
                return {
                  pendingShortlist: { username: event.username, shortlisted: !current.shortlisted },
                  results: flip(context.results, event.username, !current.shortlisted),
                  shortlistError: null,
                };
              }),
            },
          },
        },
        saving: {
          tags: ['savingShortlist'],
          invoke: {
            id: 'setShortlisted',
            src: 'setShortlisted',
            input: ({ context }) => context.pendingShortlist!,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'announce', params: ({ event }) => ({ message: event.output.message }) },
                assign({ pendingShortlist: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => {
                  const pending = context.pendingShortlist!;
                  return {
                    // Back as it was: the server did not take the change.
                    results: flip(context.results, pending.username, !pending.shortlisted),
                    pendingShortlist: null,
                    shortlistError: messageOf(event.error, messages.shortlistFailed),
                  };
                }),
                { type: 'warn', params: ({ context }: Ctx) => ({ message: context.shortlistError ?? messages.shortlistFailed }) },
              ],
            },
          },
        },
      },
    },
  },
});

export type RiderSearchMachine = typeof riderSearchMachine;
export type RiderSearchSnapshot = SnapshotFrom<typeof riderSearchMachine>;

/**
 * Every state the search screen can show; stories and view tests must cover each one.
 * 'moreFailed' is the list with the next page refused; 'shortlistFailed' the list with a
 * shortlist change rolled back.
 */
export const riderSearchViewStates = [
  'searching',
  'results',
  'loadingMore',
  'moreFailed',
  'savingShortlist',
  'shortlistFailed',
  'empty',
  'failed',
] as const;
export type RiderSearchViewState = (typeof riderSearchViewStates)[number];

export interface RiderSearchView {
  state: RiderSearchViewState;
  filters: RiderSearchFilters;
  draft: RiderSearchFilters;
  results: RiderSearchResult[];
  /** How many riders match (null when not counted). */
  total: number | null;
  canLoadMore: boolean;
  loadingMore: boolean;
  searching: boolean;
  /** The rider whose shortlist change is in flight (its toggle shows it; the others wait). */
  pendingShortlist: string | null;
  error: string | null;
  moreError: string | null;
  shortlistError: string | null;
  filtersOpen: boolean;
}

export function riderSearchSnapshotToView(snapshot: Pick<RiderSearchSnapshot, 'value' | 'context'>): RiderSearchView {
  const { context } = snapshot;
  const value = snapshot.value as { list: 'searching' | 'results' | 'loadingMore' | 'empty' | 'failed'; shortlist: 'idle' | 'saving' };
  const list = value.list;
  const state: RiderSearchViewState =
    list !== 'results'
      ? list
      : value.shortlist === 'saving'
        ? 'savingShortlist'
        : context.moreError
          ? 'moreFailed'
          : context.shortlistError
            ? 'shortlistFailed'
            : 'results';
  return {
    state,
    filters: context.filters,
    draft: context.draft,
    results: context.results,
    // Nothing found says so itself; a count of 0 beside it would say it twice.
    total: list === 'results' || list === 'loadingMore' ? context.total : null,
    canLoadMore: list === 'results' && context.next !== null,
    loadingMore: list === 'loadingMore',
    searching: list === 'searching',
    pendingShortlist: context.pendingShortlist?.username ?? null,
    error: list === 'failed' ? context.error : null,
    moreError: list === 'results' ? context.moreError : null,
    shortlistError: context.shortlistError,
    filtersOpen: context.filtersOpen,
  };
}
