/**
 * Global setup of the browser layer (DESIGN.md §7). Once per run:
 *  1. builds the app when dist/web is missing or older than its sources (scripts/build-stamp.mjs),
 *  2. starts the hCaptcha stand-in on loopback (tests/support/hcaptcha.ts),
 *  3. makes a PostgreSQL database of its own on TEST_POSTGRES_URL (default
 *     postgres://postgres@127.0.0.1:5432/postgres) so tests can read rows while the server runs;
 *     with no PostgreSQL answering it falls back to PGlite in a temporary DATA_DIR and the tests
 *     skip only their database-row checks, loudly (REQUIRE_POSTGRES=1 makes that an error),
 *  4. spawns the real server as `npm start` runs it (`node dist/server/index.js`, the built
 *     JavaScript, rebuilt first when the server's sources changed) on a free port, serving a
 *     copy of dist/web taken now (a rebuild during the run cannot change it), waits
 *     for /readyz, and hands the base URL and the rest to the tests through provide/inject.
 * At teardown it sends SIGTERM and requires a clean exit (code 0: graceful shutdown), then
 * drops the database WITH (FORCE) and removes the temporary directory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { SERVER_ENTRY, ensureServerBuilt } from '../../scripts/build-server.mjs';
import { startHcaptchaStub, type HcaptchaStub } from '../support/hcaptcha';
import { startAuthEdges, type AuthEdges } from './authEdges';
import { e2eSiteEnv } from './siteFacts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server, e.g. http://127.0.0.1:41234 */
    baseURL: string;
    /** The run's own PostgreSQL database, or null when the server runs on PGlite (no row checks). */
    databaseUrl: string | null;
    chromiumPath: string;
    captchaScriptUrl: string;
    screenshotsDir: string;
    /** The server's DATA_DIR (the ops command reaches a PGlite server through its socket there). */
    dataDir: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RESULTS = path.join(ROOT, 'test-results');
const SERVER_LOG = path.join(RESULTS, 'e2e-server.log');
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface BuildStamp {
  sourceStamp(cwd?: string): string;
  STAMP_FILE: string;
}
interface ChromiumFinder {
  findChromium(): string | null;
  HOW_TO_INSTALL: string;
}

async function importScript<T>(name: string): Promise<T> {
  return (await import(pathToFileURL(path.join(ROOT, 'scripts', name)).href)) as T;
}

