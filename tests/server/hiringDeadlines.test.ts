/**
 * The hiring deadlines kept by the server, on PGlite and PostgreSQL: a request not
 * answered in 7 days reads 'expired' at once (lists, filters, actions) even before the sweeper
 * writes it; expireDueRequests writes it and e-mails the company once, however many sweepers
 * run; an overdue request does not block a new one; ending opens a 14-day review window.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { engagements, outboxEmails } from '../../src/server/db/schema';
import { expireDueRequests } from '../../src/server/features/hiring/service';
import { DAY_MS, REVIEW_WINDOW_DAYS, type HireActionResponse, type HireItem, type HirePage } from '../../src/shared/hiring';
import { messages } from '../../src/shared/messages';
import { describeEachDatabase, errorOf, useTestApp, type TestApp } from './helper';
import { act, company, getItem, list, listedRider, sendRequest } from './hiringHelpers';

async function overdue(t: TestApp, id: string) {
  await t.database.db.execute(sql`update engagements set expires_at = now() - interval '1 minute' where id = ${id}`);
}

async function storedStatus(t: TestApp, id: string) {
  const [row] = await t.database.db.select({ status: engagements.status }).from(engagements).where(eq(engagements.id, id));
  return row!.status;
}

describeEachDatabase('hiring deadlines', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('a request past its 7 days reads expired to both sides before the sweeper runs, and can no longer be answered or withdrawn', async () => {
    const co = await company(t, 'lazy');
    const rider = await listedRider(t, 'lazy');
    const sent = await sendRequest(t, co, rider);
    await overdue(t, sent.id);
    expect(await storedStatus(t, sent.id)).toBe('requested');

    expect((await getItem(t, co, sent.id)).json<HireItem>().status).toBe('expired');
    expect((await getItem(t, rider, sent.id)).json<HireItem>().status).toBe('expired');
    expect((await list(t, rider, '?status=requested')).json<HirePage>().items).toEqual([]);
    expect((await list(t, co, '?status=open')).json<HirePage>().items).toEqual([]);
    expect((await list(t, co, '?status=expired')).json<HirePage>().items.map((i) => i.id)).toEqual([sent.id]);

    for (const [as, action] of [
      [rider, 'accept'],
      [rider, 'decline'],
      [co, 'withdraw'],
    ] as const) {
      const res = await act(t, as, sent.id, action);
      expect([res.statusCode, errorOf(res.body)], action).toEqual([409, { field: 'status', message: messages.hireConflict.expired }]);
    }
    expect(await storedStatus(t, sent.id)).toBe('requested');
  });

  it('expireDueRequests writes the expiry and e-mails the company once; requests still in their 7 days are left alone', async () => {
    const co = await company(t, 'sweep');
    const rider = await listedRider(t, 'sweep');
    const other = await listedRider(t, 'sweep-live');
    const due = await sendRequest(t, co, rider);
    const live = await sendRequest(t, co, other);
    await overdue(t, due.id);

    expect(await expireDueRequests(t.database.db, t.config)).toBeGreaterThanOrEqual(1);
    expect(await storedStatus(t, due.id)).toBe('expired');
    expect(await storedStatus(t, live.id)).toBe('requested');
    expect(await expireDueRequests(t.database.db, t.config)).toBe(0);

    const subject = messages.hireEmailExpiredSubject(due.rider.display_name);
    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, co.email.toLowerCase()), eq(outboxEmails.subject, subject)));
    expect(mails.length).toBe(1);
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/company-dashboard/hires`);
  });

  it('sweepers running at once (several instances) expire each request exactly once', async () => {
    const co = await company(t, 'sweep-race');
    const riders = await Promise.all([0, 1, 2, 3].map((i) => listedRider(t, `sweep-race-${i}`)));
    const sent = [];
    for (const rider of riders) sent.push(await sendRequest(t, co, rider));
    for (const item of sent) await overdue(t, item.id);
    const counts = await Promise.all([0, 1, 2].map(() => expireDueRequests(t.database.db, t.config)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, co.email.toLowerCase()));
    expect(mails.filter((m) => m.subject.startsWith('Your hire request to')).length).toBe(4);
  });

  it('an overdue request does not block a new one to the same rider: it is expired first (and its company told)', async () => {
    const co = await company(t, 'renew');
    const rider = await listedRider(t, 'renew');
    const old = await sendRequest(t, co, rider);
    await overdue(t, old.id);
    const renewed = await sendRequest(t, co, rider);
    expect(renewed.id).not.toBe(old.id);
    expect(await storedStatus(t, old.id)).toBe('expired');
  });

  it('ending an engagement sets the review deadline 14 days after the end', async () => {
    const co = await company(t, 'review');
    const rider = await listedRider(t, 'review');
    const sent = await sendRequest(t, co, rider);
    await act(t, rider, sent.id, 'accept');
    const res = await act(t, rider, sent.id, 'end', { outcome: 'completed' });
    const { item } = res.json<HireActionResponse>();
    const [row] = await t.database.db.select().from(engagements).where(eq(engagements.id, sent.id));
    expect(row!.reviewDeadline!.getTime() - row!.endedAt!.getTime()).toBe(REVIEW_WINDOW_DAYS * DAY_MS);
    expect(item.review_deadline).toBe(row!.reviewDeadline!.toISOString());
    expect(row!.reviewsPublishedAt).toBeNull();
    // An active engagement does not expire: the 7 days are for an answer only.
    await t.database.db.execute(sql`update engagements set expires_at = now() - interval '1 day' where id = ${sent.id}`);
    expect((await getItem(t, co, sent.id)).json<HireItem>().status).toBe('ended');
  });

  it('an accepted engagement past the request’s 7 days stays active and can be ended', async () => {
    const co = await company(t, 'active-late');
    const rider = await listedRider(t, 'active-late');
    const sent = await sendRequest(t, co, rider);
    await act(t, rider, sent.id, 'accept');
    await overdue(t, sent.id);
    await expireDueRequests(t.database.db, t.config);
    expect((await getItem(t, co, sent.id)).json<HireItem>().status).toBe('active');
    expect((await act(t, co, sent.id, 'end', { outcome: 'completed' })).statusCode).toBe(200);
  });
});
