// @vitest-environment jsdom
/**
 * The review window machine (machines/reviews/reviewWindowMachine.ts) tested through the real
 * ReviewWindow (the view, useReviewWindow, the reviews API client and the toasts), with only
 * fetch stood in at the network edge (tests/web/support/apiEdge.ts). The paths are the model's
 * (tests/machines/reviewWindowModel.ts) for both sides, chosen so that together they take every
 * transition. Each model event is something a party does on the screen (a star, the comment,
 * yes/no, Submit review, Edit my review, Cancel, the reply and Post reply, Try again) or the
 * server's answer to the request in flight. After each step the screen must show what the state
 * says; the component's own actor is inspected and must have taken every transition.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { ReviewWindowStale, reviewWindowMachine, reviewWindowSnapshotToView, type ReviewWindowSnapshot } from '../../machines/reviews/reviewWindowMachine';
import { SubmitError } from '../../machines/kit/formMachine';
import { messages } from '../../src/shared/messages';
import type { ReviewShown, ReviewSide } from '../../src/shared/reviews';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { ReviewWindow } from '../../src/web/features/reviews/ReviewWindow';
import { TransitionRecorder } from '../machines/coverage';
import { COMMENT, COUNTERPART, ENGAGEMENT_ID, liveEvent, reviewCoveringPaths, serializeReview, windowFor, type ReviewModelEvent } from '../machines/reviewWindowModel';
import { ApiEdge } from './support/apiEdge';

const WINDOW = `/api/engagements/${ENGAGEMENT_ID}/reviews`;
const edge = new ApiEdge();
const recorder = new TransitionRecorder();

function renderWindow(side: ReviewSide, inspect = recorder.inspect) {
  return render(
    <>
      <main>
        <h1>Hires</h1>
        <ReviewWindow engagementId={ENGAGEMENT_ID} side={side} headingLevel={2} inspect={inspect} />
      </main>
      <Toasts />
    </>,
  );
}

const where = (state: ReviewWindowSnapshot) => {
  const value = state.value as unknown;
  if (typeof value === 'string') return { top: value, sub: null as string | null };
  const top = Object.keys(value as object)[0]!;
  return { top, sub: (value as Record<string, string>)[top]! };
};

function pathOf(actor: string, before: ReviewWindowSnapshot): string {
  if (actor === 'loadWindow') return WINDOW;
  if (actor === 'saveReview') return `${WINDOW}/mine`;
  return `/api/reviews/${before.context.window!.theirs!.id}/reply`;
}

/** Does on the screen what the model event stands for. `before` is the state it happens in. */
async function perform(event: ReviewModelEvent, before: ReviewWindowSnapshot): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  const type = event.type;
  if (type === 'RETRY') fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
  else if (type === 'EDIT') {
    if (event.field === 'rating') fireEvent.click(screen.getByRole('radio', { name: messages.reviewStar(Number(event.value)) }));
    else if (event.field === 'would_hire_again') fireEvent.click(screen.getByRole('radio', { name: event.value === 'yes' ? messages.reviewYes : messages.reviewNo }));
    else fireEvent.change(screen.getByLabelText(messages.reviewCommentLabel), { target: { value: event.value } });
  } else if (type === 'SUBMIT') {
    fireEvent.click(screen.getByRole('button', { name: where(before).top === 'written' ? messages.reviewSave : messages.reviewSubmit }));
  } else if (type === 'EDIT_AGAIN') fireEvent.click(screen.getByRole('button', { name: messages.reviewEdit }));
  else if (type === 'CANCEL_EDIT') fireEvent.click(screen.getByRole('button', { name: messages.reviewCancelEdit }));
  else if (type === 'EDIT_REPLY') fireEvent.change(screen.getByLabelText(messages.reviewReplyLabel), { target: { value: event.value } });
  else if (type === 'SEND_REPLY') fireEvent.click(screen.getByRole('button', { name: messages.reviewReplySubmit }));
  else {
    const actor = type.replace(/^xstate\.(done|error)\.actor\./, '');
    const held = await waitFor(() => edge.take(pathOf(actor, before)));
    const { context } = before;
    if (actor === 'loadWindow') expect(held.method).toBe('GET');
    if (actor === 'saveReview') {
      expect(held.method).toBe('PUT');
      const { rating, comment, would_hire_again } = context.values;
      expect(held.body).toEqual(context.side === 'company' ? { rating, comment: comment.trim(), would_hire_again } : { rating, comment: comment.trim() });
    }
    if (actor === 'postReply') {
      expect(held.method).toBe('POST');
      expect(held.body).toEqual({ reply: context.reply.trim() });
    }
    if (type.startsWith('xstate.done.')) {
      await act(async () => held.respond(200, (event as { output: unknown }).output));
    } else {
      const error = (event as { error: unknown }).error;
      const fieldError = error instanceof SubmitError ? error.fieldError : { field: 'alert', message: messages.submitFailed };
      const status = error instanceof ReviewWindowStale ? 409 : fieldError.field === 'alert' ? 502 : 400;
      await act(async () => held.respond(status, { error: fieldError }));
    }
  }
  await act(async () => {});
}

