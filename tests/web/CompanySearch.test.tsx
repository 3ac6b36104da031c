// @vitest-environment jsdom
/**
 * The rider search machine (machines/search/riderSearchMachine.ts) tested through the real search page
 * (the /company-dashboard route with its URL mapping, RiderSearchView, useRiderSearch, the API
 * client and the toasts), with only fetch stood in at the network edge (tests/web/support/
 * apiEdge.ts). Paths come from xstate/graph (tests/machines/riderSearchModel.ts), chosen so that
 * together they take every transition. Each model event is something a company does on the page
 * (a filter, Search, Clear filters, Back/a link changing the URL, Try again, Show more, a
 * shortlist toggle, the Filters button) or the server's answer to a request in flight. After
 * each step the page must show what the state says, and the URL must hold the applied filters;
 * the page's own actor is inspected and must have taken every transition of the machine.
 * Then the shortlist page and the rider page for companies.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type AnyRouter } from '@tanstack/react-router';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { TestModel } from 'xstate/graph';
import { riderSearchMachine, type RiderSearchSnapshot } from '../../machines/search/riderSearchMachine';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { formatDeliveryRecord } from '../../src/shared/deliveries/record';
import { filtersFromParams, filtersToParams, hasFilters, type CompanyRiderProfile } from '../../src/shared/riderSearch';
import { Toasts } from '../../src/web/kit/components/Toasts';
import CompanyRiderPage from '../../src/web/routes/company/RiderPage';
import CompanySearch, { searchParamsOf } from '../../src/web/routes/company/Search';
import { filterChips } from '../../src/web/features/search/RiderSearchView';
import CompanyShortlist from '../../src/web/routes/company/Shortlist';
import { TransitionRecorder, edgePaths } from '../machines/coverage';
import {
  coveringPaths,
  FIRST_PAGE,
  LAST_PAGE,
  liveEvent,
  riderSearchEvents,
  serializeRiderSearch,
  type RiderSearchModelEvent,
} from '../machines/riderSearchModel';
import { ApiEdge, type HeldRequest } from './support/apiEdge';
import { setCombobox } from './support/combobox';

const SEARCH = '/api/companies/riders';
const edge = new ApiEdge();
const recorder = new TransitionRecorder();

const place = (name: string) => ({ name, location: null, total_area: null, population: null });
const LOCATIONS: LocationState[] = [
  { name: 'Lagos', capital: 'Ikeja', state_code: 'LA', creation_date: '1967-05-27', location: null, total_area: null, population: null, towns: [place('Ikeja'), place('Yaba')], lgas: [] },
  { name: 'Oyo', capital: 'Ibadan', state_code: 'OY', creation_date: '1976-02-03', location: null, total_area: null, population: null, towns: [place('Ibadan')], lgas: [] },
] as unknown as LocationState[];

function renderApp(initial: string): { router: AnyRouter } {
  const root = createRootRoute({
    component: () => (
      <>
        {/* The layout's landmark the pages sit in (src/web/kit/components/Layout.tsx). */}
        <main>
          <Outlet />
        </main>
        <Toasts />
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/company-dashboard', component: () => <CompanySearch inspect={recorder.inspect} /> }),
    createRoute({ getParentRoute: () => root, path: '/company-dashboard/shortlist', component: CompanyShortlist }),
    createRoute({ getParentRoute: () => root, path: '/company-dashboard/riders/$username', component: CompanyRiderPage }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [initial] }) });
  render(<RouterProvider router={router} />);
  return { router: router as unknown as AnyRouter };
}

/** The states and areas for the panel: answered once at the start. */
async function answerLocations(): Promise<void> {
  const held = await waitFor(() => edge.take('/api/locations'));
  await act(async () => held.respond(200, LOCATIONS));
}

const queryOf = (held: HeldRequest) => Object.fromEntries(new URLSearchParams(held.search));

