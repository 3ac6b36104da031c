// API benchmark (DESIGN.md §8): `npm run bench:api [-- --seconds 8 --concurrency 32 --riders 10000]`.
//
// "The API serves a signed-in profile read at no less than 40% of the requests per second that a
// bare Fastify route reaches on the same machine in the same run", and the honest
// version: reads spread over 10,000 riders with 10% writes, at ≥ 80% of a bare route that does
// one select on the same pool (the floor of any read that touches the database), ≥ 40% of the
// bare route, p99 ≤ 25 ms.
//
// Starts, in one child process on 127.0.0.1: the real app (buildApp) on a throw-away database (a
// fresh PostgreSQL database when 127.0.0.1:5432 answers, else PGlite in memory), with Redis when
// it answers (as production runs: rate limits and the session cache's messages go through it),
// seeded with --riders riders with whole profiles (personal information, three jobs, two past
// employers), their rider cards and profile documents (as start-up and the migration build them)
// and a session each; and a bare Fastify instance with GET /bare (a small JSON) and GET
// /bare-select (one select by primary key on the app's own pool). This process drives each for
// --seconds with --concurrency keep-alive connections (node:http, the same client for all), in
// rounds that take the three in turn: the profile traffic picks a random rider per request, from
// an address of the rider's own (X-Forwarded-For, trusted from loopback as from a proxy on this
// machine), and one request in ten saves the rider's bio. It prints requests per second, p50/p99
// per kind, each round's ratios, the budgets, and the CPU time a profile request took in the
// app's process and in PostgreSQL (less bent by others' load); exit code 1 when one is missed.
// Loopback only; it stops by itself.
//   --pglite             the embedded database even when PostgreSQL answers
//   --no-redis           no Redis (with PostgreSQL the session cache is then off)
//   --no-session-cache   SESSION_CACHE=0, to compare
//   --cold               no warm-up read of every rider before the profile traffic
//   --rounds N           the --seconds of each kind cut into N rounds, the three kinds in turn (4)
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the app's process there.
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { args, cpuOf, createBenchDatabase, dropBenchDatabase, openBenchApp, option, percentile, POSTGRES_URL, REDIS_URL, redisAnswers, startBenchServer, stopOnRequest, timedRequest } from './benchKit.mjs';
import { seedBenchRiders } from './benchRiders.mjs';

const RIDERS = option('riders', Number(process.env.BENCH_RIDERS ?? 10_000));
const WRITE_SHARE = option('writes', 0.1);
const COLD = args.includes('--cold');
const ROUNDS = Math.max(1, option('rounds', 4));
/** DESIGN.md §8's budgets. */
const BUDGET = 0.4;
const BUDGET_SELECT = 0.8;
const BUDGET_P99_MS = 25;

/* ---------------- the server process ---------------- */

async function serve() {
  const { default: Fastify } = await import('fastify');
  const { sql } = await import('drizzle-orm');
  const { sessionToken, SESSION_LIFETIME_MS } = await import('../src/server/plugins/auth.ts');

  const { app, database, config, close } = await openBenchApp({
    prefix: 'lagos-bench-api',
    settings: {
      // The client says which rider's phone each request comes from, as a proxy on this machine would.
      TRUST_PROXY: '127.0.0.1',
      ...(process.env.SESSION_CACHE ? { SESSION_CACHE: process.env.SESSION_CACHE } : {}),
    },
  });
  const db = database.db;
  const rows = (result) => (Array.isArray(result) ? result : result.rows);

  // RIDERS riders with whole profiles: personal information, three jobs, two past employers.
  const started = performance.now();
  await seedBenchRiders(db, RIDERS);
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  const sessions = rows(
    await db.execute(sql`
      insert into sessions (user_id, expires_at, method) select id, ${expiresAt.toISOString()}, 'password' from users
      returning id, user_id`),
  );
  const usernames = new Map(rows(await db.execute(sql`select id, username from users`)).map((r) => [r.id, r.username]));
  const riders = sessions.map((s) => ({
    username: usernames.get(s.user_id),
    token: sessionToken(config, { id: s.id, userId: s.user_id, userType: 1, expiresAt }),
  }));
  // Their rider cards (every rider who finished sign-up has one: a bio save patches it) and
  // profile documents, as start-up and the migration make them for riders who exist before.
  // Without the cards, each rider's first save in the run made a whole card instead.
  const { refreshAllRiderCards } = await import('../src/server/domain/riderCards.ts');
  await refreshAllRiderCards(db);
  const { refreshProfileDocumentsWhere } = await import('../src/server/domain/profileDocument.ts');
  await refreshProfileDocumentsWhere(db, sql`true`);
  await db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - started) / 1000;

  // The bare route, and the floor of any read that touches the database: one indexed select on
  // the app's own pool, with nothing else (no hooks, no auth).
  const ids = [...usernames.keys()];
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  bare.get('/bare-select', async () => {
    const id = ids[Math.floor(Math.random() * ids.length)];
    const [row] = rows(await db.execute(sql`select username from users where id = ${id}`));
    return { ok: true, username: row.username };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  process.send({
    ready: true,
    appPort: app.server.address().port,
    barePort: bare.server.address().port,
    riders,
    seedSeconds,
    database: database.kind,
    sessionCache: config.sessionCache,
    redis: Boolean(config.redisUrl),
  });
  stopOnRequest(async () => {
    await bare.close();
    await close();
  });
}

/* ---------------- the client (this process) ---------------- */

/**
 * Drives the requests `next()` makes for `seconds` with `concurrency` keep-alive connections
 * (`agent`'s, kept from round to round); returns the time taken, the latencies per kind and the
 * failures, for `summarize`.
 */
async function drive({ port, next, seconds, concurrency, agent, requests = Infinity }) {
  const byKind = new Map();
  let failures = 0;
  let failure = '';
  const one = async () => {
    const request = next();
    const { ms, failure: why } = await timedRequest({ port, agent }, request);
    if (why) {
      failures += 1;
      failure ||= why;
    }
    if (ms === null) return;
    if (!byKind.has(request.kind)) byKind.set(request.kind, []);
    byKind.get(request.kind).push(ms);
  };
  const until = performance.now() + seconds * 1000;
  const begin = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until && sent < requests) {
        sent += 1;
        await one();
      }
    }),
  );
  return { elapsed: (performance.now() - begin) / 1000, byKind, failures, failure };
}

