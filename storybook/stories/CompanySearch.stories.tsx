/**
 * Finding riders in every state its views can show: the search page
 * (`parameters.searchState`, one of machines/search/riderSearchMachine.ts's riderSearchViewStates),
 * each from a real machine snapshot reached with the events named in the story; the shortlist
 * page; and the rider page for companies. tests/storybook/companySearchStories.test.tsx checks
 * that every state has a story and that each story's view is in the state it claims.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { initialTransition, transition } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import { riderSearchMachine, riderSearchSnapshotToView, type RiderSearchEvent, type RiderSearchView } from '../../machines/search/riderSearchMachine';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import type { CompanyRiderProfile, RiderSearchFilters, RiderSearchPage, RiderSearchResult } from '../../src/shared/riderSearch';
import { EMPTY_FILTERS } from '../../src/shared/riderSearch';
import { NO_DELIVERY_RECORD } from '../../src/shared/deliveries/record';
import { CompanyRiderView } from '../../src/web/features/search/CompanyRiderView';
import type { CompanyRiderState } from '../../src/web/features/search/useCompanyRider';
import { RiderSearchScreen, ShortlistScreen } from '../../src/web/features/search/RiderSearchView';
import '../../src/web/routes/company/company.css';
import { withRouter } from '../support/StoryRouter';

const place = (name: string) => ({ name, location: null, total_area: null, population: null });
const LOCATIONS = [
  { name: 'Lagos', capital: 'Ikeja', state_code: 'LA', creation_date: '1967-05-27', location: null, total_area: null, population: null, towns: ['Ikeja', 'Lekki', 'Surulere', 'Yaba'].map(place), lgas: [] },
  { name: 'Oyo', capital: 'Ibadan', state_code: 'OY', creation_date: '1976-02-03', location: null, total_area: null, population: null, towns: [place('Ibadan')], lgas: [] },
] as unknown as LocationState[];

function rider(username: string, display: string, overrides: Partial<RiderSearchResult> = {}): RiderSearchResult {
  return {
    username,
    display_name: display,
    introduction: 'Careful motorbike dispatch rider for pharmacy orders',
    state: 'Lagos',
    town: 'Ikeja',
    experience: '6-10',
    id_verified: false,
    picture: null,
    job_success: null,
    jobs_counted: 0,
    review_count: 0,
    rating_average_x100: null,
    ...NO_DELIVERY_RECORD,
    shortlisted: false,
    ...overrides,
  };
}

// Ada has delivered on the platform: her delivery record shows; Bayo and Chiamaka have none yet.
const ADA = rider('ada_okafor', 'Ada O.', { id_verified: true, job_success: 96, jobs_counted: 7, review_count: 12, rating_average_x100: 480, deliveries_completed: 148, deliveries_on_time: 142, delivery_rating_count: 121, delivery_rating_average_x100: 480 });
const BAYO = rider('bayo_lagos', 'bayo_lagos', { town: 'Surulere', experience: '3-5', introduction: 'Van driver for market goods', job_success: 82, jobs_counted: 5, review_count: 4, rating_average_x100: 410, shortlisted: true });
const CHI = rider('chi_ikeja', 'Chiamaka E.', { town: 'Yaba', experience: '0-2', introduction: 'Bicycle courier for documents around Yaba' });
const FIRST: RiderSearchPage = { items: [ADA, BAYO], next: 'next-cursor', total: 23 };
const LAST: RiderSearchPage = { items: [CHI], next: null };
const FILTERS: RiderSearchFilters = { ...EMPTY_FILTERS, state: 'Lagos', town: 'Ikeja', verified: true, min_rating: '4' };
const failure = new SubmitError({ field: 'alert', message: messages.submitFailed });

type StoryEvent =
  | RiderSearchEvent
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

const found = (page: RiderSearchPage): StoryEvent => ({ type: 'xstate.done.actor.searchRiders', output: page });

function viewAfter(events: readonly StoryEvent[], filters: RiderSearchFilters = FILTERS): RiderSearchView {
  let [snapshot] = initialTransition(riderSearchMachine, { filters });
  for (const event of events) [snapshot] = transition(riderSearchMachine, snapshot, event as RiderSearchEvent);
  return riderSearchSnapshotToView(snapshot);
}

function Screens({ search, shortlist, rider: page }: { search?: RiderSearchView; shortlist?: RiderSearchView; rider?: CompanyRiderState }) {
  return (
    // In the layout's <main>, as the pages sit in the app (src/web/kit/components/Layout.tsx).
    <main className="company-frame">
      {search ? <RiderSearchScreen view={search} send={fn()} locations={LOCATIONS} /> : null}
      {shortlist ? <ShortlistScreen view={shortlist} send={fn()} /> : null}
      {page ? <CompanyRiderView state={page} onRetry={fn()} onToggleShortlist={fn()} /> : null}
    </main>
  );
}

const meta = {
  title: 'Company/Finding riders',
  component: Screens,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen', viewport: { defaultViewport: 'mobile1' } },
} satisfies Meta<typeof Screens>;

export default meta;
type Story = StoryObj<typeof meta>;

function searchStory(events: readonly StoryEvent[], keyText: readonly string[], filters?: RiderSearchFilters): Story {
  const view = viewAfter(events, filters);
  return { args: { search: view }, parameters: { searchState: view.state, keyText } };
}

// ---- The search page

export const Searching = searchStory([], [messages.searchHeading, messages.searchSearching, messages.searchFilters]);
export const Results = searchStory([found(FIRST)], [messages.searchCount(23), 'Ada O.', messages.idVerified, messages.jobSuccessScore(96), messages.ratingSummary('4.8', 12), '148 deliveries · 96% on time · 4.8 from 121 ratings', 'bayo_lagos', messages.searchLoadMore]);
/** On a phone: the number found and the filters applied, each chip removing its own, above the list. */
export const ResultsByNameOnAPhone = searchStory(
  [found({ items: [ADA], next: null, total: 1 })],
  [messages.searchCount(1), messages.searchTextChip('Ada'), 'Lagos', 'Ikeja', messages.searchLabels.verified, messages.searchRatingAtLeast('4')],
  { ...FILTERS, q: 'Ada' },
);
export const ResultsWithFiltersOpen = searchStory([found(FIRST), { type: 'TOGGLE_FILTERS' }], [messages.searchHideFilters, messages.searchLabels.verified, messages.searchSubmit, messages.searchClear]);
export const LoadingMore = searchStory([found(FIRST), { type: 'LOAD_MORE' }], [messages.searchLoadingMore]);
export const AllLoaded = searchStory([found(FIRST), { type: 'LOAD_MORE' }, { type: 'xstate.done.actor.loadMore', output: LAST }], ['Chiamaka E.', messages.newRider, messages.searchEnd]);
export const MoreFailed = searchStory([found(FIRST), { type: 'LOAD_MORE' }, { type: 'xstate.error.actor.loadMore', error: failure }], [messages.searchLoadMoreFailed, messages.searchLoadMore]);
export const SavingShortlist = searchStory([found(FIRST), { type: 'TOGGLE_SHORTLIST', username: 'ada_okafor' }], [messages.shortlistRemove]);
export const ShortlistFailed = searchStory(
  [found(FIRST), { type: 'TOGGLE_SHORTLIST', username: 'ada_okafor' }, { type: 'xstate.error.actor.setShortlisted', error: failure }],
  [messages.submitFailed, messages.shortlistAdd],
);
export const Empty = searchStory([found({ items: [], next: null })], [messages.searchNoResults]);
export const EmptyWithoutFilters = searchStory([found({ items: [], next: null })], [messages.searchNoRidersYet], EMPTY_FILTERS);
export const Failed = searchStory([{ type: 'xstate.error.actor.searchRiders', error: failure }], [messages.searchFailed, messages.searchRetry]);

