/**
 * Builds a fresh app with its own real database for API tests (the pattern of fastify/demo's
 * test/helper: build the app, use inject, close it after). Every suite runs twice: on PGlite in
 * memory and on a real PostgreSQL server (DESIGN.md §7). The PostgreSQL half makes a database of
 * its own (lagos_test_<pid>_<random>), migrates it by opening it like the server does, and drops
 * it after. When no PostgreSQL server answers, that half is reported as skipped, loudly.
 *
 *   describeEachDatabase('newsletter', (kind) => {
 *     const t = useTestApp(kind);
 *     it('...', async () => { const res = await t.app.inject({ url: '/api/config' }); ... });
 *   });
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import type { LogStream } from '../../src/server/logger';
import { startHcaptchaStub, type HcaptchaStub } from '../support/hcaptcha';

export type DatabaseKind = 'pglite' | 'postgres';

/** The PostgreSQL server of DESIGN.md §7; TEST_POSTGRES_URL points elsewhere. */
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-at-least-32-characters-long';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** True when the PostgreSQL server answers within two seconds. */
async function probePostgres(): Promise<boolean> {
  try {
    await adminQuery('select 1');
    return true;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const line = `PostgreSQL at ${new URL(POSTGRES_URL).host} did not answer (${why}): the PostgreSQL half of the API tests is SKIPPED`;
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`${line}, and REQUIRE_POSTGRES=1 forbids that.`);
    console.warn(`\n!!! ${line}. Start PostgreSQL to run it. !!!\n`);
    return false;
  }
}

export const postgresAvailable: boolean = await probePostgres();

/** One database of its own on the PostgreSQL server, dropped by the returned function. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lagos_test_${process.pid}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  return {
    url: withDatabase(POSTGRES_URL, name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export interface TestAppOptions {
  database: DatabaseKind;
  /** Extra environment for loadConfig, e.g. { WEB_ROOT: dir, PUBLIC_URL: 'https://x.ng' }. */
  env?: Record<string, string>;
  /** Capture log lines (logLevel then defaults to 'info'); otherwise the app logs nothing. */
  logStream?: LogStream;
  logLevel?: Config['logLevel'];
  /** Reuse a running hCaptcha stand-in; by default each app starts and stops its own. */
  stub?: HcaptchaStub;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  stub: HcaptchaStub;
  dataDir: string;
  close(): Promise<void>;
}

/** Builds a fresh app on a fresh database. Always call close() (useTestApp does it for you). */
export async function buildTestApp(options: TestAppOptions): Promise<TestApp> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const close = async () => {
    // Newest first: the app before its database, the database before it is dropped.
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  };
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-test-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const stub = options.stub ?? (await startHcaptchaStub());
    if (!options.stub) cleanups.push(() => stub.close());

    let databaseUrl: string | null = null;
    if (options.database === 'postgres') {
      const created = await createPostgresDatabase();
      cleanups.push(created.drop);
      databaseUrl = created.url;
    }

    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        WEB_ROOT: 'none',
        JWT_SECRET: TEST_JWT_SECRET,
        HCAPTCHA_VERIFY_URL: stub.verifyUrl,
        HCAPTCHA_SCRIPT_URL: stub.scriptUrl,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...options.env,
      },
      process.cwd(),
    );

    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? config.dataDir : 'memory://',
    });
    cleanups.push(() => database.close().catch(() => undefined)); // a test may have closed it already

    const app = await buildApp({
      config,
      database,
      logLevel: options.logLevel ?? (options.logStream ? 'info' : 'silent'),
      logStream: options.logStream,
    });
    cleanups.push(() => app.close());
    await app.ready();

    return { app, config, database, stub, dataDir, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Registers beforeAll/afterAll for one app shared by the tests of the enclosing describe,
 * and returns a handle whose fields are usable inside the tests.
 */
export function useTestApp(kind: DatabaseKind, options: Omit<TestAppOptions, 'database'> = {}): TestApp {
  let current: TestApp | null = null;
  const get = (): TestApp => {
    if (!current) throw new Error('The test app is only available inside tests (after beforeAll).');
    return current;
  };
  beforeAll(async () => {
    current = await buildTestApp({ ...options, database: kind });
  });
  afterAll(async () => {
    await current?.close();
    current = null;
  });
  return {
    get app() {
      return get().app;
    },
    get config() {
      return get().config;
    },
    get database() {
      return get().database;
    },
    get stub() {
      return get().stub;
    },
    get dataDir() {
      return get().dataDir;
    },
    close: () => get().close(),
  };
}

/** Runs the same describe block on PGlite and on PostgreSQL (skipped, visibly, without a server). */
export function describeEachDatabase(name: string, fn: (kind: DatabaseKind) => void): void {
  describe(`${name} [pglite]`, () => fn('pglite'));
  describe.skipIf(!postgresAvailable)(`${name} [postgres]`, () => fn('postgres'));
}

let ipCounter = 0;
/**
 * A client address of its own, so one test's requests never count against another's rate
 * limit (inject's requests otherwise all come from 127.0.0.1).
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Parses a response body that must be the API's error shape and returns it. */
export function errorOf(body: string): { field: string; message: string } {
  const parsed = JSON.parse(body) as unknown;
  const error = (parsed as { error?: { field?: unknown; message?: unknown } }).error;
  if (!error || typeof error.field !== 'string' || typeof error.message !== 'string') {
    throw new Error(`Not the {error:{field,message}} shape: ${body}`);
  }
  if (Object.keys(parsed as object).length !== 1 || Object.keys(error).length !== 2) {
    throw new Error(`The error body carries more than {error:{field,message}}: ${body}`);
  }
  return { field: error.field, message: error.message };
}
