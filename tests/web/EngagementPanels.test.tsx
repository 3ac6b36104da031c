// @vitest-environment jsdom
/**
 * The hiring screens around the engagement card, with only fetch stood in at the network edge:
 * HireRequestPanel on the company's rider page (the open request's card instead of the button;
 * Request this rider → the form with states and areas from /api/locations → sent → its card; a
 * rule broken or refused by the server under its field), and the lists (the company's Hires
 * page and the rider's section: the status filter asks the server again, Show more pages on,
 * a failed load offers Try again, the review slot under an ended engagement).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, lagosToday, type HireItem } from '../../src/shared/hiring';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { HireRequestPanel } from '../../src/web/features/hiring/HireRequestPanel';
import { CompanyHires, RiderHires } from '../../src/web/features/hiring/HiresList';
import { hireItem } from '../machines/engagementModel';
import { ApiEdge } from './support/apiEdge';
import { pickOption } from './support/combobox';

const edge = new ApiEdge();
const LIST = '/api/hiring/requests';
const soon = new Date(Date.now() + 3 * DAY_MS).toISOString();

const LOCATIONS: LocationState[] = [
  {
    name: 'Lagos',
    capital: 'Ikeja',
    state_code: 'LA',
    creation_date: '1967-05-27',
    location: null,
    total_area: null,
    population: null,
    towns: [
      { name: 'Ikeja', location: null, total_area: null, population: null },
      { name: 'Ogba', location: null, total_area: null, population: null },
    ],
    lgas: [],
  } as unknown as LocationState,
];

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
afterEach(() => {
  toast.dismiss();
  cleanup();
  edge.reset();
});

async function answer(path: string, status: number, body: unknown) {
  const held = await waitFor(() => edge.take(path));
  await act(async () => held.respond(status, body));
  return held;
}

describe('HireRequestPanel', () => {
  function renderPanel() {
    return render(
      <>
        <main>
          <HireRequestPanel username="ada_rides" displayName="Ada O." />
        </main>
        <Toasts />
      </>,
    );
  }

  it('shows the open request with this rider instead of the button', async () => {
    renderPanel();
    const held = await answer(LIST, 200, { items: [hireItem('company', { expires_at: soon })], next: null });
    expect(new URLSearchParams(held.search).get('rider')).toBe('ada_rides');
    expect(new URLSearchParams(held.search).get('status')).toBe('open');
    expect(await screen.findByText(messages.hireOpenWithRider)).toBeTruthy();
    expect(screen.getByText(messages.hireStatusLabels.requested)).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.hireWithdraw })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.hireRequestThisRider })).toBeNull();
  });

  it('after withdrawing the open request, a new one can be sent from the same panel', async () => {
    renderPanel();
    const item = hireItem('company', { expires_at: soon });
    await answer(LIST, 200, { items: [item], next: null });
    expect(screen.queryByRole('button', { name: messages.hireRequestThisRider })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: messages.hireWithdraw }));
    await answer(`${LIST}/${item.id}/withdraw`, 200, { message: messages.hireWithdrawn, item: hireItem('company', { status: 'withdrawn' }) });
    expect(await screen.findByText(messages.hireStatusLabels.withdrawn)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: messages.hireRequestThisRider }));
    await answer('/api/locations', 200, LOCATIONS);
    expect(screen.getByRole('heading', { name: messages.hireRequestHeading('Ada O.') })).toBeTruthy();
  });

  it('Request this rider → the form → sent: the request carries the fields and the rider, then its card shows', async () => {
    renderPanel();
    await answer(LIST, 200, { items: [], next: null });
    fireEvent.click(await screen.findByRole('button', { name: messages.hireRequestThisRider }));
    await answer('/api/locations', 200, LOCATIONS);
    expect(screen.getByRole('heading', { name: messages.hireRequestHeading('Ada O.') })).toBeTruthy();

    // A rule broken: nothing is sent, the message sits under its field.
    fireEvent.click(screen.getByRole('button', { name: messages.hireSendRequest }));
    expect((await screen.findAllByText(messages.fieldRequired)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(new RegExp(`^${messages.hireLabels.role}`)).getAttribute('aria-invalid')).toBe('true');
    expect(edge.held.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText(new RegExp(`^${messages.hireLabels.role}`)), { target: { value: 'Dispatch rider' } });
    pickOption(messages.hireLabels.state, 'Lagos');
    pickOption(messages.hireLabels.town, 'Ogba');
    fireEvent.change(screen.getByLabelText(messages.hireLabels.start_date), { target: { value: lagosToday() } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${messages.hireLabels.pay_note}`)), { target: { value: '₦120,000 a month' } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${messages.hireLabels.message.replace(/[()]/g, '\\$&')}`)), { target: { value: 'Mornings' } });
    fireEvent.click(screen.getByRole('button', { name: messages.hireSendRequest }));
    expect(await screen.findByRole('button', { name: messages.hireSending })).toBeTruthy();
    const sent = await waitFor(() => edge.take(LIST));
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({ rider: 'ada_rides', role: 'Dispatch rider', state: 'Lagos', town: 'Ogba', start_date: lagosToday(), pay_note: '₦120,000 a month', message: 'Mornings' });
    const item: HireItem = hireItem('company', { town: 'Ogba', expires_at: soon });
    await act(async () => sent.respond(200, { message: messages.hireRequestSent('Ada O.'), item }));
    expect(await screen.findAllByText(messages.hireRequestSent('Ada O.'))).toBeTruthy();
    expect(await screen.findByText(messages.hireStatusLabels.requested)).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.hireWithdraw })).toBeTruthy();
  });

  it('a refusal under the rider (already open, not listed) is told on the form', async () => {
    renderPanel();
    await answer(LIST, 200, { items: [], next: null });
    fireEvent.click(await screen.findByRole('button', { name: messages.hireRequestThisRider }));
    await answer('/api/locations', 200, LOCATIONS);
    fireEvent.change(screen.getByLabelText(new RegExp(`^${messages.hireLabels.role}`)), { target: { value: 'Dispatch rider' } });
    pickOption(messages.hireLabels.state, 'Lagos');
    pickOption(messages.hireLabels.town, 'Ikeja');
    fireEvent.change(screen.getByLabelText(messages.hireLabels.start_date), { target: { value: lagosToday() } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${messages.hireLabels.pay_note}`)), { target: { value: 'pay' } });
    fireEvent.click(screen.getByRole('button', { name: messages.hireSendRequest }));
    await answer(LIST, 409, { error: { field: 'rider', message: messages.hireAlreadyOpen } });
    expect((await screen.findByRole('alert')).textContent).toBe(messages.hireAlreadyOpen);
    const run = (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id);
    expect(run).toEqual([]);
  });
});

describe('the lists', () => {
  it('the company’s Hires: rows, the filter asks again, Show more pages on, the review slot under an ended engagement', async () => {
    render(
      <main>
        <CompanyHiresWithSlot />
      </main>,
    );
    const first = await waitFor(() => edge.take(LIST));
    expect(first.search).toBe('');
    const waiting = hireItem('company', { id: '00000000-0000-4000-8000-000000000001', expires_at: soon, rider: { username: 'chike', display_name: 'Chike E.', full_name: null, picture: null } });
    const ended = hireItem('company', { id: '00000000-0000-4000-8000-000000000002', status: 'ended' });
    await act(async () => first.respond(200, { items: [waiting, ended], next: 'cursor-1' }));
    expect(await screen.findByRole('heading', { level: 1, name: messages.hireHiresHeading })).toBeTruthy();
    // The cards' code loads with the first item.
    expect(await screen.findByRole('heading', { level: 2, name: 'Chike E.' })).toBeTruthy();
    // The rider who accepted is named in full on the card and its contact; the waiting one is not.
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Okafor' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Ada O.' })).toBeNull();
    expect(screen.getByText('Review slot ended')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: messages.hireLoadMore }));
    const more = await waitFor(() => edge.take(LIST));
    expect(new URLSearchParams(more.search).get('cursor')).toBe('cursor-1');
    await act(async () => more.respond(200, { items: [], next: null }));
    await waitFor(() => expect(screen.queryByRole('button', { name: messages.hireLoadMore })).toBeNull());

    fireEvent.change(screen.getByLabelText(messages.hireFilterLabel), { target: { value: 'open' } });
    const filtered = await waitFor(() => edge.take(LIST));
    expect(new URLSearchParams(filtered.search).get('status')).toBe('open');
    await act(async () => filtered.respond(200, { items: [], next: null }));
    expect(await screen.findByText(messages.hireEmptyFiltered)).toBeTruthy();
  });

  it('the rider’s section: a request to answer, accepted from the list; a failed load offers Try again', async () => {
    render(
      <>
        <main>
          <RiderHires />
        </main>
        <Toasts />
      </>,
    );
    await answer(LIST, 502, { error: { field: 'alert', message: messages.submitFailed } });
    expect(await screen.findByText(messages.hireLoadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
    const item = hireItem('rider', { expires_at: soon });
    await answer(LIST, 200, { items: [item], next: null });
    const card = (await screen.findByRole('heading', { level: 3, name: messages.hireCompanyRequests('Lekki Bakes') })).closest('article')!;
    expect(within(card).queryByRole('link', { name: messages.hireWhatsApp })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: messages.hireAccept }));
    await answer(`${LIST}/${item.id}/accept`, 200, { message: messages.hireAccepted('Lekki Bakes'), item: hireItem('rider', { status: 'active' }) });
    expect(await within(card).findByRole('link', { name: messages.hireWhatsApp })).toBeTruthy();
    expect(within(card).getByRole('link', { name: messages.hireCall('+2347040000001') }).getAttribute('href')).toBe('tel:+2347040000001');
    expect((await screen.findAllByText(messages.hireAccepted('Lekki Bakes'))).length).toBeGreaterThan(0);
  });
});

function CompanyHiresWithSlot() {
  return <CompanyHires reviewSlot={(e) => <p>Review slot {e.status}</p>} />;
}
