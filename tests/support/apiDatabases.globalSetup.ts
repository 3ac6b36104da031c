/**
 * Global setup of the vitest run (vitest.config.ts). The API tests (tests/server/helper.ts) run
 * every suite on PGlite and on a PostgreSQL server, and a run may leave one half out: on purpose
 * (TEST_POSTGRES=0 or TEST_PGLITE=0, as `npm test` splits the halves between two nodes), or
 * because no PostgreSQL server answers. Each test file skips that half silently; this says why
 * once per run, and only when the run includes API test files.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const API_TESTS = 'tests/server';

/** The run's file filters: vitest's positional arguments after `run` (substrings of paths). */
function fileFilters(): string[] {
  const args = process.argv.slice(2);
  const start = args[0] === 'run' ? 1 : 0;
  return args.slice(start).filter((arg) => !arg.startsWith('-')).map((arg) => arg.replace(/^\.\//, ''));
}

function runIncludesApiTests(): boolean {
  const filters = fileFilters();
  if (filters.length === 0) return true;
  const files = readdirSync(API_TESTS, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(API_TESTS, file.split(path.sep).join('/')));
  return files.some((file) => filters.some((filter) => file.includes(filter)));
}

/** Why the PostgreSQL server is not used, or null when it answers. */
async function postgresDown(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(): Promise<void> {
  if (!runIncludesApiTests()) return;
  if (process.env.TEST_PGLITE === '0') {
    console.warn('TEST_PGLITE=0: the PGlite half of the API tests is left out (skipped) in this run.');
  }
  if (process.env.TEST_POSTGRES === '0') {
    console.warn('TEST_POSTGRES=0: the PostgreSQL half of the API tests is left out (skipped) in this run.');
    return;
  }
  const why = await postgresDown();
  if (why === null) return;
  const line = `PostgreSQL at ${new URL(POSTGRES_URL).host} did not answer (${why}): the PostgreSQL half of the API tests is SKIPPED`;
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`${line}, and REQUIRE_POSTGRES=1 forbids that.`);
  console.warn(`\n!!! ${line}. Start PostgreSQL to run it. !!!\n`);
}