function cardNamed(name: string) {
  return screen.getByRole('article', { name });
}

function expectCard(name: string, review: ReviewShown | null) {
  const card = cardNamed(name);
  if (!review) return expect(within(card).getByText(messages.reviewNoneLeft)).toBeTruthy();
  if (review.hidden) return expect(within(card).getByText(messages.reviewHidden)).toBeTruthy();
  expect(within(card).getByRole('img', { name: messages.reviewRatingOf(review.rating!) })).toBeTruthy();
  expect(within(card).getByText(review.comment!)).toBeTruthy();
  if (review.wouldHireAgain !== null) {
    expect(within(card).getByText(review.wouldHireAgain ? messages.reviewWouldHireAgain : messages.reviewWouldNotHireAgain)).toBeTruthy();
  }
  if (review.reply) expect(within(card).getByText(review.reply)).toBeTruthy();
}

/** What the screen must show in the state. */
async function expectScreen(state: ReviewWindowSnapshot, event: ReviewModelEvent): Promise<void> {
  const view = reviewWindowSnapshotToView(state);
  const { context } = state;
  const heading = context.side === 'company' ? messages.reviewHeadingCompany : messages.reviewHeadingRider;
  if (view.state === 'loading') {
    await waitFor(() => expect(screen.getByRole('status', { name: messages.reviewLoading })).toBeTruthy());
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    return;
  }
  if (view.state === 'failed') {
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(messages.reviewLoadFailed));
    expect(screen.getByRole('button', { name: messages.tryAgain })).toBeTruthy();
    return;
  }
  const window = context.window!;
  await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(`${heading} · ${COUNTERPART[context.side]}`));
  const { top, sub } = where(state);

  if (view.formShown) {
    expect(screen.getByText(view.editingWritten ? messages.reviewWrittenNote(view.daysLeft) : messages.reviewDaysLeft(view.daysLeft))).toBeTruthy();
    expect(screen.getByText(messages.reviewBlindExplainer)).toBeTruthy();
    const stars = within(screen.getByRole('group', { name: messages.reviewRatingLegend })).getAllByRole('radio') as HTMLInputElement[];
    expect(stars.map((r) => r.checked)).toEqual([1, 2, 3, 4, 5].map((n) => context.values.rating === String(n)));
    for (const star of stars) expect(star.disabled).toBe(view.busy);
    expect((screen.getByLabelText(messages.reviewCommentLabel) as HTMLTextAreaElement).value).toBe(context.values.comment);
    const again = screen.queryByRole('group', { name: messages.reviewHireAgainLabel });
    if (context.side === 'company') {
      const [yes, no] = within(again!).getAllByRole('radio') as HTMLInputElement[];
      expect([yes!.checked, no!.checked]).toEqual([context.values.would_hire_again === 'yes', context.values.would_hire_again === 'no']);
    } else expect(again).toBeNull();
    const submitName = view.busy ? messages.reviewSaving : view.editingWritten ? messages.reviewSave : messages.reviewSubmit;
    expect((screen.getByRole('button', { name: submitName }) as HTMLButtonElement).disabled).toBe(view.busy);
    expect(screen.queryByRole('button', { name: messages.reviewCancelEdit }) !== null).toBe(view.editingWritten);
    // Nothing of the other side's review while the window is open.
    expect(screen.queryByText(context.side === 'company' ? /Clear pickup points/ : /Ada was on time/)).toBeNull();
  } else if (top === 'written') {
    expect(screen.getByText(messages.reviewWrittenNote(view.daysLeft))).toBeTruthy();
    expectCard(messages.reviewYours, window.mine);
    expect(screen.getByRole('button', { name: messages.reviewEdit })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  } else {
    expect(screen.getByText(top === 'closed' ? messages.reviewClosed : messages.reviewPublishedHeading)).toBeTruthy();
    const company = context.side === 'company' ? window.mine : window.theirs;
    const rider = context.side === 'rider' ? window.mine : window.theirs;
    expectCard(context.side === 'company' ? messages.reviewYours : messages.reviewFromCompany, company);
    expectCard(context.side === 'rider' ? messages.reviewYours : messages.reviewFromRider, rider);
    const replyBox = screen.queryByLabelText(messages.reviewReplyLabel) as HTMLTextAreaElement | null;
    if (sub === 'replyable' || sub === 'replying') {
      expect(replyBox!.value).toBe(context.reply);
      const button = screen.getByRole('button', { name: sub === 'replying' ? messages.reviewReplying : messages.reviewReplySubmit });
      expect((button as HTMLButtonElement).disabled).toBe(sub === 'replying');
      // The form sits under the company's review.
      expect(cardNamed(messages.reviewFromCompany).contains(replyBox)).toBe(true);
    } else expect(replyBox).toBeNull();
    expect(screen.queryByRole('button', { name: messages.reviewEdit })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  }

  // A failure: under its field, or as an alert; none when there is none. A reload's notice.
  const alerts = screen.queryAllByRole('alert').map((a) => a.textContent);
  expect(alerts).toEqual(context.error ? [context.error.message] : []);
  if (context.error?.field === 'comment') expect(screen.getByLabelText(messages.reviewCommentLabel).getAttribute('aria-invalid')).toBe('true');
  if (context.error?.field === 'reply') expect(screen.getByLabelText(messages.reviewReplyLabel).getAttribute('aria-invalid')).toBe('true');
  if (context.notice) expect(screen.getByText(context.notice).getAttribute('role')).toBe('status');

  if (event.type === 'xstate.done.actor.saveReview' || event.type === 'xstate.done.actor.postReply') {
    await screen.findAllByText((event as { output: { message: string } }).output.message);
  }
}

const paths = reviewCoveringPaths();

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
afterEach(() => {
  toast.dismiss();
  cleanup();
  edge.reset();
});

describe('the review window along the review window machine’s paths', () => {
  it.each(paths.map(({ initial, steps }, i) => [i + 1, `${initial.context.side}: ${steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')}`, initial, steps] as const))(
    'path %i: %s',
    async (_i, _name, initial, steps) => {
      renderWindow(initial.context.side);
      await expectScreen(initial, { type: 'RETRY' });
      let before = initial;
      for (const step of steps) {
        const event = liveEvent(step.event as ReviewModelEvent, before);
        if ((event.type as string) === 'xstate.init') continue;
        await perform(event, before);
        const expected = getNextSnapshot(reviewWindowMachine, before, event as never);
        expect(serializeReview(expected), 'the screen follows the model’s path').toBe(serializeReview(step.state as ReviewWindowSnapshot));
        await expectScreen(expected, event);
        before = expected;
      }
      expect(edge.held.length).toBeLessThanOrEqual(1);
    },
  );

  it('has no axe violations: open with a rule broken, written, and published with the reply form', async () => {
    const run = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.help}`);
    renderWindow('company', () => {});
    const asked = await waitFor(() => edge.take(WINDOW));
    await act(async () => asked.respond(200, windowFor('company', 'open')));
    await screen.findByRole('button', { name: messages.reviewSubmit });
    expect(await run()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: messages.reviewSubmit }));
    await screen.findByText(messages.reviewRatingRequired);
    expect(await run()).toEqual([]);
    cleanup();
    renderWindow('rider', () => {});
    const again = await waitFor(() => edge.take(WINDOW));
    await act(async () => again.respond(200, windowFor('rider', 'published')));
    await screen.findByLabelText(messages.reviewReplyLabel);
    expect(await run()).toEqual([]);
  });

  it('is worked by keyboard: the stars are one radio group in the tab order, and each target is at least 44 px by its class', async () => {
    renderWindow('rider', () => {});
    const asked = await waitFor(() => edge.take(WINDOW));
    await act(async () => asked.respond(200, windowFor('rider', 'open')));
    const stars = (await screen.findAllByRole('radio')) as HTMLInputElement[];
    expect(stars.map((s) => s.name)).toEqual(Array(5).fill(stars[0]!.name));
    expect(stars.every((s) => s.tabIndex >= 0)).toBe(true);
    expect(stars.every((s) => s.closest('label')?.className.includes('review-radio'))).toBe(true);
    stars[2]!.focus();
    expect(document.activeElement).toBe(stars[2]);
    // A radio's arrow key selects the next one in a browser; jsdom needs the click itself.
    fireEvent.keyDown(stars[2]!, { key: 'ArrowRight' });
    fireEvent.click(stars[3]!);
    expect(stars[3]!.checked).toBe(true);
    fireEvent.change(screen.getByLabelText(messages.reviewCommentLabel), { target: { value: COMMENT } });
    fireEvent.click(screen.getByRole('button', { name: messages.reviewSubmit }));
    const held = await waitFor(() => edge.take(`${WINDOW}/mine`));
    expect(held.body).toEqual({ rating: '4', comment: COMMENT });
  });

  it('drives every transition of the machine through the view', () => {
    expect(recorder.report('reviewWindowMachine through ReviewWindow', reviewWindowMachine)).toEqual([]);
  });
});
