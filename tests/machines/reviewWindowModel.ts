/**
 * The events the review window machine (machines/reviews/reviewWindowMachine.ts) is explored with,
 * shared by its model-based test and its view test: for each side, every window the server can
 * answer a load with (open, written, published with or without a reply to make, closed with or
 * without the other side's review), writing the form (rating, comment, and the company's "would
 * hire again"), submitting it empty and filled, editing a written review and cancelling, the
 * reply; and every answer to the request in flight (success, a failure under no field, under a
 * field, and a 409 that reloads the window).
 *
 * The model's states are coarse (where the machine is, the failure's kind, which fields are
 * filled), so the graph stays small; `coveringPaths` picks paths that together take every
 * transition of the machine.
 */
import { createActor, type AnyStateMachine } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SubmitError } from '../../machines/kit/formMachine';
import {
  ReviewWindowStale,
  reviewWindowMachine,
  type ReviewWindowEvent,
  type ReviewWindowSnapshot,
} from '../../machines/reviews/reviewWindowMachine';
import { messages } from '../../src/shared/messages';
import type { ReviewShown, ReviewSide, ReviewWindowData, ReviewWindowResponse } from '../../src/shared/reviews';
import { coverAll, edgePaths, pathKeys, transitionKey } from './coverage';

export const ENGAGEMENT_ID = '7a1d3c2e-5b6f-4a80-9c1d-2e3f4a5b6c7d';
export const COMPANY_REVIEW_ID = '7a1d3c2e-5b6f-4a80-9c1d-00000000c0c0';
export const RIDER_REVIEW_ID = '7a1d3c2e-5b6f-4a80-9c1d-00000000a1a1';
export const COMMENT = 'On time every morning, careful with the cakes.';
export const EDITED_COMMENT = 'On time, careful, and friendly with customers.';
export const REPLY = 'Thank you, it was a pleasure riding for Lekki Bakes.';
export const THEIR_COMMENT = {
  company: 'Clear pickup points and paid every Friday.',
  rider: 'Ada was on time every day and careful with parcels.',
};
/** Ten days left when the fixtures are made. */
export const DEADLINE = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000 - 60_000).toISOString();
const PASSED = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
const AT = '2026-11-20T10:00:00.000Z';

export const COUNTERPART = { company: 'Ada O.', rider: 'Lekki Bakes' } as const;

export function review(author: ReviewSide, overrides: Partial<ReviewShown> = {}): ReviewShown {
  return {
    id: author === 'company' ? COMPANY_REVIEW_ID : RIDER_REVIEW_ID,
    authorRole: author,
    hidden: false,
    rating: author === 'company' ? 5 : 4,
    comment: author === 'company' ? THEIR_COMMENT.rider : THEIR_COMMENT.company,
    wouldHireAgain: author === 'company' ? true : null,
    reply: null,
    repliedAt: null,
    updatedAt: AT,
    ...overrides,
  };
}

const other = (side: ReviewSide): ReviewSide => (side === 'company' ? 'rider' : 'company');

export type WindowKind = 'open' | 'written' | 'published' | 'publishedReplied' | 'publishedHidden' | 'closed' | 'closedWithTheirs';

/** A window as the server answers it to `side`. */
export function windowFor(side: ReviewSide, kind: WindowKind, mine: ReviewShown | null = null): ReviewWindowData {
  const myReview = mine ?? (kind === 'open' || kind.startsWith('closed') ? null : review(side, { comment: COMMENT, rating: 4, wouldHireAgain: side === 'company' ? true : null }));
  const theirs =
    kind === 'published' || kind === 'closedWithTheirs'
      ? review(other(side))
      : kind === 'publishedReplied'
        ? review(other(side), side === 'rider' ? { reply: REPLY, repliedAt: AT } : {})
        : kind === 'publishedHidden'
          ? review(other(side), { hidden: true, rating: null, comment: null, wouldHireAgain: null })
          : null;
  const state = kind === 'open' ? 'open' : kind === 'written' ? 'written' : kind.startsWith('closed') ? 'closed' : 'published';
  return {
    engagementId: ENGAGEMENT_ID,
    side,
    state,
    deadline: kind.startsWith('closed') ? PASSED : DEADLINE,
    counterpart: COUNTERPART[side],
    mine: myReview,
    theirs,
    canReply: side === 'rider' && theirs !== null && !theirs.hidden && theirs.reply === null,
  };
}

