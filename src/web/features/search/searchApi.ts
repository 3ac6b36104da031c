/**
 * The company dashboard's search calls, on the app's one client (../../api/client.ts):
 * every request carries the signed-in company's token in x-auth-token and a 401 signs out.
 * A 4xx/5xx in the {error:{field,message}} shape rejects with SubmitError.
 */
import type { CompanyRiderProfile, RiderSearchFilters, RiderSearchPage, ShortlistResponse } from '../../../shared/riderSearch';
import { filtersToParams } from '../../../shared/riderSearch';
import { api } from '../../kit/http/client';

const riderPath = (username: string) => encodeURIComponent(username);

export const searchApi = {
  /** GET /api/companies/riders with the filters (only those set) and the page's cursor. */
  search: (filters: RiderSearchFilters, cursor: string | null) =>
    api<RiderSearchPage>('/companies/riders', { query: { ...filtersToParams(filters), ...(cursor ? { cursor } : {}) } }),
  /** GET /api/companies/shortlist. */
  shortlist: (cursor: string | null) => api<RiderSearchPage>('/companies/shortlist', { query: cursor ? { cursor } : {} }),
  /** PUT (add) or DELETE (remove) /api/companies/shortlist/:username. */
  setShortlisted: (username: string, shortlisted: boolean) =>
    api<ShortlistResponse>(`/companies/shortlist/${riderPath(username)}`, { method: shortlisted ? 'PUT' : 'DELETE' }),
  /** GET /api/companies/riders/:username. */
  rider: (username: string) => api<CompanyRiderProfile>(`/companies/riders/${riderPath(username)}`),
};
