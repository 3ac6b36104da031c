// @vitest-environment jsdom
/**
 * The real reviews list (RiderReviewsList: real machine, real API client) driven along the
 * machine's model paths (tests/machines/riderReviewsModel.ts, the same edge paths as
 * tests/machines/riderReviewsMachine.test.ts). Only the network edge (fetch) is a stand-in:
 * each answer of the model is GET /api/riders/:username/reviews answered as the server would.
 * After every step the screen must show what the model's state says; every transition of the
 * machine must be taken from the page.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { TestModel } from 'xstate/graph';
import { riderReviewsMachine, type RiderReviewsSnapshot } from '../../machines/riders/riderReviewsMachine';
import { messages } from '../../src/shared/messages';
import { reviewDate } from '../../src/shared/publicReviews';
import { RiderReviewsList, RiderReviewsListView } from '../../src/web/features/riders/RiderReviewsList';
import { useRiderReviews } from '../../src/web/features/riders/useRiderReviews';
import { TransitionRecorder, edgePaths } from '../machines/coverage';
import { firstPage, review, reviewsEvents, serializeReviews, USERNAME, type ReviewsModelEvent } from '../machines/riderReviewsModel';
import { ApiEdge } from './support/apiEdge';

const PATH = `/api/riders/${USERNAME}/reviews`;
const edge = new ApiEdge();
const recorder = new TransitionRecorder();

function Page() {
  const { view, send } = useRiderReviews(USERNAME, { inspect: recorder.inspect });
  return <RiderReviewsListView username={USERNAME} view={view} send={send} />;
}

async function perform(event: ReviewsModelEvent, before: RiderReviewsSnapshot): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  if (event.type === 'RETRY') {
    fireEvent.click(screen.getByRole('button', { name: messages.reviewsTryAgain }));
    return;
  }
  if (event.type === 'MORE') {
    fireEvent.click(screen.getByRole('button', { name: messages.reviewsShowMore }));
    return;
  }
  const request = await waitFor(() => edge.take(PATH));
  expect(request.method).toBe('GET');
  // The first page asks with no cursor; "Show more" with the last page's.
  expect(request.search).toBe(event.type.endsWith('loadFirst') ? '' : `?cursor=${before.context.next}`);
  await act(async () => {
    if (event.type.startsWith('xstate.done.actor.')) request.respond(200, (event as { output: unknown }).output);
    else request.respond(503, { error: { field: 'alert', message: 'Database not reachable' } });
  });
}

function expectScreen(state: RiderReviewsSnapshot): void {
  const value = state.value as string;
  const section = screen.getByRole('region', { name: messages.reviewsHeading });
  const list = within(section).queryByRole('list');
  const items = state.context.items;
  expect(list ? within(list).getAllByRole('listitem').length : 0, value).toBe(items.length);
  for (const r of items) {
    const item = within(list!).getByText(r.company_name).closest('li')!;
    expect(within(item).getByRole('img', { name: messages.reviewStars(r.rating) }).textContent).toBe('★'.repeat(r.rating) + '☆'.repeat(5 - r.rating));
    expect(item.textContent).toContain(r.comment);
    expect(item.textContent).toContain(reviewDate(r.published_at));
    expect(item.textContent!.includes(messages.reviewWouldHireAgain)).toBe(r.would_hire_again === true);
    if (r.reply) expect(item.textContent).toContain(`${messages.reviewReplyFrom(USERNAME)}${r.reply}`);
    else expect(item.textContent).not.toContain(messages.reviewReplyFrom(USERNAME));
  }
  const status = within(section).queryByRole('status');
  expect(status?.textContent ?? null).toBe(value === 'loading' ? messages.reviewsLoading : null);
  expect(within(section).queryByText(messages.noReviewsYet) !== null).toBe(value === 'empty');
  const alert = within(section).queryByRole('alert');
  expect(alert?.textContent ?? null).toBe(
    value === 'failed' ? `${messages.reviewsLoadFailed}${messages.reviewsTryAgain}` : value === 'moreFailed' ? messages.reviewsMoreFailed : null,
  );
  const more = within(section).queryByRole('button', { name: value === 'loadingMore' ? messages.reviewsLoading : messages.reviewsShowMore });
  const offered = value === 'loadingMore' || value === 'moreFailed' || (value === 'list' && state.context.next !== null);
  expect(more !== null, `${value}: Show more`).toBe(offered);
  if (more) expect((more as HTMLButtonElement).disabled).toBe(value === 'loadingMore');
  expect(section.getAttribute('aria-busy')).toBe(String(value === 'loading' || value === 'loadingMore'));
}

const model = new TestModel(riderReviewsMachine, { events: reviewsEvents as never, serializeState: serializeReviews as never, input: { username: USERNAME } } as never);
const paths = edgePaths(
  { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
  serializeReviews as never,
);

beforeAll(() => edge.install());
afterEach(() => {
  cleanup();
  edge.reset();
});

describe('RiderReviewsList along the machine paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      render(<Page />);
      // The graph keeps one snapshot per coarse state; what this path shows is followed by a pure
      // copy of the machine taking the path's own events.
      let expected = getInitialSnapshot(riderReviewsMachine, { username: USERNAME }) as RiderReviewsSnapshot;
      let before: RiderReviewsSnapshot | null = null;
      for (const step of steps) {
        const event = step.event as ReviewsModelEvent;
        if (before) {
          await perform(event, before);
          expected = getNextSnapshot(riderReviewsMachine, expected, event as never) as RiderReviewsSnapshot;
        }
        expect(serializeReviews(expected)).toBe(serializeReviews(step.state as RiderReviewsSnapshot));
        const shown = expected;
        await waitFor(() => expectScreen(shown));
        before = expected;
      }
    },
  );

  it('the exported list loads the username it is given, escapes nothing it should not, and starts afresh for another rider', async () => {
    const { rerender } = render(<RiderReviewsList username={USERNAME} />);
    const first = await waitFor(() => edge.take(PATH));
    await act(async () => first.respond(200, { items: [review(7, { comment: '<b>not bold</b>' })], next: null }));
    await screen.findByText('<b>not bold</b>');
    rerender(<RiderReviewsList username="bola.k" />);
    const other = await waitFor(() => edge.take('/api/riders/bola.k/reviews'));
    expect(screen.getByRole('status').textContent).toBe(messages.reviewsLoading);
    await act(async () => other.respond(200, firstPage));
    await screen.findByText(firstPage.items[0]!.company_name);
    expect(screen.queryByText('<b>not bold</b>')).toBeNull();
  });

  it('a dropped connection on the first load is a failure with a retry', async () => {
    render(<RiderReviewsList username={USERNAME} />);
    const request = await waitFor(() => edge.take(PATH));
    await act(async () => request.fail());
    expect((await screen.findByRole('alert')).textContent).toContain(messages.reviewsLoadFailed);
  });

  afterAll(() => {
    edge.uninstall();
    const missing = recorder.report('riderReviewsMachine, driven from the list', riderReviewsMachine);
    expect(missing, `transitions the list never drove:\n${missing.join('\n')}`).toEqual([]);
  });
});
