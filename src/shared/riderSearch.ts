/**
 * Company search for riders ("Finding riders"): the filters, their limits, how they
 * travel in the page's URL (so a company can share or bookmark a search and Back works) and in
 * the API's querystring (the same names), and the shapes GET /api/companies/riders,
 * GET /api/companies/riders/:username and the shortlist answer. Used by the server's search
 * feature, machines/search/riderSearchMachine.ts and the company dashboard.
 */
import type { PublicProfile } from './profile';
import { EDUCATION_OPTIONS, EXPERIENCE_OPTIONS } from './profile';
import type { DeliveryRecordFigures } from './deliveries/record';

export const SEARCH_SORTS = ['job_success', 'rating', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
const DEFAULT_SORT: SearchSort = 'job_success';

export const MIN_RATINGS = ['1', '2', '3', '4', '5'] as const;
export const SEARCH_TEXT_MAX = 100;
export const SEARCH_LANGUAGES_MAX = 200;
export const SEARCH_PLACE_MAX = 80;
export const SEARCH_PAGE_SIZE = 20;
/** At most this many languages in one search (all must be spoken). */
export const SEARCH_LANGUAGES_COUNT_MAX = 5;

export { EDUCATION_OPTIONS, EXPERIENCE_OPTIONS };

/** The filters as the form holds them: every value a string ('' for "any"), verified a flag. */
export interface RiderSearchFilters {
  state: string;
  town: string;
  experience: string;
  /** Comma-separated, as a rider writes them: "Yoruba, Pidgin". Every one must be spoken. */
  languages: string;
  education: string;
  verified: boolean;
  /** '' or '1'…'5': the lowest average rating. */
  min_rating: string;
  q: string;
  sort: SearchSort;
}

export const EMPTY_FILTERS: RiderSearchFilters = {
  state: '',
  town: '',
  experience: '',
  languages: '',
  education: '',
  verified: false,
  min_rating: '',
  q: '',
  sort: DEFAULT_SORT,
};

/**
 * 'English, Yoruba and Pidgin' → ['english', 'yoruba', 'pidgin']: split at commas, slashes,
 * semicolons and the word "and", lower-cased, as the rider card keeps them
 * (server/domain/riderCards.ts does the same in SQL).
 */
export function splitLanguages(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/\s*(?:,|\/|;|\band\b)\s*/i)) {
    const name = part.trim().replace(/\s+/g, ' ').toLowerCase();
    if (name) seen.add(name);
  }
  return [...seen];
}

const pick = (value: unknown): string => (value === undefined || value === null ? '' : String(value)).slice(0, 200);

/**
 * The filters from a URL's search params (or a parsed search object). Anything unknown or out of
 * range reads as "any", so an old or hand-edited link still opens a search.
 */
export function filtersFromParams(params: Record<string, unknown>): RiderSearchFilters {
  const sort = pick(params.sort);
  const minRating = pick(params.min_rating);
  const experience = pick(params.experience);
  const education = pick(params.education);
  const verified = pick(params.verified);
  return {
    state: pick(params.state).slice(0, SEARCH_PLACE_MAX),
    town: pick(params.state) ? pick(params.town).slice(0, SEARCH_PLACE_MAX) : '',
    experience: (EXPERIENCE_OPTIONS as readonly string[]).includes(experience) ? experience : '',
    languages: pick(params.languages).slice(0, SEARCH_LANGUAGES_MAX),
    education: (EDUCATION_OPTIONS as readonly string[]).includes(education) ? education : '',
    verified: verified === '1' || verified === 'true',
    min_rating: (MIN_RATINGS as readonly string[]).includes(minRating) ? minRating : '',
    q: pick(params.q).slice(0, SEARCH_TEXT_MAX),
    sort: (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : DEFAULT_SORT,
  };
}

/** The filters as URL search params / the API's querystring: only what is set, so links stay short. */
export function filtersToParams(filters: RiderSearchFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.state.trim()) out.state = filters.state.trim();
  if (filters.state.trim() && filters.town.trim()) out.town = filters.town.trim();
  if (filters.experience) out.experience = filters.experience;
  if (filters.languages.trim()) out.languages = filters.languages.trim();
  if (filters.education) out.education = filters.education;
  if (filters.verified) out.verified = '1';
  if (filters.min_rating) out.min_rating = filters.min_rating;
  if (filters.q.trim()) out.q = filters.q.trim();
  if (filters.sort !== DEFAULT_SORT) out.sort = filters.sort;
  return out;
}

/** Whether any filter narrows the search (the sort order is not a filter). */
export function hasFilters(filters: RiderSearchFilters): boolean {
  return Object.keys(filtersToParams(filters)).some((name) => name !== 'sort');
}

export function sameFilters(a: RiderSearchFilters, b: RiderSearchFilters): boolean {
  return JSON.stringify(filtersToParams(a)) === JSON.stringify(filtersToParams(b));
}

/**
 * Job Success and the rating, as the card keeps them (src/web/kit/components/JobSuccess.tsx shows
 * them), and the delivery record (shared/deliveries/record.ts formats it).
 */
export interface RiderReputationFigures extends DeliveryRecordFigures {
  job_success: number | null;
  jobs_counted: number;
  review_count: number;
  rating_average_x100: number | null;
}

/** One result of a search or one rider of the shortlist. Never a phone or an e-mail. */
export interface RiderSearchResult extends RiderReputationFigures {
  username: string;
  /** "Ada O." when the rider gave both names, else the username. */
  display_name: string;
  introduction: string | null;
  state: string | null;
  town: string | null;
  experience: string | null;
  id_verified: boolean;
  /** The small thumbnail when there is one, else the display picture. */
  picture: { url: string } | null;
  shortlisted: boolean;
}

export interface RiderSearchPage {
  items: RiderSearchResult[];
  /** The cursor of the next page, null on the last. */
  next: string | null;
  /**
   * The search's first page only: how many riders match, counted up to SEARCH_COUNT_MAX + 1
   * (more reads "1,000+"). Absent on later pages and on the shortlist.
   */
  total?: number;
}

/** A search counts its riders up to this many (one more means "more than this"). */
export const SEARCH_COUNT_MAX = 1000;

/** GET /api/companies/riders/:username: the public profile, the reputation, the shortlist flag. */
export interface CompanyRiderProfile extends PublicProfile, RiderReputationFigures {
  display_name: string;
  /** "Ada Obi": only to a company whose request the rider accepted (active or ended), else null. */
  full_name: string | null;
  shortlisted: boolean;
}

export interface ShortlistResponse {
  message: string;
  shortlisted: boolean;
}
