// API benchmark (DESIGN.md §8, issue 6): `node scripts/bench-api.mjs [--seconds 8] [--concurrency 32]`.
//
// "The API serves a signed-in profile read at no less than 40% of the requests per second that a
// bare Fastify route reaches on the same machine in the same run." Starts, in one child process
// on 127.0.0.1: the real app (buildApp) on a throw-away database (a fresh PostgreSQL database when
// 127.0.0.1:5432 answers, else PGlite in memory) with one rider whose profile is filled in (bio,
// three work history entries, two past employees, personal information with an ID document), and
// a bare Fastify instance with one route answering a small JSON. This process then drives each
// for --seconds with --concurrency keep-alive connections (node:http, the same client for both),
// after a warm-up, and prints requests per second, latency percentiles and the ratio. Exit code 1
// when the ratio is under 40%. Loopback only; it stops by itself.
//   --pglite      the embedded database even when PostgreSQL answers
//   --breakdown   also the app's /healthz (hooks, no auth, no database) and /api/users/me (the
//                 session check and one query), to see where a signed-in read spends its time
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUDGET = 0.4;

/* ---------------- the server process ---------------- */

async function serve() {
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const schema = await import('../src/server/db/schema.ts');
  const { startSession } = await import('../src/server/plugins/auth.ts');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-bench-api-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_ROOT: 'none',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? dataDir : 'memory://' });
  const app = await buildApp({ config, database, startWorkers: false, logLevel: 'warn' });
  const db = database.db;

  const [rider] = await db
    .insert(schema.users)
    .values({
      username: 'bench_rider',
      email: 'bench.rider@example.com',
      profileCompleted: 1,
      currentTab: 5,
      state: 'Lagos',
      town: 'Yaba',
      phone: '+2348031234567',
      introduction: 'Careful rider on the mainland, 5 years on Lagos roads',
      bio: 'I have delivered parcels across Lagos since 2019. Safe, on time and polite, in rain or traffic.',
    })
    .returning({ id: schema.users.id });
  const [doc] = await db
    .insert(schema.files)
    .values({ ownerId: rider.id, kind: 'valid_id', contentType: 'application/pdf', extension: 'pdf', originalName: 'nin-slip.pdf', size: 8, data: Buffer.from('%PDF-1.4') })
    .returning({ id: schema.files.id });
  await db.insert(schema.personalInfo).values({ userId: rider.id, totalYearsOfExperience: '3-5', languagesSpoken: 'English, Yoruba, Pidgin', education: 'Diploma', validIdFileId: doc.id });
  for (const [position, company, start, end] of [
    ['Lead rider', 'Gokada', '2019-03-01', null],
    ['Courier', 'Kwik Delivery', '2016-05-01', '2018-12-31'],
    ['Dispatch rider', 'Sendbox', '2015-01-01', '2016-04-30'],
  ]) {
    await db.insert(schema.workHistories).values({ userId: rider.id, position, companyName: company, numberOfYears: '1-2', startDate: start, endDate: end });
  }
  for (const [company, start, end] of [
    ['Max.ng', '2013-01-10', '2014-04-30'],
    ['Jumia Logistics', '2011-06-01', '2012-12-31'],
  ]) {
    await db.insert(schema.pastEmployees).values({ userId: rider.id, companyName: company, companyContact: 'Tunde, 0803 555 0101', startDate: start, endDate: end });
  }
  const token = await startSession(db, config, { id: rider.id, userType: 1 }, 'password');

  // The bare route: a Fastify instance with nothing registered but one JSON answer.
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));

  await app.listen({ host: '127.0.0.1', port: 0 });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  process.send({ ready: true, appPort: app.server.address().port, barePort: bare.server.address().port, token, database: database.kind });
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

/** Drives GET `url` for `seconds` with `concurrency` keep-alive connections; returns rps and latencies. */
async function drive({ port, pathname, headers = {}, seconds, concurrency, check }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let failures = 0;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path: pathname, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200 || (check && !check(Buffer.concat(chunks)))) failures += 1;
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  const until = performance.now() + seconds * 1000;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const elapsed = (performance.now() - begin) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  return { rps: latencies.length / elapsed, count: latencies.length, failures, p50: pct(50), p99: pct(99) };
}

async function main() {
  const seconds = option('seconds', 8);
  const concurrency = option('concurrency', 32);

  let databaseName = null;
  const env = { ...process.env };
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
  if (args.includes('--pglite')) {
    delete env.BENCH_DATABASE_URL;
  }

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
    const bare = { port: ready.barePort, pathname: '/bare' };
    const profile = {
      port: ready.appPort,
      pathname: '/api/users/profile',
      headers: { 'x-auth-token': ready.token },
      check: (body) => body.includes('"workHistories"'),
    };
    // Warm-up: JIT, connection pools, PGlite's caches.
    await drive({ ...bare, seconds: 1, concurrency });
    await drive({ ...profile, seconds: 2, concurrency });

    if (args.includes('--breakdown')) {
      for (const [name, target] of [
        ['app GET /healthz (no auth, no DB)', { port: ready.appPort, pathname: '/healthz' }],
        ['signed-in GET /api/users/me', { port: ready.appPort, pathname: '/api/users/me', headers: { 'x-auth-token': ready.token } }],
      ]) {
        const r = await drive({ ...target, seconds, concurrency });
        console.log(`  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1)} ms   ${r.failures} failed`);
      }
    }
    const bareRun = await drive({ ...bare, seconds, concurrency });
    const profileRun = await drive({ ...profile, seconds, concurrency });
    const ratio = profileRun.rps / bareRun.rps;
    ok = ratio >= BUDGET && profileRun.failures === 0;
    const line = (name, r) =>
      `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   ${r.failures} failed`;
    console.log(`\nAPI benchmark: ${seconds} s each, ${concurrency} connections, ${ready.database}, ${availableParallelism()} CPU cores, Node ${process.version}`);
    console.log(line('bare Fastify route GET /bare', bareRun));
    console.log(line('signed-in GET /api/users/profile', profileRun));
    console.log(`  profile read / bare route: ${(ratio * 100).toFixed(0)}% (budget: at least ${BUDGET * 100}%) ${ok ? 'OK' : 'OVER BUDGET'}`);
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
