/** GET /api/companies/me/deliveries: one page of the signed-in company's bookings, newest first. */
import type { CompanyDeliveriesPage } from '../../../../machines/deliveries/companyDeliveriesMachine';
import { api } from '../../kit/http/client';

export function fetchCompanyDeliveries(cursor: string | null): Promise<CompanyDeliveriesPage> {
  return api<CompanyDeliveriesPage>('/companies/me/deliveries', { query: cursor ? { cursor } : undefined });
}
