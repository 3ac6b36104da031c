/** The public tracking page in each state of machines/deliveries/trackingMachine.ts (trackingViewStates). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Tracking } from '../../machines/deliveries/trackingMachine';
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

export const Loading: Story = { args: { state: 'loading' } };
export const Shown: Story = { args: { state: 'shown', tracking: TRACKING } };
export const Abroad: Story = { args: { state: 'shown', tracking: { ...TRACKING, status: 'booked', dropoff: { country: 'GB', city: 'London' }, pickup_at: null, payment: 'transfer' } } };
export const NotFound: Story = { args: { state: 'notFound' } };
export const Failed: Story = { args: { state: 'failed' } };
