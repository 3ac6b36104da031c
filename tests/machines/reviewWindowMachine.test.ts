/**
 * Model-based test of machines/reviews/reviewWindowMachine.ts: paths generated with xstate/graph for
 * both sides (tests/machines/reviewWindowModel.ts) run against a real actor whose requests the
 * test holds and answers; after each step the actor must be where the model says and the view
 * model must say what that state shows. Every transition of the machine must be taken; the
 * table is printed. The same paths drive the real ReviewWindow in tests/web/ReviewWindow.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  ReviewWindowStale,
  reviewWindowMachine,
  reviewWindowSnapshotToView,
  reviewWindowViewStates,
  type ReviewSaveRequest,
  type ReviewWindowSnapshot,
} from '../../machines/reviews/reviewWindowMachine';
import { messages } from '../../src/shared/messages';
import type { ReviewSide } from '../../src/shared/reviews';
import { HeldActors, play } from './heldActors';
import { TransitionRecorder } from './coverage';
import {
  COMMENT,
  ENGAGEMENT_ID,
  liveEvent,
  REPLY,
  reviewCoveringPaths,
  serializeReview,
  windowFor,
  type ReviewModelEvent,
} from './reviewWindowModel';

function harness(side: ReviewSide, recorder?: TransitionRecorder) {
  const held = new HeldActors();
  const notices: string[] = [];
  const machine = reviewWindowMachine.provide({
    actors: {
      loadWindow: held.actor('loadWindow'),
      saveReview: held.actor('saveReview'),
      postReply: held.actor('postReply'),
    },
    actions: { announce: (_, params) => void notices.push(params.message) },
  });
  const actor = createActor(machine, { input: { engagementId: ENGAGEMENT_ID, side }, inspect: recorder?.inspect });
  actor.start();
  return { actor, held, notices };
}

const drive = (h: ReturnType<typeof harness>, event: ReviewModelEvent) => play(h.actor, h.held, event);

const reviewPaths = reviewCoveringPaths();
const recorder = new TransitionRecorder();
const viewStatesSeen = new Set<string>();

describe('reviewWindowMachine along its model paths', () => {
  it.each(reviewPaths.map(({ initial, steps }, i) => [i + 1, `${(initial as ReviewWindowSnapshot).context.side}: ${steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')}`, initial, steps] as const))(
    'path %i: %s',
    async (_i, _name, initial, steps) => {
      const side = (initial as ReviewWindowSnapshot).context.side;
      const h = harness(side, recorder);
      for (const step of steps) {
        const event = liveEvent(step.event as ReviewModelEvent, h.actor.getSnapshot());
        const requestsBefore = h.held.requests.length;
        await drive(h, event);
        const expected = step.state as ReviewWindowSnapshot;
        const actual = h.actor.getSnapshot();
        expect(actual.value, event.type).toEqual(expected.value);
        expect(serializeReview(actual)).toBe(serializeReview(expected));
        const view = reviewWindowSnapshotToView(actual);
        viewStatesSeen.add(view.state);
        expect(view.busy).toBe(h.held.busy);
        // The published reviews are only ever what the server said.
        if (view.window) expect(view.window.side).toBe(side);
        if (event.type === 'SUBMIT' && view.state === 'invalid') expect(h.held.requests.length).toBe(requestsBefore);
        if (event.type === 'SEND_REPLY' && view.state === 'invalid') expect(h.held.requests.length).toBe(requestsBefore);
        if (h.held.requests.length > requestsBefore) {
          const { src, input } = h.held.requests.at(-1)!;
          if (src === 'saveReview') {
            const request = input as ReviewSaveRequest;
            expect(request.engagementId).toBe(ENGAGEMENT_ID);
            expect(Object.keys(request.values).sort()).toEqual(side === 'company' ? ['comment', 'rating', 'would_hire_again'] : ['comment', 'rating']);
          }
          if (src === 'postReply') expect(input).toEqual({ reviewId: actual.context.window!.theirs!.id, reply: REPLY });
          if (src === 'loadWindow') expect(input).toEqual({ engagementId: ENGAGEMENT_ID });
        }
      }
      h.actor.stop();
    },
  );

  it('sends a company’s review with its answer, says it is saved, and publishes when the rider had written', async () => {
    const h = harness('company');
    await drive(h, { type: 'xstate.done.actor.loadWindow', output: windowFor('company', 'open') });
    let view = reviewWindowSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.formShown, view.daysLeft]).toEqual(['open', true, 10]);
    h.actor.send({ type: 'EDIT', field: 'rating', value: '5' });
    h.actor.send({ type: 'EDIT', field: 'comment', value: `  ${COMMENT}  ` });
    h.actor.send({ type: 'SUBMIT' });
    view = reviewWindowSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.fieldError('would_hire_again')]).toEqual(['invalid', messages.reviewHireAgainRequired]);
    h.actor.send({ type: 'EDIT', field: 'would_hire_again', value: 'no' });
    expect(reviewWindowSnapshotToView(h.actor.getSnapshot()).state).toBe('open');
    h.actor.send({ type: 'SUBMIT' });
    expect(h.held.pending[0]?.input).toEqual({ engagementId: ENGAGEMENT_ID, side: 'company', values: { rating: '5', comment: COMMENT, would_hire_again: 'no' } });
    const published = windowFor('company', 'published');
    await drive(h, { type: 'xstate.done.actor.saveReview', output: { message: messages.reviewPublished, window: published } });
    view = reviewWindowSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.formShown, view.replyShown]).toEqual(['published', false, false]);
    expect(h.notices).toEqual([messages.reviewPublished]);
  });

  it('reloads the window when the server says it moved on, and shows why', async () => {
    const h = harness('rider');
    await drive(h, { type: 'xstate.done.actor.loadWindow', output: windowFor('rider', 'written') });
    h.actor.send({ type: 'EDIT_AGAIN' });
    expect(h.actor.getSnapshot().context.values).toMatchObject({ rating: '4', comment: COMMENT });
    h.actor.send({ type: 'SUBMIT' });
    await drive(h, { type: 'xstate.error.actor.saveReview', error: new ReviewWindowStale({ field: 'alert', message: messages.reviewAlreadyPublished }) });
    expect(h.actor.getSnapshot().value).toBe('loading');
    await drive(h, { type: 'xstate.done.actor.loadWindow', output: windowFor('rider', 'published') });
    const view = reviewWindowSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.notice, view.alert]).toEqual(['replyable', messages.reviewAlreadyPublished, null]);
    expect(h.held.requests.map((r) => r.src)).toEqual(['loadWindow', 'saveReview', 'loadWindow']);
  });

  it('has a view state for every state it can be in', () => {
    expect([...viewStatesSeen].sort()).toEqual([...reviewWindowViewStates].sort());
  });

  afterAll(() => {
    expect(recorder.report('reviewWindowMachine', reviewWindowMachine)).toEqual([]);
  });
});
