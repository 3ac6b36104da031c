/**
 * The tracking page /track/{token} driven along the delivery machine's covering paths
 * (tests/machines/deliveryModel.ts; together they take every transition of
 * machines/deliveries/deliveryMachine.ts): for each path a delivery is booked, each move is made
 * through the real endpoint by the caller who makes it (the rider's offer and job endpoints, with
 * the delivery code and a proof photo for deliver; the dispatch board's for staff; the page's own
 * cancel form for the sender; the server's offer sweep for expire_offer), and after each move the
 * page must show what deliverySnapshotToTracking says for the machine's state then: the status
 * line and the timeline's new line, the rider or not, the phone or not, the cancel form, the
 * rating form.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deliveryMachine, deliverySnapshotToTracking } from '../../machines/deliveries/deliveryMachine';
import { deliveryOffers, outboxEmails } from '../../src/server/db/schema';
import { expireDueOffers } from '../../src/server/domain/deliveryOffers';
import { STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';
import { jobMessages } from '../../src/shared/deliveries/jobMessages';
import { DELIVERY_MOVES } from '../../src/shared/deliveries/moves';
import { escapeHtml } from '../../src/shared/html';
import { TransitionRecorder } from '../machines/coverage';
import { deliveryCoveringPaths, pathName, type DeliveryStep } from '../machines/deliveryModel';
import { bookAs } from './bookingHelpers';
import { asRider, dispatchRider, everyoneOff, type DispatchRider } from './dispatchHelpers';
import { describeEachDatabase, nextIp, useTestApp } from './helper';
import { company } from './hiringHelpers';
import { signedInStaff } from './opsHelpers';
import { multipart } from './signupHelpers';

/**
 * The covering paths take each transition once, so "returned", which the rider (job screen) and
 * staff (the board, for a rider who cannot) both make, would be played by one caller only: the
 * path that takes it is played again with each other caller allowed to make it.
 */
function withEveryReturnedCaller(covering: DeliveryStep[][]): DeliveryStep[][] {
  const path = covering.find((steps) => steps.some((s) => s.event.type === 'returned'));
  if (!path) return covering;
  const played = path.find((s) => s.event.type === 'returned')!.event.by;
  const others = DELIVERY_MOVES.returned.by.filter((by) => by !== played);
  return [...covering, ...others.map((by) => path.map((s) => (s.event.type === 'returned' ? { ...s, event: { ...s.event, by } } : s)))];
}
const paths = withEveryReturnedCaller(deliveryCoveringPaths());
const recorder = new TransitionRecorder();