// ---- The shortlist page

function shortlistStory(events: readonly StoryEvent[], keyText: readonly string[]): Story {
  const view = viewAfter(events, EMPTY_FILTERS);
  return { args: { shortlist: view }, parameters: { shortlistState: view.state, keyText } };
}

export const ShortlistLoading = shortlistStory([], [messages.shortlistHeading, messages.searchSearching]);
export const ShortlistRiders = shortlistStory([found({ items: [{ ...ADA, shortlisted: true }, BAYO], next: null })], ['Ada O.', 'bayo_lagos', messages.shortlistRemove]);
export const ShortlistEmpty = shortlistStory([found({ items: [], next: null })], [messages.shortlistEmpty]);
export const ShortlistLoadFailed = shortlistStory([{ type: 'xstate.error.actor.searchRiders', error: failure }], [messages.shortlistLoadFailed, messages.searchRetry]);

// ---- The rider page for companies

const PROFILE: CompanyRiderProfile = {
  username: 'ada_okafor',
  display_name: 'Ada O.',
  full_name: null,
  introduction: 'Careful motorbike dispatch rider for pharmacy orders',
  bio: 'Ten years on Lagos roads, from Ikeja to Lekki. I call before I arrive and keep parcels dry in the rain.',
  state: 'Lagos',
  town: 'Ikeja',
  picture: null,
  total_years_of_experience: '6-10',
  languages_spoken: 'English, Yoruba, Pidgin',
  education: 'Diploma',
  id_verified: true,
  workHistories: [
    { position: 'Dispatch rider', company_name: 'Kwik Logistics', number_of_years: '3-5', start_date: '2021-02-01', end_date: null },
    { position: 'Courier', company_name: 'Gokada', number_of_years: '1-2', start_date: '2019-01-01', end_date: '2021-01-31' },
  ],
  pastEmployees: [{ company_name: 'Yaba Pharmacy', start_date: '2018-03-01', end_date: '2018-12-31' }],
  member_since: '2025-03-01',
  job_success: 96,
  jobs_counted: 7,
  review_count: 12,
  rating_average_x100: 480,
  // Delivered on the platform: the rider page shows the record with what it is based on.
  deliveries_completed: 148,
  deliveries_on_time: 142,
  delivery_rating_count: 121,
  delivery_rating_average_x100: 480,
  shortlisted: false,
};

