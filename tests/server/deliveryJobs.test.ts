/**
 * The rider's job and the sender's after-booking actions, on PGlite and PostgreSQL: who sees
 * what when, each move with its Idempotency-Key applied once, the delivery code (e-mailed at
 * pickup, 5 tries even under a concurrent burst), the private proof photo, cash, the rider's
 * record, the sender's cancel and rating, and the tracking link's rate limit.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { deliveries, deliveryEvents, files, outboxEmails, riderCards } from '../../src/server/db/schema';
import { moveDelivery } from '../../src/server/domain/deliveryMoves';
import { CLOCK_GAP_FLAG_MS, DELIVERY_CODE_TRIES } from '../../src/shared/deliveries/moves';
import type { RiderToday } from '../../src/shared/deliveries/dispatch';
import { jobMessages } from '../../src/shared/deliveries/jobMessages';
import { recipientMessages } from '../../src/shared/deliveries/recipientMessages';
import { trackingMessages } from '../../src/shared/deliveries/trackingMessages';
import { TRACKING_TOKEN_MISS_LIMIT } from '../../src/server/features/deliveries/bookingRoutes';
import { bookAs, bookAsVisitor, bookingBody, heldQuote, lagosQuoteBody, postBooking, trackingTokenOf, type Booked } from './bookingHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { company, listedRider, type Party } from './hiringHelpers';
import { signedInStaff } from './opsHelpers';
import { multipart } from './signupHelpers';

/** The helpers' Lagos drop-off (bookingHelpers.ts), to add the recipient's e-mail to. */
const RECIPIENT_DROPOFF = { state: 'Lagos', area: 'Lekki', address: '3 Admiralty Way', contact_name: 'Tunde Bello', contact_phone: '0805 000 1111' };

const as = (party: { token: string } | null): Record<string, string> => (party ? { 'x-auth-token': party.token } : {});

/** Staff assign the delivery to the rider, as the dispatch board does (its API is tested elsewhere). */
async function assign(t: TestApp, deliveryId: string, riderId: string, payKobo = 150_000) {
  await t.database.db.transaction((tx) =>
    moveDelivery(tx, { deliveryId, action: 'assign', actor: 'staff', set: { riderId, riderPayKobo: payKobo, assignedAt: new Date() } }),
  );
}

