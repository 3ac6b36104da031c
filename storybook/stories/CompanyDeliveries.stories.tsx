/**
 * The company dashboard's "Deliveries" tab in every state its list can show. The view models come
 * from real snapshots of machines/deliveries/companyDeliveriesMachine.ts reached with the events
 * named in each story (`parameters.deliveriesState` is one of companyDeliveriesViewStates);
 * tests/storybook/companyDeliveriesStories.test.tsx checks that every state has a story, that each
 * is in the state it claims, and that none has an axe violation. Look at them at 375 px too.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import {
  companyDeliveriesMachine,
  companyDeliveriesSnapshotToView,
  type CompanyDeliveriesPage,
  type CompanyDeliveriesSnapshot,
  type CompanyDeliveriesView,
  type CompanyDeliveryItem,
} from '../../machines/deliveries/companyDeliveriesMachine';
import { companyDeliveriesMessages as m } from '../../src/shared/deliveries/companyDeliveriesMessages';
import { CompanyDeliveriesListView } from '../../src/web/features/deliveries/CompanyDeliveriesList';
import { withRouter } from '../support/StoryRouter';

const booking = (n: number, reference: string, status: string, priceKobo: number, from: string, to: CompanyDeliveryItem['dropoff'], day: number): CompanyDeliveryItem => ({
  id: `7b2e0c3e-0000-4000-8000-${String(n).padStart(12, '0')}`,
  reference,
  status,
  price_kobo: priceKobo,
  payment: 'cash_on_pickup',
  pickup: { area: from },
  dropoff: to,
  pickup_at: null,
  created_at: `2026-11-${String(day).padStart(2, '0')}T10:15:00.000Z`,
});

const firstPage: CompanyDeliveriesPage = {
  items: [
    booking(3, 'OGB-7Q2K4', 'picked_up', 350_000, 'Yaba', { area: 'Victoria Island' }, 28),
    booking(2, 'OGB-3HX9P', 'delivered', 1_250_050, 'Ikeja', { area: 'Ajah (Eti-Osa)' }, 27),
    booking(1, 'OGB-K8W2Z', 'booked', 4_500_000, 'Surulere', { country: 'GB', city: 'Manchester' }, 26),
  ],
  next: 'story-cursor',
};
const nextPage: CompanyDeliveriesPage = { items: [booking(0, 'OGB-A1B2C', 'cancelled', 250_000, 'Lekki Phase 1', { area: 'Ikoyi' }, 20)], next: null };

type StoryEvent = Parameters<typeof getNextSnapshot<typeof companyDeliveriesMachine>>[2];
const on = {
  loaded: (page: CompanyDeliveriesPage) => ({ type: 'xstate.done.actor.loadFirst', output: page }) as unknown as StoryEvent,
  loadFailed: { type: 'xstate.error.actor.loadFirst', error: new Error('Network down') } as unknown as StoryEvent,
  more: { type: 'MORE' } as StoryEvent,
  moreLoaded: (page: CompanyDeliveriesPage) => ({ type: 'xstate.done.actor.loadMore', output: page }) as unknown as StoryEvent,
  moreFailed: { type: 'xstate.error.actor.loadMore', error: new Error('Network down') } as unknown as StoryEvent,
};

function viewAfter(events: readonly StoryEvent[]): CompanyDeliveriesView {
  let snapshot = getInitialSnapshot(companyDeliveriesMachine) as CompanyDeliveriesSnapshot;
  for (const event of events) snapshot = getNextSnapshot(companyDeliveriesMachine, snapshot, event) as CompanyDeliveriesSnapshot;
  return companyDeliveriesSnapshotToView(snapshot);
}

function Screen({ view }: { view: CompanyDeliveriesView }) {
  return (
    <main className="container" style={{ maxWidth: 720, padding: 16 }}>
      <CompanyDeliveriesListView view={view} send={fn()} />
    </main>
  );
}

const meta = {
  title: 'Company side/Deliveries',
  component: Screen,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

function deliveriesStory(events: readonly StoryEvent[], keyText: readonly string[]): Story {
  const view = viewAfter(events);
  return { args: { view }, parameters: { deliveriesState: view.state, keyText } };
}

export const Loading = deliveriesStory([], [m.heading, m.loading]);
export const Empty = deliveriesStory([on.loaded({ items: [], next: null })], [m.empty, m.sendParcel]);
export const Failed = deliveriesStory([on.loadFailed], [m.loadFailed, m.tryAgain]);
export const List = deliveriesStory([on.loaded(firstPage)], ['OGB-7Q2K4', 'Yaba → Victoria Island', 'Picked up', '₦12,500.50', 'Manchester, United Kingdom', m.loadMore]);
export const LoadingMore = deliveriesStory([on.loaded(firstPage), on.more], ['OGB-7Q2K4', m.loading]);
export const MoreFailed = deliveriesStory([on.loaded(firstPage), on.more, on.moreFailed], [m.moreFailed, m.loadMore]);
/** Every page shown: no "Load more". */
export const AllShown = deliveriesStory([on.loaded(firstPage), on.more, on.moreLoaded(nextPage)], ['OGB-A1B2C', 'Cancelled']);
