/** The tracking page for a delivery in each status, from fixtures: the stories' HTML (scripts/trackingStories.ts). */
import { renderTrackingPage, type TrackingPageData } from '../../src/server/features/deliveries/trackingPage';
import { deliveryTracking } from '../../src/shared/deliveries/tracking';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../src/shared/deliveries/moves';

/** The statuses a delivery goes through to reach each one (the timeline). */
const ROUTE: Record<DeliveryStatus, DeliveryStatus[]> = {
  booked: ['booked'],
  offered: ['booked', 'offered'],
  assigned: ['booked', 'offered', 'assigned'],
  heading_to_pickup: ['booked', 'offered', 'assigned', 'heading_to_pickup'],
  picked_up: ['booked', 'offered', 'assigned', 'heading_to_pickup', 'picked_up'],
  arrived: ['booked', 'offered', 'assigned', 'heading_to_pickup', 'picked_up', 'arrived'],
  delivered: ['booked', 'offered', 'assigned', 'heading_to_pickup', 'picked_up', 'arrived', 'delivered'],
  failed: ['booked', 'assigned', 'heading_to_pickup', 'picked_up', 'arrived', 'failed'],
  returning: ['booked', 'assigned', 'heading_to_pickup', 'picked_up', 'arrived', 'failed', 'returning'],
  returned: ['booked', 'assigned', 'heading_to_pickup', 'picked_up', 'arrived', 'failed', 'returning', 'returned'],
  cancelled: ['booked', 'offered', 'assigned', 'cancelled'],
};

const T0 = Date.parse('2026-12-01T09:00:00Z');

export function trackingPageData(status: DeliveryStatus, hasRider = ROUTE[status].includes('assigned')): TrackingPageData {
  const show = deliveryTracking(status, hasRider, false);
  return {
    tracking: {
      reference: 'LD-7K3QX',
      status,
      pickup: { state: 'Lagos', area: 'Ikeja' },
      dropoff: { state: 'Lagos', area: 'Lekki Phase 1' },
      pickup_at: null,
      price_kobo: 350_000,
      payment: 'cash_on_delivery',
      events: ROUTE[status].map((s, i) => ({ status: s, at: new Date(T0 + i * 12 * 60_000).toISOString() })),
      deliver_by: new Date(T0 + 5 * 3_600_000).toISOString(),
      rider: hasRider ? { display_name: 'Ada O.', picture_url: null, id_verified: true, phone: show.phoneShown ? '+2348031000001' : null } : null,
      proof: status === 'delivered',
      rating: null,
      can_cancel: show.cancelShown,
    },
    pictureUrl: null,
    failureReason: status === 'failed' ? 'recipient_absent' : null,
  };
}

export function trackingPageFixtures(): Record<DeliveryStatus, string> {
  return Object.fromEntries(
    DELIVERY_STATUSES.map((status) => [status, renderTrackingPage(trackingPageData(status), '/track/example', 'https://example.ng/track/example', null)]),
  ) as Record<DeliveryStatus, string>;
}
