/**
 * Model-based test of machines/ops/dispatchBoardMachine.ts: every edge path generated with
 * xstate/graph (tests/machines/dispatchBoardModel.ts) runs against a real actor whose requests the
 * test holds and answers and whose live feed the test speaks for; after each step the actor must
 * be where the model says, and the view model must say what that state shows. Every transition
 * must be taken. The real board is driven in tests/web/DispatchBoard.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { TestModel } from 'xstate/graph';
import { pagedListMachine, type ListFilters, type ListPage } from '../../machines/kit/pagedListMachine';
import {
  dispatchBoardMachine,
  dispatchBoardSnapshotToView,
  dispatchDetailViewStates,
  riderChoices,
  type BoardMoveRequest,
  type DispatchBoardSnapshot,
} from '../../machines/ops/dispatchBoardMachine';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { boardMessages } from '../../src/shared/deliveries/boardMessages';
import { HeldActors, flush, play } from './heldActors';
import { TransitionRecorder, coveringMoves, edgePaths } from './coverage';
import { boardDetail, boardEvents, DELIVERY_ID, distinctEdges, ridersToday, RIDER_A, RIDER_B, serializeBoard, type BoardModelEvent } from './dispatchBoardModel';

function harness(recorder?: TransitionRecorder, selectedId: string | null = null) {
  const held = new HeldActors();
  const state = { listReads: 0, feeds: 0, feedsStopped: 0 };
  const machine = dispatchBoardMachine.provide({
    actors: {
      list: pagedListMachine.provide({
        actors: {
          fetchPage: fromPromise<ListPage<unknown>, { filters: ListFilters; cursor: string | null }>(async () => {
            state.listReads++;
            return { items: [], next: null };
          }),
        },
      }),
      ...(held.actors('loadDetail', 'loadRiders', 'move') as object),
      liveFeed: fromCallback(() => {
        state.feeds++;
        return () => {
          state.feedsStopped++;
        };
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { selectedId }, inspect: recorder?.inspect, clock });
  actor.start();
  return { actor, held, state, clock };
}

async function drive(h: ReturnType<typeof harness>, event: BoardModelEvent): Promise<void> {
  if (event.type.startsWith('xstate.after.')) {
    // The machine's own clock: let the debounce (1 s) or the poll (20 s) run out.
    h.clock.increment(event.type.includes('.debounce.') ? 1_000 : 20_000);
    await flush();
  } else await play(h.actor, h.held, event);
}

/** The moves sent, oldest first. */
const movesOf = (h: ReturnType<typeof harness>) => h.held.requests.filter((r) => r.src === 'move').map((r) => r.input as BoardMoveRequest);

