/**
 * A rider's published reviews as anyone may read them: GET
 * /api/riders/:username/reviews and the public page /riders/{username}. Only company reviews
 * that are published (both sides wrote, or the 14-day window closed) and not hidden by staff,
 * newest first, with the rider's one public reply.
 */
import { displayDate } from './profile';

/** Reviews on one page of the list (the public page shows the first page). */
export const PUBLIC_REVIEWS_PAGE_SIZE = 10;

export interface PublicReview {
  id: string;
  /** 1-5 */
  rating: number;
  comment: string;
  /** The company's answer to "Would you hire this rider again?". */
  would_hire_again: boolean | null;
  company_name: string;
  /** ISO timestamps. */
  ended_at: string;
  published_at: string;
  reply: string | null;
  replied_at: string | null;
}

export interface PublicReviewsPage {
  items: PublicReview[];
  /** The cursor of the next page (?cursor=), or null on the last one. */
  next: string | null;
}

/** "12 Mar 2026" in Lagos time (UTC+1 all year), the same on the server-rendered page and in the app. */
export function reviewDate(iso: string): string {
  const at = new Date(iso).getTime();
  return Number.isNaN(at) ? '' : displayDate(new Date(at + 3_600_000).toISOString().slice(0, 10));
}