/** Does on the page what the model event stands for. `before` is the state it happens in. */
async function perform(router: AnyRouter, event: RiderSearchModelEvent, before: RiderSearchSnapshot): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  const type = event.type;
  if (type === 'RETRY') fireEvent.click(screen.getByRole('button', { name: messages.searchRetry }));
  else if (type === 'LOAD_MORE') fireEvent.click(screen.getByRole('button', { name: messages.searchLoadMore }));
  else if (type === 'APPLY') fireEvent.click(screen.getByRole('button', { name: messages.searchSubmit }));
  else if (type === 'CLEAR') fireEvent.click(screen.getByRole('button', { name: messages.searchClear }));
  else if (type === 'REMOVE_FILTER') {
    const chip = filterChips(before.context.filters).find((c) => c.field === event.field)!;
    fireEvent.click(within(screen.getByRole('list', { name: messages.searchActiveFilters })).getByRole('button', { name: messages.searchRemoveFilter(chip.label) }));
  }
  else if (type === 'TOGGLE_FILTERS') fireEvent.click(screen.getByRole('button', { name: before.context.filtersOpen ? messages.searchHideFilters : messages.searchFilters }));
  else if (type === 'EDIT') setCombobox(messages.searchLabels.state, String(event.value));
  else if (type === 'SEARCH') await act(async () => void (await router.navigate({ to: '/company-dashboard', search: searchParamsOf(event.filters) as never })));
  else if (type === 'TOGGLE_SHORTLIST') {
    const rider = before.context.results.find((r) => r.username === event.username)!;
    fireEvent.click(screen.getByRole('button', { name: rider.shortlisted ? messages.shortlistRemoveLabel(rider.display_name) : messages.shortlistAddLabel(rider.display_name) }));
  } else {
    const actor = type.replace(/^xstate\.(done|error)\.actor\./, '');
    let held: HeldRequest;
    if (actor === 'setShortlisted') {
      const pending = before.context.pendingShortlist!;
      held = await waitFor(() => edge.take(`/api/companies/shortlist/${pending.username}`));
      expect(held.method).toBe(pending.shortlisted ? 'PUT' : 'DELETE');
    } else {
      held = await waitFor(() => edge.take(SEARCH));
      expect(held.method).toBe('GET');
      // The request carries the applied filters (and the cursor of the next page for more).
      const { cursor, ...filters } = queryOf(held);
      expect(filters).toEqual(filtersToParams(before.context.filters));
      expect(cursor ?? null).toBe(actor === 'loadMore' ? before.context.next : null);
    }
    if (type.startsWith('xstate.done.')) await act(async () => held.respond(200, (event as { output: unknown }).output));
    else await act(async () => held.respond(502, { error: { field: 'alert', message: messages.submitFailed } }));
  }
  await act(async () => {});
}

