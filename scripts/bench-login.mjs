// Login benchmark: `node scripts/bench-login.mjs [--logins 200] [--concurrency 20]`.
//
// Starts the real server (buildApp) in a child process on 127.0.0.1 with a throw-away database
// (a fresh PostgreSQL database when 127.0.0.1:5432 answers, else PGlite in memory) and an
// hCaptcha verifier stand-in, creates one rider, then fires a bounded number of logins with at
// most --concurrency in flight and prints p50/p90/p99 latency, throughput, and the time of one
// argon2id hash (m=19456, t=2, p=1) measured alone in the server process. Loopback only; it
// stops by itself.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const EMAIL = 'bench.rider@example.com';
const PASSWORD = 'ogba-bench-passphrase-2025';
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/* ---------------- the server process ---------------- */

async function serve() {
  const { buildApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { users } = await import('../src/server/db/schema.ts');
  const { hashPassword } = await import('../src/server/lib/passwords.ts');

  // hCaptcha's verifier, stood in on loopback: every token passes.
  const verifier = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"success":true}');
  });
  await new Promise((resolve) => verifier.listen(0, '127.0.0.1', resolve));

  const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-bench-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_ROOT: 'none',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    HCAPTCHA_VERIFY_URL: `http://127.0.0.1:${verifier.address().port}/siteverify`,
    LOG_LEVEL: 'warn',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? dataDir : 'memory://' });
  const app = await buildApp({ config, database, startWorkers: false });

  // The time of one hash, alone (median of 9 after a warm-up).
  await hashPassword('warm-up');
  const times = [];
  for (let i = 0; i < 9; i++) {
    const started = performance.now();
    await hashPassword(`${PASSWORD}-${i}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);

  await database.db.insert(users).values({
    username: 'bench_rider',
    email: EMAIL,
    passwordHash: await hashPassword(PASSWORD),
    profileCompleted: 1,
    currentTab: 5,
  });

  const delay = monitorEventLoopDelay({ resolution: 10 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send({ ready: true, port: app.server.address().port, hashMs: times[4], database: database.kind });
  process.on('message', async (message) => {
    if (message === 'measure-loop') {
      delay.reset();
      delay.enable();
    } else if (message === 'loop') {
      delay.disable();
      process.send({ loopMaxMs: delay.max / 1e6, loopP99Ms: delay.percentile(99) / 1e6 });
    } else if (message === 'stop') {
      await app.close();
      await database.close();
      verifier.close();
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

async function main() {
  const total = option('logins', 200);
  const concurrency = option('concurrency', 20);

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

  const server = fork(fileURLToPath(import.meta.url), ['--serve'], {
    cwd: ROOT,
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (predicate) =>
    new Promise((resolve, reject) => {
      const onMessage = (m) => {
        if (predicate(m)) {
          server.off('message', onMessage);
          resolve(m);
        }
      };
      server.on('message', onMessage);
      server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
  const giveUp = setTimeout(() => {
    console.error('benchmark took longer than 5 minutes: stopping');
    server.kill('SIGKILL');
    process.exit(1);
  }, 5 * 60 * 1000);

  try {
    const ready = await next((m) => m.ready);
    const base = `http://127.0.0.1:${ready.port}`;

    // One captcha pass, as one browser would have.
    const verified = await fetch(`${base}/api/verify-captcha`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'bench' }),
    });
    const cookie = verified.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const login = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD, user_type: '1' }),
      });
      const body = await res.json();
      if (res.status !== 200 || typeof body.token !== 'string') throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
      return performance.now() - started;
    };

    for (let i = 0; i < 5; i++) await login(); // warm-up

    server.send('measure-loop');
    const latencies = [];
    let started = 0;
    const begin = performance.now();
    const worker = async () => {
      while (started < total) {
        started += 1;
        latencies.push(await login());
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsed = (performance.now() - begin) / 1000;
    server.send('loop');
    const loop = await next((m) => m.loopMaxMs !== undefined);

    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
    const ms = (v) => `${v.toFixed(0)} ms`;
    console.log(`\nLogin benchmark: ${total} logins, ${concurrency} at a time, ${ready.database}, ${availableParallelism()} CPU cores, Node ${process.version}`);
    console.log(`  one argon2id hash (m=19456, t=2, p=1), alone: ${ms(ready.hashMs)}`);
    console.log(`  login latency: p50 ${ms(pct(50))}, p90 ${ms(pct(90))}, p99 ${ms(pct(99))}, max ${ms(latencies.at(-1))}`);
    console.log(`  throughput: ${(total / elapsed).toFixed(1)} logins/s`);
    console.log(`  server event-loop delay during the run: p99 ${ms(loop.loopP99Ms)}, max ${ms(loop.loopMaxMs)}`);
  } finally {
    clearTimeout(giveUp);
    server.send('stop');
    await new Promise((resolve) => server.once('exit', resolve));
    if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch(() => {});
  }
}

if (args.includes('--serve')) await serve();
else await main();
