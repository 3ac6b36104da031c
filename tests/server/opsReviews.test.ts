/**
 * Reviews in the console, on PGlite and PostgreSQL: the list newest first by keyset
 * with the visible/hidden filter; hiding with a reason (required) and showing again, each
 * audited; a hidden company review stops counting in the rider's card (review count, rating,
 * Job Success) and reads as hidden to both parties; the authorization matrix.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { PAGE_SIZE } from '../../src/server/lib/keyset';
import { messages } from '../../src/shared/messages';
import type { OpsPage } from '../../src/shared/opsForms';
import type { OpsReview, OpsReviewActionResponse } from '../../src/shared/reviews';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type DatabaseKind, type TestApp } from './helper';
import { asStaff, matrixCallers, signedInStaff, type Caller, type StaffMember } from './opsHelpers';
import { cardOf, companyReview, engagementOf, parties, postReply, riderReview, windowOf, written } from './reviewHelpers';

function useApp(kind: DatabaseKind) {
  return useTestApp(kind, { startWorkers: false });
}

const hide = (t: TestApp, member: StaffMember, id: string, payload: object = { reason: 'Insults the rider' }) =>
  asStaff(t, member, { method: 'POST', url: `/api/ops/reviews/${id}/hide`, payload, remoteAddress: nextIp() });
const show = (t: TestApp, member: StaffMember, id: string) => asStaff(t, member, { method: 'POST', url: `/api/ops/reviews/${id}/show`, remoteAddress: nextIp() });
const list = (t: TestApp, member: StaffMember, query = '') =>
  asStaff(t, member, { method: 'GET', url: `/api/ops/reviews${query}`, remoteAddress: nextIp() });

/** A published pair of reviews; answers the company review's id. */
async function publishedPair(t: TestApp, company: Awaited<ReturnType<typeof parties>>['company'], rider: Awaited<ReturnType<typeof parties>>['rider'], rating = 5) {
  const id = await engagementOf(t, company, rider);
  const wrote = await written(t, company, id, companyReview(rating, `Rated ${rating} by the company`));
  await written(t, rider, id, riderReview());
  return { engagementId: id, reviewId: wrote.window.mine!.id };
}

describeEachDatabase('ops reviews: hide and show', (kind) => {
  const t = useApp(kind);

  it('hides a company review with a reason: audited, both sides read it as hidden, and it stops counting', async () => {
    const staff = await signedInStaff(t, 'dispatcher', 'reviews');
    const { company, rider } = await parties(t, 'hide');
    // Three reviewed jobs with three companies: Job Success shows.
    const first = await publishedPair(t, company, rider, 5);
    for (const n of [2, 3]) {
      const other = await parties(t, `hide${n}`);
      await publishedPair(t, other.company, rider, 5);
    }
    let card = await cardOf(t, rider.id);
    expect([card!.reviewCount, card!.ratingAverage, card!.jobSuccess]).toEqual([3, 500, 100]);

    const noReason = await hide(t, staff, first.reviewId, { reason: '  ' });
    expect([noReason.statusCode, errorOf(noReason.body)]).toEqual([400, { field: 'reason', message: messages.fieldRequired }]);
    const missing = await hide(t, staff, first.reviewId, {});
    expect([missing.statusCode, errorOf(missing.body).field]).toEqual([400, 'reason']);

    const res = await hide(t, staff, first.reviewId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OpsReviewActionResponse>();
    expect(body.message).toBe(messages.opsReviewHidden);
    expect(body.review).toMatchObject({ id: first.reviewId, hidden: true, hiddenReason: 'Insults the rider', published: true, authorRole: 'company', rating: 5 });

    card = await cardOf(t, rider.id);
    expect([card!.reviewCount, card!.ratingAverage, card!.jobSuccess]).toEqual([2, 500, null]);

    for (const party of [rider, company]) {
      const window = await windowOf(t, party, first.engagementId);
      const shown = party === rider ? window.theirs! : window.mine!;
      expect(shown).toMatchObject({ hidden: true, rating: null, comment: null, wouldHireAgain: null });
      expect(JSON.stringify(window)).not.toContain('Rated 5 by the company');
    }
    expect((await windowOf(t, rider, first.engagementId)).canReply).toBe(false);
    const reply = await postReply(t, rider.token, first.reviewId, 'Thank you');
    expect(reply.statusCode).toBe(404);

    const twice = await hide(t, staff, first.reviewId);
    expect([twice.statusCode, errorOf(twice.body)]).toEqual([409, { field: 'alert', message: messages.opsReviewAlreadyHidden }]);

    const shownAgain = await show(t, staff, first.reviewId);
    expect(shownAgain.statusCode).toBe(200);
    expect(shownAgain.json<OpsReviewActionResponse>()).toMatchObject({ message: messages.opsReviewShown, review: { hidden: false, hiddenReason: null } });
    card = await cardOf(t, rider.id);
    expect([card!.reviewCount, card!.jobSuccess]).toEqual([3, 100]);
    const again = await show(t, staff, first.reviewId);
    expect([again.statusCode, errorOf(again.body).message]).toEqual([409, messages.opsReviewAlreadyVisible]);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, first.reviewId)).orderBy(auditLog.createdAt);
    expect(audit.map((a) => [a.action, a.entityType, a.staffEmail, a.before, a.after])).toEqual([
      ['review.hide', 'review', staff.email, { hidden: false, reason: null }, { hidden: true, reason: 'Insults the rider' }],
      ['review.show', 'review', staff.email, { hidden: true, reason: 'Insults the rider' }, { hidden: false, reason: null }],
    ]);

    const gone = await hide(t, staff, '00000000-0000-4000-8000-000000000000');
    expect([gone.statusCode, errorOf(gone.body).message]).toEqual([404, messages.opsReviewGone]);
  });

  it('hides a rider’s review of a company without touching the rider’s figures', async () => {
    const staff = await signedInStaff(t, 'admin', 'reviews-rider');
    const { company, rider } = await parties(t, 'riderside');
    const id = await engagementOf(t, company, rider);
    await written(t, company, id, companyReview(4));
    const riderWrote = await written(t, rider, id, riderReview(1, 'Rude words'));
    const before = await cardOf(t, rider.id);
    const res = await hide(t, staff, riderWrote.window.mine!.id, { reason: 'Abusive language' });
    expect(res.statusCode).toBe(200);
    const after = await cardOf(t, rider.id);
    expect([after!.reviewCount, after!.ratingAverage]).toEqual([before!.reviewCount, before!.ratingAverage]);
    expect((await windowOf(t, company, id)).theirs).toMatchObject({ hidden: true, comment: null });
  });
});