describeEachDatabase('the tracking page along the delivery machine’s paths', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it.each(paths.map((steps, i) => [i + 1, pathName(steps), steps] as const))('path %i: %s', async (_i, _name, steps) => {
    await everyoneOff(t);
    const staff = await signedInStaff(t, 'dispatcher', `paths-${_i}`);
    const firm = await company(t, `paths-${_i}`);
    // Two riders near the pickup: an offer that runs out goes on to the other.
    const riders = [await dispatchRider(t, ['Ikeja']), await dispatchRider(t, ['Ojota'])];
    const booked = await bookAs(t, { 'x-auth-token': firm.token });
    const path = new URL(booked.tracking_url).pathname;
    let rider: DispatchRider | null = null;

    const board = (action: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/ops/deliveries/${booked.id}/${action}`, remoteAddress: nextIp(), headers: { [STAFF_TOKEN_HEADER]: staff.token }, payload });
    const job = (who: DispatchRider, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/jobs/${booked.id}/moves`,
        remoteAddress: nextIp(),
        headers: { 'x-auth-token': who.token, 'idempotency-key': randomUUID() },
        payload: { client_at: new Date().toISOString(), ...body },
      });
    const openOffer = async () => {
      for (const who of riders) {
        const res = await asRider(t, who, 'GET', '/api/users/offers');
        const offer = res.json<{ items: Array<{ id: string; delivery_id: string }> }>().items.find((o) => o.delivery_id === booked.id);
        if (offer) return { who, offer };
      }
      throw new Error('no open offer');
    };
    const code = async () => {
      const [row] = await t.database.db
        .select({ text: outboxEmails.text })
        .from(outboxEmails)
        .where(eq(outboxEmails.subject, jobMessages.pickedUpEmail.subject(booked.reference)))
        .orderBy(desc(outboxEmails.createdAt))
        .limit(1);
      return /^(\d{4})$/m.exec(row!.text)![1]!;
    };
    const proof = async (who: DispatchRider) => {
      const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
      const body = multipart([{ field: 'photo', filename: 'parcel.jpg', contentType: 'image/jpeg', data: photo }]);
      return t.app.inject({ method: 'POST', url: `/api/users/jobs/${booked.id}/proof`, headers: { 'x-auth-token': who.token, 'content-type': body.contentType }, payload: body.payload });
    };

    /** One move, by the caller the event names, through the endpoint that caller uses. */
    async function make(step: DeliveryStep): Promise<{ statusCode: number; body: string }> {
      const { event } = step;
      switch (event.type) {
        case 'offer':
          return board('offer');
        case 'accept': {
          const { who, offer } = await openOffer();
          rider = who;
          return asRider(t, who, 'POST', `/api/users/offers/${offer.id}/accept`);
        }
        case 'expire_offer': {
          // Nobody left to ask: the delivery is booked again.
          if (event.next === 'booked') await everyoneOff(t);
          await t.database.db.update(deliveryOffers).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(deliveryOffers.deliveryId, booked.id));
          const expired = await expireDueOffers(t.database.db);
          return { statusCode: expired >= 1 ? 200 : 500, body: `expired ${expired}` };
        }
        case 'assign':
          rider = riders[0]!;
          return board('assign', { rider_id: rider.id });
        case 'reassign':
          rider = rider === riders[0] ? riders[1]! : riders[0]!;
          return board('reassign', { rider_id: rider.id });
        case 'cancel':
          return event.by === 'sender'
            ? t.app.inject({
                method: 'POST',
                url: `${path}/cancel`,
                remoteAddress: nextIp(),
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: 'reason=Changed+my+mind',
              })
            : board('cancel', { reason: 'The sender asked by phone' });
        case 'retry':
        case 'return':
          return board(event.type);
        case 'deliver': {
          const uploaded = await proof(rider!);
          expect(uploaded.statusCode, uploaded.body).toBe(200);
          return job(rider!, { action: 'deliver', code: await code(), cash_collected_kobo: booked.price_kobo });
        }
        case 'fail':
          return job(rider!, { action: 'fail', reason: 'recipient_absent' });
        case 'returned':
          // The rider from the job screen, or staff from the board (the parcel back at the office).
          return event.by === 'staff' ? board('returned') : job(rider!, { action: 'returned' });
        default:
          // start, pick_up, arrive: the rider's job screen.
          return job(rider!, { action: event.type });
      }
    }

    // The machine beside the page: every transition the paths take is recorded.
    const actor = createActor(deliveryMachine, { inspect: recorder.inspect }).start();
    for (const step of steps) {
      actor.send(step.event);
      expect(actor.getSnapshot().value).toBe(step.state.value);
      const res = await make(step);
      expect(res.statusCode, `${step.event.type} by ${step.event.by}: ${res.body}`).toBeLessThan(400);
      const shown = deliverySnapshotToTracking(step.state);
      const html = (await t.app.inject({ method: 'GET', url: path, remoteAddress: nextIp() })).body;
      const what = `${step.event.type} by ${step.event.by} → ${shown.status}`;
      expect(html, what).toContain(`data-status="${shown.status}"`);
      expect(html, what).toContain(`<dd id="status"><b>${escapeHtml(shown.statusText)}</b></dd>`);
      const timeline = [...(/<ol>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '').matchAll(/<li>[\s\S]*?<\/time> ([^<]+)<\/li>/g)].map((m) => m[1]);
      expect(timeline.at(-1), what).toBe(escapeHtml(shown.statusText));
      expect(html.includes('id="rider"'), `${what}: rider shown`).toBe(shown.riderShown);
      expect(html.includes('href="tel:'), `${what}: phone shown`).toBe(shown.phoneShown);
      expect(html.includes(`action="${path}/cancel"`), `${what}: cancel form`).toBe(shown.cancelShown);
      expect(html.includes(`action="${path}/rating"`), `${what}: rating form`).toBe(shown.ratingShown);
      expect(html.includes('data-final'), `${what}: final`).toBe(shown.final);
    }
  });

  afterAll(() => {
    expect(recorder.report(`deliveryMachine through the tracking page [${kind}]`, deliveryMachine)).toEqual([]);
  });
});