const model = new TestModel(dispatchBoardMachine, { events: boardEvents as never, serializeState: serializeBoard as never, input: {} } as never);
// The moves between the machine's own states (coverage.ts coveringMoves), not each of the
// model's edges, which repeat them with other rows, riders and reasons.
const paths = coveringMoves(
  distinctEdges(
    edgePaths(
      { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
      serializeBoard as never,
    ),
  ),
  createActor(dispatchBoardMachine, { input: {} } as never).getSnapshot(),
);
const recorder = new TransitionRecorder();
const seen = new Set<string>();

describe('dispatchBoardMachine along its model paths', () => {
  it('has a model of a useful size', () => {
    console.log(`dispatchBoardMachine: ${paths.length} edge paths`);
    expect(paths.length).toBeGreaterThan(30);
  });

  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))('path %i: %s', async (_i, _name, steps) => {
    const h = harness(recorder);
    for (const step of steps) {
      const event = step.event as BoardModelEvent;
      const before = h.actor.getSnapshot();
      const listBefore = h.state.listReads;
      const movesBefore = movesOf(h).length;
      await drive(h, event);
      const expected = step.state as DispatchBoardSnapshot;
      const actual = h.actor.getSnapshot();
      expect(actual.value, event.type).toEqual(expected.value);
      expect(serializeBoard(actual)).toBe(serializeBoard(expected));
      const view = dispatchBoardSnapshotToView(actual);
      seen.add(view.detail.state);
      // A move is sent once, with what the dispatcher chose.
      if (movesOf(h).length > movesBefore) {
        const sent = movesOf(h).at(-1)!;
        expect(sent.move).toBe(before.context.move ?? actual.context.move ?? sent.move);
        expect(sent.deliveryId).toBe(actual.context.selectedId);
        if (sent.move === 'cancel') expect(sent.reason).toBe(before.context.reason.trim());
        if (before.context.riderId) expect(sent.riderId).toBe(before.context.riderId);
      }
      // The board re-reads its list when the feed settles, the poll fires or a move is made.
      if (event.type.includes('after.') || event.type === 'xstate.done.actor.move') expect(h.state.listReads).toBeGreaterThan(listBefore);
      if (event.type === 'FEED_EVENT') expect(h.state.listReads).toBe(listBefore);
      // An empty choice or reason is said under its field, and nothing is sent.
      if (event.type === 'SUBMIT' && movesOf(h).length === movesBefore) {
        expect(view.detail.fieldError?.field).toBe(view.detail.state === 'cancelling' ? 'reason' : 'rider_id');
        expect(view.detail.fieldError?.message).toBe(view.detail.state === 'cancelling' ? dispatchMessages.cancelReasonRequired : boardMessages.chooseRider);
      }
      // The feed runs while watching, and is stopped while polling.
      expect(h.state.feeds - h.state.feedsStopped).toBe(view.live === 'polling' ? 0 : 1);
    }
    h.actor.stop();
  });

  it('offers only available riders near the pickup, nearest first, not the one who has it', () => {
    const far = { ...ridersToday[0]!, id: 'far', areas: ['Epe'] };
    const off = { ...ridersToday[0]!, id: 'off', available: false };
    expect(riderChoices([...ridersToday, far, off], boardDetail('booked')).map((r) => r.id)).toEqual([RIDER_A, RIDER_B]);
    expect(riderChoices(ridersToday, boardDetail('assigned')).map((r) => r.id)).toEqual([RIDER_B]);
  });

  it('a move the delivery does not allow is ignored', async () => {
    const h = harness();
    h.actor.send({ type: 'OPEN', id: 'x' });
    await drive(h, { type: 'xstate.done.actor.loadDetail', output: boardDetail('booked') });
    h.actor.send({ type: 'RESOLVE', move: 'retry' });
    h.actor.send({ type: 'PICK_RIDER', move: 'reassign' });
    // Only a returning delivery can be marked returned.
    h.actor.send({ type: 'START_RETURNED' });
    expect(h.actor.getSnapshot().matches({ detail: { open: 'idle' } })).toBe(true);
    expect(movesOf(h)).toHaveLength(0);
    h.actor.stop();
  });

  it('marks a returning delivery returned only once the dispatcher says yes again, with nothing but the move', async () => {
    const h = harness();
    h.actor.send({ type: 'OPEN', id: DELIVERY_ID });
    await drive(h, { type: 'xstate.done.actor.loadDetail', output: boardDetail('returning') });
    expect(h.actor.getSnapshot().context.detail?.actions).toEqual(['returned', 'cancel']);
    h.actor.send({ type: 'START_RETURNED' });
    expect(dispatchBoardSnapshotToView(h.actor.getSnapshot()).detail).toMatchObject({ state: 'confirmingReturned', move: 'returned' });
    h.actor.send({ type: 'BACK' });
    expect(dispatchBoardSnapshotToView(h.actor.getSnapshot()).detail).toMatchObject({ state: 'idle', move: null });
    expect(movesOf(h)).toHaveLength(0);
    h.actor.send({ type: 'START_RETURNED' });
    h.actor.send({ type: 'SUBMIT' });
    await flush();
    expect(movesOf(h)).toEqual([{ deliveryId: DELIVERY_ID, move: 'returned' }]);
    expect(dispatchBoardSnapshotToView(h.actor.getSnapshot()).detail.busy).toBe(true);
    h.actor.stop();
  });

  it('opened at an address with a delivery: the delivery loads at once', async () => {
    const h = harness(recorder, 'from-the-address');
    expect(h.actor.getSnapshot().matches({ detail: 'loading' })).toBe(true);
    await drive(h, { type: 'xstate.done.actor.loadDetail', output: boardDetail('failed') });
    expect(dispatchBoardSnapshotToView(h.actor.getSnapshot()).detail.state).toBe('idle');
    h.actor.stop();
  });

  afterAll(() => {
    const missing = recorder.report('dispatchBoardMachine', dispatchBoardMachine);
    expect(missing, `transitions never taken:\n${missing.join('\n')}`).toEqual([]);
    expect([...seen].sort()).toEqual([...dispatchDetailViewStates].sort());
  });
});
