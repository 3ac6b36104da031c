/**
 * The deliveries API as the "Send a parcel" screen and the tracking page call it: a quote, a
 * booking (with its Idempotency-Key, so a retry books once), and a delivery's tracking by the
 * token of its tracking link (sent in a header, never in a URL the server logs).
 */
import type { BookedDelivery, HeldQuote } from '../../../../machines/deliveries/bookingMachine';
import { TrackingNotFound, type Tracking } from '../../../../machines/deliveries/trackingMachine';
import { api } from '../../kit/http/client';

export const deliveriesApi = {
  quote: (body: Record<string, unknown>) => api<{ quote: HeldQuote }>('/deliveries/quotes', { method: 'POST', body }),
  book: (body: Record<string, unknown>, idempotencyKey: string) =>
    api<{ delivery: BookedDelivery }>('/deliveries', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
  tracking: (token: string) =>
    api<{ tracking: Tracking }>('/deliveries/tracking', {
      headers: { 'x-tracking-token': token },
      failure: (error) => (error.response?.status === 404 ? new TrackingNotFound() : undefined),
    }),
};

/** The token of a tracking link: its last path segment (`<site>/track/<token>`). */
export const trackingTokenOf = (url: string): string => url.replace(/\/+$/, '').split('/').pop() ?? '';
