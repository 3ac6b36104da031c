/**
 * Model-based test of machines/search/riderSearchMachine.ts: paths generated with xstate/graph
 * (tests/machines/riderSearchModel.ts) run against a real actor whose requests the test holds
 * and answers; after each step the actor must be where the model says and the view model must
 * say what that state shows. Every transition of the machine must be taken; the table is
 * printed. The same paths drive the real screen in tests/web/CompanySearch.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  riderSearchMachine,
  riderSearchSnapshotToView,
  riderSearchViewStates,
  type RiderSearchSnapshot,
  type SearchRequest,
  type ShortlistRequest,
} from '../../machines/search/riderSearchMachine';
import { messages } from '../../src/shared/messages';
import { EMPTY_FILTERS, type RiderSearchPage, type ShortlistResponse } from '../../src/shared/riderSearch';
import { TransitionRecorder, edgePaths } from './coverage';
import {
  coveringPaths,
  FIRST_PAGE,
  LAGOS,
  LAST_PAGE,
  liveEvent,
  riderSearchEvents,
  searchFailure,
  serializeRiderSearch,
  type RiderSearchModelEvent,
} from './riderSearchModel';

interface Pending {
  src: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function harness(recorder?: TransitionRecorder) {
  const state: { pending: Pending[]; requests: Array<{ src: string; input: unknown }>; notices: string[]; warnings: string[]; published: unknown[] } = {
    pending: [],
    requests: [],
    notices: [],
    warnings: [],
    published: [],
  };
  const held = <O, I>(src: string) =>
    fromPromise<O, I>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          const name = src === 'searchRiders' && (input as SearchRequest).cursor !== null ? 'loadMore' : src;
          state.requests.push({ src: name, input });
          state.pending.push({ src: name, input, resolve: resolve as (v: unknown) => void, reject });
        }),
    );
  const machine = riderSearchMachine.provide({
    actors: { searchRiders: held<RiderSearchPage, SearchRequest>('searchRiders'), setShortlisted: held<ShortlistResponse, ShortlistRequest>('setShortlisted') },
    actions: {
      announce: (_, params) => void state.notices.push(params.message),
      warn: (_, params) => void state.warnings.push(params.message),
      publishFilters: (_, params) => void state.published.push(params.filters),
    },
  });
  const actor = createActor(machine, { input: {}, inspect: recorder?.inspect });
  actor.start();
  return { actor, state };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function drive(h: ReturnType<typeof harness>, event: RiderSearchModelEvent): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (answer) {
    const index = h.state.pending.findIndex((p) => p.src === answer[2]);
    expect(index, `a ${answer[2]} request is waiting`).toBeGreaterThanOrEqual(0);
    const [pending] = h.state.pending.splice(index, 1);
    if (answer[1] === 'done') pending!.resolve((event as { output: unknown }).output);
    else pending!.reject((event as { error: unknown }).error);
  } else {
    h.actor.send(event as never);
  }
  await flush();
}

const model = new TestModel(riderSearchMachine, { events: riderSearchEvents as never, serializeState: serializeRiderSearch as never, input: {} } as never);
const initial = createActor(riderSearchMachine, { input: {} }).getSnapshot();
const riderSearchPaths = coveringPaths(
  riderSearchMachine,
  initial,
  edgePaths(
    { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
    serializeRiderSearch as never,
  ) as never,
);
const recorder = new TransitionRecorder();
const viewStatesSeen = new Set<string>();

describe('riderSearchMachine along its model paths', () => {
  it.each(riderSearchPaths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      const h = harness(recorder);
      for (const step of steps) {
        const event = liveEvent(step.event as RiderSearchModelEvent, h.actor.getSnapshot());
        const requestsBefore = h.state.requests.length;
        await drive(h, event);
        const expected = step.state as RiderSearchSnapshot;
        const actual = h.actor.getSnapshot();
        expect(actual.value, event.type).toEqual(expected.value);
        expect(serializeRiderSearch(actual)).toBe(serializeRiderSearch(expected));
        const view = riderSearchSnapshotToView(actual);
        viewStatesSeen.add(view.state);
        // One request in flight per region at most, and the view says which.
        const value = actual.value as { list: string; shortlist: string };
        expect(h.state.pending.filter((p) => p.src !== 'setShortlisted').length).toBe(value.list === 'searching' || value.list === 'loadingMore' ? 1 : 0);
        expect(h.state.pending.filter((p) => p.src === 'setShortlisted').length).toBe(value.shortlist === 'saving' ? 1 : 0);
        expect(view.pendingShortlist !== null).toBe(value.shortlist === 'saving');
        // A request carries what the action asks for.
        for (const request of h.state.requests.slice(requestsBefore)) {
          if (request.src === 'searchRiders') expect(request.input).toEqual({ filters: actual.context.filters, cursor: null });
          if (request.src === 'loadMore') expect(request.input).toEqual({ filters: actual.context.filters, cursor: 'cursor-2' });
          if (request.src === 'setShortlisted' && event.type === 'TOGGLE_SHORTLIST') {
            expect((request.input as ShortlistRequest).username).toBe(event.username);
          }
        }
      }
      h.actor.stop();
    },
  );

  it('flips a shortlist toggle at once and back when the server refuses', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.searchRiders', output: FIRST_PAGE });
    h.actor.send({ type: 'TOGGLE_SHORTLIST', username: 'bayo_lagos' });
    let view = riderSearchSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.pendingShortlist, view.results[1]!.shortlisted]).toEqual(['savingShortlist', 'bayo_lagos', true]);
    expect(h.state.requests.at(-1)).toEqual({ src: 'setShortlisted', input: { username: 'bayo_lagos', shortlisted: true } });
    // Another toggle waits for the first.
    h.actor.send({ type: 'TOGGLE_SHORTLIST', username: 'ada_okafor' });
    expect(h.state.requests.filter((r) => r.src === 'setShortlisted')).toHaveLength(1);
    await drive(h, { type: 'xstate.error.actor.setShortlisted', error: new Error('offline') });
    view = riderSearchSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.results[1]!.shortlisted, view.shortlistError]).toEqual(['shortlistFailed', false, messages.shortlistFailed]);
    expect(h.state.warnings).toEqual([messages.shortlistFailed]);
    h.actor.send({ type: 'TOGGLE_SHORTLIST', username: 'bayo_lagos' });
    await drive(h, { type: 'xstate.done.actor.setShortlisted', output: { message: messages.shortlistAdded, shortlisted: true } });
    view = riderSearchSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.results[1]!.shortlisted]).toEqual(['results', true]);
    expect(h.state.notices).toEqual([messages.shortlistAdded]);
  });

  it('appends the next page without repeating a rider, and keeps the list when it fails', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.searchRiders', output: FIRST_PAGE });
    h.actor.send({ type: 'LOAD_MORE' });
    await drive(h, { type: 'xstate.error.actor.loadMore', error: searchFailure() });
    let view = riderSearchSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.results.length, view.moreError, view.canLoadMore]).toEqual(['moreFailed', 2, messages.submitFailed, true]);
    h.actor.send({ type: 'LOAD_MORE' });
    const repeat: RiderSearchPage = { items: [FIRST_PAGE.items[1]!, ...LAST_PAGE.items], next: null };
    await drive(h, { type: 'xstate.done.actor.loadMore', output: repeat });
    view = riderSearchSnapshotToView(h.actor.getSnapshot());
    expect(view.results.map((r) => r.username)).toEqual(['ada_okafor', 'bayo_lagos', 'chi_ikeja']);
    expect([view.state, view.canLoadMore]).toEqual(['results', false]);
    // Nothing more to load: LOAD_MORE does nothing.
    h.actor.send({ type: 'LOAD_MORE' });
    expect(h.state.pending).toHaveLength(0);
  });

  it('publishes applied filters to the URL, follows the URL, and ignores a URL that says what is on screen', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.searchRiders', output: FIRST_PAGE });
    h.actor.send({ type: 'EDIT', field: 'state', value: 'Lagos' });
    h.actor.send({ type: 'EDIT', field: 'town', value: 'Yaba' });
    h.actor.send({ type: 'EDIT', field: 'state', value: 'Oyo' });
    expect(h.actor.getSnapshot().context.draft).toMatchObject({ state: 'Oyo', town: '' });
    h.actor.send({ type: 'APPLY' });
    expect(h.state.published).toEqual([{ ...EMPTY_FILTERS, state: 'Oyo' }]);
    expect(h.state.requests.at(-1)).toEqual({ src: 'searchRiders', input: { filters: { ...EMPTY_FILTERS, state: 'Oyo' }, cursor: null } });
    // The route hears the URL it just wrote: no second search.
    const before = h.state.requests.length;
    h.actor.send({ type: 'SEARCH', filters: { ...EMPTY_FILTERS, state: 'Oyo' } });
    expect(h.state.requests.length).toBe(before);
    // Back to a shared link: its filters are searched and shown in the panel.
    h.actor.send({ type: 'SEARCH', filters: LAGOS });
    expect(h.actor.getSnapshot().context.draft).toEqual(LAGOS);
    expect(h.state.requests.at(-1)).toEqual({ src: 'searchRiders', input: { filters: LAGOS, cursor: null } });
    expect(h.state.published).toHaveLength(1);
  });

  it('has a view state for every state it can be in', () => {
    expect([...viewStatesSeen].sort()).toEqual([...riderSearchViewStates].sort());
  });

  afterAll(() => {
    expect(recorder.report('riderSearchMachine', riderSearchMachine)).toEqual([]);
  });
});
