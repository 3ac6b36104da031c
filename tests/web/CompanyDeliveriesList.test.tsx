// @vitest-environment jsdom
/**
 * The real deliveries list of the company dashboard (CompanyDeliveriesList: real machine, real
 * API client, under a real router for its "Send a parcel" link) driven along the machine's model
 * paths (tests/machines/companyDeliveriesModel.ts, the same edge paths as
 * tests/machines/companyDeliveriesMachine.test.ts). Only the network edge (fetch) is a stand-in:
 * each answer of the model is GET /api/companies/me/deliveries answered as the server would.
 * After every step the screen must show what the model's state says; every transition of the
 * machine must be taken from the page.
 */
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type InspectionEvent } from 'xstate';
import { TestModel } from 'xstate/graph';
import { companyDeliveriesMachine, type CompanyDeliveriesSnapshot } from '../../machines/deliveries/companyDeliveriesMachine';
import { companyDeliveriesMessages as m } from '../../src/shared/deliveries/companyDeliveriesMessages';
import { paths as appPaths } from '../../src/shared/routes';
import { CompanyDeliveriesList } from '../../src/web/features/deliveries/CompanyDeliveriesList';
import { delivery, deliveriesEvents, serializeDeliveries, type DeliveriesModelEvent } from '../machines/companyDeliveriesModel';
import { TransitionRecorder, edgePaths } from '../machines/coverage';
import { ApiEdge } from './support/apiEdge';

const PATH = '/api/companies/me/deliveries';
const edge = new ApiEdge();
const recorder = new TransitionRecorder();

function renderList(inspect?: (event: InspectionEvent) => void) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <CompanyDeliveriesList inspect={inspect} /> }),
    history: createMemoryHistory({ initialEntries: ['/company-dashboard/deliveries'] }),
  });
  return render(<RouterProvider router={router} />);
}

async function perform(event: DeliveriesModelEvent, before: CompanyDeliveriesSnapshot): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  if (event.type === 'RETRY') {
    fireEvent.click(screen.getByRole('button', { name: m.tryAgain }));
    return;
  }
  if (event.type === 'MORE') {
    fireEvent.click(screen.getByRole('button', { name: m.loadMore }));
    return;
  }
  const request = await waitFor(() => edge.take(PATH));
  expect(request.method).toBe('GET');
  // The first page asks with no cursor; "Load more" with the last page's.
  expect(request.search).toBe(event.type.endsWith('loadFirst') ? '' : `?cursor=${before.context.next}`);
  await act(async () => {
    if (event.type.startsWith('xstate.done.actor.')) request.respond(200, (event as { output: unknown }).output);
    else request.respond(503, { error: { field: 'alert', message: 'Database not reachable' } });
  });
}

function expectScreen(state: CompanyDeliveriesSnapshot): void {
  const value = state.value as string;
  const section = screen.getByRole('region', { name: m.heading });
  const list = within(section).queryByRole('list');
  const items = state.context.items;
  expect(list ? within(list).getAllByRole('listitem').length : 0, value).toBe(items.length);
  // In the order the server sent them (newest first).
  if (list) expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('.company-delivery-ref')!.textContent)).toEqual(items.map((d) => d.reference));
  const status = within(section).queryByRole('status');
  expect(status?.textContent ?? null).toBe(value === 'loading' ? m.loading : null);
  const link = within(section).queryByRole('link', { name: m.sendParcel });
  expect(link !== null, `${value}: Send a parcel`).toBe(value === 'empty');
  if (link) {
    expect(link.getAttribute('href')).toBe(appPaths.sendParcel);
    expect(section.textContent).toContain(m.empty);
  }
  const alert = within(section).queryByRole('alert');
  expect(alert?.textContent ?? null).toBe(value === 'failed' ? `${m.loadFailed}${m.tryAgain}` : value === 'moreFailed' ? m.moreFailed : null);
  const more = within(section).queryByRole('button', { name: value === 'loadingMore' ? m.loading : m.loadMore });
  const offered = value === 'loadingMore' || value === 'moreFailed' || (value === 'list' && state.context.next !== null);
  expect(more !== null, `${value}: Load more`).toBe(offered);
  if (more) expect((more as HTMLButtonElement).disabled).toBe(value === 'loadingMore');
  expect(section.getAttribute('aria-busy')).toBe(String(value === 'loading' || value === 'loadingMore'));
}

const model = new TestModel(companyDeliveriesMachine, { events: deliveriesEvents as never, serializeState: serializeDeliveries as never } as never);
const paths = edgePaths(
  { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
  serializeDeliveries as never,
);

beforeAll(() => edge.install());
afterEach(() => {
  cleanup();
  edge.reset();
});

describe('CompanyDeliveriesList along the machine paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      renderList(recorder.inspect);
      // The graph keeps one snapshot per coarse state; what this path shows is followed by a pure
      // copy of the machine taking the path's own events.
      let expected = getInitialSnapshot(companyDeliveriesMachine) as CompanyDeliveriesSnapshot;
      let before: CompanyDeliveriesSnapshot | null = null;
      for (const step of steps) {
        const event = step.event as DeliveriesModelEvent;
        if (before) {
          await perform(event, before);
          expected = getNextSnapshot(companyDeliveriesMachine, expected, event as never) as CompanyDeliveriesSnapshot;
        }
        expect(serializeDeliveries(expected)).toBe(serializeDeliveries(step.state as CompanyDeliveriesSnapshot));
        const shown = expected;
        await waitFor(() => expectScreen(shown));
        before = expected;
      }
    },
  );

  it('a booking reads as reference, from → to areas, status in words, price in naira and the day booked (Lagos time)', async () => {
    renderList();
    const request = await waitFor(() => edge.take(PATH));
    await act(async () =>
      request.respond(200, {
        items: [
          delivery(1, { reference: 'OGB-7Q2K9', status: 'picked_up', price_kobo: 1_250_050, pickup: { area: 'Yaba' }, dropoff: { area: 'Victoria Island' }, created_at: '2026-11-30T23:30:00.000Z' }),
          delivery(2, { reference: 'OGB-ABRD5', status: 'a_status_from_later', price_kobo: 4_500_000, dropoff: { country: 'CA', city: 'Toronto' }, created_at: '2026-11-02T10:00:00.000Z' }),
        ],
        next: null,
      }),
    );
    const [lagos, abroad] = await screen.findAllByRole('listitem');
    // 23:30 UTC on 30 Nov is 00:30 on 1 Dec in Lagos.
    expect(lagos!.textContent).toBe('OGB-7Q2K9Picked upYaba → Victoria Island₦12,500.50 · Booked 1 Dec 2026');
    expect(abroad!.textContent).toBe('OGB-ABRD5In progressIkeja → Toronto, Canada₦45,000 · Booked 2 Nov 2026');
    expect(screen.queryByRole('button', { name: m.loadMore })).toBeNull();
  });

  it('a dropped connection on the first load is a failure with a retry', async () => {
    renderList();
    const request = await waitFor(() => edge.take(PATH));
    await act(async () => request.fail());
    expect((await screen.findByRole('alert')).textContent).toContain(m.loadFailed);
  });

  afterAll(() => {
    edge.uninstall();
    const missing = recorder.report('companyDeliveriesMachine, driven from the list', companyDeliveriesMachine);
    expect(missing, `transitions the list never drove:\n${missing.join('\n')}`).toEqual([]);
  });
});
