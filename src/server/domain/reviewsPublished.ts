/**
 * When an engagement's reviews are visible: both sides wrote, or the 14-day window
 * closed (read from review_deadline too, so a figure is right even before the sweeper marks it).
 * A leaf of its own so that the reputation (reputation.ts) and the profile document
 * (profileDocument.ts) share the rule without importing each other.
 */
import { sql } from 'drizzle-orm';

/** SQL: the engagement's reviews are visible (both written, or the window closed). */
export const reviewsPublished = (e: string) =>
  sql.raw(`(${e}.reviews_published_at is not null or (${e}.review_deadline is not null and ${e}.review_deadline <= now()))`);
