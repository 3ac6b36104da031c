/**
 * A raw SQL statement run as a named prepared statement on a Drizzle handle (the app's or a
 * transaction's): PostgreSQL parses and plans it once per connection instead of on every call.
 * For the big statements every write runs (a rider's card, a profile document), whose planning
 * costs more than running them (issue 14). A `name` must always go with the same SQL text: only
 * the parameters' values may differ.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

const dialect = new PgDialect();

export async function executePrepared(db: Db, name: string, query: SQL): Promise<unknown> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute();
}
