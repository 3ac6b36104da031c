// The fault suite's delivery cases (run.mjs): kill -9 while riders send moves, two instances
// racing accepts of one delivery, and a mail server outage around bookings and pickups. Every
// record is made through the API as the product makes it (a visitor books with a captcha pass, a
// dispatcher assigns or offers from the board, riders send moves with an Idempotency-Key); only
// the riders' approved IDs and the dispatcher's console session are written as fixtures
// (db.ts dispatch), and acknowledged moves are looked up in the database after the server stopped.
import pg from 'pg';
import { call, captchaPass, dbStep, sleep } from './lib.mjs';

/** A visitor's booking, Ikeja to Yaba, cash on pickup: { id, reference, email } or null. */
export async function bookDelivery(origin, label) {
  const pass = await captchaPass(origin).catch(() => null);
  if (!pass) return null;
  const quote = await call(origin, 'POST', '/api/deliveries/quotes', { json: { pickup: { area: 'Ikeja' }, dropoff: { area: 'Yaba' }, parcel: { size: 'small' } } });
  if (quote.status !== 200) return null;
  const email = `${label}@faults.example.com`.toLowerCase();
  const end = (area, name) => ({ area, address: '1 Fault Street', contact_name: name, contact_phone: '0803 123 4567' });
  const booking = { quote_id: quote.body.quote.id, sender: { name: 'Fault Sender', phone: '0803 123 4567', email }, pickup: end('Ikeja', 'Ada'), dropoff: end('Yaba', 'Tunde'), description: `Parcel ${label}`, payment: 'cash_on_pickup' };
  const res = await call(origin, 'POST', '/api/deliveries', { json: booking, cookie: pass, headers: { 'idempotency-key': `book-${label}` } });
  return res.status === 201 ? { id: res.body.delivery.id, reference: res.body.delivery.reference, email } : null;
}

const staffMove = (origin, dispatcher, id, action, json = {}) => call(origin, 'POST', `/api/ops/deliveries/${id}/${action}`, { json, staffToken: dispatcher.token });

/**
 * A rider's move from the job screen, with its key (the phone's clock as client_at). The bookings
 * here are paid at pickup, so "picked up" carries the cash collected (the figure is not checked here).
 */
const riderMove = (origin, rider, id, key, action) =>
  call(origin, 'POST', `/api/users/jobs/${id}/moves`, {
    json: {
      action,
      client_at: new Date().toISOString(),
      ...(action === 'fail' ? { reason: 'recipient_absent' } : {}),
      ...(action === 'pick_up' ? { cash_collected_kobo: 0 } : {}),
    },
    token: rider.token,
    headers: { 'idempotency-key': key },
  });

/** The next step of a job from its status: rider moves, and the dispatcher's retry after a failure. */
const NEXT = { assigned: 'start', heading_to_pickup: 'pick_up', picked_up: 'arrive', arrived: 'fail', failed: 'retry' };

const sameMove = (a, b) => a && b && a.action === b.action && a.status === b.status && a.server_at === b.server_at && a.client_at === b.client_at;

/**
 * kill -9 while riders send moves: deliveries booked and assigned through the API; one worker
 * per delivery walks it start → pick_up → (arrive → fail → the dispatcher's retry)…, each move
 * sent twice at once with its key (the phone's queue resending while the first is in flight);
 * SIGKILL mid-stream; then every move answered 2xx must be in its delivery's timeline exactly
 * once with its action, the delivery's status that of its last event; after the restart each
 * acknowledged key is sent again and must answer the same move (Idempotent-Replayed) and write
 * nothing new.
 */
