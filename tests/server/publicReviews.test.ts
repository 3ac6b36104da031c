/**
 * GET /api/riders/:username/reviews on PGlite and PostgreSQL: a rider's published,
 * visible company reviews, newest first, with the company's name, "would hire again" and the
 * rider's reply; keyset pages of 10; the public page's 404 for anyone without one; the same
 * answer to every caller of the authorization matrix; rate limited like the page.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { readPublishedReviews } from '../../src/server/domain/publishedReviews';
import { messages } from '../../src/shared/messages';
import type { PublicReviewsPage } from '../../src/shared/publicReviews';
import { describeEachDatabase, errorOf, nextIp, useTestApp } from './helper';
import { signedInStaff, signedInUser } from './opsHelpers';
import { signedInRider } from './profileHelpers';
import { companyReview, daysBefore, makeCompany, makeEngagement, reviewedJob, riderReview } from './reputationFixtures';
import { STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';

describeEachDatabase('GET /api/riders/:username/reviews', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });

  it('lists published, visible company reviews newest first, with the company, "would hire again" and the reply', async () => {
    const rider = await signedInRider(t);
    const lekki = await makeCompany(t, 'Lekki Bakes');
    const yaba = await makeCompany(t, 'Yaba Foods');
    const older = await reviewedJob(t, { companyId: lekki.id, riderId: rider.id, endedAt: daysBefore(90), rating: 5, comment: 'On time, every time.', reply: 'Thank you, Lekki Bakes!' });
    const newer = await reviewedJob(t, { companyId: yaba.id, riderId: rider.id, endedAt: daysBefore(40), rating: 3, comment: 'Fine, some late days.', wouldHireAgain: false });
    // Published by the window closing, not yet marked by the sweeper: listed, by its deadline.
    const closed = await reviewedJob(t, { companyId: lekki.id, riderId: rider.id, endedAt: daysBefore(20), published: 'deadline', rating: 4, comment: 'Careful with parcels.' });

    // Not listed: a review still inside its window, a hidden one, the rider's own review of a company, another rider's.
    const pending = await makeEngagement(t, { companyId: yaba.id, riderId: rider.id, endedAt: daysBefore(2), published: 'pending' });
    await companyReview(t, { engagementId: pending.id, companyId: yaba.id, riderId: rider.id, rating: 1, comment: 'SECRET pending' });
    await reviewedJob(t, { companyId: yaba.id, riderId: rider.id, endedAt: daysBefore(60), rating: 1, comment: 'SECRET hidden', hidden: true });
    const own = await makeEngagement(t, { companyId: lekki.id, riderId: rider.id, endedAt: daysBefore(100), published: 'both' });
    await riderReview(t, { engagementId: own.id, companyId: lekki.id, riderId: rider.id, rating: 2, comment: 'SECRET rider about company' });
    const other = await signedInRider(t);
    await reviewedJob(t, { companyId: lekki.id, riderId: other.id, rating: 2, comment: 'SECRET other rider' });

    const res = await get(`/api/riders/${rider.username.toUpperCase()}/reviews`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('SECRET');
    const page = res.json<PublicReviewsPage>();
    expect(page.next).toBeNull();
    expect(page.items.map((r) => r.id)).toEqual([closed.reviewId, newer.reviewId, older.reviewId]);
    expect(page.items[2]).toMatchObject({
      rating: 5,
      comment: 'On time, every time.',
      would_hire_again: true,
      company_name: 'Lekki Bakes',
      reply: 'Thank you, Lekki Bakes!',
    });
    expect(page.items[1]).toMatchObject({ rating: 3, would_hire_again: false, company_name: 'Yaba Foods', reply: null, replied_at: null });
    expect(Date.parse(page.items[2]!.replied_at!)).not.toBeNaN();
    // The window closed 6 days ago: published then.
    expect(Math.abs(Date.parse(page.items[0]!.published_at) - (daysBefore(20).getTime() + 14 * 86_400_000))).toBeLessThan(60_000);
    expect(Object.keys(page.items[0]!).sort()).toEqual(['comment', 'company_name', 'ended_at', 'id', 'published_at', 'rating', 'replied_at', 'reply', 'would_hire_again']);
  });

  it('pages by cursor, 10 at a time; a tampered cursor is a 400 under cursor', async () => {
    const rider = await signedInRider(t);
    const company = await makeCompany(t, 'Ikeja Pharmacy');
    for (let i = 0; i < 12; i += 1) {
      await reviewedJob(t, { companyId: company.id, riderId: rider.id, endedAt: daysBefore(30 + i), rating: 5, comment: `Job ${i}` });
    }
    const first = (await get(`/api/riders/${rider.username}/reviews`)).json<PublicReviewsPage>();
    expect(first.items.map((r) => r.comment)).toEqual(Array.from({ length: 10 }, (_, i) => `Job ${i}`));
    expect(first.next).toEqual(expect.any(String));
    const second = (await get(`/api/riders/${rider.username}/reviews?cursor=${first.next}`)).json<PublicReviewsPage>();
    expect(second).toMatchObject({ next: null });
    expect(second.items.map((r) => r.comment)).toEqual(['Job 10', 'Job 11']);

    for (const cursor of ['nonsense', Buffer.from('["x","y"]').toString('base64url')]) {
      const bad = await get(`/api/riders/${rider.username}/reviews?cursor=${cursor}`);
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad.body)).toEqual({ field: 'cursor', message: messages.invalidRequest });
    }
    // The same reader the public page uses.
    expect((await readPublishedReviews(t.database.db, rider.id)).items).toHaveLength(10);
  });

  it('a rider with no published review: an empty list', async () => {
    const rider = await signedInRider(t);
    expect((await get(`/api/riders/${rider.username}/reviews`)).json()).toEqual({ items: [], next: null });
  });

  it("is the public page's 404 for no such rider, an unfinished sign-up, a suspended rider, a company", async () => {
    const unfinished = await signedInRider(t, { profileCompleted: 0 });
    const suspended = await signedInRider(t);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const company = await signedInRider(t);
    await t.database.db.update(users).set({ userType: 2 }).where(eq(users.id, company.id));
    for (const name of ['nobody_here', unfinished.username, suspended.username, company.username, encodeURIComponent('no such!'), 'a'.repeat(65)]) {
      const res = await get(`/api/riders/${name}/reviews`);
      expect(res.statusCode, name).toBe(name.length > 64 ? 400 : 404);
      if (res.statusCode === 404) expect(errorOf(res.body)).toEqual({ field: 'alert', message: messages.riderNotFound });
      const page = await t.app.inject({ method: 'GET', url: `/riders/${name}`, remoteAddress: nextIp() });
      expect(page.statusCode, name).toBe(name.length > 64 ? 400 : 404);
    }
  });

  it('answers every caller the same (authorization matrix: public)', async () => {
    const rider = await signedInRider(t);
    const otherRider = await signedInRider(t);
    const company = await makeCompany(t, 'Matrix Co');
    await reviewedJob(t, { companyId: company.id, riderId: rider.id, rating: 4, comment: 'Matrix review' });
    const companyA = await signedInUser(t, 2, 'matrix-company-a');
    const companyB = await signedInUser(t, 2, 'matrix-company-b');
    const staffMember = await signedInStaff(t, 'dispatcher', 'reviews-matrix');
    const callers: Record<string, Record<string, string>> = {
      'signed out': {},
      'the rider': { 'x-auth-token': rider.token },
      'other rider': { 'x-auth-token': otherRider.token },
      company: { 'x-auth-token': companyA.token },
      'other company': { 'x-auth-token': companyB.token },
      staff: { [STAFF_TOKEN_HEADER]: staffMember.token },
    };
    const bodies = new Set<string>();
    for (const [who, headers] of Object.entries(callers)) {
      const res = await get(`/api/riders/${rider.username}/reviews`, headers);
      expect(res.statusCode, who).toBe(200);
      bodies.add(res.body);
      const missing = await get('/api/riders/nobody_here/reviews', headers);
      expect(missing.statusCode, who).toBe(404);
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('Matrix review');
  });

  it('is rate limited like the public page: 120 a minute from one address', async () => {
    const rider = await signedInRider(t);
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 121; i += 1) {
      last = (await t.app.inject({ method: 'GET', url: `/api/riders/${rider.username}/reviews`, remoteAddress: ip })).statusCode;
      if (i < 120) expect(last, `request ${i + 1}`).toBe(200);
    }
    expect(last).toBe(429);
  });

  it('keeps a stable order for reviews published at the same moment (by id)', async () => {
    const rider = await signedInRider(t);
    const company = await makeCompany(t);
    for (let i = 0; i < 3; i += 1) await reviewedJob(t, { companyId: company.id, riderId: rider.id, endedAt: daysBefore(50), rating: 4 });
    await t.database.db.execute(sql`update engagements set reviews_published_at = date_trunc('day', now()) - interval '20 days', review_deadline = date_trunc('day', now()) - interval '20 days' where rider_id = ${rider.id}`);
    const page = await readPublishedReviews(t.database.db, rider.id, undefined, 2);
    const rest = await readPublishedReviews(t.database.db, rider.id, page.next!, 2);
    const ids = [...page.items, ...rest.items].map((r) => r.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(new Set(ids).size).toBe(3);
  });
});