export type ReviewModelEvent =
  | ReviewWindowEvent
  | { type: `xstate.done.actor.${'loadWindow'}`; output: ReviewWindowData }
  | { type: `xstate.done.actor.${'saveReview' | 'postReply'}`; output: ReviewWindowResponse }
  | { type: `xstate.error.actor.${'loadWindow' | 'saveReview' | 'postReply'}`; error: unknown };

const alertFailure = () => new SubmitError({ field: 'alert', message: messages.submitFailed });

function where(snapshot: ReviewWindowSnapshot): { top: string; sub: string | null } {
  const value = snapshot.value as unknown;
  if (typeof value === 'string') return { top: value, sub: null };
  const top = Object.keys(value as object)[0]!;
  return { top, sub: (value as Record<string, string>)[top]! };
}

/** My review as the server keeps it from what the form sent. */
function mineFrom(snapshot: ReviewWindowSnapshot): ReviewShown {
  const { values, side } = snapshot.context;
  return review(side, {
    rating: Number(values.rating),
    comment: values.comment.trim(),
    wouldHireAgain: side === 'company' ? values.would_hire_again === 'yes' : null,
  });
}

/** The server's answer to the request in flight (what the real API does, see tests/server/reviews.test.ts). */
export function answerTo(snapshot: ReviewWindowSnapshot, publishes: boolean): ReviewWindowResponse {
  const { side, window } = snapshot.context;
  const { sub } = where(snapshot);
  if (sub === 'replying') {
    const theirs = { ...window!.theirs!, reply: snapshot.context.reply.trim(), repliedAt: AT };
    return { message: messages.reviewReplyPosted, window: { ...window!, theirs, canReply: false } };
  }
  const mine = mineFrom(snapshot);
  if (publishes) return { message: messages.reviewPublished, window: windowFor(side, 'published', mine) };
  return { message: messages.reviewSaved, window: windowFor(side, 'written', mine) };
}

/** The event as it happens from `snapshot` itself (the graph keeps one snapshot per coarse state). */
export function liveEvent(event: ReviewModelEvent, snapshot: ReviewWindowSnapshot): ReviewModelEvent {
  if (event.type !== 'xstate.done.actor.saveReview' && event.type !== 'xstate.done.actor.postReply') return event;
  const published = (event as { output: ReviewWindowResponse }).output.window.state === 'published';
  return { ...event, output: answerTo(snapshot, published) } as ReviewModelEvent;
}

const loadKinds: Record<ReviewSide, WindowKind[]> = {
  company: ['open', 'written', 'published', 'closed'],
  rider: ['open', 'written', 'published', 'publishedReplied', 'publishedHidden', 'closed', 'closedWithTheirs'],
};

/** What can happen in the state: what a party can do on the screen, or the network's answers. */
export function reviewEvents(snapshot: ReviewWindowSnapshot): ReviewModelEvent[] {
  const { top, sub } = where(snapshot);
  const { context } = snapshot;
  if (top === 'loading') {
    return [
      ...loadKinds[context.side].map((kind): ReviewModelEvent => ({ type: 'xstate.done.actor.loadWindow', output: windowFor(context.side, kind) })),
      { type: 'xstate.error.actor.loadWindow', error: alertFailure() },
    ];
  }
  if (top === 'failed') return [{ type: 'RETRY' }];
  if (sub === 'saving') {
    return [
      { type: 'xstate.done.actor.saveReview', output: answerTo(snapshot, false) },
      { type: 'xstate.done.actor.saveReview', output: answerTo(snapshot, true) },
      { type: 'xstate.error.actor.saveReview', error: alertFailure() },
      { type: 'xstate.error.actor.saveReview', error: new SubmitError({ field: 'comment', message: messages.tooLong(1000) }) },
      { type: 'xstate.error.actor.saveReview', error: new ReviewWindowStale({ field: 'alert', message: messages.reviewWindowClosed }) },
    ];
  }
  if (sub === 'replying') {
    return [
      { type: 'xstate.done.actor.postReply', output: answerTo(snapshot, true) },
      { type: 'xstate.error.actor.postReply', error: alertFailure() },
      { type: 'xstate.error.actor.postReply', error: new SubmitError({ field: 'reply', message: messages.tooLong(1000) }) },
      { type: 'xstate.error.actor.postReply', error: new ReviewWindowStale({ field: 'alert', message: messages.reviewReplyExists }) },
    ];
  }
  if (sub === 'editing') {
    const { values } = context;
    const events: ReviewModelEvent[] = [];
    if (values.rating === '') events.push({ type: 'EDIT', field: 'rating', value: '4' });
    if (values.comment === '') events.push({ type: 'EDIT', field: 'comment', value: top === 'written' ? EDITED_COMMENT : COMMENT });
    else if (top === 'written') events.push({ type: 'EDIT', field: 'comment', value: '' });
    if (context.side === 'company' && values.would_hire_again === '') events.push({ type: 'EDIT', field: 'would_hire_again', value: 'yes' });
    events.push({ type: 'SUBMIT' });
    if (top === 'written') events.push({ type: 'CANCEL_EDIT' });
    return events;
  }
  if (top === 'written' && sub === 'viewing') return [{ type: 'EDIT_AGAIN' }];
  if (sub === 'replyable') {
    return [...(context.reply === '' ? [{ type: 'EDIT_REPLY', value: REPLY } as const] : []), { type: 'SEND_REPLY' }];
  }
  return [];
}