describeEachDatabase('ops reviews: list', (kind) => {
  const t = useApp(kind);

  it('pages newest first by keyset and filters visible or hidden', async () => {
    const staff = await signedInStaff(t, 'dispatcher', 'reviews-list');
    const made: string[] = [];
    for (let i = 0; i < Math.ceil((PAGE_SIZE + 3) / 2); i++) {
      const { company, rider } = await parties(t, `list${i}`);
      const pair = await publishedPair(t, company, rider, 4);
      made.push(pair.reviewId);
    }
    const first = await list(t, staff);
    expect(first.statusCode).toBe(200);
    const page1 = first.json<OpsPage<OpsReview>>();
    expect(page1.items).toHaveLength(PAGE_SIZE);
    expect(page1.next).not.toBeNull();
    const page2 = (await list(t, staff, `?cursor=${page1.next}`)).json<OpsPage<OpsReview>>();
    const all = [...page1.items, ...page2.items];
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const times = all.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all[0]).toMatchObject({ authorRole: expect.any(String), authorName: expect.any(String), subjectName: expect.any(String), published: true });

    await hide(t, staff, made[0]!);
    const hidden = (await list(t, staff, '?visibility=hidden')).json<OpsPage<OpsReview>>();
    expect(hidden.items.map((r) => r.id)).toEqual([made[0]]);
    const visible = (await list(t, staff, '?visibility=visible')).json<OpsPage<OpsReview>>();
    expect(visible.items.some((r) => r.id === made[0])).toBe(false);

    const bad = await list(t, staff, '?visibility=secret');
    expect(bad.statusCode).toBe(400);
    const badCursor = await list(t, staff, '?cursor=nonsense');
    expect([badCursor.statusCode, errorOf(badCursor.body).field]).toEqual([400, 'cursor']);
  });

  it('answers staff only: riders, companies and the signed out get the 404 of a missing page', async () => {
    const callers = await matrixCallers(t);
    const { company, rider } = await parties(t, 'ops-matrix');
    const { reviewId } = await publishedPair(t, company, rider);
    const allowed: Caller[] = ['dispatcher', 'admin'];
    for (const caller of Object.keys(callers) as Caller[]) {
      const headers = callers[caller];
      const get = await t.app.inject({ method: 'GET', url: '/api/ops/reviews', headers, remoteAddress: nextIp() });
      const hid = await t.app.inject({ method: 'POST', url: `/api/ops/reviews/${reviewId}/hide`, headers, payload: { reason: 'Spam' }, remoteAddress: nextIp() });
      const shown = await t.app.inject({ method: 'POST', url: `/api/ops/reviews/${reviewId}/show`, headers, remoteAddress: nextIp() });
      if (allowed.includes(caller)) {
        expect([caller, get.statusCode, hid.statusCode, shown.statusCode]).toEqual([caller, 200, 200, 200]);
      } else {
        for (const res of [get, hid, shown]) expect([caller, res.statusCode, errorOf(res.body)]).toEqual([caller, 404, { field: 'alert', message: messages.notFound }]);
      }
    }
  });
});
