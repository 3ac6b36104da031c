// @vitest-environment jsdom
/**
 * The tracking machine (machines/deliveries/trackingMachine.ts) through the real tracking page
 * (TrackingPage, the app's API client), with only fetch stood in at the network edge: the
 * delivery shown (reference, status in words, from → to, pickup time, price and payment, the
 * timeline) and nothing of the people in it; an unknown link; a failure and its retry. The page's
 * own actor is inspected and must have taken every transition.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trackingMachine, type Tracking } from '../../machines/deliveries/trackingMachine';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { TrackingPage } from '../../src/web/features/deliveries/TrackingPage';
import { StoryRouter } from '../../storybook/support/StoryRouter';
import { TransitionRecorder } from '../machines/coverage';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();
const recorder = new TransitionRecorder();
const TOKEN = 'trk_8Qm2x7Lz0pVb4nYc';

const TRACKING: Tracking = {
  reference: 'OGB-7K2Q9',
  status: 'assigned',
  pickup: { state: 'Lagos', area: 'Ikeja' },
  dropoff: { state: 'Lagos', area: 'Lekki' },
  pickup_at: '2026-11-25T08:30:00.000Z',
  price_kobo: 580000,
  payment: 'cash_on_delivery',
  events: [
    { status: 'booked', at: '2026-11-24T10:02:00.000Z' },
    { status: 'assigned', at: '2026-11-24T10:09:00.000Z' },
  ],
};

function renderPage() {
  return render(
    <StoryRouter path={`/track/${TOKEN}`}>
      <main>
        <TrackingPage token={TOKEN} inspect={recorder.inspect} />
      </main>
    </StoryRouter>,
  );
}

const page = () => screen.getByRole('main');
const answer = async (status: number, body: unknown) => {
  const held = await waitFor(() => edge.take('/api/deliveries/tracking'));
  // The token travels in a header, never in the address the server logs.
  expect(held.headers.get('x-tracking-token')).toBe(TOKEN);
  expect(held.search).toBe('');
  await act(async () => held.respond(status, body));
};

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
beforeEach(() => edge.reset());
afterEach(() => cleanup());

describe('the tracking page', () => {
  it('shows the delivery: reference, status in words, from → to, pickup time, price and payment, the timeline', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: b.trackingTitle });
    expect(within(page()).getByRole('status').textContent).toBe(b.trackingLoading);
    await answer(200, { tracking: TRACKING });
    await within(page()).findByText(TRACKING.reference);
    const facts = Object.fromEntries(
      [...page().querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      [b.reference]: 'OGB-7K2Q9',
      [b.status]: b.statuses.assigned,
      [b.from]: 'Ikeja, Lagos',
      [b.to]: 'Lekki, Lagos',
      [b.pickupTime]: 'Wed 25 Nov, 09:30',
      [b.price]: `₦5,800, ${b.payments.cash_on_delivery}`,
    });
    expect([...page().querySelectorAll('.tracking-timeline li')].map((li) => li.textContent)).toEqual([
      `Tue 24 Nov, 11:02 ${b.statuses.booked}`,
      `Tue 24 Nov, 11:09 ${b.statuses.assigned}`,
    ]);
    // Shared on WhatsApp: no phone number or e-mail address on the page.
    expect(page().textContent).not.toMatch(/@|\+?\d{4}\s?\d{3}\s?\d{4}/);
    expect((await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id)).toEqual([]);
  });

  it('abroad: the city and the country; "as soon as possible" without a pickup time', async () => {
    renderPage();
    await answer(200, { tracking: { ...TRACKING, status: 'booked', dropoff: { country: 'GB', city: 'London' }, pickup_at: null, payment: 'transfer' } });
    await within(page()).findByText('London, United Kingdom');
    expect(within(page()).getByText(b.pickupAsap)).toBeTruthy();
  });

  it('says so for a link no delivery has', async () => {
    renderPage();
    await answer(404, { error: { field: 'alert', message: 'Not found' } });
    await waitFor(() => expect(within(page()).getByRole('alert').textContent).toBe(b.trackingNotFound));
    expect(within(page()).queryByRole('button', { name: b.trackingRetry })).toBeNull();
  });

  it('offers to try again after a failure, and then shows the delivery', async () => {
    renderPage();
    await answer(502, { error: { field: 'alert', message: 'Something went wrong.' } });
    await waitFor(() => expect(within(page()).getByRole('alert').textContent).toBe(b.trackingFailed));
    fireEvent.click(within(page()).getByRole('button', { name: b.trackingRetry }));
    await answer(200, { tracking: TRACKING });
    await within(page()).findByText(TRACKING.reference);
  });

  it('drives every transition of the machine through the page', () => {
    expect(recorder.report('trackingMachine through the tracking page', trackingMachine)).toEqual([]);
  });
});