/** Builds dist/web when it is missing or its stamp differs from the sources (like `npm start`). */
async function ensureBuilt(): Promise<void> {
  const { sourceStamp, STAMP_FILE } = await importScript<BuildStamp>('build-stamp.mjs');
  const stampFile = path.join(ROOT, STAMP_FILE);
  const stamp = sourceStamp(ROOT);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(path.join(ROOT, 'dist/web/index.html'))) {
    console.log('[e2e] dist/web is built and up to date.');
    return;
  }
  console.log('[e2e] building the app (dist/web is missing or older than its sources)...');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`[e2e] npm run build failed (exit ${result.status ?? result.signal})`);
  writeFileSync(stampFile, stamp);
  console.log(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database of this run's own, or null (with a loud warning) when PostgreSQL does not answer. */
async function createDatabase(): Promise<{ url: string; name: string } | null> {
  try {
    await adminQuery('select 1');
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const line = `PostgreSQL at ${new URL(ADMIN_URL).host} did not answer (${why}): the browser tests run on PGlite and their DATABASE-ROW CHECKS ARE SKIPPED`;
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`${line}, and REQUIRE_POSTGRES=1 forbids that.`);
    console.warn(`\n${'!'.repeat(100)}\n!!! ${line}.\n!!! Start PostgreSQL to run them.\n${'!'.repeat(100)}\n`);
    return null;
  }
  const name = `lagos_e2e_${process.pid}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

async function waitForReady(baseURL: string, server: ChildProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let last = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`[e2e] the server exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${tail(SERVER_LOG)}`);
    }
    try {
      const res = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`[e2e] the server was not ready within ${ms / 1000}s (${last}):\n${tail(SERVER_LOG)}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { findChromium, HOW_TO_INSTALL } = await importScript<ChromiumFinder>('ensure-chromium.mjs');
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error(`${HOW_TO_INSTALL}\n(or run \`npm run test:e2e\`, which installs it when it can)`);

  await ensureBuilt();
  // `npm run build` built the server too; this catches a change to the server's sources alone.
  await ensureServerBuilt(ROOT, (line) => console.log(`[e2e] ${line}`));

  const screenshotsDir = path.join(RESULTS, 'screenshots');
  mkdirSync(screenshotsDir, { recursive: true });
  // A failed test's pages (browser.ts keepFailure): this run's only (npm test clears them itself).
  if (!process.env.E2E_KEEP_FAILURES) rmSync(path.join(RESULTS, 'failures'), { recursive: true, force: true });
  const runDir = mkdtempSync(path.join(tmpdir(), 'lagos-e2e-'));
  const dataDir = path.join(runDir, 'data');
  // Serve a copy of the build, so a rebuild of dist/web while the tests run (`npm run dev`,
  // another checkout's test run) cannot swap the assets under the browser.
  const webRoot = path.join(runDir, 'web');
  cpSync(path.join(ROOT, 'dist/web'), webRoot, { recursive: true });

  let stub: HcaptchaStub | null = null;
  let edges: AuthEdges | null = null;
  let database: { url: string; name: string } | null = null;
  let server: ChildProcess | null = null;
  const killOnExit = () => server?.kill('SIGKILL');

  const cleanUp = async (): Promise<string[]> => {
    const problems: string[] = [];
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const exit = await waitForExit(server, 15_000);
      if (!exit) {
        server.kill('SIGKILL');
        await waitForExit(server, 5000);
        problems.push('the server did not exit within 15s of SIGTERM (killed)');
      } else if (exit.code !== 0) {
        problems.push(`the server exited with ${exit.code ?? exit.signal} after SIGTERM, not 0`);
      } else {
        console.log('[e2e] the server shut down cleanly on SIGTERM.');
      }
    }
    process.off('exit', killOnExit);
    await stub?.close().catch(() => {});
    await edges?.close().catch(() => {});
    if (database) {
      await adminQuery(`DROP DATABASE IF EXISTS "${database.name}" WITH (FORCE)`).catch((err: unknown) =>
        problems.push(`could not drop database ${database?.name}: ${err instanceof Error ? err.message : String(err)}`),
      );
    }
    rmSync(runDir, { recursive: true, force: true });
    return problems;
  };

  try {
    stub = await startHcaptchaStub();
    database = await createDatabase();
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const log = createWriteStream(SERVER_LOG);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      HCAPTCHA_SITEKEY: 'e2e-sitekey',
      HCAPTCHA_SECRET: 'e2e-secret',
      HCAPTCHA_VERIFY_URL: stub.verifyUrl,
      HCAPTCHA_SCRIPT_URL: stub.scriptUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...e2eSiteEnv,
    };
    if (database) env.DATABASE_URL = database.url;
    else delete env.DATABASE_URL;
    for (const name of ['REDIS_URL', 'SMTP_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'JWT_SECRET']) delete env[name];
    // The account flows' third parties: an SMTP sink and a local OpenID Connect provider.
    edges = await startAuthEdges(baseURL);
    Object.assign(env, edges.env);

    server = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.pipe(log);
    server.stderr?.pipe(log);
    process.on('exit', killOnExit);
    await waitForReady(baseURL, server, 60_000);
    console.log(`[e2e] server ready at ${baseURL} on ${database ? `PostgreSQL (${database.name})` : 'PGlite'}; log: ${path.relative(ROOT, SERVER_LOG)}`);

    project.provide('baseURL', baseURL);
    project.provide('databaseUrl', database?.url ?? null);
    project.provide('chromiumPath', chromiumPath);
    project.provide('captchaScriptUrl', stub.scriptUrl);
    project.provide('screenshotsDir', screenshotsDir);
    project.provide('dataDir', dataDir);
    project.provide('mailInboxUrl', edges.mailInboxUrl);
    project.provide('googleIssuer', edges.googleIssuer);
  } catch (err) {
    await cleanUp();
    throw err;
  }

  return async () => {
    const problems = await cleanUp();
    if (problems.length > 0) throw new Error(`[e2e] teardown: ${problems.join('; ')}\n${tail(SERVER_LOG)}`);
  };
}
