// Shared steps of the fault suite (npm run test:faults): real server processes on a database of
// their own, the stand-ins for hCaptcha and the mail server (tests/support), a cuttable TCP proxy
// in front of PostgreSQL, requests from many client addresses, and the direct database steps.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const POSTGRES_URL = process.env.FAULTS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// A database number of its own, so the suite's counters never meet other runs' (the app's key
// prefix is fixed); it is emptied before and after each use.
export const REDIS_URL = process.env.FAULTS_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
export const JWT_SECRET = 'fault-suite-jwt-secret-at-least-32-characters';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export { freePort } from '../benchKit.mjs';

let ipSeq = 0;
/** A client address of its own (the server believes X-Forwarded-For from loopback: TRUST_PROXY). */
export function nextIp() {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

export function tempDir(label) {
  return mkdtempSync(path.join(tmpdir(), `lagos-faults-${label}-`));
}
export const removeDir = (dir) => rmSync(dir, { recursive: true, force: true });

/* ---- PostgreSQL: one database per run, made and dropped ---- */

export async function postgresAvailable() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function createDatabase() {
  const name = `lagos_faults_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

export async function flushRedis() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true });
  try {
    await redis.connect();
    await redis.flushdb();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/* ---- The direct database steps (db.ts, with tsx) ---- */

export function dbStep(env, command, args = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/faults/db.ts', command, JSON.stringify(args)], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`db.ts ${command} exited ${code}: ${err.slice(-2000)}`));
      else resolve(JSON.parse(out.trim().split('\n').pop()));
    });
  });
}

/* ---- Server processes ---- */

/**
 * The environment of one server: a database (DATA_DIR's PGlite, or databaseUrl), the stand-ins,
 * addresses from X-Forwarded-For believed from loopback, the API alone.
 */
export function serverEnv({ port, dataDir, databaseUrl, smtpUrl, verifyUrl, redis = false, extra = {} }) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_ROOT: 'none',
    JWT_SECRET,
    HCAPTCHA_VERIFY_URL: verifyUrl,
    TRUST_PROXY: '127.0.0.1',
    OPS_EMAIL: 'ops@faults.example.com',
    LOG_LEVEL: 'warn',
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : { DEV_MAILBOX: '0' }),
    ...extra,
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'SENTRY_DSN']) delete env[name];
  if (!smtpUrl) delete env.SMTP_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (redis) env.REDIS_URL = REDIS_URL;
  return env;
}

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Starts `node --import tsx src/server/index.ts`, or the built server that `npm start` runs
 * (dist/server/index.js) with FAULTS_SERVER=built, or `npm start` itself with { npm: true }, and
 * waits for /readyz.
 */
export async function startServer(env, { npm = false, readyTimeoutMs = 120_000 } = {}) {
  const started = Date.now();
  const args = process.env.FAULTS_SERVER === 'built' ? ['--enable-source-maps', 'dist/server/index.js'] : ['--import', 'tsx', 'src/server/index.ts'];
  const child = npm
    ? spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr.on('data', (d) => (output = (output + d).slice(-20_000)));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  const origin = `http://127.0.0.1:${env.PORT}`;
  while (!(await answers(`${origin}/readyz`))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before ready:\n${output}`);
    if (Date.now() - started > readyTimeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in ${readyTimeoutMs} ms:\n${output}`);
    }
    await sleep(200);
  }
  return {
    child,
    origin,
    env,
    readyMs: Date.now() - started,
    exited,
    output: () => output,
    async stop(signal = 'SIGTERM', timeoutMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const result = await Promise.race([exited, sleep(timeoutMs).then(() => null)]);
      if (result === null) {
        child.kill('SIGKILL');
        return { ...(await exited), timedOut: true };
      }
      return result;
    },
  };
}

/* ---- Requests ---- */

/**
 * One request; never throws: { status, body (parsed JSON or text), headers, ms, error }.
 * status 0 means no answer (connection refused or reset).
 */
export async function call(origin, method, url, { json, body, headers = {}, ip = nextIp(), token, staffToken, cookie, timeoutMs = 30_000 } = {}) {
  const started = Date.now();
  const h = { 'x-forwarded-for': ip, ...headers };
  if (token) h['x-auth-token'] = token;
  if (staffToken) h['x-ops-token'] = staffToken;
  if (cookie) h.cookie = cookie;
  let payload = body;
  if (json !== undefined) {
    h['content-type'] = 'application/json';
    payload = JSON.stringify(json);
  }
  try {
    const res = await fetch(origin + url, { method, headers: h, body: payload, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    // An event stream never ends by itself: its answer is its status and headers.
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      await res.body?.cancel();
      return { status: res.status, body: null, text: '', headers: res.headers, ms: Date.now() - started };
    }
    const text = await res.text();
    let parsed = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, text, headers: res.headers, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, body: null, text: '', headers: new Headers(), ms: Date.now() - started, error: String(error?.cause?.code ?? error?.name ?? error) };
  }
}

/** A captcha pass (the stand-in accepts tokens starting with pass-): the cookie header value. */
export async function captchaPass(origin, ip = nextIp()) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const res = await call(origin, 'POST', '/api/verify-captcha', { json: { token: `pass-${Math.random().toString(36).slice(2)}` }, ip });
    const cookie = res.headers.getSetCookie?.().find((c) => c.startsWith('captcha_pass='));
    if (res.status === 200 && cookie) return cookie.split(';')[0];
    await sleep(500);
  }
  throw new Error('no captcha pass');
}

/** The API's error shape: {error:{field,message}} with two strings and nothing else. */
export function isErrorShape(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') return false;
  const e = body.error;
  return typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string' && e.message !== '';
}

/* ---- A TCP proxy in front of PostgreSQL that can be cut ---- */

export async function cuttableProxy(targetUrl) {
  const target = new URL(targetUrl);
  const sockets = new Set();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(server.address().port);
  return {
    url: url.toString(),
    /** Drops every connection and refuses new ones (a restart or an outage, seen from the app). */
    cut() {
      refusing = true;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() {
      refusing = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/* ---- A mail server that accepts the connection and never says a word ---- */

export async function silentSmtp() {
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.address().port}`,
    connections: () => sockets.size,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
