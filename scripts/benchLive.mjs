// Live tracking pages, a case of `npm run bench:deliveries`: "5,000 tracking pages open on one
// instance receive a move within 1 s at p99".
//
// The server process (serveLive) books --live-deliveries deliveries (10) through the booking
// service and, when told, moves each of them once ('offer', staff), all at once, through
// moveDelivery in their own transactions, as a route would, and answers the time each move began.
// This process (benchLive) opens --live-streams event streams (5,000) to
// GET /api/deliveries/tracking/{token}/events over HTTP, spread evenly over the deliveries, each
// from a connection of its own and 10 to an address (X-Forwarded-For, trusted from loopback: the
// per-address limits are not what is measured; more than 20 opened at once from one address
// meet the unknown-token limit, which counts each lookup before it gives a good one back); then
// 5 rounds of moves, each waiting until every stream heard its move. A stream's
// time-to-receive is from the moment its delivery's move began (before its transaction) to the
// moment this process read the message: it includes the transaction, PostgreSQL's NOTIFY, the
// fan-out and this process's own reading of 5,000 sockets, both processes on one clock.
//
// File descriptors: each stream is a socket in each process (5,000 here, 5,000 in the server).
// Node raises its soft limit to the hard limit when it starts, so the hard limit is what counts;
// it is read from /proc/self/limits and a run that could not open the streams says so.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { cpuOf, percentile } from './benchKit.mjs';

/** The budget of the issue: p99 of time-to-receive. */
export const LIVE_BUDGET_P99_MS = 1000;

const now = () => performance.timeOrigin + performance.now();

/* ---------------- the server process ---------------- */

/** In the bench's server process: answers the client's 'live' messages (book, move, memory). */
export async function serveLive({ app, database, config }) {
  const { bookingValuesOf } = await import('../src/shared/deliveries/booking.ts');
  const { bookDelivery, trackingLinks } = await import('../src/server/features/deliveries/bookingService.ts');
  const { moveDelivery } = await import('../src/server/domain/deliveryMoves.ts');
  const links = trackingLinks(config.jwtSecret, config.publicUrl);
  process.on('message', async (message) => {
    if (message?.live === 'book') {
      const deliveries = [];
      for (let i = 0; i < message.count; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/deliveries/quotes',
          headers: { 'x-forwarded-for': `10.250.0.${i + 1}` },
          payload: { pickup: { state: 'Lagos', area: 'Ikeja' }, dropoff: { state: 'Lagos', area: 'Lekki' }, parcel: { size: 'small' } },
        });
        const body = {
          quote_id: res.json().quote.id,
          sender: { name: 'Ada Obi', phone: '0803 123 4567', email: 'ada.bench@example.com' },
          pickup: { state: 'Lagos', area: 'Ikeja', address: '12 Allen Avenue', landmark: '', contact_name: 'Ada', contact_phone: '08031234567' },
          dropoff: { state: 'Lagos', area: 'Lekki', address: '3 Admiralty Way', contact_name: 'Tunde', contact_phone: '08050001111' },
          description: 'A box of shoes',
          payment: 'cash_on_pickup',
        };
        const { values } = bookingValuesOf(body);
        const { delivery } = await bookDelivery(
          database.db,
          { values, pickupAt: undefined, pickup: body.pickup, dropoff: body.dropoff },
          { companyId: null, apiKeyId: null, clientIpHash: 'bench' },
          null,
          links,
        );
        deliveries.push({ id: delivery.id, token: links.tokenOf(delivery.id) });
      }
      process.send({ live: 'booked', deliveries });
    } else if (message?.live === 'move') {
      const began = {};
      await Promise.all(
        message.ids.map(async (deliveryId) => {
          began[deliveryId] = now();
          await database.db.transaction((tx) => moveDelivery(tx, { deliveryId, action: 'offer', actor: 'staff' }));
        }),
      );
      process.send({ live: 'moved', began });
    } else if (message?.live === 'memory') {
      process.send({ live: 'memory', rss: process.memoryUsage().rss });
    }
  });
}

/* ---------------- the client (this process) ---------------- */

function openFileLimit() {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const [soft, hard] = line.split(/\s{2,}/).slice(1, 3);
    return { soft: Number(soft), hard: Number(hard) };
  } catch {
    return null;
  }
}

