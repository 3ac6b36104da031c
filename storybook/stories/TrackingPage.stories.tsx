/**
 * The tracking page /track/{token} in each state of machines/deliveries/deliveryMachine.ts: the
 * server's own HTML (renderTrackingPage, written from fixtures to storybook/support/trackingPages.json
 * by scripts/trackingStories.ts; Storybook may not import server code), in a phone-wide frame.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import pages from '../support/trackingPages.json';
import { bookingMessages } from '../../src/shared/deliveries/bookingMessages';
import type { DeliveryStatus } from '../../src/shared/deliveries/moves';

/** The page in a frame, captioned with its status line (the frame's text is the page's own). */
function TrackingPageFrame({ status }: { status: DeliveryStatus }) {
  return (
    <figure style={{ margin: 0 }}>
      <figcaption>{bookingMessages.statuses[status]}</figcaption>
      <iframe title={`Tracking page: ${status}`} srcDoc={(pages as Record<DeliveryStatus, string>)[status]} style={{ width: 375, height: 900, border: '1px solid #ccc' }} />
    </figure>
  );
}

const meta = {
  title: 'Deliveries/Tracking page',
  component: TrackingPageFrame,
} satisfies Meta<typeof TrackingPageFrame>;
export default meta;
type Story = StoryObj<typeof meta>;

const at = (status: DeliveryStatus): Story => ({ args: { status }, parameters: { keyText: [bookingMessages.statuses[status]] } });

export const Booked = at('booked');
export const Offered = at('offered');
export const Assigned = at('assigned');
export const HeadingToPickup = at('heading_to_pickup');
export const PickedUp = at('picked_up');
export const Arrived = at('arrived');
export const Delivered = at('delivered');
export const Failed = at('failed');
export const Returning = at('returning');
export const Returned = at('returned');
export const Cancelled = at('cancelled');
