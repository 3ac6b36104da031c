/**
 * The company dashboard's search calls (issue 12), on the app's one client (../../api/client.ts):
 * every request carries the signed-in company's token in x-auth-token and a 401 signs out.
 * A 4xx/5xx in the {error:{field,message}} shape rejects with SubmitError.
 */
import type { CompanyRiderProfile, RiderSearchFilters, RiderSearchPage, ShortlistResponse } from '../../../shared/riderSearch';
import { filtersToParams } from '../../../shared/riderSearch';
import { api, toSubmitError } from '../../kit/http/client';

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toSubmitError(error);
  }
}

const riderPath = (username: string) => encodeURIComponent(username);

export const searchApi = {
  /** GET /api/companies/riders with the filters (only those set) and the page's cursor. */
  search: (filters: RiderSearchFilters, cursor: string | null) =>
    call(() => api<RiderSearchPage>('/companies/riders', { query: { ...filtersToParams(filters), ...(cursor ? { cursor } : {}) } })),
  /** GET /api/companies/shortlist. */
  shortlist: (cursor: string | null) => call(() => api<RiderSearchPage>('/companies/shortlist', { query: cursor ? { cursor } : {} })),
  /** PUT (add) or DELETE (remove) /api/companies/shortlist/:username. */
  setShortlisted: (username: string, shortlisted: boolean) =>
    call(() => api<ShortlistResponse>(`/companies/shortlist/${riderPath(username)}`, { method: shortlisted ? 'PUT' : 'DELETE' })),
  /** GET /api/companies/riders/:username. */
  rider: (username: string) => call(() => api<CompanyRiderProfile>(`/companies/riders/${riderPath(username)}`)),
};
