/**
 * The events the rider search machine (machines/search/riderSearchMachine.ts) is explored with, shared
 * by its model-based test, its view test and its stories: editing the filter panel (a state),
 * applying and clearing the filters, removing one with its chip, the URL changing (Back, a shared link), Try again, Show
 * more, a shortlist toggle, the Filters button; and every answer the network can give to the
 * request in flight (a page with more to come, the last page, nothing found, a failure).
 *
 * The model's states are coarse (where each region is, whether there is a next page, which
 * failure shows, whether the draft differs, the panel open), so the graph stays small; the
 * paths run are chosen so that together they take every transition (`coveringPaths`).
 */
import type { AnyStateMachine } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import type { RiderSearchEvent, RiderSearchSnapshot } from '../../machines/search/riderSearchMachine';
import { messages } from '../../src/shared/messages';
import { EMPTY_FILTERS, sameFilters, type RiderSearchFilters, type RiderSearchPage, type RiderSearchResult } from '../../src/shared/riderSearch';
import { coverAll, pathKeys, transitionKey } from './coverage';
import { NO_DELIVERY_RECORD } from '../../src/shared/deliveries/record';

export const LAGOS: RiderSearchFilters = { ...EMPTY_FILTERS, state: 'Lagos', town: 'Ikeja', languages: 'Yoruba', verified: true, min_rating: '4', q: 'motorbike' };

export function rider(username: string, overrides: Partial<RiderSearchResult> = {}): RiderSearchResult {
  return {
    username,
    display_name: username === 'ada_okafor' ? 'Ada O.' : username,
    introduction: 'Careful motorbike dispatch rider for pharmacy orders',
    state: 'Lagos',
    town: 'Ikeja',
    experience: '3-5',
    id_verified: username === 'ada_okafor',
    picture: null,
    job_success: username === 'ada_okafor' ? 96 : null,
    jobs_counted: username === 'ada_okafor' ? 7 : 1,
    review_count: username === 'ada_okafor' ? 12 : 0,
    rating_average_x100: username === 'ada_okafor' ? 480 : null,
    // Ada has delivered on the platform (her card shows the record); the others have not.
    ...(username === 'ada_okafor'
      ? { deliveries_completed: 148, deliveries_on_time: 142, delivery_rating_count: 121, delivery_rating_average_x100: 480 }
      : NO_DELIVERY_RECORD),
    shortlisted: false,
    ...overrides,
  };
}

/** The first page (more to come), the last page, and nothing found. */
export const FIRST_PAGE: RiderSearchPage = { items: [rider('ada_okafor'), rider('bayo_lagos')], next: 'cursor-2', total: 3 };
export const LAST_PAGE: RiderSearchPage = { items: [rider('chi_ikeja', { shortlisted: true })], next: null };
export const NO_PAGE: RiderSearchPage = { items: [], next: null };

export type RiderSearchModelEvent =
  | RiderSearchEvent
  | { type: `xstate.done.actor.${'searchRiders' | 'loadMore'}`; output: RiderSearchPage }
  | { type: 'xstate.done.actor.setShortlisted'; output: { message: string; shortlisted: boolean } }
  | { type: `xstate.error.actor.${'searchRiders' | 'loadMore' | 'setShortlisted'}`; error: unknown };

export const searchFailure = () => new SubmitError({ field: 'alert', message: messages.submitFailed });

const valueOf = (snapshot: RiderSearchSnapshot) => snapshot.value as { list: string; shortlist: string };

/** The server's answer to the shortlist change in flight. */
export function shortlistAnswer(snapshot: RiderSearchSnapshot) {
  const shortlisted = snapshot.context.pendingShortlist?.shortlisted ?? true;
  return { message: shortlisted ? messages.shortlistAdded : messages.shortlistRemoved, shortlisted };
}

/** The event as it happens from `snapshot` itself (a shortlist answer is the one for the change asked). */
export function liveEvent(event: RiderSearchModelEvent, snapshot: RiderSearchSnapshot): RiderSearchModelEvent {
  if (event.type === 'xstate.done.actor.setShortlisted') return { ...event, output: shortlistAnswer(snapshot) };
  return event;
}

/** What can happen in the state: what the company can do on the screen, or the network's answers. */
export function riderSearchEvents(snapshot: RiderSearchSnapshot): RiderSearchModelEvent[] {
  const { list, shortlist } = valueOf(snapshot);
  const { context } = snapshot;
  const events: RiderSearchModelEvent[] = [];
  if (list === 'searching') {
    events.push(
      { type: 'xstate.done.actor.searchRiders', output: FIRST_PAGE },
      { type: 'xstate.done.actor.searchRiders', output: NO_PAGE },
      { type: 'xstate.error.actor.searchRiders', error: searchFailure() },
    );
  }
  if (list === 'loadingMore') {
    events.push({ type: 'xstate.done.actor.loadMore', output: LAST_PAGE }, { type: 'xstate.error.actor.loadMore', error: searchFailure() });
  }
  if (shortlist === 'saving') {
    events.push({ type: 'xstate.done.actor.setShortlisted', output: shortlistAnswer(snapshot) }, { type: 'xstate.error.actor.setShortlisted', error: searchFailure() });
  }
  if (list === 'failed') events.push({ type: 'RETRY' });
  if (list === 'results' && context.next !== null) events.push({ type: 'LOAD_MORE' });
  if (shortlist === 'idle' && context.results.length > 0 && list !== 'searching') {
    events.push({ type: 'TOGGLE_SHORTLIST', username: context.results[0]!.username });
  }
  if (list !== 'searching') {
    // Edit the panel (a state), apply it, clear it; the URL changing to other filters.
    if (context.draft.state === '') events.push({ type: 'EDIT', field: 'state', value: 'Lagos' });
    events.push({ type: 'APPLY' }, { type: 'CLEAR' });
    // A chip's ×: the state's (it takes the area with it).
    if (context.filters.state !== '') events.push({ type: 'REMOVE_FILTER', field: 'state' });
    events.push({ type: 'SEARCH', filters: sameFilters(context.filters, LAGOS) ? EMPTY_FILTERS : LAGOS });
  }
  events.push({ type: 'TOGGLE_FILTERS' });
  return events;
}

/** Coarse on purpose (see the file's comment). */
export function serializeRiderSearch(snapshot: RiderSearchSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    context.next !== null,
    context.results.length > 0,
    context.moreError !== null,
    context.shortlistError !== null,
    !sameFilters(context.draft, context.filters),
    sameFilters(context.filters, EMPTY_FILTERS),
    context.filtersOpen,
  ]);
}

interface Step {
  event: { type: string };
  state: unknown;
}

/**
 * From the edge paths, the fewest, shortest first, that together take every transition a path
 * can take.
 */
export function coveringPaths(machine: AnyStateMachine, initial: RiderSearchSnapshot, paths: Step[][]): Step[][] {
  const stepKeys = (before: RiderSearchSnapshot, step: Step) =>
    (machine.getTransitionData(before as never, step.event as never) as Parameters<typeof transitionKey>[0][]).map(transitionKey);
  return coverAll(paths, (steps) => steps.length, (steps) => pathKeys(initial, steps, stepKeys));
}