export async function killDuringMoves(kind, ctx) {
  const { database, server, dbEnv, report, log, T } = ctx;
  const name = 'kill -9 during moves: acknowledged moves lost';
  const budget = '0 lost, 0 twice, every resend the same move, 0 new events';
  const db = await database(kind, 'moves');
  const fixtures = await dbStep(dbEnv(db), 'dispatch', { riders: T.moveRiders });
  const s = await server(kind, db);
  const run = Date.now().toString(36);
  const jobs = [];
  // Booked by visitors and assigned from the board, four at a time.
  for (let i = 0; i < T.moveDeliveries; i += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, T.moveDeliveries - i) }, async (_, j) => {
        const n = i + j;
        const booked = await bookDelivery(s.origin, `mv.${run}.${n}`);
        if (!booked) return null;
        const rider = fixtures.riders[n % fixtures.riders.length];
        const assigned = await staffMove(s.origin, fixtures.dispatcher, booked.id, 'assign', { rider_id: rider.id });
        if (assigned.status !== 200) log(`${kind}: assign refused: ${assigned.status} ${assigned.text.slice(0, 200)}`);
        return assigned.status === 200 ? { ...booked, n, rider, status: 'assigned', seq: 0 } : null;
      }),
    );
    jobs.push(...batch.filter(Boolean));
  }
  if (jobs.length === 0) {
    report(name, kind, 'no delivery could be booked and assigned', false, budget);
    await s.stop();
    return;
  }
  let stop = false;
  let sent = 0;
  let retries = 0;
  const acked = [];
  const worker = async (job) => {
    while (!stop) {
      const action = NEXT[job.status];
      if (!action) break;
      if (action === 'retry') {
        const res = await staffMove(s.origin, fixtures.dispatcher, job.id, 'retry');
        if (res.status === 0) break;
        if (res.status === 200) {
          retries += 1;
          job.status = 'picked_up';
        } else job.status = (await call(s.origin, 'GET', `/api/users/jobs/${job.id}`, { token: job.rider.token })).body?.job?.status ?? job.status;
        continue;
      }
      job.seq += 1;
      const key = `mv-${run}-${job.n}-${job.seq}`;
      sent += 1;
      const answers = await Promise.all([riderMove(s.origin, job.rider, job.id, key, action), riderMove(s.origin, job.rider, job.id, key, action)]);
      const ok = answers.find((r) => r.status >= 200 && r.status < 300);
      if (ok) {
        acked.push({ deliveryId: job.id, key, action, move: ok.body.move, rider: job.rider });
        job.status = ok.body.move.status;
      } else if (answers.some((r) => r.status === 0)) break;
      else {
        log(`${kind}: move ${action} refused: ${answers.map((r) => `${r.status} ${r.text.slice(0, 120)}`).join(' | ')}`);
        const now = await call(s.origin, 'GET', `/api/users/jobs/${job.id}`, { token: job.rider.token });
        if (now.status === 0) break;
        job.status = now.body?.job?.status ?? job.status;
      }
    }
  };
  const workers = Promise.all(jobs.map(worker));
  await sleep(T.killAfterMs);
  s.child.kill('SIGKILL');
  await s.exited;
  stop = true;
  await workers;

  const lookUp = () => dbStep(dbEnv(db), 'moves', { moves: acked.map(({ deliveryId, key, action }) => ({ deliveryId, key, action })) });
  const before = await lookUp();
  const lost = before.keys.filter((k) => k.count === 0).length;
  const twice = before.keys.filter((k) => k.count > 1).length;
  const wrongAction = before.keys.filter((k) => !k.sameAction).length;
  const torn = before.deliveries.filter((d) => d.status !== d.lastEventStatus).length;

  let restarted;
  try {
    restarted = await server(kind, db);
  } catch (err) {
    report(name, kind, `did not start again: ${String(err).slice(0, 300)}`, false, budget);
    return;
  }
  // Every acknowledged key again, eight at a time: the same move, marked as a replay.
  let resentSame = 0;
  const resendFailures = [];
  for (let i = 0; i < acked.length; i += 8) {
    await Promise.all(
      acked.slice(i, i + 8).map(async (m) => {
        const res = await riderMove(restarted.origin, m.rider, m.deliveryId, m.key, m.action);
        if (res.status === 200 && res.headers.get('idempotent-replayed') === 'true' && sameMove(res.body.move, m.move)) resentSame += 1;
        else resendFailures.push(`${m.action} ${res.status} ${res.text.slice(0, 160)}`);
      }),
    );
  }
  await restarted.stop();
  const after = await lookUp();
  const newEvents = after.events - before.events;
  const twiceAfter = after.keys.filter((k) => k.count !== 1).length;
  if (resendFailures.length > 0) log(`${kind}: resends not answered the same: ${resendFailures.slice(0, 5).join(' | ')}`);
  const ok = acked.length > 0 && lost === 0 && twice === 0 && wrongAction === 0 && torn === 0 && resentSame === acked.length && newEvents === 0 && twiceAfter === 0;
  report(
    name,
    kind,
    `${sent} moves sent (each twice at once with its key) over ${jobs.length} deliveries, ${acked.length} acknowledged, ${before.keys.length - lost} found, ${lost} lost, ${twice} twice, ${wrongAction} with another action, ${torn} status not its last event; ${retries} retries by the dispatcher; ready again in ${restarted.readyMs} ms; ${resentSame}/${acked.length} resent keys answered the same move, ${newEvents} new events`,
    ok,
    budget,
  );
}

/**
 * Two instances on one PostgreSQL database: in each round a visitor books, two dispatchers offer
 * the delivery at the same moment, one to rider A through instance 1 and one to rider B through
 * instance 2; if one offer closed the other (the lock on the delivery), the second open offer is
 * put back directly in the database, as the state two instances racing would leave without it;
 * then A accepts through instance 1 and B through instance 2 at once, and A's phone sends its
 * accept again through instance 2. Exactly one 200, the others 409, the delivery assigned to the
 * winner, one accept in its timeline.
 */