/** Opens one stream; resolves once it answered 200 and its first line, with the stream's receipt times. */
function openStream(port, token, address, agent) {
  return new Promise((resolve, reject) => {
    const received = [];
    const req = http.get({ host: '127.0.0.1', port, agent, path: `/api/deliveries/tracking/${token}/events`, headers: { accept: 'text/event-stream', 'x-forwarded-for': address } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      let opened = false;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = now();
        if (!opened) {
          opened = true;
          resolve({ received, close: () => req.destroy() });
        }
        // Each move is one `event: delivery` message, written whole in one chunk.
        let from = 0;
        while ((from = chunk.indexOf('event: delivery', from)) >= 0) {
          received.push(at);
          from += 15;
        }
      });
    });
    req.on('error', reject);
  });
}

/**
 * Runs the case against the server process (`server`, `next` from startBenchServer) listening
 * on `port`; answers the figures to print and whether they are within the budget.
 */
export async function benchLive({ server, next, port, streams = 5000, deliveries: deliveryCount = 10, rounds = 5 }) {
  const limit = openFileLimit();
  server.send({ live: 'book', count: deliveryCount });
  const { deliveries } = await next((m) => m.live === 'booked');
  server.send({ live: 'memory' });
  const before = (await next((m) => m.live === 'memory')).rss;

  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  // Addresses of this run only: with Redis the limits' counters outlive a run.
  const net = 16 + Math.floor(Math.random() * 200);
  const open = [];
  let failures = 0;
  let failure = '';
  const openBegan = performance.now();
  // 250 at a time: the listen backlog is 511.
  for (let i = 0; i < streams; i += 250) {
    const batch = [];
    for (let j = i; j < Math.min(streams, i + 250); j++) {
      const delivery = deliveries[j % deliveries.length];
      const a = Math.floor(j / 10);
      batch.push(
        openStream(port, delivery.token, `10.${net}.${(a >> 8) & 255}.${a & 255}`, agent).then(
          (stream) => open.push({ ...stream, delivery: delivery.id }),
          (err) => {
            failures += 1;
            failure ||= err.message;
          },
        ),
      );
    }
    await Promise.all(batch);
  }
  const openSeconds = (performance.now() - openBegan) / 1000;
  server.send({ live: 'memory' });
  const after = (await next((m) => m.live === 'memory')).rss;

  const latencies = [];
  let missed = 0;
  // The server's CPU time from each round's moves to its last stream: less bent by a shared machine's load than latency.
  let serverCpu = 0;
  for (let round = 1; round <= rounds; round++) {
    const cpuBefore = cpuOf(server.pid);
    server.send({ live: 'move', ids: deliveries.map((d) => d.id) });
    const { began } = await next((m) => m.live === 'moved');
    // Every stream's move of this round, or 10 s.
    const deadline = performance.now() + 10_000;
    while (open.some((s) => s.received.length < round) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    serverCpu += cpuOf(server.pid) - cpuBefore;
    for (const stream of open) {
      if (stream.received.length < round) missed += 1;
      else latencies.push(stream.received[round - 1] - began[stream.delivery]);
    }
    // The streams settle between rounds.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (const stream of open) stream.close();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const max = latencies.at(-1) ?? 0;
  const lines = [
    `  ${`tracking streams open: ${open.length} of ${streams}`.padEnd(36)} on ${deliveries.length} deliveries, opened in ${openSeconds.toFixed(1)} s; ` +
      `server RSS ${(before / 1e6).toFixed(0)} MB → ${(after / 1e6).toFixed(0)} MB (${(((after - before) / Math.max(1, open.length)) / 1024).toFixed(1)} kB a stream)` +
      (limit ? `; open files allowed ${limit.soft}/${limit.hard}` : ''),
    `  ${'a move, to each open tracking stream'.padEnd(36)} ${String(latencies.length).padStart(6)} received (${rounds} rounds) p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   max ${max.toFixed(1).padStart(6)} ms`,
  ];
  if (Number.isFinite(serverCpu)) {
    lines.push(`  ${'server CPU per round'.padEnd(36)} ${(serverCpu / 1e6 / rounds).toFixed(1)} ms for ${deliveries.length} moves to ${open.length} streams (${((serverCpu / 1e3 / rounds) / Math.max(1, open.length)).toFixed(1)} µs a stream, the moves' transactions included)`);
  }
  if (failures > 0 && limit && limit.hard < streams * 2 + 100) lines.push(`  (the hard limit of open files, ${limit.hard}, is under what ${streams} streams need here: raise it with ulimit -Hn as root)`);
  const checks = [
    [`tracking streams: p99 ${p99.toFixed(1)} ms from the move to each page`, `at most ${LIVE_BUDGET_P99_MS} ms`, latencies.length > 0 && p99 <= LIVE_BUDGET_P99_MS],
    [`tracking streams not opened: ${failures}${failure ? ` (first: ${failure})` : ''}; moves not received: ${missed}`, 'none', failures === 0 && missed === 0],
  ];
  return { lines, checks };
}
