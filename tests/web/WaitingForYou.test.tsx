// @vitest-environment jsdom
/**
 * "Waiting for you" on the rider dashboard, with only fetch stood in at the network edge: the
 * list machine's states on the screen (nothing while it is checked, a failure with Try again,
 * then each item with its action and the count), the item an e-mail linked to scrolled to and
 * focused (or, dealt with already, said so), the ID's Upload again, and the link's item kept
 * through the login.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/shared/hiring';
import { messages } from '../../src/shared/messages';
import { waitingElementId, type WaitingItem } from '../../src/shared/waiting';
import { WaitingForYou } from '../../src/web/features/profile/WaitingForYou';
import { waiting } from '../../src/web/kit/session/waiting';
import { forgetWaitingItem, keepWaitingItem, waitingItemOf } from '../../src/web/kit/session/waitingLink';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();
const WAITING = '/api/users/waiting';
const REQUEST_ID = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';
const REVIEW_ID = '2a3b4c5d-6e7f-4809-9a1b-2c3d4e5f6a7b';
const ITEMS: WaitingItem[] = [
  { kind: 'request', id: REQUEST_ID, company: 'Lekki Bakes', role: 'Dispatch rider', expires_at: new Date(Date.now() + 3 * DAY_MS).toISOString() },
  { kind: 'review', id: REVIEW_ID, company: 'Yaba Foods', deadline: new Date(Date.now() + 10 * DAY_MS).toISOString() },
  { kind: 'id', reason: 'The photo is blurred' },
];

beforeAll(() => {
  edge.install();
  Element.prototype.scrollIntoView = function scrollIntoView() {};
});
afterAll(() => edge.uninstall());
afterEach(() => {
  cleanup();
  edge.reset();
  waiting.forget();
  sessionStorage.clear();
});

async function answer(status: number, body: unknown) {
  const held = await waitFor(() => edge.take(WAITING));
  expect(held.method).toBe('GET');
  await act(async () => held.respond(status, body));
}

describe('Waiting for you', () => {
  it('shows nothing while it checks, Try again after a failure, then each item with its action and the count', async () => {
    const uploads: number[] = [];
    const { container } = render(<WaitingForYou focusKey={null} onUploadId={() => uploads.push(1)} />);
    // Checking: nothing on the screen (most riders have nothing waiting).
    expect(container.textContent).toBe('');

    await answer(502, { error: { field: 'alert', message: messages.submitFailed } });
    expect((await screen.findByRole('alert')).textContent).toContain(messages.waitingLoadFailed);
    fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    await answer(200, { items: ITEMS });
    const section = await screen.findByRole('region', { name: new RegExp(messages.waitingHeading) });
    expect(within(section).getByRole('img', { name: messages.waitingCount(3) }).textContent).toBe('3');
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('strong')!.textContent)).toEqual([
      messages.waitingRequest('Lekki Bakes', 'Dispatch rider'),
      messages.waitingReview('Yaba Foods'),
      messages.waitingId,
    ]);
    // The request and the review go to their card further down; the ID opens the upload.
    expect(within(rows[0]!).getByRole('link', { name: messages.waitingRequestAction }).getAttribute('href')).toBe(`#hire-${REQUEST_ID}-title`);
    expect(within(rows[1]!).getByRole('link', { name: messages.waitingReviewAction }).getAttribute('href')).toBe(`#hire-${REVIEW_ID}-title`);
    expect(within(rows[2]!).getByText('The photo is blurred')).toBeTruthy();
    fireEvent.click(within(rows[2]!).getByRole('button', { name: messages.waitingIdAction }));
    expect(uploads).toEqual([1]);
    // The header's count reads the same answer.
    expect(waiting.count()).toBe(3);
    const results = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('with nothing waiting, shows nothing at all', async () => {
    const { container } = render(<WaitingForYou focusKey={null} onUploadId={() => {}} />);
    await answer(200, { items: [] });
    await act(async () => {});
    expect(container.textContent).toBe('');
    expect(waiting.count()).toBe(0);
  });

  it('scrolls to the item an e-mail linked to and focuses it', async () => {
    render(<WaitingForYou focusKey={`review-${REVIEW_ID}`} onUploadId={() => {}} />);
    await answer(200, { items: ITEMS });
    await waitFor(() => expect(document.activeElement?.id).toBe(waitingElementId(`review-${REVIEW_ID}`)));
    expect(document.activeElement?.textContent).toContain(messages.waitingReview('Yaba Foods'));
  });

  it('says so when the linked item is dealt with already, focusing the list', async () => {
    render(<WaitingForYou focusKey={`request-${REVIEW_ID}`} onUploadId={() => {}} />);
    await answer(200, { items: [] });
    expect((await screen.findByRole('status')).textContent).toBe(messages.waitingDone);
    await waitFor(() => expect(document.activeElement?.textContent).toContain(messages.waitingHeading));
  });

  it("keeps the link's item through the login until it is focused; anything else in the link is ignored", () => {
    // The guard, sending a signed-out rider to /login from /rider-dashboard?item=…
    keepWaitingItem({ item: `request-${REQUEST_ID}` });
    // …and the dashboard after the login, whose URL has lost the query: a second mount of the
    // route reads it too, until the item has been focused.
    expect(waitingItemOf({})).toBe(`request-${REQUEST_ID}`);
    expect(waitingItemOf({})).toBe(`request-${REQUEST_ID}`);
    forgetWaitingItem();
    expect(waitingItemOf({})).toBeNull();
    // The link's own item wins.
    keepWaitingItem({ item: 'id' });
    expect(waitingItemOf({ item: `review-${REVIEW_ID}` })).toBe(`review-${REVIEW_ID}`);
    forgetWaitingItem();
    keepWaitingItem({ item: '<script>' });
    expect(waitingItemOf({ item: 'request-not-an-id' })).toBeNull();
  });

  it('forgets the kept item only once the linked item has been focused, on a remount too', async () => {
    keepWaitingItem({ item: `request-${REQUEST_ID}` });
    // The route mounted twice (the first mount gone before the list arrived): both read the item.
    const first = render(<WaitingForYou focusKey={waitingItemOf({})} onUploadId={() => {}} onFocused={forgetWaitingItem} />);
    first.unmount();
    render(<WaitingForYou focusKey={waitingItemOf({})} onUploadId={() => {}} onFocused={forgetWaitingItem} />);
    expect(waitingItemOf({})).toBe(`request-${REQUEST_ID}`);
    await answer(200, { items: ITEMS });
    await waitFor(() => expect(document.activeElement?.id).toBe(waitingElementId(`request-${REQUEST_ID}`)));
    expect(waitingItemOf({})).toBeNull();
  });
});
