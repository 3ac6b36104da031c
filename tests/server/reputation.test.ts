/**
 * A rider's reputation read from the database (src/server/domain/reputation.ts) on PGlite and
 * PostgreSQL: only published, visible company reviews count (both written, or the 14 days
 * passed); a hidden review stops counting; the average and the number of reviews; a rehire
 * turns an earlier engagement good; the recompute writes the rider's card, which the profile
 * API then answers.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { reviews, riderCards } from '../../src/server/db/schema';
import { readRiderReputation, recomputeAgedReputations, recomputeRiderReputation } from '../../src/server/domain/reputation';
import { writeRiderReputation } from '../../src/server/domain/riderCards';
import { jobSuccessWindowStart } from '../../src/shared/jobSuccess';
import { describeEachDatabase, useTestApp } from './helper';
import { companyReview, daysBefore, makeCompany, makeEngagement, reviewedJob, riderReview, type EngagementInput, type ReviewInput } from './reputationFixtures';
import { profileOf, signedInRider, type Rider } from './profileHelpers';

describeEachDatabase('rider reputation', (kind) => {
  const t = useTestApp(kind);

  /** A job with a company of its own (the same company twice would be a rehire) and its company review. */
  async function job(rider: Rider, rating: number, options: Partial<EngagementInput & ReviewInput> = {}) {
    const company = await makeCompany(t);
    return reviewedJob(t, { companyId: company.id, riderId: rider.id, rating, ...options });
  }

  it('a new rider has nothing: no score, no jobs, no reviews', async () => {
    const rider = await signedInRider(t);
    expect(await readRiderReputation(t.database.db, rider.id)).toEqual({ score: null, jobs: 0, reviewed: 0, reviewCount: 0, ratingAverageX100: null });
  });

  it('reviews inside the window, not both written, do not count; both written or the deadline passing publishes them', async () => {
    const rider = await signedInRider(t);
    const company = await makeCompany(t);
    const pending = await makeEngagement(t, { companyId: company.id, riderId: rider.id, endedAt: daysBefore(2), published: 'pending' });
    await companyReview(t, { engagementId: pending.id, companyId: company.id, riderId: rider.id, rating: 5 });
    expect(await readRiderReputation(t.database.db, rider.id)).toMatchObject({ jobs: 0, reviewed: 0, reviewCount: 0, ratingAverageX100: null });

    // Both wrote: published at once, inside the window.
    await job(rider, 4, { endedAt: daysBefore(3), published: 'both' });
    expect(await readRiderReputation(t.database.db, rider.id)).toMatchObject({ jobs: 1, reviewed: 1, reviewCount: 1, ratingAverageX100: 400 });

    // The 14 days passed: published even before a sweeper marks reviews_published_at.
    await job(rider, 5, { endedAt: daysBefore(20), published: 'deadline' });
    expect(await readRiderReputation(t.database.db, rider.id)).toMatchObject({ score: null, jobs: 2, reviewed: 2, reviewCount: 2, ratingAverageX100: 450 });

    // The pending one's deadline passes: now three reviewed jobs, and a score.
    await t.database.db.execute(sql`update engagements set review_deadline = now() - interval '1 minute' where id = ${pending.id}`);
    expect(await readRiderReputation(t.database.db, rider.id)).toEqual({ score: 100, jobs: 3, reviewed: 3, reviewCount: 3, ratingAverageX100: 467 });
  });

  it("the average and count are of visible company reviews only: a hidden review stops counting, the rider's own reviews never count", async () => {
    const rider = await signedInRider(t);
    const other = await signedInRider(t);
    const jobs = [];
    for (const rating of [5, 4, 4, 1]) jobs.push(await job(rider, rating));
    // The rider's review of a company, and another rider's reviews, are not this rider's reputation.
    const company = await makeCompany(t);
    const own = await makeEngagement(t, { companyId: company.id, riderId: rider.id, published: 'both' });
    await riderReview(t, { engagementId: own.id, companyId: company.id, riderId: rider.id, rating: 1 });
    await job(other, 1);

    expect(await readRiderReputation(t.database.db, rider.id)).toEqual({ score: 75, jobs: 4, reviewed: 4, reviewCount: 4, ratingAverageX100: 350 });

    // Staff hide the 1: it stops counting in the score, the average and the count.
    await t.database.db.update(reviews).set({ hiddenAt: new Date(), hiddenReason: 'Abusive' }).where(eq(reviews.id, jobs[3]!.reviewId));
    expect(await readRiderReputation(t.database.db, rider.id)).toEqual({ score: 100, jobs: 3, reviewed: 3, reviewCount: 3, ratingAverageX100: 433 });
  });

  it('an early end by the company counts against the score even with 5 stars; jobs older than 24 months are left out of the score', async () => {
    const rider = await signedInRider(t);
    for (const rating of [5, 5, 5]) await job(rider, rating);
    await job(rider, 5, { endedEarlyByCompany: true });
    // An early end with no review yet counts too.
    const company = await makeCompany(t);
    await makeEngagement(t, { companyId: company.id, riderId: rider.id, endedAt: daysBefore(5), endedEarlyByCompany: true, published: 'pending' });
    // Three years ago: in the average (reviews stay), not in the score.
    await job(rider, 1, { endedAt: daysBefore(3 * 365) });
    expect(await readRiderReputation(t.database.db, rider.id)).toEqual({ score: 60, jobs: 5, reviewed: 4, reviewCount: 5, ratingAverageX100: 420 });
  });

  it('a rehire turns an earlier engagement with the same company good, whatever its rating', async () => {
    const rider = await signedInRider(t);
    await job(rider, 5, { endedAt: daysBefore(200) });
    await job(rider, 5, { endedAt: daysBefore(150) });
    const company = await makeCompany(t, 'Yaba Foods');
    await reviewedJob(t, { companyId: company.id, riderId: rider.id, endedAt: daysBefore(100), rating: 2, endedEarlyByCompany: true });
    expect(await readRiderReputation(t.database.db, rider.id)).toMatchObject({ score: 67, jobs: 3, reviewed: 3 });

    // A request that was declined is no rehire.
    const declined = await makeEngagement(t, { companyId: company.id, riderId: rider.id, status: 'active', createdAt: daysBefore(20) });
    await t.database.db.execute(sql`update engagements set status = 'declined' where id = ${declined.id}`);
    expect(await readRiderReputation(t.database.db, rider.id)).toMatchObject({ score: 67, jobs: 3 });

    // The same company hires the rider again (accepted, still running): the bad job becomes good.
    await makeEngagement(t, { companyId: company.id, riderId: rider.id, status: 'active', createdAt: daysBefore(10) });
    expect(await readRiderReputation(t.database.db, rider.id)).toMatchObject({ score: 100, jobs: 3, reviewed: 3 });
  });

  it('a job leaving the 24-month window is taken out of the score by the aged-reputation recompute', async () => {
    const rider = await signedInRider(t);
    for (const rating of [5, 5, 5]) await job(rider, rating, { endedAt: daysBefore(100) });
    // Ended an hour before the window's start: it was in the score until an hour ago.
    await job(rider, 1, { endedAt: new Date(jobSuccessWindowStart(new Date()).getTime() - 3_600_000) });
    await writeRiderReputation(t.database.db, rider.id, { jobSuccess: 75, jobsCounted: 4, reviewCount: 4, ratingAverageX100: 400 });

    expect(await recomputeAgedReputations(t.database.db)).toBeGreaterThanOrEqual(1);
    const [card] = await t.database.db.select().from(riderCards).where(eq(riderCards.userId, rider.id));
    // The score forgets it; the rating keeps every published review.
    expect(card).toMatchObject({ jobSuccess: 100, jobsCounted: 3, reviewCount: 4, ratingAverage: 400 });
  });

  it('recompute writes the card; the profile API answers the stored reputation', async () => {
    const rider = await signedInRider(t);
    expect((await profileOf(t, rider)).reputation).toEqual({ job_success: null, jobs_counted: 0, review_count: 0, rating_average_x100: null, reviewed: 0, deliveries_completed: 0, deliveries_on_time: 0, delivery_rating_count: 0, delivery_rating_average_x100: null });

    for (const rating of [5, 4, 3]) await job(rider, rating);
    const facts = await recomputeRiderReputation(t.database.db, rider.id);
    expect(facts).toEqual({ score: 67, jobs: 3, reviewed: 3, reviewCount: 3, ratingAverageX100: 400 });
    const [card] = await t.database.db.select().from(riderCards).where(eq(riderCards.userId, rider.id));
    expect(card).toMatchObject({ jobSuccess: 67, jobsCounted: 3, reviewCount: 3, ratingAverage: 400, listed: true, username: rider.username });
    expect((await profileOf(t, rider)).reputation).toEqual({ job_success: 67, jobs_counted: 3, review_count: 3, rating_average_x100: 400, reviewed: 3, deliveries_completed: 0, deliveries_on_time: 0, delivery_rating_count: 0, delivery_rating_average_x100: null });
  });
});