function riderStory(state: CompanyRiderState, keyText: readonly string[]): Story {
  return { args: { rider: state }, parameters: { riderState: state.status, keyText } };
}

export const RiderLoading = riderStory({ status: 'loading' }, [messages.riderPageLoading, messages.riderPageBack]);
export const RiderProfile = riderStory({ status: 'loaded', rider: PROFILE, saving: false }, [
  'Ada O.',
  messages.jobSuccessScore(96),
  messages.jobSuccessBasis(7),
  '148 deliveries · 96% on time · 4.8 from 121 ratings',
  messages.riderPageContactHidden,
  'Kwik Logistics',
  'Yaba Pharmacy',
  messages.shortlistAdd,
]);
/** A rider who accepted this company's request: the company now sees the full name. */
export const RiderHired = riderStory({ status: 'loaded', rider: { ...PROFILE, full_name: 'Ada Okafor' }, saving: false }, ['Ada Okafor', messages.jobSuccessScore(96)]);
export const RiderNewAndShortlisted = riderStory(
  { status: 'loaded', rider: { ...PROFILE, display_name: 'bayo_lagos', id_verified: false, job_success: null, jobs_counted: 0, review_count: 0, rating_average_x100: null, ...NO_DELIVERY_RECORD, bio: null, workHistories: [], pastEmployees: [], shortlisted: true }, saving: false },
  [messages.newRider, messages.noReviewsYet, messages.riderPageNoBio, messages.riderPageNoWorkHistory, messages.shortlistRemove],
);
export const RiderNotFound = riderStory({ status: 'notFound' }, [messages.riderPageNotFound]);
export const RiderLoadFailed = riderStory({ status: 'failed', error: messages.submitFailed }, [messages.riderPageLoadFailed, messages.searchRetry]);
