/**
 * What waits for a rider, on PGlite and PostgreSQL: GET /api/users/waiting lists the hire
 * requests to answer, the reviews to write while the window is open and an ID to upload again,
 * each gone once dealt with, and only the rider's own; every e-mail about one of them links to
 * it on the dashboard. And the door: signed out, a company, staff, an API key.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { engagements, outboxEmails, personalInfo } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { waitingItemPath, type WaitingResponse } from '../../src/shared/waiting';
import { describeEachDatabase, errorOf, useTestApp, type TestApp } from './helper';
import { act, company, listedRider, sendRequest } from './hiringHelpers';
import { signedInStaff, signedInUser } from './opsHelpers';
import { closeWindow, engagementOf, riderReview, writeReview } from './reviewHelpers';

function waiting(t: TestApp, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/users/waiting', headers });
}

async function waitingFor(t: TestApp, rider: { token: string }): Promise<WaitingResponse['items']> {
  const res = await waiting(t, { 'x-auth-token': rider.token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<WaitingResponse>().items;
}

async function mailTo(t: TestApp, to: string, subject: string) {
  const [mail] = await t.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to.toLowerCase()), eq(outboxEmails.subject, subject)));
  return mail!;
}

describeEachDatabase('GET /api/users/waiting', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('lists requests to answer, reviews to write and an ID to upload again; each goes once dealt with; the e-mails link to each', async () => {
    const rider = await listedRider(t, 'waits');
    expect(await waitingFor(t, rider)).toEqual([]);

    // A request: first in the list, and its e-mail opens the dashboard at it.
    const lekki = await company(t, 'waits-a', 'Lekki Bakes');
    const request = await sendRequest(t, lekki, rider);
    const requestMail = await mailTo(t, rider.email, messages.hireEmailRequestSubject('Lekki Bakes'));
    expect(requestMail.text).toContain(`${t.config.publicUrl}${waitingItemPath(`request-${request.id}`)}`);

    // A review to write: an engagement that ended, the window open, the rider's review not written.
    const yaba = await company(t, 'waits-b', 'Yaba Foods');
    const ended = await engagementOf(t, yaba, rider, { endedDaysAgo: 2 });
    // An ended one whose window closed, and one the rider reviewed, wait for nothing.
    const closed = await engagementOf(t, yaba, rider, { endedDaysAgo: 1 });
    await closeWindow(t, closed);
    const reviewed = await engagementOf(t, lekki, rider, { endedDaysAgo: 1 });
    expect((await writeReview(t, rider.token, reviewed, riderReview())).statusCode).toBe(200);

    const items = await waitingFor(t, rider);
    expect(items).toEqual([
      { kind: 'request', id: request.id, company: 'Lekki Bakes', role: 'Dispatch rider', expires_at: expect.any(String) },
      { kind: 'review', id: ended, company: 'Yaba Foods', deadline: expect.any(String) },
    ]);
    expect(Date.parse((items[0] as { expires_at: string }).expires_at)).toBeGreaterThan(Date.now());

    // Staff could not accept the ID: it waits too, with the reason, last.
    await t.database.db
      .insert(personalInfo)
      .values({ userId: rider.id, idReviewStatus: 'rejected', idReviewReason: 'The photo is blurred' })
      .onConflictDoUpdate({ target: personalInfo.userId, set: { idReviewStatus: 'rejected', idReviewReason: 'The photo is blurred' } });
    expect((await waitingFor(t, rider)).at(-1)).toEqual({ kind: 'id', reason: 'The photo is blurred' });

    // Another rider sees none of it.
    const other = await listedRider(t, 'waits-other');
    expect(await waitingFor(t, other)).toEqual([]);

    // Answered, written, uploaded again: nothing waits.
    expect((await act(t, rider, request.id, 'accept')).statusCode).toBe(200);
    expect((await writeReview(t, rider.token, ended, riderReview())).statusCode).toBe(200);
    await t.database.db.update(personalInfo).set({ idReviewStatus: 'pending', idReviewReason: null }).where(eq(personalInfo.userId, rider.id));
    expect(await waitingFor(t, rider)).toEqual([]);

    // Ending an engagement opens the rider's review window: that e-mail links to the review.
    const again = await sendRequest(t, yaba, rider);
    expect((await act(t, rider, again.id, 'accept')).statusCode).toBe(200);
    expect((await act(t, yaba, again.id, 'end', { outcome: 'completed' })).statusCode, 'end').toBe(200);
    const endMail = await mailTo(t, rider.email, messages.hireEmailEndedSubject('Yaba Foods'));
    expect(endMail.text).toContain(`${t.config.publicUrl}${waitingItemPath(`review-${again.id}`)}`);
    expect(await waitingFor(t, rider)).toEqual([{ kind: 'review', id: again.id, company: 'Yaba Foods', deadline: expect.any(String) }]);
  });

  it('a request past its 7 days waits no more', async () => {
    const rider = await listedRider(t, 'waits-late');
    const co = await company(t, 'waits-late');
    const request = await sendRequest(t, co, rider);
    await t.database.db.update(engagements).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(engagements.id, request.id));
    expect(await waitingFor(t, rider)).toEqual([]);
  });

  it('the door: signed out and an API key 401, a company 404, a staff token 401; the rider 200', async () => {
    const rider = await signedInUser(t, 1, 'waits-door');
    const firm = await signedInUser(t, 2, 'waits-door-co');
    const staff = await signedInStaff(t, 'admin', 'waits-door');
    const signedOut = await waiting(t, {});
    expect(signedOut.statusCode).toBe(401);
    expect((await waiting(t, { 'x-api-key': 'odk_not_a_real_key' })).statusCode).toBe(401);
    const asCompany = await waiting(t, { 'x-auth-token': firm.token });
    expect(asCompany.statusCode).toBe(404);
    expect(errorOf(asCompany.body)).toEqual({ field: 'alert', message: messages.notFound });
    expect((await waiting(t, { 'x-auth-token': staff.token })).statusCode).toBe(401);
    expect((await waiting(t, { 'x-auth-token': rider.token })).statusCode).toBe(200);
  });
});
