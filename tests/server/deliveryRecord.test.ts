/**
 * The delivery record riders earn, on PGlite and PostgreSQL, in the three answers that show it:
 * the rider's own profile (the dashboard), the public page (its HTML and link preview) and
 * company search (results and the rider page). A rider with delivered and rated jobs shows
 * "2 deliveries · 50% on time · 4.5 from 2 ratings"; a new rider shows nothing at all.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { deliveries, outboxEmails } from '../../src/server/db/schema';
import { moveDelivery } from '../../src/server/domain/deliveryMoves';
import { buildProfile } from '../../src/server/domain/riderProfile';
import { jobMessages } from '../../src/shared/deliveries/jobMessages';
import { NO_DELIVERY_RECORD } from '../../src/shared/deliveries/record';
import { bookAs, trackingTokenOf } from './bookingHelpers';
import { describeEachDatabase, nextIp, useTestApp, type TestApp } from './helper';
import { company, listedRider, type Party } from './hiringHelpers';
import { multipart } from './signupHelpers';

const as = (party: { token: string } | null): Record<string, string> => (party ? { 'x-auth-token': party.token } : {});

function move(t: TestApp, rider: Party, id: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/users/jobs/${id}/moves`,
    headers: { ...as(rider), 'idempotency-key': randomUUID() },
    payload: { client_at: new Date().toISOString(), ...body },
  });
}

async function codeOf(t: TestApp, reference: string): Promise<string> {
  const [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.subject, jobMessages.pickedUpEmail.subject(reference)));
  return /^(\d{4})$/m.exec(row!.text)![1]!;
}

/** A delivery booked by `firm` and delivered by `rider` (late when asked), then rated by its sender. */
async function deliverAndRate(t: TestApp, firm: Party, rider: Party, { late, rating }: { late: boolean; rating: number }) {
  const job = await bookAs(t, as(firm));
  await t.database.db.transaction((tx) =>
    moveDelivery(tx, { deliveryId: job.id, action: 'assign', actor: 'staff', set: { riderId: rider.id, riderPayKobo: 150_000, assignedAt: new Date() } }),
  );
  for (const action of ['start', 'pick_up', 'arrive']) expect((await move(t, rider, job.id, { action })).statusCode).toBe(200);
  if (late) await t.database.db.update(deliveries).set({ deliverBy: new Date(Date.now() - 60_000) }).where(eq(deliveries.id, job.id));
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
  const body = multipart([{ field: 'photo', filename: 'parcel.jpg', contentType: 'image/jpeg', data: photo }]);
  const up = await t.app.inject({ method: 'POST', url: `/api/users/jobs/${job.id}/proof`, headers: { ...as(rider), 'content-type': body.contentType }, payload: body.payload });
  expect(up.statusCode, up.body).toBe(200);
  const done = await move(t, rider, job.id, { action: 'deliver', code: await codeOf(t, job.reference), cash_collected_kobo: job.price_kobo });
  expect(done.statusCode, done.body).toBe(200);
  const rated = await t.app.inject({
    method: 'POST',
    url: '/api/deliveries/tracking/rating',
    headers: { 'x-tracking-token': trackingTokenOf(job.tracking_url) },
    remoteAddress: nextIp(),
    payload: { rating },
  });
  expect(rated.statusCode, rated.body).toBe(200);
}

const LINE = '2 deliveries · 50% on time · 4.5 from 2 ratings';
const RECORD = { deliveries_completed: 2, deliveries_on_time: 1, delivery_rating_count: 2, delivery_rating_average_x100: 450 };

describeEachDatabase('the delivery record riders earn', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('shows on the dashboard, the public page and company search once earned, and nowhere for a new rider', async () => {
    const [rider, fresh, firm] = [await listedRider(t, 'record'), await listedRider(t, 'record-new'), await company(t, 'record-firm')];
    const profileOf = async (who: Party) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: as(who) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().reputation as Record<string, unknown>;
    };
    // Read before any delivery: the stored document must follow the moves that change it.
    expect(await profileOf(rider)).toMatchObject(NO_DELIVERY_RECORD);

    await deliverAndRate(t, firm, rider, { late: false, rating: 5 });
    await deliverAndRate(t, firm, rider, { late: true, rating: 4 });

    // The dashboard: the rider's own profile answer, as stored, the same as one built now.
    expect(await profileOf(rider)).toMatchObject(RECORD);
    expect((await buildProfile(t.database.db, rider.id))!.reputation).toMatchObject(RECORD);
    expect(await profileOf(fresh)).toMatchObject(NO_DELIVERY_RECORD);

    // The public page and its link preview.
    const page = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<p class="basis record">${LINE}</p>`);
    expect(page.body).toMatch(new RegExp(`<meta property="og:description" content="[^"]*${LINE}\\.`));
    const newPage = await t.app.inject({ method: 'GET', url: `/riders/${fresh.username}` });
    expect(newPage.statusCode).toBe(200);
    expect(newPage.body).not.toContain('class="basis record"');
    expect(newPage.body).not.toMatch(/\d+ deliver(y|ies)/);

    // Company search: the results and the rider page carry the figures.
    const search = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/companies/riders?q=${encodeURIComponent(q)}`, headers: as(firm) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as Array<Record<string, unknown>>;
    };
    expect((await search(rider.username)).find((r) => r.username === rider.username)).toMatchObject(RECORD);
    expect((await search(fresh.username)).find((r) => r.username === fresh.username)).toMatchObject(NO_DELIVERY_RECORD);
    const riderPage = await t.app.inject({ method: 'GET', url: `/api/companies/riders/${rider.username}`, headers: as(firm) });
    expect(riderPage.statusCode, riderPage.body).toBe(200);
    expect(riderPage.json()).toMatchObject(RECORD);
    const newRiderPage = await t.app.inject({ method: 'GET', url: `/api/companies/riders/${fresh.username}`, headers: as(firm) });
    expect(newRiderPage.json()).toMatchObject(NO_DELIVERY_RECORD);
  });
});