/** Coarse on purpose: where the machine is, the failure's kind, a notice, which fields are filled. */
export function serializeReview(snapshot: ReviewWindowSnapshot): string {
  const { error, notice, values, reply, window } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    error ? (error.field === 'alert' ? 'alert' : 'field') : null,
    notice !== null,
    values.rating !== '',
    values.comment !== '',
    values.would_hire_again !== '',
    reply !== '',
    window?.state ?? null,
  ]);
}

interface Step {
  event: { type: string };
  state: unknown;
}

/** Eventless steps a step goes through: the machine sorts itself by the window it got. */
function stepKeys(machine: AnyStateMachine, before: ReviewWindowSnapshot, step: Step): string[] {
  const keys = (machine.getTransitionData(before as never, step.event as never) as Parameters<typeof transitionKey>[0][]).map(transitionKey);
  const after = step.state as ReviewWindowSnapshot;
  if (keys.some((k) => k.endsWith('--> sorting'))) {
    const { top, sub } = where(after);
    if (top !== 'loading' && top !== 'failed') {
      keys.push(`sorting --always[is]--> ${top}`);
      if (top === 'published' || top === 'closed') {
        const guard = sub === 'replyable' ? '[canReply]' : sub === 'replied' ? '[hasReply]' : '';
        keys.push(`${top}.sorting --always${guard}--> ${top}.${sub}`);
      }
    }
  }
  return keys;
}

/**
 * From edge paths of one or more models (each with its initial snapshot), the fewest, shortest
 * first, that together take every transition a path can take.
 */
export function coveringPaths(machine: AnyStateMachine, sets: Array<{ initial: ReviewWindowSnapshot; paths: Step[][] }>): Array<{ initial: ReviewWindowSnapshot; steps: Step[] }> {
  const all = sets.flatMap(({ initial, paths }) => paths.map((steps) => ({ initial, steps })));
  return coverAll(all, (p) => p.steps.length, ({ initial, steps }) => pathKeys(initial, steps, (before, step) => stepKeys(machine, before, step)));
}

/** One side's edge paths (every reachable state's shortest path plus each of its events). */
function modelPaths(side: ReviewSide): { initial: ReviewWindowSnapshot; paths: Step[][] } {
  const input = { engagementId: ENGAGEMENT_ID, side };
  const model = new TestModel(reviewWindowMachine, { events: reviewEvents as never, serializeState: serializeReview as never, input } as never);
  const initial = createActor(reviewWindowMachine, { input }).getSnapshot();
  const paths = edgePaths(
    { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
    serializeReview as never,
  );
  return { initial, paths: paths as Step[][] };
}

/** The paths the machine test and the view test run: both sides, every transition between them. */
export function reviewCoveringPaths(): Array<{ initial: ReviewWindowSnapshot; steps: Step[] }> {
  return coveringPaths(reviewWindowMachine, [modelPaths('company'), modelPaths('rider')]);
}