/** Requests per second and p50/p99, in all and per kind, over one or more drives of the same traffic. */
function summarize(drives) {
  const elapsed = drives.reduce((sum, d) => sum + d.elapsed, 0);
  const byKind = new Map();
  for (const d of drives) for (const [kind, latencies] of d.byKind) byKind.set(kind, [...(byKind.get(kind) ?? []), ...latencies]);
  const stats = (latencies) => {
    latencies.sort((a, b) => a - b);
    const pct = (p) => percentile(latencies, p);
    return { count: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99) };
  };
  return {
    ...stats([...byKind.values()].flat()),
    failures: drives.reduce((sum, d) => sum + d.failures, 0),
    failure: drives.find((d) => d.failure)?.failure ?? '',
    kinds: Object.fromEntries([...byKind].map(([kind, latencies]) => [kind, stats(latencies)])),
  };
}

/** CPU time (ns) so far of the app's process and of the PostgreSQL processes serving the database. */
async function cpuSpent(appPid, databaseName) {
  let database = Number.NaN;
  if (databaseName) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      const { rows } = await client.query('select pid from pg_stat_activity where datname = $1', [databaseName]);
      database = rows.reduce((sum, row) => sum + cpuOf(row.pid), 0);
    } finally {
      await client.end();
    }
  }
  return { app: cpuOf(appPid), database };
}

