/**
 * The deliveries API as the "Send a parcel" screen calls it: a quote, a booking (with its
 * Idempotency-Key, so a retry books once). The tracking page is the server's (no app code).
 */
import type { BookedDelivery, BookingAccount, HeldQuote } from '../../../../machines/deliveries/bookingMachine';
import type { CompanyProfile } from '../../../shared/company';
import type { SavedAddress, SavedAddressListResponse } from '../../../shared/deliveries/savedAddresses';
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
};