/** What the page must show in the state. */
async function expectScreen(router: AnyRouter, state: RiderSearchSnapshot, event: RiderSearchModelEvent): Promise<void> {
  const { context } = state;
  const value = state.value as { list: string; shortlist: string };
  // The panel: the draft, and the Filters button says whether it is open.
  await waitFor(() => expect((screen.getByLabelText(messages.searchLabels.state) as HTMLInputElement).value).toBe(context.draft.state));
  expect((screen.getByLabelText(messages.searchLabels.q) as HTMLInputElement).value).toBe(context.draft.q);
  expect((screen.getByLabelText(messages.searchLabels.verified) as HTMLInputElement).checked).toBe(context.draft.verified);
  expect(screen.getByRole('button', { name: context.filtersOpen ? messages.searchHideFilters : messages.searchFilters }).getAttribute('aria-expanded')).toBe(String(context.filtersOpen));
  // The URL holds the filters on screen, so the search can be shared and Back works.
  expect(filtersFromParams(router.state.location.search as Record<string, unknown>)).toEqual(context.filters);
  // Above the list: a chip for each filter applied (none: no chips).
  const chips = screen.queryByRole('list', { name: messages.searchActiveFilters });
  expect(chips ? within(chips).getAllByRole('button').map((b) => b.getAttribute('aria-label')) : []).toEqual(
    filterChips(context.filters).map((c) => messages.searchRemoveFilter(c.label)),
  );
  // The number found, once a page with riders is on screen (the first page counted them).
  const count = value.list === 'results' || value.list === 'loadingMore' ? context.total : null;
  expect(document.querySelector('.search-count')?.textContent ?? null).toBe(count === null ? null : messages.searchCount(count));

  if (value.list === 'searching') {
    await screen.findByText(messages.searchSearching);
    expect(screen.queryByRole('list', { name: messages.searchResults })).toBeNull();
    return;
  }
  if (value.list === 'failed') {
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(messages.searchFailed));
    expect(screen.getByRole('button', { name: messages.searchRetry })).toBeTruthy();
    return;
  }
  if (value.list === 'empty') {
    // "Try fewer filters" only when a filter is set; with none, no rider has finished sign-up yet.
    await screen.findByText(hasFilters(context.filters) ? messages.searchNoResults : messages.searchNoRidersYet);
    expect(screen.queryByText(hasFilters(context.filters) ? messages.searchNoRidersYet : messages.searchNoResults)).toBeNull();
    expect(screen.queryByRole('list', { name: messages.searchResults })).toBeNull();
    return;
  }
  const list = await screen.findByRole('list', { name: messages.searchResults });
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(context.results.length));
  const cards = within(list).getAllByRole('listitem');
  context.results.forEach((rider, i) => {
    const card = cards[i]!;
    expect(within(card).getByRole('link', { name: messages.searchViewProfile(rider.display_name) }).getAttribute('href')).toBe(`/company-dashboard/riders/${rider.username}`);
    const toggle = within(card).getByRole('button', { name: rider.shortlisted ? messages.shortlistRemoveLabel(rider.display_name) : messages.shortlistAddLabel(rider.display_name) });
    expect(toggle.getAttribute('aria-pressed')).toBe(String(rider.shortlisted));
    // While one change is in flight every toggle waits.
    expect((toggle as HTMLButtonElement).disabled).toBe(value.shortlist === 'saving');
    expect(within(card).queryByText(messages.idVerified) !== null).toBe(rider.id_verified);
    expect(within(card).getByText(rider.job_success === null ? messages.newRider : messages.jobSuccessScore(rider.job_success))).toBeTruthy();
    // The delivery record with its basis, and no line at all for a rider with no delivery.
    expect(card.querySelector('.delivery-record')?.textContent ?? null).toBe(formatDeliveryRecord(rider));
    const img = card.querySelector('img')!;
    expect([img.getAttribute('loading'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['lazy', '64', '64']);
  });
  if (value.list === 'loadingMore') expect(screen.getByText(messages.searchLoadingMore)).toBeTruthy();
  else if (context.next) expect(screen.getByRole('button', { name: messages.searchLoadMore })).toBeTruthy();
  else expect(screen.getByText(messages.searchEnd)).toBeTruthy();
  const alerts = screen.queryAllByRole('alert').map((a) => a.textContent);
  const expected = [...(context.shortlistError ? [context.shortlistError] : []), ...(context.moreError && value.list === 'results' ? [messages.searchLoadMoreFailed] : [])];
  expect(alerts).toEqual(expected);
  if (event.type === 'xstate.done.actor.setShortlisted') await screen.findAllByText((event as { output: { message: string } }).output.message);
  if (event.type === 'xstate.error.actor.setShortlisted') await screen.findAllByText(messages.submitFailed);
}

const model = new TestModel(riderSearchMachine, { events: riderSearchEvents as never, serializeState: serializeRiderSearch as never, input: {} } as never);
const initial = getInitialSnapshot(riderSearchMachine, {});
const paths = coveringPaths(
  riderSearchMachine,
  initial,
  edgePaths({ getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never, serializeRiderSearch as never) as never,
);

beforeAll(() => {
  edge.install();
  // The router restores scroll on navigation; jsdom has no scrolling.
  window.scrollTo = () => undefined;
});
afterAll(() => edge.uninstall());
afterEach(() => {
  toast.dismiss();
  cleanup();
  edge.reset();
});

describe('the search page along the rider search machine’s paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      const { router } = renderApp('/company-dashboard');
      await answerLocations();
      await expectScreen(router, initial, { type: 'RETRY' });
      let before = initial;
      for (const step of steps) {
        const event = liveEvent(step.event as RiderSearchModelEvent, before);
        if ((event.type as string) === 'xstate.init') continue;
        await perform(router, event, before);
        const expected = getNextSnapshot(riderSearchMachine, before, event as never);
        expect(serializeRiderSearch(expected), 'the page follows the model’s path').toBe(serializeRiderSearch(step.state as RiderSearchSnapshot));
        await expectScreen(router, expected, event);
        before = expected;
      }
      // Nothing is asked of the server but the requests of the busy regions.
      expect(edge.held.length).toBeLessThanOrEqual(2);
    },
  );

  it('opens a shared link with its filters, and Back searches the previous filters again', async () => {
    const { router } = renderApp('/company-dashboard?state=Lagos&town=Ikeja&verified=1&min_rating=4&sort=rating');
    await answerLocations();
    let held = await waitFor(() => edge.take(SEARCH));
    expect(queryOf(held)).toEqual({ state: 'Lagos', town: 'Ikeja', verified: '1', min_rating: '4', sort: 'rating' });
    await act(async () => held.respond(200, FIRST_PAGE));
    expect((screen.getByLabelText(messages.searchLabels.town) as HTMLInputElement).value).toBe('Ikeja');
    fireEvent.change(screen.getByLabelText(messages.searchLabels.q), { target: { value: 'motorbike' } });
    fireEvent.click(screen.getByRole('button', { name: messages.searchSubmit }));
    held = await waitFor(() => edge.take(SEARCH));
    expect(queryOf(held)).toMatchObject({ q: 'motorbike', state: 'Lagos' });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'motorbike', min_rating: 4 }));
    await act(async () => held.respond(200, LAST_PAGE));
    await act(async () => router.history.back());
    held = await waitFor(() => edge.take(SEARCH));
    expect(queryOf(held).q).toBeUndefined();
    expect((screen.getByLabelText(messages.searchLabels.q) as HTMLInputElement).value).toBe('');
  });

  it('has no axe violations with results, and while the filters are open', async () => {
    const run = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.help}`);
    renderApp('/company-dashboard');
    await answerLocations();
    const asked = await waitFor(() => edge.take(SEARCH));
    await act(async () => asked.respond(200, FIRST_PAGE));
    await screen.findByRole('list', { name: messages.searchResults });
    expect(await run()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: messages.searchFilters }));
    expect(await run()).toEqual([]);
  });

  it('drives every transition of the machine through the page', () => {
    expect(recorder.report('riderSearchMachine through the search page', riderSearchMachine)).toEqual([]);
  });
});

describe('the shortlist page', () => {
  it('lists the shortlisted riders and removes one with its toggle', async () => {
    renderApp('/company-dashboard/shortlist');
    const held = await waitFor(() => edge.take('/api/companies/shortlist'));
    await act(async () => held.respond(200, { items: [FIRST_PAGE.items[0]!].map((r) => ({ ...r, shortlisted: true })), next: null }));
    expect(screen.getByRole('heading', { level: 1, name: messages.shortlistHeading })).toBeTruthy();
    expect(screen.queryByLabelText(messages.searchLabels.state)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: messages.shortlistRemoveLabel('Ada O.') }));
    const del = await waitFor(() => edge.take('/api/companies/shortlist/ada_okafor'));
    expect(del.method).toBe('DELETE');
    await act(async () => del.respond(200, { message: messages.shortlistRemoved, shortlisted: false }));
    expect(screen.getByRole('button', { name: messages.shortlistAddLabel('Ada O.') })).toBeTruthy();
    // The end of the list speaks of the shortlist, not of search filters.
    expect(screen.getByText(messages.shortlistEnd)).toBeTruthy();
    expect(screen.queryByText(messages.searchEnd)).toBeNull();
  });

  it('the rating filter says "1 star and up", singular', async () => {
    renderApp('/company-dashboard');
    await waitFor(() => edge.take('/api/companies/riders'));
    const options = [...(screen.getByLabelText(messages.searchLabels.min_rating) as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toContain('1 star and up');
    expect(options).toContain('2 stars and up');
    expect(options).not.toContain('1 stars and up');
  });

  it('says so when the shortlist is empty', async () => {
    renderApp('/company-dashboard/shortlist');
    const asked = await waitFor(() => edge.take('/api/companies/shortlist'));
    await act(async () => asked.respond(200, { items: [], next: null }));
    expect(await screen.findByText(messages.shortlistEmpty)).toBeTruthy();
  });
});

const RIDER: CompanyRiderProfile = {
  username: 'ada_okafor',
  display_name: 'Ada O.',
  full_name: null,
  introduction: 'Careful motorbike dispatch rider',
  bio: 'Ten years on Lagos roads.',
  state: 'Lagos',
  town: 'Ikeja',
  picture: null,
  total_years_of_experience: '6-10',
  languages_spoken: 'English, Yoruba',
  education: 'Diploma',
  id_verified: true,
  workHistories: [{ position: 'Courier', company_name: 'Kwik', number_of_years: '3-5', start_date: '2020-01-01', end_date: null }],
  pastEmployees: [],
  member_since: '2025-03-01',
  job_success: 96,
  jobs_counted: 7,
  review_count: 12,
  rating_average_x100: 480,
  deliveries_completed: 148,
  deliveries_on_time: 142,
  delivery_rating_count: 121,
  delivery_rating_average_x100: 480,
  shortlisted: false,
};

describe('the rider page for companies', () => {
  it('shows the profile, the score with its basis and the rating, never contact details; shortlists and rolls back on failure', async () => {
    renderApp('/company-dashboard/riders/ada_okafor');
    const asked = await waitFor(() => edge.take('/api/companies/riders/ada_okafor'));
    await act(async () => asked.respond(200, RIDER));
    expect(await screen.findByRole('heading', { level: 1, name: /Ada O\./ })).toBeTruthy();
    expect(screen.getByText(messages.jobSuccessScore(96))).toBeTruthy();
    expect(screen.getByText(messages.jobSuccessBasis(7))).toBeTruthy();
    expect(screen.getByText('148 deliveries · 96% on time · 4.8 from 121 ratings')).toBeTruthy();
    expect(screen.getByText(messages.ratingSummary('4.8', 12))).toBeTruthy();
    expect(screen.getByText(messages.riderPageContactHidden)).toBeTruthy();
    expect(screen.getByText('Ten years on Lagos roads.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: messages.shortlistAddLabel('Ada O.') }));
    expect(screen.getByRole('button', { name: messages.shortlistRemoveLabel('Ada O.') }).getAttribute('aria-pressed')).toBe('true');
    const put = await waitFor(() => edge.take('/api/companies/shortlist/ada_okafor'));
    expect(put.method).toBe('PUT');
    await act(async () => put.respond(502, { error: { field: 'alert', message: messages.submitFailed } }));
    await waitFor(() => expect(screen.getByRole('button', { name: messages.shortlistAddLabel('Ada O.') }).getAttribute('aria-pressed')).toBe('false'));
    expect(await screen.findAllByText(messages.shortlistFailed)).not.toHaveLength(0);
  });

  it('names a rider who accepted this company in full', async () => {
    renderApp('/company-dashboard/riders/ada_okafor');
    const asked = await waitFor(() => edge.take('/api/companies/riders/ada_okafor'));
    await act(async () => asked.respond(200, { ...RIDER, full_name: 'Ada Okafor' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Ada Okafor/ })).toBeTruthy();
    expect(screen.queryByText('Ada O.')).toBeNull();
  });

  it('says the rider is not available on a 404', async () => {
    renderApp('/company-dashboard/riders/gone');
    const asked = await waitFor(() => edge.take('/api/companies/riders/gone'));
    await act(async () => asked.respond(404, { error: { field: 'alert', message: messages.riderPageNotFound } }));
    expect(await screen.findByRole('heading', { level: 1, name: messages.riderPageNotFound })).toBeTruthy();
  });
});

