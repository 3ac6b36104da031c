// What the benchmarks share: the command line's options, the PostgreSQL admin connection and a
// throw-away database on it, whether Redis answers, the app in a server process of its own on
// loopback (bench:api, bench:deliveries, bench:login), one timed request, a free port, a process's
// CPU time and percentiles. Each benchmark keeps only what it measures and how it reports it.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const args = process.argv.slice(2);
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `--name N` from the command line, or `fallback`. */
export function option(name, fallback) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

/** One statement on the PostgreSQL server's admin connection (rejects when it does not answer in 2 s). */
export async function adminQuery(text) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL server, named `<prefix>_<pid>_<random>`: its name and URL, or
 * null (saying so) when the server does not answer and the benchmark runs on PGlite in memory.
 */
export async function createBenchDatabase(prefix = 'lagos_bench') {
  try {
    await adminQuery('select 1');
  } catch {
    console.log('PostgreSQL did not answer: benchmarking on PGlite in memory.');
    return null;
  }
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropBenchDatabase(name) {
  if (name) await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
}

/** A TCP port free on 127.0.0.1 just now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Whether Redis at `url` answers a PING within a second. */
export async function redisAnswers(url) {
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

/* ---------------- the server process ---------------- */

/**
 * In the server process: the real app (buildApp) on 127.0.0.1 with a throw-away data folder, on
 * the database the client made (BENCH_DATABASE_URL) or PGlite in memory, with Redis when the
 * client found it (BENCH_REDIS_URL). `settings` adds to the config's environment. Answers the
 * app (not yet listening), its database and config, and `close()`.
 */
export async function openBenchApp({ prefix, settings = {} }) {
  const { buildApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_ROOT: 'none',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    ...settings,
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? dataDir : 'memory://' });
  const app = await buildApp({ config, database, startWorkers: false, logLevel: 'warn' });
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, database, config, close };
}

/** In the server process: on the client's 'stop', `close` and exit. */
export function stopOnRequest(close) {
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await close();
    process.exit(0);
  });
}

/* ---------------- the client process ---------------- */

/**
 * Forks `script` with --serve (its server side) under tsx, with `env`; answers the child, its
 * first message with `ready`, `next(predicate)` (the next message that matches) and `stop()`.
 * A run longer than five minutes is stopped and the process exits 1.
 */
export async function startBenchServer(script, { env, execArgv = [] }) {
  const server = fork(fileURLToPath(script), ['--serve'], {
    cwd: ROOT,
    env,
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (predicate) =>
    new Promise((resolve, reject) => {
      // Each wait takes its exit listener away again: a run waits for many messages.
      const onExit = (code) => {
        server.off('message', onMessage);
        reject(new Error(`server exited (${code})`));
      };
      const onMessage = (m) => {
        if (predicate(m)) {
          server.off('message', onMessage);
          server.off('exit', onExit);
          resolve(m);
        }
      };
      server.on('message', onMessage);
      server.once('exit', onExit);
    });
  const giveUp = setTimeout(() => {
    console.error('benchmark took longer than 5 minutes: stopping');
    server.kill('SIGKILL');
    process.exit(1);
  }, 5 * 60 * 1000);
  const stop = async () => {
    clearTimeout(giveUp);
    server.send('stop');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  try {
    return { server, ready: await next((m) => m.ready), next, stop };
  } catch (error) {
    clearTimeout(giveUp);
    throw error;
  }
}

/**
 * Sends one request over `agent`'s keep-alive connections to 127.0.0.1:`port` and reads the whole
 * answer; resolves with the time from sending to the answer's end (null when the connection
 * failed) and why it failed (a status other than 200, `check` refusing the body, or the
 * connection's error), else null.
 */
export function timedRequest({ port, agent }, { method = 'GET', pathname, headers = {}, body, check }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, method, path: pathname, agent, headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : headers },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString();
          const failed = res.statusCode !== 200 || (check && !check(text));
          resolve({ ms, failure: failed ? `${method} ${pathname} answered ${res.statusCode}: ${text.slice(0, 200)}` : null });
        });
      },
    );
    req.on('error', (err) => resolve({ ms: null, failure: err.message }));
    req.end(payload);
  });
}

/** CPU time (ns) so far of a process of this machine (Linux /proc), NaN when unknown: on a shared machine less bent by others' load than latency. */
export function cpuOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}

/** The `p`th percentile of ascending `sorted` (0 when empty). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
