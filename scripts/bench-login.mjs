// Login benchmark: `node scripts/bench-login.mjs [--logins 200] [--concurrency 20]`.
//
// Starts the real server (buildApp) in a child process on 127.0.0.1 with a throw-away database
// (a fresh PostgreSQL database when 127.0.0.1:5432 answers, else PGlite in memory) and an
// hCaptcha verifier stand-in, creates one rider, then fires a bounded number of logins with at
// most --concurrency in flight and prints p50/p90/p99 latency, throughput, and the time of one
// argon2id hash (m=19456, t=2, p=1) measured alone in the server process. Loopback only; it
// stops by itself.
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { args, createBenchDatabase, dropBenchDatabase, openBenchApp, option, percentile, startBenchServer, stopOnRequest } from './benchKit.mjs';

const EMAIL = 'bench.rider@example.com';
const PASSWORD = 'ogba-bench-passphrase-2025';

/* ---------------- the server process ---------------- */

async function serve() {
  const { users } = await import('../src/server/db/schema.ts');
  const { hashPassword } = await import('../src/server/lib/passwords.ts');

  // hCaptcha's verifier, stood in on loopback: every token passes.
  const verifier = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"success":true}');
  });
  await new Promise((resolve) => verifier.listen(0, '127.0.0.1', resolve));

  const { app, database, close } = await openBenchApp({
    prefix: 'lagos-bench',
    settings: { HCAPTCHA_VERIFY_URL: `http://127.0.0.1:${verifier.address().port}/siteverify` },
  });

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
    }
  });
  stopOnRequest(async () => {
    await close();
    verifier.close();
  });
}

/* ---------------- the client (this process) ---------------- */

async function main() {
  const total = option('logins', 200);
  const concurrency = option('concurrency', 20);

  const env = { ...process.env };
  const benchDatabase = await createBenchDatabase();
  if (benchDatabase) env.BENCH_DATABASE_URL = benchDatabase.url;

  const { server, ready, next, stop } = await startBenchServer(import.meta.url, { env });
  try {
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
    const pct = (p) => percentile(latencies, p);
    const ms = (v) => `${v.toFixed(0)} ms`;
    console.log(`\nLogin benchmark: ${total} logins, ${concurrency} at a time, ${ready.database}, ${availableParallelism()} CPU cores, Node ${process.version}`);
    console.log(`  one argon2id hash (m=19456, t=2, p=1), alone: ${ms(ready.hashMs)}`);
    console.log(`  login latency: p50 ${ms(pct(50))}, p90 ${ms(pct(90))}, p99 ${ms(pct(99))}, max ${ms(latencies.at(-1))}`);
    console.log(`  throughput: ${(total / elapsed).toFixed(1)} logins/s`);
    console.log(`  server event-loop delay during the run: p99 ${ms(loop.loopP99Ms)}, max ${ms(loop.loopMaxMs)}`);
  } finally {
    await stop();
    await dropBenchDatabase(benchDatabase?.name);
  }
}

if (args.includes('--serve')) await serve();
else await main();
