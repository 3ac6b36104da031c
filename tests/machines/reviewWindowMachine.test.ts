/**
 * Model-based test of machines/reviews/reviewWindowMachine.ts: paths generated with xstate/graph for
 * both sides (tests/machines/reviewWindowModel.ts) run against a real actor whose requests the
 * test holds and answers; after each step the actor must be where the model says and the view
 * model must say what that state shows. Every transition of the machine must be taken; the
 * table is printed. The same paths drive the real ReviewWindow in tests/web/ReviewWindow.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  ReviewWindowStale,
  reviewWindowMachine,
  reviewWindowSnapshotToView,
  reviewWindowViewStates,
  type ReviewReplyRequest,
  type ReviewSaveRequest,
  type ReviewWindowSnapshot,
} from '../../machines/reviews/reviewWindowMachine';
import { messages } from '../../src/shared/messages';
import type { ReviewSide, ReviewWindowData, ReviewWindowResponse } from '../../src/shared/reviews';
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

interface Pending {
  src: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function harness(side: ReviewSide, recorder?: TransitionRecorder) {
  const state: { pending: Pending | null; requests: Array<{ src: string; input: unknown }>; notices: string[] } = { pending: null, requests: [], notices: [] };
  const held = <O, I>(src: string) =>
    fromPromise<O, I>(
      ({ input }) =>
        new Promise<O>((resolve, reject) => {
          state.requests.push({ src, input });
          state.pending = { src, input, resolve: resolve as (v: unknown) => void, reject };
        }),
    );
  const machine = reviewWindowMachine.provide({
    actors: {
      loadWindow: held<ReviewWindowData, { engagementId: string }>('loadWindow'),
      saveReview: held<ReviewWindowResponse, ReviewSaveRequest>('saveReview'),
      postReply: held<ReviewWindowResponse, ReviewReplyRequest>('postReply'),
    },
    actions: { announce: (_, params) => void state.notices.push(params.message) },
  });
  const actor = createActor(machine, { input: { engagementId: ENGAGEMENT_ID, side }, inspect: recorder?.inspect });
  actor.start();
  return { actor, state };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function drive(h: ReturnType<typeof harness>, event: ReviewModelEvent): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
    const pending = h.state.pending!;
    expect(event.type.replace(/^xstate\.(done|error)\.actor\./, '')).toBe(pending.src);
    h.state.pending = null;
    if (event.type.startsWith('xstate.done.')) pending.resolve((event as { output: unknown }).output);
    else pending.reject((event as { error: unknown }).error);
  } else {
    h.actor.send(event as never);
  }
  await flush();
}

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
        const requestsBefore = h.state.requests.length;
        await drive(h, event);
        const expected = step.state as ReviewWindowSnapshot;
        const actual = h.actor.getSnapshot();
        expect(actual.value, event.type).toEqual(expected.value);
        expect(serializeReview(actual)).toBe(serializeReview(expected));
        const view = reviewWindowSnapshotToView(actual);
        viewStatesSeen.add(view.state);
        expect(view.busy).toBe(h.state.pending !== null);
        // The published reviews are only ever what the server said.
        if (view.window) expect(view.window.side).toBe(side);
        if (event.type === 'SUBMIT' && view.state === 'invalid') expect(h.state.requests.length).toBe(requestsBefore);
        if (event.type === 'SEND_REPLY' && view.state === 'invalid') expect(h.state.requests.length).toBe(requestsBefore);
        if (h.state.requests.length > requestsBefore) {
          const { src, input } = h.state.requests.at(-1)!;
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
    expect(h.state.pending?.input).toEqual({ engagementId: ENGAGEMENT_ID, side: 'company', values: { rating: '5', comment: COMMENT, would_hire_again: 'no' } });
    const published = windowFor('company', 'published');
    await drive(h, { type: 'xstate.done.actor.saveReview', output: { message: messages.reviewPublished, window: published } });
    view = reviewWindowSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.formShown, view.replyShown]).toEqual(['published', false, false]);
    expect(h.state.notices).toEqual([messages.reviewPublished]);
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
    expect(h.state.requests.map((r) => r.src)).toEqual(['loadWindow', 'saveReview', 'loadWindow']);
  });

  it('has a view state for every state it can be in', () => {
    expect([...viewStatesSeen].sort()).toEqual([...reviewWindowViewStates].sort());
  });

  afterAll(() => {
    expect(recorder.report('reviewWindowMachine', reviewWindowMachine)).toEqual([]);
  });
});
