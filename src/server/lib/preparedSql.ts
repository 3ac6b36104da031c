/**
 * A raw SQL statement run as a named prepared statement on a Drizzle handle (the app's or a
 * transaction's): PostgreSQL parses and plans it once per connection instead of on every call.
 * For the big statements every write runs (a rider's card, a profile document), whose planning
 * costs more than running them.
 *
 * The statement is built once per name, with `sql.placeholder(key)` where the values go, and
 * kept as text: building a big Drizzle `sql` tree into text cost a write about a seventh of its
 * CPU in the app (bench:api's CPU profile, BENCH_CPU_PROF). So `build` must always make the same
 * statement for a `name`; only `values` differ between calls.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

const dialect = new PgDialect();
const built = new Map<string, { sql: string; params: unknown[] }>();

export async function executePrepared(db: Db, name: string, build: () => SQL, values: Record<string, unknown>): Promise<unknown> {
  let query = built.get(name);
  if (!query) {
    query = dialect.sqlToQuery(build());
    built.set(name, query);
  }
  return db._.session.prepareQuery(query, undefined, name, false).execute(values);
}
