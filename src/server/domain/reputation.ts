/**
 * A rider's reputation, recomputed from the source rows: Job Success by the formula
 * of src/shared/jobSuccess.ts, and the average company rating with the number of reviews. Called
 * in the transaction of every change that can move it: an engagement ending (an early end by the
 * company), a new engagement with the same company (a rehire), reviews being published (both
 * written, or the window closing), and staff hiding or showing a review.
 *
 * A company review counts once it is published: both sides wrote, or the 14-day window closed
 * (read from review_deadline too, so the figure is right even before the sweeper marks it).
 */
import { sql } from 'drizzle-orm';
import { computeJobSuccess, engagementStartedAt, jobSuccessWindowStart, type EngagementOutcome, type JobSuccess } from '../../shared/jobSuccess';
import type { Db } from '../db/client';
import { writeRiderReputation } from './riderCards';
import { reviewsPublished } from './reviewsPublished';
import { rowsOf } from '../lib/rows';

export { reviewsPublished };

export interface RiderReputationFacts extends JobSuccess {
  reviewCount: number;
  ratingAverageX100: number | null;
}

/** Reads what the rider's reputation is now, without writing it. */
export async function readRiderReputation(db: Db, riderId: string, now: Date = new Date()): Promise<RiderReputationFacts> {
  const since = jobSuccessWindowStart(now);
  const rows = rowsOf<{ ended_at: string | Date; start_date: string | Date; responded_at: string | Date | null; early: boolean; rating: number | null; rehired: boolean }>(
    await db.execute(sql`
      select e.ended_at, e.start_date::text as start_date, e.responded_at,
        (e.ended_by = 'company' and e.end_outcome = 'early') as early,
        (select r.rating from reviews r
          where r.engagement_id = e.id and r.author_role = 'company' and r.hidden_at is null and ${reviewsPublished('e')}) as rating,
        exists (select 1 from engagements later
          where later.company_id = e.company_id and later.rider_id = e.rider_id and later.id <> e.id
            and later.created_at > e.created_at and later.status in ('active', 'ended')) as rehired
      from engagements e
      where e.rider_id = ${riderId} and e.status = 'ended' and e.ended_at >= ${since.toISOString()}`),
  );
  const outcomes: EngagementOutcome[] = rows.map((row) => ({
    endedAt: new Date(row.ended_at),
    companyRating: row.rating === null ? null : Number(row.rating),
    endedEarlyByCompany: row.early === true,
    rehired: row.rehired === true,
    startedAt: engagementStartedAt(String(row.start_date).slice(0, 10), row.responded_at === null ? null : new Date(row.responded_at)),
  }));
  const [ratings] = rowsOf<{ count: number | string; average: number | string | null }>(
    await db.execute(sql`
      select count(*) as count, round(avg(r.rating) * 100) as average
      from reviews r join engagements e on e.id = r.engagement_id
      where r.subject_id = ${riderId} and r.author_role = 'company' and r.hidden_at is null and ${reviewsPublished('e')}`),
  );
  return {
    ...computeJobSuccess(outcomes, now),
    reviewCount: Number(ratings?.count ?? 0),
    ratingAverageX100: ratings?.average === null || ratings?.average === undefined ? null : Number(ratings.average),
  };
}

/** Recomputes and stores the rider's reputation on their card. Pass the change's transaction. */
export async function recomputeRiderReputation(db: Db, riderId: string): Promise<RiderReputationFacts> {
  const facts = await readRiderReputation(db, riderId);
  await writeRiderReputation(db, riderId, {
    jobSuccess: facts.score,
    jobsCounted: facts.jobs,
    reviewCount: facts.reviewCount,
    ratingAverageX100: facts.ratingAverageX100,
  });
  return facts;
}

/**
 * A job leaving the 24-month window changes a score with no write to trigger it: recomputes the
 * riders with an engagement that left the window in the last `lookbackHours` (call it at least
 * that often, e.g. from the review sweeper; running it twice changes nothing). Returns how many
 * riders were recomputed.
 */
export async function recomputeAgedReputations(db: Db, now: Date = new Date(), lookbackHours = 48): Promise<number> {
  const since = jobSuccessWindowStart(now);
  const from = new Date(since.getTime() - lookbackHours * 3_600_000);
  const riders = rowsOf<{ rider_id: string }>(
    await db.execute(sql`
      select distinct e.rider_id from engagements e
      where e.status = 'ended' and e.ended_at >= ${from.toISOString()} and e.ended_at < ${since.toISOString()}`),
  );
  for (const { rider_id: riderId } of riders) {
    await db.transaction(async (tx) => {
      await recomputeRiderReputation(tx, riderId);
    });
  }
  return riders.length;
}
