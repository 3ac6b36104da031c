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
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The quote budget (DESIGN.md §8). */
const BUDGET_P99_MS = 10;

/* ---------------- the server process ---------------- */

async function serve() {
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { lagosAreaRecords } = await import('../src/shared/deliveries/areas.ts');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-bench-deliveries-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_ROOT: 'none',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    // Each request says which sender it comes from, as a proxy on this machine would.
    TRUST_PROXY: '127.0.0.1',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? dataDir : 'memory://' });
  const app = await buildApp({ config, database, startWorkers: false, logLevel: 'warn' });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));

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
  process.on('message', async (message) => {
    if (message === 'stop') {
      await bare.close();
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
}

/* ---------------- the client (this process) ---------------- */

async function adminQuery(text) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function redisAnswers(url) {
  const { Redis } = await import('ioredis');
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Sends the requests `next()` makes at `rate` a second for `seconds` (each at its time, an open
 * loop) over `agent`'s keep-alive connections; answers the latencies and the failures.
 */
async function drive({ port, next, seconds, rate, agent }) {
  const latencies = [];
  let failures = 0;
  let failure = '';
  const pending = [];
  const one = () =>
    new Promise((resolve) => {
      const { method = 'GET', pathname, headers = {}, body, check } = next();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      const req = http.request(
        { host: '127.0.0.1', port, method, path: pathname, agent, headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : headers },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - started);
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode !== 200 || (check && !check(text))) {
              failures += 1;
              failure ||= `${method} ${pathname} answered ${res.statusCode}: ${text.slice(0, 200)}`;
            }
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        failures += 1;
        failure ||= err.message;
        resolve();
      });
      req.end(payload);
    });
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

/** CPU time (ns) so far of a process of this machine (Linux /proc), NaN when unknown: on a shared machine less bent by others' load than latency. */
function cpuOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}

function summarize(drives) {
  const latencies = drives.flatMap((d) => d.latencies).sort((a, b) => a - b);
  const elapsed = drives.reduce((sum, d) => sum + d.elapsed, 0);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
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

  let databaseName = null;
  const env = { ...process.env };
  if (!args.includes('--pglite')) {
    try {
      await adminQuery('select 1');
      databaseName = `lagos_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
      await adminQuery(`CREATE DATABASE "${databaseName}"`);
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${databaseName}`;
      env.BENCH_DATABASE_URL = url.toString();
    } catch {
      console.log('PostgreSQL did not answer: benchmarking on PGlite in memory.');
    }
  }
  if (!args.includes('--no-redis') && (await redisAnswers(REDIS_URL))) env.BENCH_REDIS_URL = REDIS_URL;

  const server = fork(fileURLToPath(import.meta.url), ['--serve'], {
    cwd: ROOT,
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise((resolve, reject) => {
    server.on('message', (m) => m.ready && resolve(m));
    server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const giveUp = setTimeout(() => {
    console.error('benchmark took longer than 5 minutes: stopping');
    server.kill('SIGKILL');
    process.exit(1);
  }, 5 * 60 * 1000);

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
    const checks = [
      [`quotes p99: ${q.p99.toFixed(1)} ms`, `at most ${BUDGET_P99_MS} ms`, q.p99 <= BUDGET_P99_MS],
      [`failed quotes: ${q.failures}${q.failure ? ` (first: ${q.failure})` : ''}`, 'none', q.failures === 0],
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
    const perRequest = (ns, r) => (Number.isFinite(ns) ? `${(ns / 1e6 / r.count).toFixed(3)} ms` : 'not measured');
    console.log(`  CPU of the server process per request: quote ${perRequest(cpu.quotes, q)}, bare route ${perRequest(cpu.bare, b)}`);
    for (const [what, budget, pass] of checks) console.log(`  ${what.padEnd(60)} budget ${budget.padEnd(14)} ${pass ? 'OK' : 'OVER BUDGET'}`);
  } finally {
    clearTimeout(giveUp);
    server.send('stop');
    await new Promise((resolve) => server.once('exit', resolve));
    if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch(() => {});
  }
  process.exit(ok ? 0 : 1);
}

if (args.includes('--serve')) await serve();
else await main();
