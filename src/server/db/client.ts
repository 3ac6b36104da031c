/**
 * Opens the database: a PostgreSQL server when DATABASE_URL is set, otherwise PGlite
 * (PostgreSQL compiled to WebAssembly) embedded in DATA_DIR. Same schema, same migrations,
 * same queries (DESIGN.md §6).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { dataDirFault, fileErrorCode, prepareDirectory } from '../lib/dataDir';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The extensions the migrations create, which PGlite must have loaded (pg_trgm: rider name search). */
export const pgliteExtensions = { pg_trgm };

/**
 * @param dataDir where PGlite keeps its files; 'memory://' gives a throw-away database (tests).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  /** Told of an idle connection's error (the server's logger); the pool recovers by itself. */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that the server ends (a restart, a failover, a dropped test database)
    // must not crash the process: the pool drops it and opens a new one when needed.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  let dataPath = options.dataDir;
  const onDisk = !dataPath.startsWith('memory://');
  if (onDisk) {
    // Created and probed first, so a read-only, unwritable or full DATA_DIR is named with its
    // cause (a DataDirError) rather than PGlite's `ErrnoError { errno: 51 }`.
    dataPath = path.join(options.dataDir, 'pglite');
    prepareDirectory(options.dataDir);
    prepareDirectory(dataPath, "DATA_DIR's database directory");
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataPath, { extensions: pgliteExtensions });
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (err) {
    // The disk filled up or went away between the probe and PGlite's own writes.
    const code = fileErrorCode(err) ?? ((err as { code?: unknown }).code === '53100' ? 'ENOSPC' : null);
    if (onDisk && code !== null) throw dataDirFault("DATA_DIR's database directory", dataPath, code === 'ENOSPC' ? { code } : err, 'write');
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
