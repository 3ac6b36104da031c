// Delivery quote benchmark: `npm run bench:deliveries [-- --seconds 10 --rate 200]`.
//
// "Quotes: p99 ≤ 10 ms at 200 requests a second on this machine, printed beside a bare route in
// the same run."
//
// Starts, in one child process on 127.0.0.1 (as scripts/bench-api.mjs does): the real app
// (buildApp) on a throw-away database (a fresh PostgreSQL database when 127.0.0.1:5432 answers,
// else PGlite in memory), with Redis when it answers (as production runs: the per-address limit
// counts through it), and a bare Fastify instance with GET /bare (a small JSON). This process
// sends POST /api/deliveries/quotes at --rate requests a second (an open loop: each request
// leaves at its time whether or not the earlier ones have answered) over keep-alive connections
// (node:http), each from an address of its own (X-Forwarded-For, trusted from loopback as from a
// proxy on this machine) so the per-address limit is not what is measured; nine in ten are Lagos
// trips between random areas, one in ten Lagos → UK or Canada. GET /bare gets the same rate in
// the same run, the two taken in turn in --rounds rounds (a shared machine's speed drifts within
// a minute). Latency is from the moment a request is sent to its whole answer. Prints p50/p99 of
// each, the budget, and exits 1 when the quotes' p99 is over it or a quote failed.
//   --pglite     the embedded database even when PostgreSQL answers
//   --no-redis   no Redis (the limit counts in the app's memory)
//   --rounds N   the --seconds of each kind cut into N rounds, the two in turn (4)
// Then live tracking (scripts/benchLive.mjs): --live-streams event streams (5000) open on this
// one instance hear a move within LIVE_BUDGET_P99_MS at p99; --no-live leaves it out.
// Then the dispatch board (scripts/benchBoard.mjs): --board-open open deliveries (10000) and five
// times as many delivered, a page in BOARD_BUDGET_P95_MS at p95 beside the bare route, each read
// --board-requests times (200); --no-board leaves it out. It runs last: its rows stay in the database.
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { benchBoard, BOARD_BUDGET_P95_MS, serveBoard } from './benchBoard.mjs';
import { benchLive, LIVE_BUDGET_P99_MS, serveLive } from './benchLive.mjs';
import { args, cpuOf, createBenchDatabase, dropBenchDatabase, openBenchApp, option, percentile, REDIS_URL, redisAnswers, startBenchServer, stopOnRequest, timedRequest } from './benchKit.mjs';

/** The quote budget (DESIGN.md §8). */
const BUDGET_P99_MS = 10;

/* ---------------- the server process ---------------- */

async function serve() {
  const { default: Fastify } = await import('fastify');
  const { lagosAreaRecords } = await import('../src/shared/deliveries/areas.ts');
  // Each request says which sender it comes from, as a proxy on this machine would.
  const { app, database, config, close } = await openBenchApp({ prefix: 'lagos-bench-deliveries', settings: { TRUST_PROXY: '127.0.0.1' } });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  await serveLive({ app, database, config });
  await serveBoard({ database, config });

  await app.listen({ host: '127.0.0.1', port: 0 });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  process.send({
    ready: true,
    appPort: app.server.address().port,
    barePort: bare.server.address().port,
    areas: lagosAreaRecords.map((a) => a.name),
    database: database.kind,
    redis: Boolean(config.redisUrl),
  });
  stopOnRequest(async () => {
    await bare.close();
    await close();
  });
}

/* ---------------- the client (this process) ---------------- */

/**
 * Sends the requests `next()` makes at `rate` a second for `seconds` (each at its time, an open
 * loop) over `agent`'s keep-alive connections; answers the latencies and the failures.
 */
async function drive({ port, next, seconds, rate, agent }) {
  const latencies = [];
  let failures = 0;
  let failure = '';
  const pending = [];
  const one = async () => {
    const { ms, failure: why } = await timedRequest({ port, agent }, next());
    if (ms !== null) latencies.push(ms);
    if (why) {
      failures += 1;
      failure ||= why;
    }
  };
  const interval = 1000 / rate;
  const total = Math.round(seconds * rate);
  const begin = performance.now();
  for (let i = 0; i < total; i++) {
    const due = begin + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(one());
  }
  await Promise.all(pending);
  return { elapsed: (performance.now() - begin) / 1000, latencies, failures, failure };
}

function summarize(drives) {
  const latencies = drives.flatMap((d) => d.latencies).sort((a, b) => a - b);
  const elapsed = drives.reduce((sum, d) => sum + d.elapsed, 0);
  const pct = (p) => percentile(latencies, p);
  return {
    count: latencies.length,
    rps: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
    max: latencies.at(-1) ?? 0,
    failures: drives.reduce((sum, d) => sum + d.failures, 0),
    failure: drives.find((d) => d.failure)?.failure ?? '',
  };
}