function move(t: TestApp, rider: { token: string } | null, id: string, body: Record<string, unknown>, key: string | null = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/users/jobs/${id}/moves`,
    headers: { ...as(rider), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { client_at: new Date().toISOString(), ...body },
  });
}

const getJob = (t: TestApp, rider: { token: string } | null, id: string) => t.app.inject({ method: 'GET', url: `/api/users/jobs/${id}`, headers: as(rider) });

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
}

function uploadProof(t: TestApp, rider: { token: string } | null, id: string, data: Buffer, key: string | null = null) {
  const body = multipart([{ field: 'photo', filename: 'parcel.jpg', contentType: 'image/jpeg', data }]);
  const headers = { ...as(rider), 'content-type': body.contentType, ...(key ? { 'idempotency-key': key } : {}) };
  return t.app.inject({ method: 'POST', url: `/api/users/jobs/${id}/proof`, headers, payload: body.payload });
}

/** The code in the pickup e-mail to the sender (the only place it exists in clear). */
async function codeOf(t: TestApp, reference: string): Promise<string> {
  const rows = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.subject, jobMessages.pickedUpEmail.subject(reference)));
  expect(rows).toHaveLength(1);
  const code = /^(\d{4})$/m.exec(rows[0]!.text)?.[1];
  expect(code).toBeDefined();
  return code!;
}

/** A delivery booked by `firm`, assigned to `rider` and moved to `until`. */
async function jobAt(t: TestApp, firm: Party, rider: Party, until: 'assigned' | 'picked_up' | 'arrived', overrides: Record<string, unknown> = {}): Promise<Booked & { code: string | null }> {
  const booked = await bookAs(t, as(firm), overrides);
  await assign(t, booked.id, rider.id);
  let code: string | null = null;
  if (until !== 'assigned') {
    expect((await move(t, rider, booked.id, { action: 'start' })).statusCode).toBe(200);
    expect((await move(t, rider, booked.id, { action: 'pick_up' })).statusCode).toBe(200);
    code = await codeOf(t, booked.reference);
  }
  if (until === 'arrived') expect((await move(t, rider, booked.id, { action: 'arrive' })).statusCode).toBe(200);
  return { ...booked, code };
}

describeEachDatabase("the rider's job and the sender's actions", (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('shows the pickup once assigned, the recipient only after pickup, pay and cash; another rider, a company and nobody get nothing', async () => {
    const [riderA, riderB, firm] = [await listedRider(t, 'job-a'), await listedRider(t, 'job-b'), await company(t, 'job-firm')];
    const booked = await bookAs(t, as(firm));
    // Booked, not yet anyone's: no rider sees it.
    expect((await getJob(t, riderA, booked.id)).statusCode).toBe(404);
    await assign(t, booked.id, riderA.id, 180_000);

    const assigned = (await getJob(t, riderA, booked.id)).json().job;
    expect(assigned).toMatchObject({ status: 'assigned', actions: ['start'], rider_pay_kobo: 180_000, payment: 'cash_on_delivery', cash_collect_at: 'dropoff' });
    expect(assigned.cash_to_collect_kobo).toBe(booked.price_kobo);
    expect(assigned.pickup).toMatchObject({ area: 'Ikeja', address: '12 Allen Avenue', landmark: 'Opposite the bank', contact_phone: expect.any(String) });
    expect(assigned.dropoff).toEqual({ state: 'Lagos', area: 'Lekki' });
    expect(assigned.deliver_by).not.toBeNull();

    const missing = await getJob(t, riderA, randomUUID());
    const other = await getJob(t, riderB, booked.id);
    expect([other.statusCode, other.body]).toEqual([404, missing.body]);
    expect((await getJob(t, firm, booked.id)).statusCode).toBe(404);
    expect((await getJob(t, null, booked.id)).statusCode).toBe(401);
    expect((await move(t, riderB, booked.id, { action: 'start' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/jobs', headers: as(riderB) })).json().items).toEqual([]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/users/jobs', headers: as(riderA) })).json().items as Array<{ id: string }>;
    expect(list.map((j) => j.id)).toEqual([booked.id]);

    await move(t, riderA, booked.id, { action: 'start' });
    expect((await getJob(t, riderA, booked.id)).json().job.dropoff.contact_phone).toBeUndefined();
    await move(t, riderA, booked.id, { action: 'pick_up' });
    const pickedUp = (await getJob(t, riderA, booked.id)).json().job;
    expect(pickedUp.dropoff).toMatchObject({ address: '3 Admiralty Way', contact_name: 'Tunde Bello', contact_phone: expect.any(String) });
  });

  it('applies a resent move once and answers it the same; refuses an illegal move with 409; flags a phone clock far off', async () => {
    const [rider, firm] = [await listedRider(t, 'idem'), await company(t, 'idem-firm')];
    const booked = await bookAs(t, as(firm));
    await assign(t, booked.id, rider.id);
    const illegal = await move(t, rider, booked.id, { action: 'arrive' });
    expect([illegal.statusCode, errorOf(illegal.body).field]).toEqual([409, 'alert']);
    expect(errorOf((await move(t, rider, booked.id, { action: 'start' }, null)).body).field).toBe('idempotency_key');

    const key = randomUUID();
    const clientAt = new Date(Date.now() - CLOCK_GAP_FLAG_MS - 10 * 60_000).toISOString();
    const [first, second] = await Promise.all([
      move(t, rider, booked.id, { action: 'start', client_at: clientAt }, key),
      move(t, rider, booked.id, { action: 'start', client_at: clientAt }, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const third = await move(t, rider, booked.id, { action: 'start', client_at: clientAt }, key);
    expect(third.statusCode).toBe(200);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json().move).toEqual(first.json().move);
    expect(first.json().move).toMatchObject({ action: 'start', status: 'heading_to_pickup', client_at: clientAt, clock_gap_flagged: true });
    const starts = await t.database.db
      .select()
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.deliveryId, booked.id), eq(deliveryEvents.action, 'start')));
    expect(starts).toHaveLength(1);
    expect(starts[0]!.note).toMatch(/Phone clock 1[56] min/);
    // The same key for another move is refused, not taken for the first.
    expect((await move(t, rider, booked.id, { action: 'pick_up' }, key)).statusCode).toBe(422);
    // A fail needs a reason, and a note for "other".
    await move(t, rider, booked.id, { action: 'pick_up' });
    expect(errorOf((await move(t, rider, booked.id, { action: 'fail', reason: 'other' })).body).field).toBe('note');
    const failed = await move(t, rider, booked.id, { action: 'fail', reason: 'recipient_absent' });
    expect(failed.json().job).toMatchObject({ status: 'failed', failure_reason: 'recipient_absent' });
  });

  it('delivers only with the photo, the cash and the right code, and counts the delivery on the rider\'s record', async () => {
    const [rider, firm] = [await listedRider(t, 'deliver'), await company(t, 'deliver-firm')];
    const job = await jobAt(t, firm, rider, 'arrived');
    // Only the sender got the code (the booking gave no recipient e-mail), asked to pass it on, with the tracking link.
    const [mail] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.subject, jobMessages.pickedUpEmail.subject(job.reference)));
    expect(mail!.to).toBe('ada.sender@example.com');
    expect(mail!.text).toContain(job.tracking_url);
    expect(mail!.text).toContain(jobMessages.pickedUpEmail.share);
    const [stored] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, job.id));
    expect(stored!.deliveryCodeHash).not.toContain(job.code!);
    expect(stored!.deliveryCodeHash).toHaveLength(64);

    const deliver = (body: Record<string, unknown>) => move(t, rider, job.id, { action: 'deliver', ...body });
    expect(errorOf((await deliver({ code: job.code, cash_collected_kobo: job.price_kobo })).body)).toEqual({ field: 'proof', message: jobMessages.proofRequired });
    const up = await uploadProof(t, rider, job.id, await photo());
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ proof_uploaded: true, width: 800, height: 600 });
    expect(errorOf((await deliver({ code: job.code })).body).field).toBe('cash_collected_kobo');
    const wrong = job.code === '0000' ? '1111' : '0000';
    expect(errorOf((await deliver({ code: wrong, cash_collected_kobo: job.price_kobo })).body)).toEqual({ field: 'code', message: jobMessages.codeWrong(4) });
    expect(errorOf((await deliver({ code: '12a4', cash_collected_kobo: 0 })).body).field).toBe('code');

    const done = await deliver({ code: job.code, cash_collected_kobo: job.price_kobo });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().job.status).toBe('delivered');
    expect(done.json().job.dropoff.contact_phone).toBeUndefined();
    const [card] = await t.database.db.select().from(riderCards).where(eq(riderCards.userId, rider.id));
    expect([card!.deliveriesCompleted, card!.deliveriesOnTime]).toEqual([1, 1]);
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, job.id));
    expect(row!.cashCollectedKobo).toBe(job.price_kobo);

    // Late: delivered after the promised window counts completed, not on time.
    const late = await jobAt(t, firm, rider, 'arrived');
    await t.database.db.update(deliveries).set({ deliverBy: new Date(Date.now() - 60_000) }).where(eq(deliveries.id, late.id));
    await uploadProof(t, rider, late.id, await photo());
    expect((await move(t, rider, late.id, { action: 'deliver', code: late.code, cash_collected_kobo: 0 })).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(riderCards).where(eq(riderCards.userId, rider.id));
    expect([after!.deliveriesCompleted, after!.deliveriesOnTime]).toEqual([2, 1]);
  });

  it("e-mails the recipient, when the booking gave their address, the code at pickup, then the delivery or the failure, each with the link", async () => {
    const [rider, firm] = [await listedRider(t, 'to-recipient'), await company(t, 'to-recipient-firm')];
    const { db } = t.database;
    const job = await jobAt(t, firm, rider, 'arrived', { dropoff: { ...RECIPIENT_DROPOFF, contact_email: 'tunde.r1@example.com' } });
    const toRecipient = async () => (await db.select().from(outboxEmails).where(eq(outboxEmails.to, 'tunde.r1@example.com'))).map((e) => e);
    const r = recipientMessages;
    // At booking, then at pickup: the same code as the sender's, with the link; the sender is told the recipient has it.
    let mails = await toRecipient();
    expect(mails.map((e) => e.subject)).toEqual([r.bookedEmail.subject(job.reference), r.pickedUpEmail.subject(job.reference)]);
    const pickup = mails[1]!;
    expect(/^(\d{4})$/m.exec(pickup.text)?.[1]).toBe(job.code);
    expect(pickup.text).toContain(r.pickedUpEmail.code);
    expect(pickup.text).toContain(`${r.pickedUpEmail.track}: ${job.tracking_url}`);
    expect(pickup.priority).toBe(0);
    const [senders] = await db.select().from(outboxEmails).where(eq(outboxEmails.subject, jobMessages.pickedUpEmail.subject(job.reference)));
    expect(senders!.to).toBe('ada.sender@example.com');
    expect(senders!.text).toContain(jobMessages.pickedUpEmail.sentToRecipient);

    await uploadProof(t, rider, job.id, await photo());
    expect((await move(t, rider, job.id, { action: 'deliver', code: job.code, cash_collected_kobo: job.price_kobo })).statusCode).toBe(200);
    mails = await toRecipient();
    expect(mails).toHaveLength(3);
    expect(mails[2]!).toMatchObject({ subject: r.deliveredEmail.subject(job.reference) });
    expect(mails[2]!.text).toContain(`${r.deliveredEmail.track}: ${job.tracking_url}`);
    // The sender still gets theirs.
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.subject, trackingMessages.deliveredEmail.subject(job.reference)))).toHaveLength(1);

    // A failure: the reason, and that the sender is being asked what next.
    const failing = await jobAt(t, firm, rider, 'arrived', { dropoff: { ...RECIPIENT_DROPOFF, contact_email: 'tunde.r2@example.com' } });
    expect((await move(t, rider, failing.id, { action: 'fail', reason: 'wrong_address' })).statusCode).toBe(200);
    const failed = await db.select().from(outboxEmails).where(eq(outboxEmails.to, 'tunde.r2@example.com'));
    expect(failed.map((e) => e.subject)).toEqual([r.bookedEmail.subject(failing.reference), r.pickedUpEmail.subject(failing.reference), r.failedEmail.subject(failing.reference)]);
    expect(failed[2]!.text).toContain(r.failedEmail.reason('wrong_address'));
    expect(failed[2]!.text).toContain(r.failedEmail.next);
    expect(failed[2]!.text).toContain(failing.tracking_url);
    // Never the sender's phone or e-mail, in any of them.
    for (const mail of [...mails, ...failed]) for (const secret of ['ada.sender', '8031234567']) expect(`${mail.text}${mail.html}`, `${mail.subject} ${secret}`).not.toContain(secret);

    // Without the recipient's address every e-mail of the delivery goes to the sender alone.
    const plain = await jobAt(t, firm, rider, 'arrived');
    await uploadProof(t, rider, plain.id, await photo());
    expect((await move(t, rider, plain.id, { action: 'deliver', code: plain.code, cash_collected_kobo: plain.price_kobo })).statusCode).toBe(200);
    const sent = await db.select({ to: outboxEmails.to }).from(outboxEmails).where(sql`${outboxEmails.text} like ${`%${plain.tracking_url}%`}`);
    expect(sent.map((e) => e.to)).toEqual(['ada.sender@example.com', 'ada.sender@example.com', 'ada.sender@example.com']);
  });

  it("shows the recipient's e-mail to the booking company and staff only: not to the rider at any step, the tracking link, another company or nobody", async () => {
    const [rider, firm, otherFirm] = [await listedRider(t, 'email-roles'), await company(t, 'email-roles-firm'), await company(t, 'email-roles-other')];
    const dispatcher = await signedInStaff(t, 'dispatcher', 'email-roles');
    const secret = 'tunde.private@example.com';
    const job = await jobAt(t, firm, rider, 'assigned', { dropoff: { ...RECIPIENT_DROPOFF, contact_email: secret } });
    const token = trackingTokenOf(job.tracking_url);
    const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
    const bodies: Array<[string, string]> = [];
    const hidden = async (who: string, res: { statusCode: number; body: string }) => {
      bodies.push([who, res.body]);
      expect([who, res.body.includes(secret)]).toEqual([who, false]);
    };
    const riderSees = async (step: string) => {
      await hidden(`the rider's job, ${step}`, await getJob(t, rider, job.id));
      await hidden(`the rider's jobs, ${step}`, await get('/api/users/jobs', as(rider)));
      await hidden(`the tracking link, ${step}`, await get('/api/deliveries/tracking', { 'x-tracking-token': token }));
      await hidden(`the tracking page, ${step}`, await get(`/track/${token}`, {}));
    };
    await riderSees('assigned');
    for (const action of ['start', 'pick_up', 'arrive']) {
      await hidden(`the rider's ${action} answer`, await move(t, rider, job.id, { action }));
      await riderSees(action);
    }
    await uploadProof(t, rider, job.id, await photo());
    const code = await codeOf(t, job.reference);
    await hidden("the rider's deliver answer", await move(t, rider, job.id, { action: 'deliver', code, cash_collected_kobo: job.price_kobo }));
    await riderSees('delivered');
    await hidden('the rating by the link', await t.app.inject({ method: 'POST', url: '/api/deliveries/tracking/rating', headers: { 'x-tracking-token': token }, remoteAddress: nextIp(), payload: { rating: 5 } }));
    for (const [who, headers] of [['another company', as(otherFirm)], ['the rider', as(rider)], ['signed out', {}], ['the tracking link', { 'x-tracking-token': token }]] as const) {
      const res = await get(`/api/deliveries/${job.id}`, headers);
      expect(res.statusCode, who).toBeGreaterThanOrEqual(400);
      await hidden(`${who} asking for the booking`, res);
    }
    await hidden("the company's list", await get('/api/companies/me/deliveries', as(firm)));
    expect(bodies.length).toBeGreaterThan(20);

    // The booking company (the sender) and staff see it with the drop-off's contact.
    const mine = await get(`/api/deliveries/${job.id}`, as(firm));
    expect(mine.json().delivery.dropoff).toMatchObject({ contact_name: 'Tunde Bello', contact_email: secret });
    const board = await get(`/api/ops/deliveries/${job.id}`, { 'x-ops-token': dispatcher.token });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().dropoff).toMatchObject({ contact_name: 'Tunde Bello', contact_email: secret });
  });

  it('takes the cash at pickup with "Picked up" on a cash-at-pickup job (not with "Delivered"), and the board counts it even when the parcel comes back', async () => {
    const [rider, firm] = [await listedRider(t, 'cash-pickup'), await company(t, 'cash-pickup-firm')];
    const dispatcher = await signedInStaff(t, 'dispatcher', 'cash-pickup');
    const bookPaidAtPickup = async (): Promise<Booked> => {
      const quote = await heldQuote(t, lagosQuoteBody({ payment: 'cash_on_pickup' }));
      const res = await postBooking(t, bookingBody(quote), { headers: as(firm) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().delivery;
    };
    const cashToCollect = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ops/riders/today', headers: { 'x-ops-token': dispatcher.token } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: RiderToday[] }>().items.find((r) => r.id === rider.id)!;
    };
    const stored = async (id: string) => (await t.database.db.select().from(deliveries).where(eq(deliveries.id, id)))[0]!;

    // Delivered: the cash goes with the pickup, the drop-off asks for none.
    const delivered = await bookPaidAtPickup();
    await assign(t, delivered.id, rider.id);
    expect((await getJob(t, rider, delivered.id)).json().job).toMatchObject({ payment: 'cash_on_pickup', cash_collect_at: 'pickup', cash_to_collect_kobo: delivered.price_kobo });
    await move(t, rider, delivered.id, { action: 'start' });
    const without = await move(t, rider, delivered.id, { action: 'pick_up' });
    expect([without.statusCode, errorOf(without.body)]).toEqual([400, { field: 'cash_collected_kobo', message: jobMessages.cashRequired }]);
    for (const bad of [-1, 1.5, '4500']) {
      expect(errorOf((await move(t, rider, delivered.id, { action: 'pick_up', cash_collected_kobo: bad })).body).field, String(bad)).toBe('cash_collected_kobo');
    }
    expect((await stored(delivered.id)).status).toBe('heading_to_pickup');
    const picked = await move(t, rider, delivered.id, { action: 'pick_up', cash_collected_kobo: delivered.price_kobo });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().job.status).toBe('picked_up');
    expect((await stored(delivered.id)).cashCollectedKobo).toBe(delivered.price_kobo);
    expect((await cashToCollect()).cash_to_collect_kobo).toBe(delivered.price_kobo);
    await move(t, rider, delivered.id, { action: 'arrive' });
    await uploadProof(t, rider, delivered.id, await photo());
    const code = await codeOf(t, delivered.reference);
    // "Delivered" needs no cash here, and a figure sent with it does not replace the pickup's.
    const done = await move(t, rider, delivered.id, { action: 'deliver', code, cash_collected_kobo: 1 });
    expect(done.statusCode, done.body).toBe(200);
    expect((await stored(delivered.id)).cashCollectedKobo).toBe(delivered.price_kobo);

    // Picked up and paid, then not delivered and returned: the cash is still owed to the office.
    const returned = await bookPaidAtPickup();
    await assign(t, returned.id, rider.id);
    await move(t, rider, returned.id, { action: 'start' });
    expect((await move(t, rider, returned.id, { action: 'pick_up', cash_collected_kobo: 250_000 })).statusCode).toBe(200);
    expect((await move(t, rider, returned.id, { action: 'fail', reason: 'recipient_absent' })).statusCode).toBe(200);
    await t.database.db.transaction((tx) => moveDelivery(tx, { deliveryId: returned.id, action: 'return', actor: 'staff' }));
    expect((await move(t, rider, returned.id, { action: 'returned' })).statusCode).toBe(200);
    const day = await cashToCollect();
    expect(day.cash_to_collect_kobo).toBe(delivered.price_kobo + 250_000);
    expect(day.jobs.find((j) => j.id === returned.id)).toMatchObject({ status: 'returned', cash_collected_kobo: 250_000 });
  });

  it('still takes the cash with "Delivered" on a cash-on-delivery job, and none with "Picked up"', async () => {
    const [rider, firm] = [await listedRider(t, 'cash-dropoff'), await company(t, 'cash-dropoff-firm')];
    const job = await jobAt(t, firm, rider, 'arrived');
    // jobAt picked it up without any cash: cash on delivery asks for none at the pickup.
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, job.id));
    expect(row!.cashCollectedKobo).toBeNull();
    await uploadProof(t, rider, job.id, await photo());
    const without = await move(t, rider, job.id, { action: 'deliver', code: job.code });
    expect([without.statusCode, errorOf(without.body)]).toEqual([400, { field: 'cash_collected_kobo', message: jobMessages.cashRequired }]);
  });

  it('counts exactly five wrong codes under a concurrent burst, then locks the code (call staff) even for the right one', async () => {
    const [rider, firm] = [await listedRider(t, 'burst'), await company(t, 'burst-firm')];
    const job = await jobAt(t, firm, rider, 'arrived');
    await uploadProof(t, rider, job.id, await photo());
    const wrong = job.code === '9999' ? '8888' : '9999';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => move(t, rider, job.id, { action: 'deliver', code: wrong, cash_collected_kobo: 0 })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(DELIVERY_CODE_TRIES - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - (DELIVERY_CODE_TRIES - 1));
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, job.id));
    expect(row!.deliveryCodeTries).toBe(DELIVERY_CODE_TRIES);
    const right = await move(t, rider, job.id, { action: 'deliver', code: job.code, cash_collected_kobo: 0 });
    expect([right.statusCode, errorOf(right.body).message]).toEqual([429, jobMessages.codeLocked]);
    expect((await getJob(t, rider, job.id)).json().job).toMatchObject({ status: 'arrived', code_tries_left: 0 });
  });

  it("applies a photo resent under its Idempotency-Key once, even after delivery; a later photo under a new key replaces it", async () => {
    const [rider, otherRider, firm] = [await listedRider(t, 'proof-key'), await listedRider(t, 'proof-key-b'), await company(t, 'proof-key-firm')];
    const job = await jobAt(t, firm, rider, 'arrived');
    const proofFiles = async () => (await t.database.db.select({ id: files.id }).from(files).where(and(eq(files.ownerId, rider.id), eq(files.kind, 'delivery_proof')))).map((f) => f.id);
    const proofOf = async () => (await t.database.db.select({ id: deliveries.proofFileId }).from(deliveries).where(eq(deliveries.id, job.id)))[0]!.id;
    const [first, second] = [await photo(), await sharp({ create: { width: 1200, height: 1600, channels: 3, background: { r: 20, g: 90, b: 160 } } }).jpeg().toBuffer()];
    const key = randomUUID();

    // Sent twice at once (a retry racing the first), then again: one photo stored, the same answer each time.
    const [a, b] = await Promise.all([uploadProof(t, rider, job.id, first, key), uploadProof(t, rider, job.id, first, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    const stored = await proofOf();
    expect(await proofFiles()).toEqual([stored]);
    const again = await uploadProof(t, rider, job.id, first, key);
    expect([again.statusCode, again.headers['idempotent-replayed'], again.json()]).toEqual([200, 'true', { proof_uploaded: true, width: 800, height: 600 }]);
    expect(await proofOf()).toBe(stored);

    // The key is the rider's own for this photo: another photo under it is refused; another rider gets the 404.
    const reused = await uploadProof(t, rider, job.id, second, key);
    expect([reused.statusCode, errorOf(reused.body)]).toEqual([422, { field: 'idempotency_key', message: jobMessages.proofKeyReused }]);
    expect((await uploadProof(t, otherRider, job.id, first, key)).statusCode).toBe(404);
    expect(errorOf((await uploadProof(t, rider, job.id, first, 'ключ')).body).field).toBe('idempotency_key');

    // The latest photo (a new key) replaces it; the first key sent again after that changes nothing.
    const retakeKey = randomUUID();
    const retaken = await uploadProof(t, rider, job.id, second, retakeKey);
    expect(retaken.json()).toMatchObject({ width: 600, height: 800 });
    const latest = await proofOf();
    expect(latest).not.toBe(stored);
    expect((await uploadProof(t, rider, job.id, first, key)).statusCode).toBe(200);
    expect(await proofOf()).toBe(latest);
    expect(await proofFiles()).toEqual([latest]);

    // Delivered, then the phone (whose answer was lost) sends the photo again: answered, not refused, nothing changed.
    expect((await move(t, rider, job.id, { action: 'deliver', code: job.code, cash_collected_kobo: job.price_kobo })).statusCode).toBe(200);
    const late = await uploadProof(t, rider, job.id, second, retakeKey);
    expect([late.statusCode, late.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(await proofOf()).toBe(latest);
    // A new photo after delivery is still refused.
    expect((await uploadProof(t, rider, job.id, second, randomUUID())).statusCode).toBe(409);
  });

  it('keeps the proof photo private: the rider, the company that booked, its tracking link and staff; nobody else', async () => {
    const [rider, otherRider, firm, otherFirm] = [await listedRider(t, 'proof'), await listedRider(t, 'proof-b'), await company(t, 'proof-firm'), await company(t, 'proof-other')];
    const dispatcher = await signedInStaff(t, 'dispatcher', 'proof');
    const job = await jobAt(t, firm, rider, 'picked_up');
    expect((await uploadProof(t, otherRider, job.id, await photo())).statusCode).toBe(404);
    expect((await uploadProof(t, rider, job.id, Buffer.from('<script>alert(1)</script>'))).statusCode).toBe(400);
    const noneYet = await t.app.inject({ method: 'GET', url: `/api/deliveries/${job.id}/proof`, headers: as(firm), remoteAddress: nextIp() });
    expect([noneYet.statusCode, errorOf(noneYet.body).message]).toEqual([404, jobMessages.noProof]);
    expect((await uploadProof(t, rider, job.id, await photo())).statusCode).toBe(200);
    const token = trackingTokenOf(job.tracking_url);
    const other = await bookAsVisitor(t);

    const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
    const cases: Array<[string, string, Record<string, string>, number]> = [
      ['the rider', `/api/users/jobs/${job.id}/proof`, as(rider), 200],
      ['another rider', `/api/users/jobs/${job.id}/proof`, as(otherRider), 404],
      ['the company that booked', `/api/deliveries/${job.id}/proof`, as(firm), 200],
      ['another company', `/api/deliveries/${job.id}/proof`, as(otherFirm), 404],
      ['staff', `/api/deliveries/${job.id}/proof`, { 'x-ops-token': dispatcher.token }, 200],
      ['a rider on the company route', `/api/deliveries/${job.id}/proof`, as(rider), 404],
      ['signed out', `/api/deliveries/${job.id}/proof`, {}, 401],
      ['the tracking link', '/api/deliveries/tracking/proof', { 'x-tracking-token': token }, 200],
      ["another delivery's tracking link", '/api/deliveries/tracking/proof', { 'x-tracking-token': trackingTokenOf(other.tracking_url) }, 404],
      ['no tracking link', '/api/deliveries/tracking/proof', {}, 404],
    ];
    const got = [];
    for (const [who, url, headers] of cases) {
      const res = await get(url, headers);
      got.push([who, res.statusCode, res.statusCode === 200 ? `${res.headers['content-type']} ${res.headers['cache-control']}` : '']);
    }
    expect(got).toEqual(cases.map(([who, , , status]) => [who, status, status === 200 ? 'image/webp private, no-store' : '']));
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, job.id));
    const meta = await sharp((await get(`/api/users/jobs/${job.id}/proof`, as(rider))).rawPayload).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 800, undefined]);
    // The files route does not open it to the company either.
    expect((await get(`/api/files/${row!.proofFileId}`, as(firm))).statusCode).toBe(404);
  });

  it('lets the sender cancel before pickup only, by the link or as the company; another company gets 404', async () => {
    const [rider, firm, otherFirm] = [await listedRider(t, 'cancel'), await company(t, 'cancel-firm'), await company(t, 'cancel-other')];
    const byLink = await bookAs(t, as(firm));
    await assign(t, byLink.id, rider.id);
    const cancelled = await t.app.inject({ method: 'POST', url: '/api/deliveries/tracking/cancel', headers: { 'x-tracking-token': trackingTokenOf(byLink.tracking_url) }, remoteAddress: nextIp(), payload: { reason: 'Customer changed their mind' } });
    expect([cancelled.statusCode, cancelled.json().delivery.status]).toEqual([200, 'cancelled']);
    expect((await getJob(t, rider, byLink.id)).json().job).toMatchObject({ status: 'cancelled', actions: [] });
    expect((await getJob(t, rider, byLink.id)).json().job.pickup.address).toBeUndefined();
    const again = await t.app.inject({ method: 'POST', url: '/api/deliveries/tracking/cancel', headers: { 'x-tracking-token': trackingTokenOf(byLink.tracking_url) }, remoteAddress: nextIp(), payload: {} });
    expect(again.statusCode).toBe(409);

    const booked = await bookAs(t, as(firm));
    const cancel = (who: { token: string } | null, id: string) => t.app.inject({ method: 'POST', url: `/api/deliveries/${id}/cancel`, headers: as(who), remoteAddress: nextIp(), payload: {} });
    const missing = await cancel(otherFirm, randomUUID());
    const other = await cancel(otherFirm, booked.id);
    expect([other.statusCode, other.body]).toEqual([404, missing.body]);
    expect((await cancel(null, booked.id)).statusCode).toBe(401);
    expect((await cancel(rider, booked.id)).statusCode).toBe(404);
    expect((await cancel(firm, booked.id)).statusCode).toBe(200);

    const pickedUp = await jobAt(t, firm, rider, 'picked_up');
    const late = await cancel(firm, pickedUp.id);
    expect([late.statusCode, errorOf(late.body).message]).toEqual([409, jobMessages.senderCannotCancel]);
  });

  it('takes one rating after delivery, adds it to the rider\'s record, and shows the rider on the tracking link (the phone only on the way)', async () => {
    const [rider, firm, otherFirm] = [await listedRider(t, 'rate'), await company(t, 'rate-firm'), await company(t, 'rate-other')];
    const job = await jobAt(t, firm, rider, 'arrived');
    const token = trackingTokenOf(job.tracking_url);
    const track = async () => (await t.app.inject({ method: 'GET', url: '/api/deliveries/tracking', headers: { 'x-tracking-token': token }, remoteAddress: nextIp() })).json().tracking;
    const onTheWay = await track();
    expect(onTheWay.rider).toEqual({ display_name: expect.stringMatching(/^Ada O/), picture_url: null, id_verified: false, phone: rider.phone });
    expect(onTheWay).toMatchObject({ status: 'arrived', can_cancel: false, proof: false, rating: null });
    const rate = (headers: Record<string, string>, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, remoteAddress: nextIp(), payload });
    expect((await rate({ 'x-tracking-token': token }, '/api/deliveries/tracking/rating', { rating: 5 })).statusCode).toBe(409);

    await uploadProof(t, rider, job.id, await photo());
    expect((await move(t, rider, job.id, { action: 'deliver', code: job.code, cash_collected_kobo: job.price_kobo })).statusCode).toBe(200);
    const delivered = await track();
    expect(delivered.rider.phone).toBeNull();
    expect(delivered.rider.display_name).toMatch(/^Ada O/);
    expect(delivered.proof).toBe(true);

    expect(errorOf((await rate({ 'x-tracking-token': token }, '/api/deliveries/tracking/rating', { rating: 6 })).body).field).toBe('rating');
    expect((await rate(as(otherFirm), `/api/deliveries/${job.id}/rating`, { rating: 1 })).statusCode).toBe(404);
    const given = await rate({ 'x-tracking-token': token }, '/api/deliveries/tracking/rating', { rating: 4, comment: ' Quick and polite ' });
    expect([given.statusCode, given.json().rating.rating, given.json().rating.comment]).toEqual([200, 4, 'Quick and polite']);
    const second = await rate(as(firm), `/api/deliveries/${job.id}/rating`, { rating: 1 });
    expect([second.statusCode, errorOf(second.body).message]).toEqual([409, jobMessages.ratedAlready]);
    const [card] = await t.database.db.select().from(riderCards).where(eq(riderCards.userId, rider.id));
    expect([card!.deliveryRatingCount, card!.deliveryRatingSum]).toEqual([1, 4]);
    expect((await track()).rating).toBe(4);
  });

  it('answers a burst of unknown tracking tokens from one address with at most the limit of lookups, then 429', async () => {
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: TRACKING_TOKEN_MISS_LIMIT.max + 15 }, () =>
        t.app.inject({ method: 'GET', url: '/api/deliveries/tracking', headers: { 'x-tracking-token': randomUUID() }, remoteAddress: ip }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(TRACKING_TOKEN_MISS_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // A real link from another address is unaffected.
    const booked = await bookAsVisitor(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/deliveries/tracking', headers: { 'x-tracking-token': trackingTokenOf(booked.tracking_url) }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
  });
});
