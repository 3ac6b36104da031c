/**
 * When an engagement's reviews are visible: both sides wrote, or the 14-day window
 * closed (read from review_deadline too, so a figure is right even before the sweeper marks it).
 * A leaf of its own so that the reputation (reputation.ts) and the profile document
 * (profileDocument.ts) share the rule without importing each other.
 */
import { sql } from 'drizzle-orm';
import { JOB_SUCCESS_MIN_DAYS } from '../../shared/jobSuccess';

/** SQL: the engagement's reviews are visible (both written, or the window closed). */
export const reviewsPublished = (e: string) =>
  sql.raw(`(${e}.reviews_published_at is not null or (${e}.review_deadline is not null and ${e}.review_deadline <= now()))`);

/**
 * SQL mirror of lastedLongEnough (src/shared/jobSuccess.ts): the engagement lasted at least
 * JOB_SUCCESS_MIN_DAYS from the later of its start date (Lagos midnight) and its acceptance, or
 * the company ended it early. Used where a count of reviewed jobs must match the score's.
 */
export const lastedLongEnough = (e: string) =>
  sql.raw(
    `((${e}.ended_by = 'company' and ${e}.end_outcome = 'early') or ${e}.ended_at >= greatest(${e}.responded_at, (${e}.start_date::text || 'T00:00:00+01:00')::timestamptz) + make_interval(days => ${JOB_SUCCESS_MIN_DAYS}))`,
  );
