/**
 * Model-based test of machines/riders/riderReviewsMachine.ts: every edge path generated with
 * xstate/graph (tests/machines/riderReviewsModel.ts) runs against a real actor whose requests
 * the test holds and answers; after each step the actor must be where the model says and the
 * view model must say what that state shows. Every transition must be taken (the table is
 * printed). The same paths drive the real list in tests/web/RiderReviewsList.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  riderReviewsMachine,
  riderReviewsSnapshotToView,
  riderReviewsViewStates,
  type ReviewsPageRequest,
  type RiderReviewsSnapshot,
} from '../../machines/riders/riderReviewsMachine';
import { TransitionRecorder, edgePaths } from './coverage';
import { HeldActors, flush, play } from './heldActors';
import { firstPage, reviewsEvents, serializeReviews, USERNAME, type ReviewsModelEvent } from './riderReviewsModel';

function harness(recorder?: TransitionRecorder) {
  const held = new HeldActors();
  const actor = createActor(riderReviewsMachine.provide({ actors: { loadPage: held.actor('loadPage') as never } }), { input: { username: USERNAME }, inspect: recorder?.inspect });
  actor.start();
  return { actor, held };
}

const driveMachine = (h: ReturnType<typeof harness>, event: ReviewsModelEvent) => play(h.actor, h.held, event);
/** What each page request asked for, oldest first. */
const requestsOf = (h: ReturnType<typeof harness>) => h.held.requests.map((r) => r.input as ReviewsPageRequest);

const model = new TestModel(riderReviewsMachine, { events: reviewsEvents as never, serializeState: serializeReviews as never, input: { username: USERNAME } } as never);
const paths = edgePaths(
  { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
  serializeReviews as never,
);
const recorder = new TransitionRecorder();
const viewStatesSeen = new Set<string>();

describe('riderReviewsMachine along its model paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      const h = harness(recorder);
      for (const step of steps) {
        const event = step.event as ReviewsModelEvent;
        const before = h.actor.getSnapshot();
        const requestsBefore = requestsOf(h).length;
        await driveMachine(h, event);
        const expected = step.state as RiderReviewsSnapshot;
        const actual = h.actor.getSnapshot();
        expect(actual.value, event.type).toEqual(expected.value);
        expect(serializeReviews(actual)).toBe(serializeReviews(expected));
        const view = riderReviewsSnapshotToView(actual);
        viewStatesSeen.add(view.state);
        expect(view.busy).toBe(h.held.busy);
        // A request asks for the first page, or for the page after the last one shown.
        if (requestsOf(h).length > requestsBefore) {
          const request = requestsOf(h).at(-1)!;
          expect(request.username).toBe(USERNAME);
          expect(request.cursor).toBe(view.state === 'loading' ? null : before.context.next);
        }
        // Reviews already shown stay shown; none twice.
        expect(new Set(view.items.map((r) => r.id)).size).toBe(view.items.length);
        if (before.context.items.length > 0 && view.state !== 'loading') expect(view.items.slice(0, before.context.items.length)).toEqual(before.context.items);
        expect(view.canShowMore).toBe(['loadingMore', 'moreFailed'].includes(view.state) || (view.state === 'list' && actual.context.next !== null));
      }
      h.actor.stop();
    },
  );

  it('ignores "Show more" when there is no next page, and while one is loading: no request', async () => {
    const h = harness();
    await driveMachine(h, { type: 'xstate.done.actor.loadFirst', output: { ...firstPage, next: null } });
    h.actor.send({ type: 'MORE' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('list');
    expect(requestsOf(h)).toHaveLength(1);
    h.actor.stop();
  });

  afterAll(() => {
    const missing = recorder.report('riderReviewsMachine', riderReviewsMachine);
    expect(missing, `transitions never taken:\n${missing.join('\n')}`).toEqual([]);
    expect([...viewStatesSeen].sort()).toEqual([...riderReviewsViewStates].sort());
  });
});
