/**
 * Model-based test of machines/deliveries/companyDeliveriesMachine.ts: every edge path generated
 * with xstate/graph (tests/machines/companyDeliveriesModel.ts) runs against a real actor whose
 * requests the test holds and answers; after each step the actor must be where the model says and
 * the view model must say what that state shows. Every transition must be taken. The same paths
 * drive the real list in tests/web/CompanyDeliveriesList.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  companyDeliveriesMachine,
  companyDeliveriesSnapshotToView,
  companyDeliveriesViewStates,
  type CompanyDeliveriesSnapshot,
} from '../../machines/deliveries/companyDeliveriesMachine';
import { deliveriesEvents, firstPage, serializeDeliveries, type DeliveriesModelEvent } from './companyDeliveriesModel';
import { TransitionRecorder, edgePaths } from './coverage';
import { HeldActors, flush, play } from './heldActors';

interface Request {
  cursor: string | null;
}

function harness(recorder?: TransitionRecorder) {
  const held = new HeldActors();
  const actor = createActor(companyDeliveriesMachine.provide({ actors: { loadPage: held.actor('loadPage') as never } }), { inspect: recorder?.inspect });
  actor.start();
  return { actor, held };
}

const driveMachine = (h: ReturnType<typeof harness>, event: DeliveriesModelEvent) => play(h.actor, h.held, event);
/** What each page request asked for, oldest first. */
const requestsOf = (h: ReturnType<typeof harness>) => h.held.requests.map((r) => r.input as Request);

const model = new TestModel(companyDeliveriesMachine, { events: deliveriesEvents as never, serializeState: serializeDeliveries as never } as never);
const paths = edgePaths(
  { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
  serializeDeliveries as never,
);
const recorder = new TransitionRecorder();
const viewStatesSeen = new Set<string>();

describe('companyDeliveriesMachine along its model paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      const h = harness(recorder);
      for (const step of steps) {
        const event = step.event as DeliveriesModelEvent;
        const before = h.actor.getSnapshot();
        const requestsBefore = requestsOf(h).length;
        await driveMachine(h, event);
        const expected = step.state as CompanyDeliveriesSnapshot;
        const actual = h.actor.getSnapshot();
        expect(actual.value, event.type).toEqual(expected.value);
        expect(serializeDeliveries(actual)).toBe(serializeDeliveries(expected));
        const view = companyDeliveriesSnapshotToView(actual);
        viewStatesSeen.add(view.state);
        expect(view.busy).toBe(h.held.busy);
        // A request asks for the first page, or for the page after the last one shown.
        if (requestsOf(h).length > requestsBefore) {
          expect(requestsOf(h).at(-1)!.cursor).toBe(view.state === 'loading' ? null : before.context.next);
        }
        // Bookings already shown stay shown, in their order; none twice.
        expect(new Set(view.items.map((d) => d.id)).size).toBe(view.items.length);
        if (before.context.items.length > 0 && view.state !== 'loading') expect(view.items.slice(0, before.context.items.length)).toEqual(before.context.items);
        expect(view.canLoadMore).toBe(['loadingMore', 'moreFailed'].includes(view.state) || (view.state === 'list' && actual.context.next !== null));
      }
      h.actor.stop();
    },
  );

  it('ignores "Load more" when there is no next page: no request', async () => {
    const h = harness();
    await driveMachine(h, { type: 'xstate.done.actor.loadFirst', output: { ...firstPage, next: null } });
    h.actor.send({ type: 'MORE' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('list');
    expect(requestsOf(h)).toHaveLength(1);
    h.actor.stop();
  });

  it('a booking that moved onto the next page is not listed twice', async () => {
    const h = harness();
    await driveMachine(h, { type: 'xstate.done.actor.loadFirst', output: firstPage });
    h.actor.send({ type: 'MORE' });
    await flush();
    await driveMachine(h, { type: 'xstate.done.actor.loadMore', output: { items: [firstPage.items[1]!], next: null } });
    expect(h.actor.getSnapshot().context.items.map((d) => d.id)).toEqual(firstPage.items.map((d) => d.id));
    h.actor.stop();
  });

  afterAll(() => {
    const missing = recorder.report('companyDeliveriesMachine', companyDeliveriesMachine);
    expect(missing, `transitions never taken:\n${missing.join('\n')}`).toEqual([]);
    expect([...viewStatesSeen].sort()).toEqual([...companyDeliveriesViewStates].sort());
  });
});
