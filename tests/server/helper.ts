/**
 * Builds a fresh app with its own real database for API tests (the pattern of fastify/demo's
 * test/helper: build the app, use inject, close it after). Every suite runs twice: on PGlite in
 * memory and on a real PostgreSQL server (DESIGN.md §7). The PostgreSQL half makes a database of
 * its own (lagos_test_<pid>_<random>), migrates it by opening it like the server does, and drops
 * it after. When no PostgreSQL server answers, that half is reported as skipped, loudly.
 *
 * Speed: starting an empty PGlite (initdb in WebAssembly) costs about two seconds of CPU. The
 * first app of a run opens one with the real openDatabase (which runs the real migrations),
 * dumps it to a template in the OS temp directory keyed by the migrations' content, and every
 * PGlite app then starts in memory from that template. TEST_PGLITE_TEMPLATE=0 turns this off.
 * Likewise on PostgreSQL: migrating a new database costs one to two seconds, copying a migrated
 * one (CREATE DATABASE … TEMPLATE) about half that, so the first app whose migrations have no
 * template yet makes one (lagos_template_<digest of the migrations>, kept on the server for the
 * next runs) and every database is a copy of it. TEST_POSTGRES_TEMPLATE=0 turns this off.
 *
 *   describeEachDatabase('newsletter', (kind) => {
 *     const t = useTestApp(kind);
 *     it('...', async () => { const res = await t.app.inject({ url: '/api/config' }); ... });
 *   });
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, pgliteExtensions, type Database, type Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
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
    // Said once per run, not once per file: tests/support/apiDatabases.globalSetup.ts.
    return false;
  }
}

/**
 * TEST_POSTGRES=0 and TEST_PGLITE=0 leave one half out on purpose: with a PostgreSQL server
 * there, `npm test` runs the PGlite half on the machine's node and the PostgreSQL half on Node 24
 * (scripts/test.mjs), so each half runs once and every test runs on both nodes (the
 * suite's time). Without one, the Node 24 pass runs the PGlite half again. The run's global setup
 * (tests/support/apiDatabases.globalSetup.ts) says once which half is left out and why.
 */
function postgresLeftOut(): boolean {
  return process.env.TEST_POSTGRES === '0';
}

export const postgresAvailable: boolean = postgresLeftOut() ? false : await probePostgres();

/** TEST_PGLITE=0: this run leaves the PGlite half out (it ran on the other node). */
export const pgliteLeftOut = process.env.TEST_PGLITE === '0';

/** Any number, the same in every test process and run: the advisory lock of the template's making. */
const TEMPLATE_LOCK = 7_311_042;
let postgresTemplate: Promise<string> | null = null;

/**
 * The migrated, empty PostgreSQL database every test database copies, made once per set of
 * migrations by the real openDatabase. One process makes it (an advisory lock: test files and
 * other runs at the same time wait, then find it made); it gets its name only once it is whole,
 * so a run that died halfway leaves nothing that looks ready.
 */
function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `lagos_template_${migrationsDigest()}`;
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const made = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (made.rowCount === 0) {
        const building = `${name}_${process.pid}`;
        await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await client.query(`CREATE DATABASE "${building}"`);
        const database = await openDatabase({ databaseUrl: withDatabase(POSTGRES_URL, building), dataDir: 'memory://' });
        await database.close();
        await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await client.end();
    }
    return name;
  })();
  return postgresTemplate;
}

const usePostgresTemplate = process.env.TEST_POSTGRES_TEMPLATE !== '0';

/** One database of its own on the PostgreSQL server (a copy of the migrated template), dropped by the returned function. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lagos_test_${process.pid}_${randomBytes(5).toString('hex')}`;
  const template = usePostgresTemplate ? await postgresTemplateName() : null;
  await adminQuery(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  return {
    url: withDatabase(POSTGRES_URL, name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

const MIGRATIONS = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/** Every migration file's name and content, and PGlite's version: a template is valid for exactly these. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(`${path.relative(MIGRATIONS, file)}\0`).update(readFileSync(file)).update('\0');
    }
  };
  walk(MIGRATIONS);
  const pglitePackage = fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url));
  hash.update(existsSync(pglitePackage) ? (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version : '?');
  return hash.digest('hex').slice(0, 20);
}

let template: Promise<Blob> | null = null;

/** A migrated, empty PGlite data directory, made once by the real openDatabase. */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    // Uncompressed: 42 MB on disk instead of 5, and each app starts about 0.7 s sooner (no gunzip).
    const file = path.join(tmpdir(), `lagos-pglite-template-${migrationsDigest()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    try {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      // Write then rename, so a parallel test file never reads half a template.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  })();
  return template;
}

/** An in-memory PGlite started from the template: the same Database openDatabase gives. */
async function openPgliteFromTemplate(): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: await pgliteTemplate(), extensions: pgliteExtensions });
  const db = drizzle(client, { schema }) as unknown as Db;
  // Applies nothing when the template is current; keeps the schema right if it were not.
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

const useTemplate = process.env.TEST_PGLITE_TEMPLATE !== '0';

export interface TestAppOptions {
  database: DatabaseKind;
  /** Extra environment for loadConfig, e.g. { WEB_ROOT: dir, PUBLIC_URL: 'https://x.ng' }. */
  env?: Record<string, string>;
  /** Capture log lines (logLevel then defaults to 'info'); otherwise the app logs nothing. */
  logStream?: LogStream;
  logLevel?: Config['logLevel'];
  /** false: no background outbox worker; the test calls app.mailer.deliverDue() itself. */
  startWorkers?: boolean;
  /** Reuse a running hCaptcha stand-in; by default each app starts and stops its own. */
  stub?: HcaptchaStub;
  /**
   * With database 'postgres': open this existing database (another test app's
   * config.databaseUrl, e.g. a second instance on one PostgreSQL) instead of making one; it is
   * not dropped by this app, so close this app before the one that made it.
   */
  databaseUrl?: string;
  /** Called after buildApp and before ready: a test may add a hook of its own (routeMatrix.test.ts). */
  beforeReady?: (app: FastifyInstance) => void;
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
    if (options.database === 'postgres' && options.databaseUrl) {
      databaseUrl = options.databaseUrl;
    } else if (options.database === 'postgres') {
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

    const database =
      config.databaseUrl || !useTemplate
        ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'memory://' })
        : await openPgliteFromTemplate();
    cleanups.push(() => database.close().catch(() => undefined)); // a test may have closed it already

    const app = await buildApp({
      config,
      database,
      logLevel: options.logLevel ?? (options.logStream ? 'info' : 'silent'),
      logStream: options.logStream,
      startWorkers: options.startWorkers,
    });
    cleanups.push(() => app.close());
    options.beforeReady?.(app);
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

/**
 * Runs the same describe block on PGlite and on PostgreSQL (skipped, visibly, without a server;
 * either half left out on purpose by TEST_PGLITE=0 or TEST_POSTGRES=0).
 */
export function describeEachDatabase(name: string, fn: (kind: DatabaseKind) => void): void {
  describe.skipIf(pgliteLeftOut)(`${name} [pglite]`, () => fn('pglite'));
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