export async function offerRace(ctx) {
  const { database, server, dbEnv, report, log, T } = ctx;
  const name = 'two instances: one offer, one winner';
  const budget = 'each round exactly one 200 of 3 accepts (the others 409), the winner assigned, one accept';
  const db = await database('postgres', 'race');
  const fixtures = await dbStep(dbEnv(db), 'dispatch', { riders: 2 });
  const [riderA, riderB] = fixtures.riders;
  const a = await server('postgres', db);
  const b = await server('postgres', db);
  const client = new pg.Client({ connectionString: db.databaseUrl });
  await client.connect();
  const run = Date.now().toString(36);
  const tally = { rounds: 0, oneWinner: 0, winsA: 0, winsB: 0, bothOpenByApi: 0, reopened: 0, bad: [] };
  try {
    for (let round = 0; round < T.raceRounds; round += 1) {
      const booked = await bookDelivery(round % 2 ? b.origin : a.origin, `race.${run}.${round}`);
      if (!booked) {
        tally.bad.push(`round ${round}: not booked`);
        continue;
      }
      const offered = await Promise.all([
        staffMove(a.origin, fixtures.dispatcher, booked.id, 'offer', { rider_id: riderA.id }),
        staffMove(b.origin, fixtures.dispatcher, booked.id, 'offer', { rider_id: riderB.id }),
      ]);
      if (offered.some((r) => r.status !== 200)) log(`postgres: offer answers ${offered.map((r) => `${r.status} ${r.text.slice(0, 120)}`).join(' | ')}`);
      const offerOf = async (origin, rider) => (await call(origin, 'GET', '/api/users/offers', { token: rider.token })).body?.items?.find((o) => o.delivery_id === booked.id) ?? null;
      let [offerA, offerB] = await Promise.all([offerOf(a.origin, riderA), offerOf(b.origin, riderB)]);
      if (offerA && offerB) tally.bothOpenByApi += 1;
      // The second open offer, as two instances offering at once without the lock would leave it.
      for (const rider of [riderA, riderB]) {
        await client.query(
          `insert into delivery_offers (delivery_id, rider_id, expires_at) values ($1, $2, now() + interval '3 minutes')
           on conflict (delivery_id, rider_id) do update set status = 'open', expires_at = excluded.expires_at`,
          [booked.id, rider.id],
        );
      }
      if (!offerA || !offerB) tally.reopened += 1;
      [offerA, offerB] = await Promise.all([offerOf(a.origin, riderA), offerOf(b.origin, riderB)]);
      if (!offerA || !offerB) {
        tally.bad.push(`round ${round}: offers not open (${Boolean(offerA)}, ${Boolean(offerB)})`);
        continue;
      }
      tally.rounds += 1;
      // A's phone also sends its accept twice, once through each instance (a double tap on a slow network).
      const answers = await Promise.all([
        call(a.origin, 'POST', `/api/users/offers/${offerA.id}/accept`, { token: riderA.token }),
        call(b.origin, 'POST', `/api/users/offers/${offerB.id}/accept`, { token: riderB.token }),
        call(b.origin, 'POST', `/api/users/offers/${offerA.id}/accept`, { token: riderA.token }),
      ]);
      const codes = answers.map((r) => r.status);
      const winner = codes[0] === 200 || codes[2] === 200 ? riderA : codes[1] === 200 ? riderB : null;
      const detail = (await call(a.origin, 'GET', `/api/ops/deliveries/${booked.id}`, { staffToken: fixtures.dispatcher.token })).body;
      const accepts = (detail?.events ?? []).filter((e) => e.action === 'accept').length;
      const assignedTo = (await client.query('select rider_id, status from deliveries where id = $1', [booked.id])).rows[0];
      const good = [...codes].sort().join(',') === '200,409,409' && winner && assignedTo?.rider_id === winner.id && assignedTo?.status === 'assigned' && accepts === 1;
      if (good) {
        tally.oneWinner += 1;
        if (winner === riderA) tally.winsA += 1;
        else tally.winsB += 1;
      } else tally.bad.push(`round ${round}: ${codes.join('/')} ${answers.map((r) => r.text.slice(0, 100)).join(' | ')}; ${accepts} accepts; rider ${assignedTo?.rider_id} ${assignedTo?.status}`);
    }
  } finally {
    await client.end();
    await Promise.all([a.stop(), b.stop()]);
  }
  if (tally.bad.length > 0) log(`postgres: offer race: ${tally.bad.slice(0, 5).join('\n  ')}`);
  report(
    name,
    'postgres',
    `${tally.rounds}/${T.raceRounds} rounds raced (3 accepts at once: A and B through different instances, A again through B's), ${tally.oneWinner} with exactly one winner (won by A ${tally.winsA} times, by B ${tally.winsB}), ${tally.bad.length} bad; both offers left open by the two dispatchers offering at once: ${tally.bothOpenByApi} of ${tally.rounds} (the second put back in the database ${tally.reopened} times)`,
    tally.rounds === T.raceRounds && tally.oneWinner === tally.rounds && tally.bad.length === 0,
    budget,
  );
}

