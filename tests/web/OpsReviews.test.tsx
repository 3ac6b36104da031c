// @vitest-environment jsdom
/**
 * The console's reviews page (/ops/reviews) through the real screen (list frame,
 * filter, row buttons, the reason dialog, toasts, the console API client), with only fetch stood
 * in at the network edge: the list loads and filters; Hide asks for a reason (an empty one is
 * refused on the page and sends nothing), sends it, tells the outcome and reloads the list;
 * Show again acts at once; a refusal is told; no axe violations with the dialog open.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { OpsReview } from '../../src/shared/reviews';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { OpsReviewsScreen } from '../../src/web/features/ops/ReviewsView';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();

const visible: OpsReview = {
  id: '44444444-4444-4444-8444-444444444444',
  engagementId: '55555555-5555-4555-8555-555555555555',
  authorRole: 'company',
  authorName: 'Lekki Bakes',
  subjectName: 'Ada O.',
  rating: 1,
  comment: 'Rude words about the rider',
  wouldHireAgain: false,
  reply: null,
  published: true,
  hidden: false,
  hiddenReason: null,
  hiddenAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const hidden: OpsReview = { ...visible, hidden: true, hiddenReason: 'Insults the rider', hiddenAt: '2026-11-21T10:00:00.000Z' };

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
afterEach(() => {
  toast.dismiss();
  cleanup();
  edge.reset();
});

async function answerList(items: OpsReview[], search = '') {
  const held = await waitFor(() => edge.take('/api/ops/reviews'));
  expect(held.search).toBe(search);
  await act(async () => held.respond(200, { items, next: null }));
}

describe('the console’s reviews page', () => {
  it('lists, filters, hides with a reason and shows again', async () => {
    render(
      <>
        <main>
          <OpsReviewsScreen />
        </main>
        <Toasts />
      </>,
    );
    await answerList([visible]);
    const row = (await screen.findByText('Rude words about the rider')).closest('tr')!;
    expect(within(row).getByText(messages.opsReviewStatusVisible)).toBeTruthy();
    expect(within(row).getByRole('img', { name: messages.reviewRatingOf(1) })).toBeTruthy();

    fireEvent.change(screen.getByLabelText(messages.opsReviewsFilterLabel), { target: { value: 'hidden' } });
    await answerList([], '?visibility=hidden');
    await screen.findByText(messages.opsReviewsEmpty);
    fireEvent.change(screen.getByLabelText(messages.opsReviewsFilterLabel), { target: { value: '' } });
    await answerList([visible]);

    fireEvent.click(await screen.findByRole('button', { name: `${messages.opsReviewHide} Lekki Bakes` }));
    const dialog = await screen.findByRole('dialog', { name: messages.opsReviewHideTitle });
    expect(within(dialog).getByText(messages.opsReviewHideIntro('Lekki Bakes'))).toBeTruthy();
    expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id)).toEqual([]);

    // An empty reason is refused on the page: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: messages.opsReviewHide }));
    expect(within(dialog).getByRole('alert').textContent).toBe(messages.fieldRequired);
    expect(edge.held).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(messages.opsReviewHideReason), { target: { value: '  Insults the rider ' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.opsReviewHide }));
    const hide = await waitFor(() => edge.take(`/api/ops/reviews/${visible.id}/hide`));
    expect([hide.method, hide.body]).toEqual(['POST', { reason: 'Insults the rider' }]);
    await screen.findByRole('button', { name: messages.opsReviewHiding });
    await act(async () => hide.respond(200, { message: messages.opsReviewHidden, review: hidden }));
    await screen.findAllByText(messages.opsReviewHidden);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await answerList([hidden]);
    const hiddenRow = (await screen.findByText(messages.opsReviewStatusHidden('Insults the rider'))).closest('tr')!;

    // Show again acts at once; a refusal (someone else was first) is told.
    fireEvent.click(within(hiddenRow).getByRole('button', { name: `${messages.opsReviewShow} Lekki Bakes` }));
    const show = await waitFor(() => edge.take(`/api/ops/reviews/${visible.id}/show`));
    expect(show.method).toBe('POST');
    await act(async () => show.respond(409, { error: { field: 'alert', message: messages.opsReviewAlreadyVisible } }));
    await screen.findAllByText(messages.opsReviewAlreadyVisible);
  });
});
