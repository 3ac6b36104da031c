/**
 * /company-dashboard: a company finds riders. The filters live in the URL's search
 * params, so a search can be shared or bookmarked and Back works: this route maps the params to
 * the machine's SEARCH event and writes APPLY's filters back to the URL.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { filtersFromParams, filtersToParams, type RiderSearchFilters } from '../../../shared/riderSearch';
import { RiderSearchScreen } from '../../features/search/RiderSearchView';
import { useLocations } from '../../kit/locations/useLocations';
import { useRiderSearch } from '../../features/search/useRiderSearch';

/**
 * The params as the router writes them: digits as numbers, so the URL reads ?min_rating=4 and
 * not ?min_rating=%224%22 (the router JSON-quotes a string that would parse as a number).
 */
export function searchParamsOf(filters: RiderSearchFilters): Record<string, string | number> {
  return Object.fromEntries(Object.entries(filtersToParams(filters)).map(([k, v]) => [k, /^[1-9]\d{0,8}$/.test(v) ? Number(v) : v]));
}

/** `inspect` is for tests (the page's actor, inspected); the router passes nothing. */
export default function CompanySearch({ inspect }: { inspect?: (event: InspectionEvent) => void } = {}) {
  const params = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const filters = filtersFromParams(params);
  const publish = useCallback(
    (next: RiderSearchFilters) => void navigate({ to: '.', search: searchParamsOf(next) as never }),
    [navigate],
  );
  const { view, send } = useRiderSearch({ source: 'search', filters, publish, inspect });
  const locations = useLocations();
  // The URL changed (Back, a link): search what it says (the machine ignores what it shows already).
  const key = JSON.stringify(filtersToParams(filters));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    send({ type: 'SEARCH', filters: filtersFromParams(JSON.parse(key) as Record<string, string>) });
  }, [key, send]);
  return <RiderSearchScreen view={view} send={send} locations={locations} />;
}