/**
 * A mail server outage around deliveries: a probe booking, assigned, started and picked up, says
 * how many e-mails one booking makes (booking and pickup, found by its reference); then the mail
 * server stand-in is closed, deliveries are booked, assigned and picked up while it is down, and
 * it listens again on the same port. Every e-mail must arrive once: delayed, not lost.
 */
export async function mailOutageDeliveries(kind, ctx) {
  const { database, server, dbEnv, report, log, T, startSmtpSink } = ctx;
  const name = 'mail server outage around bookings and pickups: delivered / lost / duplicated';
  const budget = 'every booking and pickup answered, 0 lost, 0 duplicated';
  const db = await database(kind, 'mail-deliveries');
  const fixtures = await dbStep(dbEnv(db), 'dispatch', { riders: 2 });
  let sink = await startSmtpSink();
  const port = sink.port;
  const received = [];
  const collect = (s) => {
    const push = s.messages.push.bind(s.messages);
    s.messages.push = (...m) => {
      for (const x of m) received.push({ ...x, at: Date.now() });
      return push(...m);
    };
  };
  collect(sink);
  const s = await server(kind, db, { smtpUrl: sink.url });
  const run = Date.now().toString(36);
  const mailsOf = (reference) => received.filter((m) => `${m.subject}\n${m.text}`.includes(reference));
  /** Booked, assigned, started and picked up: the e-mails of a booking and of its pickup. */
  const deliver = async (label) => {
    const booked = await bookDelivery(s.origin, label);
    if (!booked) return null;
    const rider = fixtures.riders[0];
    const steps = [
      () => staffMove(s.origin, fixtures.dispatcher, booked.id, 'assign', { rider_id: rider.id }),
      () => riderMove(s.origin, rider, booked.id, `${label}-start`, 'start'),
      () => riderMove(s.origin, rider, booked.id, `${label}-pick`, 'pick_up'),
    ];
    for (const step of steps) {
      const res = await step();
      if (res.status !== 200) {
        log(`${kind}: ${label}: ${res.status} ${res.text.slice(0, 160)}`);
        return null;
      }
    }
    return booked;
  };
  const probe = await deliver(`probe.${run}`);
  await sleep(5000);
  const perDelivery = probe ? mailsOf(probe.reference).length : 0;
  if (!probe || perDelivery === 0) {
    report(name, kind, `probe delivery ${probe ? 'made' : 'not made'}, ${perDelivery} e-mails`, false, budget);
    await s.stop();
    await sink.close();
    return;
  }
  await sink.close();
  const downAt = Date.now();
  log(`${kind}: mail server down for ${T.mailDownMs / 1000} s (deliveries booked and picked up)`);
  const made = [];
  let tried = 0;
  while (Date.now() - downAt < T.mailDownMs - 3000) {
    tried += 1;
    const d = await deliver(`down.${run}.${tried}`);
    if (d) made.push(d);
  }
  await sleep(Math.max(0, T.mailDownMs - (Date.now() - downAt)));
  sink = await startSmtpSink({ port });
  collect(sink);
  const backAt = Date.now();
  log(`${kind}: mail server back`);
  const expected = made.length * perDelivery;
  const unique = () => new Set(made.flatMap((d) => mailsOf(d.reference).map((m) => `${m.to.join(',')}\n${m.subject}\n${m.text}`))).size;
  while (unique() < expected && Date.now() - backAt < T.smtpDrainMs) await sleep(500);
  await sleep(2000);
  const delivered = unique();
  const all = made.reduce((n, d) => n + mailsOf(d.reference).length, 0);
  const lastAt = Math.max(0, ...made.flatMap((d) => mailsOf(d.reference).map((m) => m.at)));
  await s.stop();
  await sink.close();
  const outbox = await dbStep(dbEnv(db), 'outbox');
  report(
    name,
    kind,
    `${made.length}/${tried} deliveries booked, assigned and picked up during ${T.mailDownMs / 1000} s down (${perDelivery} e-mails each); ${delivered}/${expected} delivered, ${Math.max(0, expected - delivered)} lost, ${all - delivered} duplicated; all in ${((lastAt - backAt) / 1000).toFixed(0)} s after it came back; outbox ${JSON.stringify(outbox)}`,
    made.length === tried && made.length > 0 && delivered === expected && all === delivered,
    budget,
  );
}
