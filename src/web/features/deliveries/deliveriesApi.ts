/**
 * The deliveries API as the "Send a parcel" screen and the tracking page call it: a quote, a
 * booking (with its Idempotency-Key, so a retry books once), and a delivery's tracking by the
 * token of its tracking link (sent in a header, never in a URL the server logs).
 */
import type { BookedDelivery, BookingAccount, HeldQuote } from '../../../../machines/deliveries/bookingMachine';
import type { CompanyProfile } from '../../../shared/company';
import type { SavedAddress, SavedAddressListResponse } from '../../../shared/deliveries/savedAddresses';
import { TrackingNotFound, type Tracking } from '../../../../machines/deliveries/trackingMachine';
import { api } from '../../kit/http/client';

export const deliveriesApi = {
  quote: (body: Record<string, unknown>) => api<{ quote: HeldQuote }>('/deliveries/quotes', { method: 'POST', body }),
  book: (body: Record<string, unknown>, idempotencyKey: string) =>
    api<{ delivery: BookedDelivery }>('/deliveries', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** A signed-in company's sender details (from its profile) and saved addresses. */
  account: async (): Promise<BookingAccount> => {
    const [profile, list] = await Promise.all([api<CompanyProfile>('/companies/me'), api<SavedAddressListResponse>('/companies/me/addresses')]);
    return {
      sender: { name: profile.contact_person || profile.company_name, phone: profile.phone ?? '', email: profile.email },
      addresses: list.addresses,
    };
  },
  saveAddress: (body: Record<string, string>) => api<{ address: SavedAddress }>('/companies/me/addresses', { method: 'POST', body }),
  tracking: (token: string) =>
    api<{ tracking: Tracking }>('/deliveries/tracking', {
      headers: { 'x-tracking-token': token },
      failure: (error) => (error.response?.status === 404 ? new TrackingNotFound() : undefined),
    }),
};

/** The token of a tracking link: its last path segment (`<site>/track/<token>`). */
export const trackingTokenOf = (url: string): string => url.replace(/\/+$/, '').split('/').pop() ?? '';