async function main() {
  const seconds = option('seconds', 8);
  const concurrency = option('concurrency', 32);

  const env = { ...process.env, BENCH_RIDERS: String(RIDERS) };
  const benchDatabase = args.includes('--pglite') ? null : await createBenchDatabase();
  if (benchDatabase) env.BENCH_DATABASE_URL = benchDatabase.url;
  const databaseName = benchDatabase?.name ?? null;
  // Production runs several instances with Redis; its rate limits and session cache go through it.
  if (!args.includes('--no-redis') && (await redisAnswers(REDIS_URL))) env.BENCH_REDIS_URL = REDIS_URL;
  if (args.includes('--no-session-cache')) env.SESSION_CACHE = '0';

  const { server, ready, stop } = await startBenchServer(import.meta.url, {
    env,
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the app's process, to see where a request's time goes.
    execArgv: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
  });

  let ok = false;
  try {
    const { riders } = ready;
    // One pool of keep-alive connections per kind of traffic, kept across the rounds.
    const agent = () => new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const bare = { port: ready.barePort, agent: agent(), next: () => ({ kind: 'bare', pathname: '/bare' }) };
    const bareSelect = { port: ready.barePort, agent: agent(), next: () => ({ kind: 'select', pathname: '/bare-select' }) };
    let writes = 0;
    // Any of the riders, each from an address of their own; one request in ten saves a bio.
    const request = (i, writeShare) => {
      const rider = riders[i];
      const headers = { 'x-auth-token': rider.token, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
      if (Math.random() < writeShare) {
        writes += 1;
        return { kind: 'write', method: 'PUT', pathname: '/api/users/profile-update', headers, body: { username: rider.username, bio: `Safe and on time across Lagos, update ${writes}.` } };
      }
      return { kind: 'read', pathname: '/api/users/profile', headers, check: (body) => body.includes('"workHistories"') && body.includes(rider.username) };
    };
    const mixed = { port: ready.appPort, agent: agent(), next: () => request(Math.floor(Math.random() * riders.length), WRITE_SHARE) };
    // Warm-up: JIT, connection pools.
    await drive({ ...bare, seconds: 1, concurrency });
    await drive({ ...bareSelect, seconds: 1, concurrency });
    await drive({ ...mixed, seconds: 2, concurrency });
    if (!COLD) {
      // A server that has been running: every rider read once (in random order), as the traffic
      // measured next reads them about every few seconds. The session and profile caches then
      // hold what they would hold in that traffic's steady state (--cold measures without this).
      const order = riders.map((_, i) => i).sort(() => Math.random() - 0.5);
      await drive({ ...mixed, next: () => request(order.pop() ?? 0, 0), seconds: 120, requests: riders.length, concurrency });
    }
    // The three in turn, ROUNDS times, `seconds` each in all: a shared machine's speed drifts
    // within a minute (the same code's bare route 15,709-28,362 req/s from run to run), and
    // taking each in one block put that drift into the ratios. Also the CPU time the profile
    // traffic took in the app's process and (PostgreSQL on this machine) in the benchmark
    // database's server processes: on a shared machine the requests per second follow the load
    // of others, the CPU each request costs much less.
    const rounds = { bare: [], select: [], mixed: [] };
    const cpu = { app: 0, database: 0 };
    const slice = seconds / ROUNDS;
    for (let round = 0; round < ROUNDS; round++) {
      rounds.bare.push(await drive({ ...bare, seconds: slice, concurrency }));
      rounds.select.push(await drive({ ...bareSelect, seconds: slice, concurrency }));
      const cpuBefore = await cpuSpent(server.pid, databaseName);
      rounds.mixed.push(await drive({ ...mixed, seconds: slice, concurrency }));
      const cpuAfter = await cpuSpent(server.pid, databaseName);
      cpu.app += cpuAfter.app - cpuBefore.app;
      cpu.database += cpuAfter.database - cpuBefore.database;
    }
    for (const traffic of [bare, bareSelect, mixed]) traffic.agent.destroy();
    const bareRun = summarize(rounds.bare);
    const selectRun = summarize(rounds.select);
    const mixedRun = summarize(rounds.mixed);
    const reads = mixedRun.kinds.read;
    const toBare = mixedRun.rps / bareRun.rps;
    const toSelect = mixedRun.rps / selectRun.rps;
    const rps = (d) => summarize([d]).rps;
    const perRound = rounds.mixed.map((d, i) => `${((rps(d) / rps(rounds.select[i])) * 100).toFixed(0)}% / ${((rps(d) / rps(rounds.bare[i])) * 100).toFixed(0)}%`);
    const checks = [
      [`profile traffic / bare route with one select: ${(toSelect * 100).toFixed(0)}%`, `at least ${BUDGET_SELECT * 100}%`, toSelect >= BUDGET_SELECT],
      [`profile traffic / bare route: ${(toBare * 100).toFixed(0)}%`, `at least ${BUDGET * 100}%`, toBare >= BUDGET],
      [`profile traffic p99: ${mixedRun.p99.toFixed(1)} ms`, `at most ${BUDGET_P99_MS} ms`, mixedRun.p99 <= BUDGET_P99_MS],
      [`failed requests: ${mixedRun.failures}${mixedRun.failure ? ` (first: ${mixedRun.failure})` : ''}`, 'none', mixedRun.failures === 0],
    ];
    ok = checks.every(([, , pass]) => pass);
    const line = (name, r) => `  ${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(5)} ms   p99 ${r.p99.toFixed(1).padStart(5)} ms`;
    console.log(
      `\nAPI benchmark: ${seconds} s each (${ROUNDS} rounds of the three in turn), ${concurrency} connections, ${ready.database}${ready.redis ? ' + Redis' : ''}, session and profile caches ${ready.sessionCache ? (COLD ? 'on, cold' : 'on, every rider read once before') : 'off'}, ` +
        `${riders.length.toLocaleString('en')} riders (seeded in ${ready.seedSeconds.toFixed(1)} s), ${availableParallelism()} CPU cores, Node ${process.version}`,
    );
    console.log(line('bare Fastify route GET /bare', bareRun));
    console.log(line('bare route + one select on the same pool', selectRun));
    console.log(line(`profile traffic (${(WRITE_SHARE * 100).toFixed(0)}% writes), all`, mixedRun));
    if (reads) console.log(line('  of which GET /api/users/profile', reads));
    if (mixedRun.kinds.write) console.log(line('  of which PUT /api/users/profile-update', mixedRun.kinds.write));
    console.log(`  profile traffic / bare route with one select / bare route, round by round: ${perRound.join(', ')}`);
    const perRequest = (ns) => (Number.isFinite(ns) ? `${(ns / 1e6 / mixedRun.count).toFixed(3)} ms` : 'not measured');
    console.log(
      `  CPU per profile request: ${perRequest(cpu.app)} in the app's process, ` +
        `${perRequest(cpu.database)} in PostgreSQL (load average ${loadavg().map((l) => l.toFixed(2)).join(', ')})`,
    );
    for (const [what, budget, pass] of checks) console.log(`  ${what.padEnd(60)} budget ${budget.padEnd(14)} ${pass ? 'OK' : 'OVER BUDGET'}`);
  } finally {
    await stop();
    await dropBenchDatabase(databaseName);
  }
  process.exit(ok ? 0 : 1);
}

if (args.includes('--serve')) await serve();
else await main();
