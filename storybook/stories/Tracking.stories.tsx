/** The public tracking page in each state of machines/deliveries/trackingMachine.ts (trackingViewStates). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Tracking } from '../../machines/deliveries/trackingMachine';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { TrackingView } from '../../src/web/features/deliveries/TrackingView';

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

const meta = {
  title: 'Deliveries/Tracking',
  component: TrackingView,
  parameters: { layout: 'fullscreen' },
  args: { retry: fn(), tracking: null, state: 'loading' },
} satisfies Meta<typeof TrackingView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading' }, parameters: { keyText: [b.trackingLoading] } };
export const Shown: Story = { args: { state: 'shown', tracking: TRACKING }, parameters: { keyText: ['OGB-7K2Q9', b.statuses.assigned!, 'Ikeja, Lagos'] } };
export const Abroad: Story = { args: { state: 'shown', tracking: { ...TRACKING, status: 'booked', dropoff: { country: 'GB', city: 'London' }, pickup_at: null, payment: 'transfer' } }, parameters: { keyText: ['London, United Kingdom', b.pickupAsap] } };
export const NotFound: Story = { args: { state: 'notFound' }, parameters: { keyText: [b.trackingNotFound] } };
export const Failed: Story = { args: { state: 'failed' }, parameters: { keyText: [b.trackingFailed, b.trackingRetry] } };
