/**
 * One helper tells a unique violation (SQLSTATE 23505) from other errors, on both databases'
 * drivers and through Drizzle's wrapping; no other server file checks the code by hand.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation, uniqueViolation } from '../../src/server/lib/uniqueViolation';
import { describeEachDatabase, useTestApp } from './helper';

const SERVER = fileURLToPath(new URL('../../src/server', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

describe('uniqueViolation', () => {
  it('names the constraint of a 23505, also inside a cause, and is null for anything else', () => {
    expect(uniqueViolation({ code: '23505', constraint: 'users_email_unique' })).toBe('users_email_unique');
    expect(uniqueViolation(new Error('Failed query', { cause: { code: '23505', constraint_name: 'users_username_unique' } }))).toBe('users_username_unique');
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(uniqueViolation({ code: '23503', constraint: 'fk' })).toBeNull();
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('is the only place in the server that knows the code', () => {
    const helper = path.join(SERVER, 'lib', 'uniqueViolation.ts');
    const others = sources(SERVER).filter((file) => file !== helper && readFileSync(file, 'utf8').includes("'23505'"));
    expect(others.map((file) => path.relative(SERVER, file))).toEqual([]);
  });
});

describeEachDatabase('uniqueViolation on the driver', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it("recognises the database's own error, wrapped by Drizzle", async () => {
    await t.database.db.execute(sql`create table uv_probe (k text constraint uv_probe_k unique)`);
    await t.database.db.execute(sql`insert into uv_probe values ('a')`);
    const err = await t.database.db.execute(sql`insert into uv_probe values ('a')`).then(() => null, (e: unknown) => e);
    expect(uniqueViolation(err)).toContain('uv_probe_k');
    const other = await t.database.db.execute(sql`select 1/0`).then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(other)).toBe(false);
  });
});
