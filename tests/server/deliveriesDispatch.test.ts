/**
 * Dispatch through the API, on PGlite and on PostgreSQL: who may switch "Available for
 * deliveries" on and with which areas, offers to the nearest available rider (same area first),
 * what a rider sees before accepting, decline and expiry to the next rider (and back to booked
 * with nobody left), two accepts at the same instant (exactly one wins), the dispatch board's
 * order, paging, moves, 409s and audit sentences (and a returning parcel marked returned by staff,
 * as its rider would), each rider's day, and every endpoint against every kind of caller.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { dispatchTexts, type AvailabilityResponse, type BoardDetail, type BoardItem, type RiderOffer, type RiderToday } from '../../src/shared/deliveries/dispatch';
import { bookingMessages } from '../../src/shared/deliveries/bookingMessages';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { OFFER_TTL_MS } from '../../src/shared/deliveries/moves';
import { defaultRateCard, riderShareKobo } from '../../src/shared/deliveries/rateCard';
import { auditSentence, type OpsAuditEntry } from '../../src/shared/opsAudit';
import { messages } from '../../src/shared/messages';
import { auditLog, deliveries, deliveryEvents, deliveryOffers, outboxEmails } from '../../src/server/db/schema';
import { expireDueOffers } from '../../src/server/domain/deliveryOffers';
import { STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';
import { bookAs, bookingBody, heldQuote, lagosQuoteBody, postBooking, type Booked } from './bookingHelpers';
import { asRider, dispatchRider, everyoneOff, type DispatchRider } from './dispatchHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp } from './helper';
import { company } from './hiringHelpers';
import { signedInStaff, type StaffMember } from './opsHelpers';

const NOT_FOUND = JSON.stringify({ error: { field: 'alert', message: 'Not found' } });
const SIGN_IN_AGAIN = JSON.stringify({ error: { field: 'alert', message: messages.signInAgain } });

describeEachDatabase('dispatch', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });
  let dispatcher: StaffMember;
  let admin: StaffMember;
  let firm: { token: string; id: string };

  beforeAll(async () => {
    dispatcher = await signedInStaff(t, 'dispatcher', 'dispatch');
    admin = await signedInStaff(t, 'admin', 'dispatch');
    firm = await company(t, 'dispatch');
  });
  beforeEach(async () => everyoneOff(t));

  const staffReq = (member: StaffMember | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, remoteAddress: nextIp(), headers: member ? { [STAFF_TOKEN_HEADER]: member.token } : {}, ...(payload ? { payload } : {}) });
  const book = (): Promise<Booked> => bookAs(t, { 'x-auth-token': firm.token });
  const offersOf = async (rider: DispatchRider) => {
    const res = await asRider(t, rider, 'GET', '/api/users/offers');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: RiderOffer[] }>().items;
  };
  const statusOf = async (id: string) => (await t.database.db.select({ s: deliveries.status, rider: deliveries.riderId }).from(deliveries).where(eq(deliveries.id, id)))[0]!;
  const detail = async (id: string) => {
    const res = await staffReq(dispatcher, 'GET', `/api/ops/deliveries/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BoardDetail>();
  };

  it('lets only a rider who finished sign-up, with an approved ID, switch on, with known Lagos areas, and says why not under the field', async () => {
    const unfinished = await dispatchRider(t, [], { completed: false, idReviewStatus: 'approved' });
    const pending = await dispatchRider(t, [], { idReviewStatus: 'pending' });
    const ready = await dispatchRider(t, []);
    const on = { available: true, areas: ['ikeja', 'Yaba'] };

    let res = await asRider(t, unfinished, 'PUT', '/api/users/availability', on);
    expect([res.statusCode, errorOf(res.body)]).toEqual([403, { field: 'available', message: dispatchTexts.availability.blocked.signup }]);
    res = await asRider(t, pending, 'PUT', '/api/users/availability', on);
    expect([res.statusCode, errorOf(res.body)]).toEqual([403, { field: 'available', message: dispatchTexts.availability.blocked.id }]);
    // What blocks them is also on the switch's own read, so the dashboard can say it before a tap.
    res = await asRider(t, pending, 'GET', '/api/users/availability');
    expect(res.json<AvailabilityResponse>()).toEqual({ available: false, areas: [], blocked: dispatchTexts.availability.blocked.id });
    // Switching off (or saving areas while off) is never refused.
    res = await asRider(t, pending, 'PUT', '/api/users/availability', { available: false, areas: ['Yaba'] });
    expect(res.statusCode, res.body).toBe(200);

    res = await asRider(t, ready, 'PUT', '/api/users/availability', { available: true, areas: ['Atlantis'] });
    expect([res.statusCode, errorOf(res.body)]).toEqual([400, { field: 'areas', message: dispatchTexts.availability.unknownArea('Atlantis') }]);
    res = await asRider(t, ready, 'PUT', '/api/users/availability', { available: true, areas: [] });
    expect([res.statusCode, errorOf(res.body)]).toEqual([400, { field: 'areas', message: dispatchTexts.availability.chooseArea }]);
    res = await asRider(t, ready, 'PUT', '/api/users/availability', { ...on, areas: ['ikeja', 'Yaba', 'IKEJA'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AvailabilityResponse>()).toMatchObject({ available: true, areas: ['Ikeja', 'Yaba'], blocked: null, message: dispatchTexts.availability.switchedOn });
    res = await asRider(t, ready, 'GET', '/api/users/availability');
    expect(res.json<AvailabilityResponse>()).toEqual({ available: true, areas: ['Ikeja', 'Yaba'], blocked: null });
  });

  it('offers a booking to the nearest available rider, pickup area only, then to the next on decline and on expiry, and books it again with nobody left', async () => {
    const near = await dispatchRider(t, ['Ikeja']);
    const nextDoor = await dispatchRider(t, ['Maryland']);
    const far = await dispatchRider(t, ['Lekki']);
    const off = await dispatchRider(t, ['Ikeja'], { available: false });
    const unverified = await dispatchRider(t, ['Ikeja'], { idReviewStatus: 'pending', available: true });
    const booked = await book();

    const res = await staffReq(dispatcher, 'POST', `/api/ops/deliveries/${booked.id}/offer`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await statusOf(booked.id)).s).toBe('offered');
    const [offer, ...more] = await offersOf(near);
    expect(more).toEqual([]);
    expect(offer).toMatchObject({
      delivery_id: booked.id,
      reference: booked.reference,
      pay_kobo: riderShareKobo(booked.price_kobo, defaultRateCard),
      pickup_area: 'Ikeja',
      dropoff_area: 'Lekki',
      to_pickup_km: 0,
    });
    expect(offer!.trip_km).toBeGreaterThan(20);
    expect(Date.parse(offer!.expires_at) - Date.now()).toBeGreaterThan(OFFER_TTL_MS - 30_000);
    // Nothing of the address, landmark, contacts or the recipient before accepting.
    const seen = JSON.stringify(await offersOf(near));
    for (const secret of ['12 Allen Avenue', 'Opposite the bank', '08031234567', 'Ada', '3 Admiralty Way', 'Tunde Bello', '1111']) expect(seen).not.toContain(secret);
    // One open offer at a time; the others see nothing.
    for (const other of [nextDoor, far, off, unverified]) expect(await offersOf(other)).toEqual([]);
    // The pay is fixed on the delivery.
    expect((await detail(booked.id)).rider_pay_kobo).toBe(offer!.pay_kobo);

    // Declined: the next nearest available rider (Maryland, 4.6 km) gets it at once.
    const declined = await asRider(t, near, 'POST', `/api/users/offers/${offer!.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await offersOf(near)).toEqual([]);
    const [second] = await offersOf(nextDoor);
    expect(second).toMatchObject({ delivery_id: booked.id, to_pickup_km: 4.6 });
    // A declined offer cannot be accepted afterwards.
    expect((await asRider(t, near, 'POST', `/api/users/offers/${offer!.id}/accept`)).statusCode).toBe(409);

    // Not accepted within its 3 minutes: the server's sweep moves it on; nobody is left within reach (Lekki is too far).
    await t.database.db.execute(sql`update delivery_offers set expires_at = now() - interval '1 second' where id = ${second!.id}`);
    expect(await offersOf(nextDoor)).toEqual([]);
    expect(await expireDueOffers(t.database.db)).toBe(1);
    expect(await expireDueOffers(t.database.db)).toBe(0);
    expect((await statusOf(booked.id)).s).toBe('booked');
    for (const other of [near, nextDoor, far, off, unverified]) expect(await offersOf(other)).toEqual([]);
    const after = await detail(booked.id);
    expect(after).toMatchObject({ status: 'booked', no_rider_found: true, attention: 'unassigned' });
    expect(after.offers.map((o) => o.status).sort()).toEqual(['declined', 'expired']);
    expect(after.events.map((e) => [e.action, e.actor, e.status])).toEqual([
      ['booked', 'sender', 'booked'],
      ['offer', 'staff', 'offered'],
      // Declined: straight to the next rider; that offer ran out with nobody left.
      ['offer', 'system', 'offered'],
      ['expire_offer', 'system', 'booked'],
    ]);
    expect(after.events[3]!.note).toBe(dispatchTexts.notes.noRiderLeft);

    // Asked again with nobody new near: a 409 saying so.
    const again = await staffReq(dispatcher, 'POST', `/api/ops/deliveries/${booked.id}/offer`, {});
    expect([again.statusCode, errorOf(again.body).message]).toEqual([409, dispatchTexts.board.noRiderNearby]);
  });

  it('on expiry offers the job to the next rider and says so in the timeline', async () => {
    const first = await dispatchRider(t, ['Ikeja']);
    const second = await dispatchRider(t, ['Ojota']);
    const booked = await book();
    expect((await staffReq(dispatcher, 'POST', `/api/ops/deliveries/${booked.id}/offer`)).statusCode).toBe(200);
    const [offer] = await offersOf(first);
    await t.database.db.update(deliveryOffers).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(deliveryOffers.id, offer!.id));
    expect(await expireDueOffers(t.database.db)).toBe(1);
    expect(await offersOf(first)).toEqual([]);
    expect((await offersOf(second)).map((o) => o.delivery_id)).toEqual([booked.id]);
    const events = (await detail(booked.id)).events.map((e) => [e.action, e.actor, e.status]);
    expect(events.slice(-2)).toEqual([
      ['expire_offer', 'system', 'offered'],
      ['offer', 'system', 'offered'],
    ]);
    // The run-out offer is gone for good.
    expect(errorOf((await asRider(t, first, 'POST', `/api/users/offers/${offer!.id}/accept`)).body).message).toBe(dispatchMessages.offerGone);
  });

  it('gives the job to exactly one of two riders accepting at the same instant; the other gets 409 and every other offer closes', async () => {
    const a = await dispatchRider(t, ['Ikeja']);
    const b = await dispatchRider(t, ['Ikeja']);
    const stranger = await dispatchRider(t, ['Yaba']);
    for (let round = 0; round < 3; round += 1) {
      const booked = await book();
      expect((await staffReq(dispatcher, 'POST', `/api/ops/deliveries/${booked.id}/offer`, { rider_id: a.id })).statusCode).toBe(200);
      // A second open offer, as two instances offering at once would leave it: the lock still lets one win.
      await t.database.db.insert(deliveryOffers).values({ deliveryId: booked.id, riderId: b.id, expiresAt: new Date(Date.now() + OFFER_TTL_MS) });
      const [offerA] = (await offersOf(a)).filter((o) => o.delivery_id === booked.id);
      const [offerB] = (await offersOf(b)).filter((o) => o.delivery_id === booked.id);
      // Someone else's offer is no offer at all.
      const foreign = await asRider(t, stranger, 'POST', `/api/users/offers/${offerA!.id}/accept`);
      expect([foreign.statusCode, foreign.body]).toEqual([404, NOT_FOUND]);

      const answers = await Promise.all([
        asRider(t, a, 'POST', `/api/users/offers/${offerA!.id}/accept`),
        asRider(t, b, 'POST', `/api/users/offers/${offerB!.id}/accept`),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes, answers.map((r) => r.body).join(' | ')).toEqual([200, 409]);
      const loser = answers.find((r) => r.statusCode === 409)!;
      expect(errorOf(loser.body)).toEqual({ field: 'alert', message: dispatchMessages.offerGone });
      const winner = answers[0]!.statusCode === 200 ? a : b;
      expect(answers.find((r) => r.statusCode === 200)!.json()).toMatchObject({ delivery: { id: booked.id, status: 'assigned' }, message: dispatchTexts.offers.accepted(booked.reference) });
      expect(await statusOf(booked.id)).toEqual({ s: 'assigned', rider: winner.id });
      const offers = await t.database.db.select({ rider: deliveryOffers.riderId, status: deliveryOffers.status }).from(deliveryOffers).where(eq(deliveryOffers.deliveryId, booked.id));
      expect(offers.map((o) => `${o.rider === winner.id ? 'winner' : 'loser'}:${o.status}`).sort()).toEqual(['loser:closed', 'winner:accepted']);
      // Exactly one accept in the timeline, by the winner.
      const accepts = await t.database.db.select().from(deliveryEvents).where(and(eq(deliveryEvents.deliveryId, booked.id), eq(deliveryEvents.action, 'accept')));
      expect(accepts.map((e) => [e.actor, e.riderId])).toEqual([['rider', winner.id]]);
      // Neither sees it among their offers any more.
      for (const r of [a, b]) expect((await offersOf(r)).filter((o) => o.delivery_id === booked.id)).toEqual([]);
    }
  });

  it('moves a delivery from the board (assign, reassign, cancel with a reason, retry, return), refuses an illegal move with 409, and writes each to the audit log as a sentence', async () => {
    const one = await dispatchRider(t, ['Yaba']);
    const two = await dispatchRider(t, ['Yaba']);
    const unverified = await dispatchRider(t, ['Yaba'], { idReviewStatus: 'rejected' });
    const booked = await book();
    const post = (path: string, body?: object, member: StaffMember = dispatcher) => staffReq(member, 'POST', `/api/ops/deliveries/${booked.id}/${path}`, body);

    // The move table first: nothing to retry on a booked delivery.
    let res = await post('retry');
    expect([res.statusCode, errorOf(res.body).message]).toEqual([409, dispatchMessages.moveRefused('booked')]);
    res = await post('assign', { rider_id: unverified.id });
    expect([res.statusCode, errorOf(res.body)]).toEqual([400, { field: 'rider_id', message: dispatchTexts.board.riderNotAvailable }]);
    res = await post('assign', { rider_id: randomUUID() });
    expect([res.statusCode, errorOf(res.body).field]).toEqual([400, 'rider_id']);
    res = await post('assign', { rider_id: one.id });
    expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([200, dispatchTexts.board.assigned(booked.reference)]);
    expect(await statusOf(booked.id)).toEqual({ s: 'assigned', rider: one.id });
    res = await post('assign', { rider_id: two.id });
    expect(res.statusCode).toBe(409);
    res = await post('reassign', { rider_id: one.id });
    expect([res.statusCode, errorOf(res.body)]).toEqual([400, { field: 'rider_id', message: dispatchTexts.board.sameRider }]);
    res = await post('reassign', { rider_id: two.id }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(booked.id)).toEqual({ s: 'assigned', rider: two.id });

    // The rider's part (pickup, failure) is another screen's: put it there directly.
    await t.database.db.update(deliveries).set({ status: 'failed', failureReason: 'recipient_absent' }).where(eq(deliveries.id, booked.id));
    expect((await detail(booked.id)).actions).toEqual(['retry', 'return', 'cancel']);
    res = await post('retry');
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(booked.id))).toMatchObject({ status: 'picked_up', failure_reason: null });
    await t.database.db.update(deliveries).set({ status: 'failed' }).where(eq(deliveries.id, booked.id));
    res = await post('return');
    expect(res.statusCode, res.body).toBe(200);
    expect((await statusOf(booked.id)).s).toBe('returning');

    res = await post('cancel', { reason: '   ' });
    expect([res.statusCode, errorOf(res.body)]).toEqual([400, { field: 'reason', message: dispatchMessages.cancelReasonRequired }]);
    res = await post('cancel', {});
    expect([res.statusCode, errorOf(res.body).field]).toEqual([400, 'reason']);
    res = await post('cancel', { reason: 'Sender asked by phone' });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = await detail(booked.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'Sender asked by phone', actions: [] });
    expect(cancelled.events.at(-1)).toMatchObject({ action: 'cancel', actor: 'staff', staff_email: dispatcher.email, note: 'Sender asked by phone' });
    res = await post('cancel', { reason: 'Again' });
    expect([res.statusCode, errorOf(res.body).message]).toEqual([409, dispatchMessages.moveRefused('cancelled')]);

    // Refused moves wrote nothing; each done one wrote one entry, read back as a sentence.
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, booked.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['delivery.assign', 'delivery.cancel', 'delivery.reassign', 'delivery.retry', 'delivery.return']);
    const log = await staffReq(admin, 'GET', `/api/ops/audit?entityType=delivery&entityId=${booked.id}`);
    expect(log.statusCode, log.body).toBe(200);
    const sentences = log.json<{ items: OpsAuditEntry[] }>().items.map(auditSentence);
    expect(sentences).toContain(`${dispatcher.email} (dispatcher) assigned delivery ${booked.reference} to a rider`);
    expect(sentences).toContain(`${admin.email} (admin) gave delivery ${booked.reference} to another rider`);
    expect(sentences).toContain(`${dispatcher.email} (dispatcher) cancelled delivery ${booked.reference}`);
    expect(rows.find((r) => r.action === 'delivery.cancel')!.after).toMatchObject({ status: 'cancelled', reason: 'Sender asked by phone' });
  });

  it('marks a returning parcel returned from the board as its rider would from the job screen: from returning only (409 before), in the timeline, the audit log and the tracking page, the cash taken at pickup kept, no e-mail', async () => {
    const rider = await dispatchRider(t, ['Ikeja']);
    const quote = await heldQuote(t, lagosQuoteBody({ payment: 'cash_on_pickup' }));
    const booking = await postBooking(t, bookingBody(quote), { headers: { 'x-auth-token': firm.token } });
    expect(booking.statusCode, booking.body).toBe(201);
    const parcel = booking.json<{ delivery: Booked }>().delivery;
    const post = (path: string, body?: object, member: StaffMember = dispatcher) => staffReq(member, 'POST', `/api/ops/deliveries/${parcel.id}/${path}`, body);
    const jobMove = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/jobs/${parcel.id}/moves`,
        remoteAddress: nextIp(),
        headers: { 'x-auth-token': rider.token, 'idempotency-key': randomUUID() },
        payload: { client_at: new Date().toISOString(), ...body },
      });
    const notYet = async (status: string) => {
      const res = await post('returned');
      expect([status, res.statusCode, errorOf(res.body).message]).toEqual([status, 409, dispatchMessages.moveRefused(status)]);
    };

    // Every step before it is on its way back refuses it; the rider's own moves take it there.
    await notYet('booked');
    expect((await post('assign', { rider_id: rider.id })).statusCode).toBe(200);
    await notYet('assigned');
    expect((await jobMove({ action: 'start' })).statusCode).toBe(200);
    await notYet('heading_to_pickup');
    expect((await jobMove({ action: 'pick_up', cash_collected_kobo: 250_000 })).statusCode).toBe(200);
    await notYet('picked_up');
    expect((await jobMove({ action: 'fail', reason: 'recipient_absent' })).statusCode).toBe(200);
    await notYet('failed');
    expect((await post('return')).statusCode).toBe(200);
    expect((await detail(parcel.id)).actions).toEqual(['returned', 'cancel']);

    // The rider's phone died; the parcel is back at the office. A cash figure sent with it is not taken.
    const mailsBefore = (await t.database.db.select({ id: outboxEmails.id }).from(outboxEmails)).length;
    const res = await post('returned', { cash_collected_kobo: 1 });
    expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([200, dispatchTexts.board.markedReturned(parcel.reference)]);
    const after = await detail(parcel.id);
    expect(after).toMatchObject({ status: 'returned', actions: [], cash_collected_kobo: 250_000, rider: { id: rider.id } });
    expect(after.events.at(-1)).toMatchObject({ status: 'returned', action: 'returned', actor: 'staff', staff_email: dispatcher.email });
    // The rider's "returned" e-mails nobody; neither does this.
    expect((await t.database.db.select({ id: outboxEmails.id }).from(outboxEmails)).length).toBe(mailsBefore);
    // The cash taken at pickup is still owed by the rider.
    const today = (await staffReq(dispatcher, 'GET', '/api/ops/riders/today')).json<{ items: RiderToday[] }>().items.find((r) => r.id === rider.id);
    expect(today?.cash_to_collect_kobo).toBe(250_000);

    // The tracking page and the rider's job screen show it finished; the rider's late "returned" is refused.
    const page = await t.app.inject({ method: 'GET', url: new URL(parcel.tracking_url).pathname, remoteAddress: nextIp() });
    expect(page.body).toContain('data-status="returned"');
    expect(page.body).toContain(`<dd id="status"><b>${bookingMessages.statuses.returned}</b></dd>`);
    const job = await asRider(t, rider, 'GET', `/api/users/jobs/${parcel.id}`);
    expect(job.json<{ job: { status: string; actions: string[] } }>().job).toMatchObject({ status: 'returned', actions: [] });
    const late = await jobMove({ action: 'returned' });
    expect(late.statusCode, late.body).toBe(409);
    await notYet('returned');

    // In the audit log once, as a sentence.
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, parcel.id), eq(auditLog.action, 'delivery.returned')));
    expect(rows).toHaveLength(1);
    expect([rows[0]!.before, rows[0]!.after]).toMatchObject([{ status: 'returning', riderId: rider.id }, { status: 'returned', riderId: rider.id }]);
    const log = await staffReq(admin, 'GET', `/api/ops/audit?entityType=delivery&entityId=${parcel.id}`);
    expect(log.json<{ items: OpsAuditEntry[] }>().items.map(auditSentence)).toContain(`${dispatcher.email} (dispatcher) marked delivery ${parcel.reference} as back with the sender`);

    // An admin may too.
    const other = await book();
    await t.database.db.update(deliveries).set({ status: 'returning', riderId: rider.id }).where(eq(deliveries.id, other.id));
    const byAdmin = await staffReq(admin, 'POST', `/api/ops/deliveries/${other.id}/returned`);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await statusOf(other.id)).s).toBe('returned');
  });

  it('lists the board with failed, late and unassigned first, a page at a time without repeats, and each rider\'s day with the cash to collect', async () => {
    const { db } = t.database;
    const rider = await dispatchRider(t, ['Surulere']);
    const failed = await book();
    const late = await book();
    const fresh = await book();
    const cash = await book();
    await db.update(deliveries).set({ status: 'failed', riderId: rider.id, assignedAt: new Date() }).where(eq(deliveries.id, failed.id));
    // Asked for "now" two hours ago and still nobody: late for pickup.
    await db.update(deliveries).set({ pickupAt: null, createdAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(deliveries.id, late.id));
    await db
      .update(deliveries)
      .set({ status: 'delivered', riderId: rider.id, assignedAt: new Date(), deliveredAt: new Date(), payment: 'cash_on_delivery', cashCollectedKobo: 350_000 })
      .where(eq(deliveries.id, cash.id));

    const page = await staffReq(dispatcher, 'GET', '/api/ops/deliveries');
    expect(page.statusCode, page.body).toBe(200);
    const items = page.json<{ items: BoardItem[] }>().items;
    const rankOf = (item: BoardItem) => ['failed', 'late_pickup', 'unassigned', null].indexOf(item.attention);
    expect(items.map(rankOf)).toEqual([...items.map(rankOf)].sort((x, y) => x - y));
    expect(items.find((i) => i.id === failed.id)).toMatchObject({ attention: 'failed', rider: { id: rider.id, username: rider.username } });
    expect(items.find((i) => i.id === late.id)?.attention).toBe('late_pickup');
    expect(items.find((i) => i.id === fresh.id)?.attention).toBe('unassigned');
    // Finished deliveries are not on the open board, but are under their status.
    expect(items.some((i) => i.id === cash.id)).toBe(false);
    const delivered = await staffReq(dispatcher, 'GET', '/api/ops/deliveries?status=delivered');
    expect(delivered.json<{ items: BoardItem[] }>().items.map((i) => i.id)).toContain(cash.id);

    // Enough bookings for a second page: every open delivery once, in order, across pages.
    for (let i = 0; i < 26; i += 1) await book();
    const seen: BoardItem[] = [];
    let cursor: string | null = null;
    do {
      const res = await staffReq(dispatcher, 'GET', `/api/ops/deliveries${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ items: BoardItem[]; next: string | null }>();
      seen.push(...body.items);
      cursor = body.next;
    } while (cursor);
    const count = (await db.select({ id: deliveries.id }).from(deliveries).where(notInArray(deliveries.status, ['delivered', 'returned', 'cancelled']))).length;
    expect(seen.length).toBe(count);
    expect(new Set(seen.map((i) => i.id)).size).toBe(count);
    expect(seen.map(rankOf)).toEqual([...seen.map(rankOf)].sort((x, y) => x - y));
    const bad = await staffReq(dispatcher, 'GET', '/api/ops/deliveries?cursor=not-a-cursor');
    expect([bad.statusCode, errorOf(bad.body).field]).toEqual([400, 'cursor']);

    const today = await staffReq(dispatcher, 'GET', '/api/ops/riders/today');
    expect(today.statusCode, today.body).toBe(200);
    const mine = today.json<{ items: RiderToday[] }>().items.find((r) => r.id === rider.id);
    expect(mine).toMatchObject({ available: true, areas: ['Surulere'], cash_to_collect_kobo: 350_000 });
    expect(mine!.jobs.map((j) => j.reference).sort()).toEqual([failed.reference, cash.reference].sort());
  });

  it('answers each kind of caller of every dispatch endpoint as it declares: the offered rider, another rider, a company, staff, nobody', async () => {
    const offered = await dispatchRider(t, ['Ikeja']);
    const other = await dispatchRider(t, ['Oshodi'], { available: false });
    const booked = await book();
    expect((await staffReq(dispatcher, 'POST', `/api/ops/deliveries/${booked.id}/offer`, { rider_id: offered.id })).statusCode).toBe(200);
    const [offer] = await offersOf(offered);
    const user = (token: string) => ({ 'x-auth-token': token });
    const ops = (token: string) => ({ [STAFF_TOKEN_HEADER]: token });
    const callers: Record<string, Record<string, string>> = {
      'signed out': {},
      'offered rider': user(offered.token),
      'another rider': user(other.token),
      company: user(firm.token),
      dispatcher: ops(dispatcher.token),
      admin: ops(admin.token),
    };
    const send = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method: method as 'GET', url, headers, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });

    // The console's routes: staff only; anyone else the 404 of a missing page.
    const opsRoutes: Array<[string, string, object?]> = [
      ['GET', '/api/ops/deliveries'],
      ['GET', `/api/ops/deliveries/${booked.id}`],
      ['GET', '/api/ops/riders/today'],
      ['POST', `/api/ops/deliveries/${booked.id}/offer`, { rider_id: offered.id }],
      ['POST', `/api/ops/deliveries/${booked.id}/assign`, { rider_id: offered.id }],
      ['POST', `/api/ops/deliveries/${booked.id}/reassign`, { rider_id: offered.id }],
      ['POST', `/api/ops/deliveries/${booked.id}/cancel`, { reason: 'x' }],
      ['POST', `/api/ops/deliveries/${booked.id}/retry`, {}],
      ['POST', `/api/ops/deliveries/${booked.id}/return`, {}],
      ['POST', `/api/ops/deliveries/${booked.id}/returned`, {}],
    ];
    for (const [method, url, payload] of opsRoutes) {
      for (const who of ['signed out', 'offered rider', 'another rider', 'company']) {
        const res = await send(method, url, callers[who]!, payload);
        expect([method, url, who, res.statusCode, res.body]).toEqual([method, url, who, 404, NOT_FOUND]);
      }
    }
    // Nothing moved for them.
    expect((await statusOf(booked.id)).s).toBe('offered');
    for (const who of ['dispatcher', 'admin']) {
      for (const url of ['/api/ops/deliveries', `/api/ops/deliveries/${booked.id}`, '/api/ops/riders/today']) {
        expect([who, url, (await send('GET', url, callers[who]!)).statusCode]).toEqual([who, url, 200]);
      }
    }

    // The rider's routes: signed out 401, a company or staff the refusal of a rider's door.
    const riderRoutes: Array<[string, string, object?]> = [
      ['GET', '/api/users/availability'],
      ['PUT', '/api/users/availability', { available: false, areas: [] }],
      ['GET', '/api/users/offers'],
      ['POST', `/api/users/offers/${offer!.id}/decline`],
      ['POST', `/api/users/offers/${offer!.id}/accept`],
    ];
    for (const [method, url, payload] of riderRoutes) {
      const out = await send(method, url, callers['signed out']!, payload);
      expect([url, out.statusCode, out.body]).toEqual([url, 401, SIGN_IN_AGAIN]);
      const asCompany = await send(method, url, callers.company!, payload);
      expect([url, asCompany.statusCode, asCompany.body]).toEqual([url, 404, NOT_FOUND]);
      const asStaff = await send(method, url, callers.dispatcher!, payload);
      expect([url, asStaff.statusCode, asStaff.body]).toEqual([url, 401, SIGN_IN_AGAIN]);
    }
    // Another rider cannot see, decline or accept the offer; the offered rider can.
    expect(await offersOf(other)).toEqual([]);
    for (const action of ['decline', 'accept']) {
      const res = await send('POST', `/api/users/offers/${offer!.id}/${action}`, callers['another rider']!);
      expect([action, res.statusCode, res.body]).toEqual([action, 404, NOT_FOUND]);
    }
    expect((await statusOf(booked.id)).s).toBe('offered');
    const accepted = await send('POST', `/api/users/offers/${offer!.id}/accept`, callers['offered rider']!);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await statusOf(booked.id)).toEqual({ s: 'assigned', rider: offered.id });
  });
});