async function main() {
  const seconds = option('seconds', 10);
  const rate = option('rate', 200);
  const rounds = Math.max(1, option('rounds', 4));

  const env = { ...process.env };
  const benchDatabase = args.includes('--pglite') ? null : await createBenchDatabase();
  if (benchDatabase) env.BENCH_DATABASE_URL = benchDatabase.url;
  if (!args.includes('--no-redis') && (await redisAnswers(REDIS_URL))) env.BENCH_REDIS_URL = REDIS_URL;

  const { server, ready, next, stop } = await startBenchServer(import.meta.url, { env });

  let ok = false;
  try {
    const agent = () => new http.Agent({ keepAlive: true, maxSockets: 32 });
    const pick = (list) => list[Math.floor(Math.random() * list.length)];
    const sizes = ['small', 'medium', 'large'];
    const payments = ['cash_on_pickup', 'cash_on_delivery', 'transfer'];
    let sender = 0;
    // A sender of its own per request (the per-address limit is 60 a minute), as many shops' systems would be.
    const address = () => {
      sender += 1;
      return `10.${(sender >> 16) & 255}.${(sender >> 8) & 255}.${sender & 255}`;
    };
    const quote = () => {
      const international = Math.random() < 0.1;
      const body = international
        ? {
            pickup: { state: 'Lagos', area: pick(ready.areas) },
            dropoff: { country: pick(['GB', 'CA']), city: 'Manchester' },
            parcel: { weight_kg: Math.round(Math.random() * 200) / 10 + 0.5, length_cm: 40, width_cm: 30, height_cm: 20 },
          }
        : {
            pickup: { state: 'Lagos', area: pick(ready.areas) },
            dropoff: { state: 'Lagos', area: pick(ready.areas) },
            parcel: { size: pick(sizes) },
            payment: pick(payments),
          };
      return { method: 'POST', pathname: '/api/deliveries/quotes', headers: { 'x-forwarded-for': address() }, body, check: (text) => text.includes('"price_kobo"') };
    };
    const quotes = { port: ready.appPort, agent: agent(), next: quote, rate };
    const bare = { port: ready.barePort, agent: agent(), next: () => ({ pathname: '/bare' }), rate };

    // Warm-up: JIT, the rate card, connection pools.
    await drive({ ...bare, seconds: 1 });
    await drive({ ...quotes, seconds: 2 });

    const runs = { quotes: [], bare: [] };
    const cpu = { quotes: 0, bare: 0 };
    const slice = seconds / rounds;
    for (let round = 0; round < rounds; round++) {
      let before = cpuOf(server.pid);
      runs.bare.push(await drive({ ...bare, seconds: slice }));
      cpu.bare += cpuOf(server.pid) - before;
      before = cpuOf(server.pid);
      runs.quotes.push(await drive({ ...quotes, seconds: slice }));
      cpu.quotes += cpuOf(server.pid) - before;
    }
    quotes.agent.destroy();
    bare.agent.destroy();
    const q = summarize(runs.quotes);
    const b = summarize(runs.bare);
    const live = args.includes('--no-live') ? null : await benchLive({ server, next, port: ready.appPort, streams: option('live-streams', 5000) });
    const board = args.includes('--no-board')
      ? null
      : await benchBoard({ server, next, port: ready.appPort, barePort: ready.barePort, open: option('board-open', 10_000), requests: option('board-requests', 200), rounds });
    const checks = [
      [`quotes p99: ${q.p99.toFixed(1)} ms`, `at most ${BUDGET_P99_MS} ms`, q.p99 <= BUDGET_P99_MS],
      [`failed quotes: ${q.failures}${q.failure ? ` (first: ${q.failure})` : ''}`, 'none', q.failures === 0],
      ...(live?.checks ?? []),
      ...(board?.checks ?? []),
    ];
    ok = checks.every(([, , pass]) => pass);
    const line = (name, r) =>
      `  ${name.padEnd(36)} ${String(r.count).padStart(6)} requests at ${r.rps.toFixed(0).padStart(4)}/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms   max ${r.max.toFixed(1).padStart(6)} ms`;
    console.log(
      `\nDelivery quote benchmark: ${seconds} s of each at ${rate} requests a second (${rounds} rounds of the two in turn), keep-alive, ` +
        `${ready.database}${ready.redis ? ' + Redis' : ''}, ${availableParallelism()} CPU cores, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`,
    );
    console.log(line('POST /api/deliveries/quotes', q));
    console.log(line('bare Fastify route GET /bare', b));
    for (const text of live?.lines ?? []) console.log(text);
    if (live) console.log(`  (live budget: p99 ≤ ${LIVE_BUDGET_P99_MS} ms)`);
    const perRequest = (ns, r) => (Number.isFinite(ns) ? `${(ns / 1e6 / r.count).toFixed(3)} ms` : 'not measured');
    console.log(`  CPU of the server process per request: quote ${perRequest(cpu.quotes, q)}, bare route ${perRequest(cpu.bare, b)}`);
    if (board) {
      console.log(`\nDispatch board, ${ready.database}: a page of 25, one request at a time over keep-alive, the bare route in turn (${rounds} rounds):`);
      for (const text of board.lines) console.log(text);
      console.log(`  (board budget: p95 ≤ ${BOARD_BUDGET_P95_MS} ms)`);
    }
    for (const [what, budget, pass] of checks) console.log(`  ${what.padEnd(60)} budget ${budget.padEnd(14)} ${pass ? 'OK' : 'OVER BUDGET'}`);
  } finally {
    await stop();
    await dropBenchDatabase(benchDatabase?.name);
  }
  process.exit(ok ? 0 : 1);
}

if (args.includes('--serve')) await serve();
else await main();
