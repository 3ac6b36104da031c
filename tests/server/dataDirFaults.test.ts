/**
 * Disk and permission faults:
 *  - start-up: the real server entry, given a DATA_DIR it cannot create or write, stops with one
 *    line naming the directory and the cause and exit code 73 (EX_CANTCREAT); a full disk is 74
 *    (EX_IOERR). We run as root, where chmod does not stop writes, so the faults are a file where
 *    the directory (or a parent) should be, /sys (not writable even for root) and /proc;
 *  - an upload that fails because the database is full (a trigger raising PostgreSQL's 53100
 *    disk_full on `files`, in the test's own database) answers 507 in the error shape, and the
 *    log carries no query parameters; /readyz goes 503 and back to 200 after a good write;
 *  - DATA_DIR replaced by a file while running: /readyz 503 naming DATA_DIR, 200 once it is back;
 *  - the classification, the err serializer and the readiness window, as units.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_ENTRY, ensureServerBuilt } from '../../scripts/build-server.mjs';
import { serializeError } from '../../src/server/logger';
import { dataDirFault, EXIT_CANT_CREATE, EXIT_IO_ERROR, fileErrorCode } from '../../src/server/lib/dataDir';
import { storageFault } from '../../src/server/plugins/lifecycle';
import { createReadiness, FAULT_WINDOW_MS, PROBE_INTERVAL_MS } from '../../src/server/plugins/readiness';
import { messages } from '../../src/shared/messages';
import { describeEachDatabase, errorOf, nextIp, TEST_JWT_SECRET, useTestApp } from './helper';
import { photoWithGps, upload, verifiedRider } from './signupHelpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// The server as `npm start` runs it: the built bundle, built here when its sources changed.
beforeAll(async () => {
  await ensureServerBuilt(ROOT, () => undefined);
}, 120_000);

function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', HOST: '127.0.0.1', WEB_ROOT: 'none', LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    // A server that starts is a failed test: stop it rather than hang.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const temp = () => mkdtempSync(path.join(tmpdir(), 'lagos-datadir-'));

describe('start-up with a DATA_DIR that cannot be used', { timeout: 120_000 }, () => {
  it('a parent that is a file: one line naming DATA_DIR and the file, exit 73', async () => {
    const dir = temp();
    writeFileSync(path.join(dir, 'afile'), 'x');
    const dataDir = path.join(dir, 'afile', 'data');
    const run = await startServer({ DATA_DIR: dataDir });
    expect(run.code, run.stderr).toBe(EXIT_CANT_CREATE);
    expect(run.stderr.trim()).toBe(`DATA_DIR ${dataDir} cannot be created: ${path.join(dir, 'afile')} is a file, not a directory (ENOTDIR: not a directory)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('DATA_DIR itself a file, with JWT_SECRET given (PGlite opens it): exit 73', async () => {
    const dir = temp();
    const dataDir = path.join(dir, 'data');
    writeFileSync(dataDir, 'x');
    const run = await startServer({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET });
    expect(run.code, run.stderr).toBe(EXIT_CANT_CREATE);
    expect(run.stderr.trim()).toBe(`DATA_DIR ${dataDir} is a file, not a directory (ENOTDIR: not a directory)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it("PGlite's directory a file: names DATA_DIR's database directory, exit 73, not PGlite's ErrnoError", async () => {
    const dataDir = temp();
    writeFileSync(path.join(dataDir, 'pglite'), 'x');
    const run = await startServer({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET });
    expect(run.code, run.stderr).toBe(EXIT_CANT_CREATE);
    expect(run.stderr.trim()).toBe(`DATA_DIR's database directory ${path.join(dataDir, 'pglite')} is a file, not a directory (ENOTDIR: not a directory)`);
    expect(run.stderr).not.toMatch(/ErrnoError|errno: \d+/);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a place the kernel refuses (/proc): the real cause, not a hang or a stack trace, exit 73', async () => {
    const run = await startServer({ DATA_DIR: '/proc/lagos-data' });
    expect(run.code, run.stderr).toBe(EXIT_CANT_CREATE);
    expect(run.stderr.trim()).toMatch(/^DATA_DIR \/proc\/lagos-data cannot be created \((ENOENT|EACCES|EPERM|EROFS): [a-z -]+\)$/);
  });

  // /sys/kernel refuses new files even to root here; skipped where it would not.
  const sysWritable = (() => {
    if (!existsSync('/sys/kernel') || !statSync('/sys/kernel').isDirectory()) return true;
    try {
      writeFileSync('/sys/kernel/.lagos-probe', 'x');
      rmSync('/sys/kernel/.lagos-probe', { force: true });
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(sysWritable)('an existing directory that takes no writes (/sys/kernel): "is not writable", exit 73', async () => {
    const run = await startServer({ DATA_DIR: '/sys/kernel', JWT_SECRET: TEST_JWT_SECRET });
    expect(run.code, run.stderr).toBe(EXIT_CANT_CREATE);
    expect(run.stderr.trim()).toMatch(/^DATA_DIR \/sys\/kernel is not writable \((EACCES|EPERM|EROFS): [a-z -]+\)$/);
  });

  it('with DATABASE_URL but no JWT_SECRET the secret goes to DATA_DIR: its fault stops the server before the database is reached', async () => {
    const dir = temp();
    writeFileSync(path.join(dir, 'afile'), 'x');
    const dataDir = path.join(dir, 'afile', 'data');
    const run = await startServer({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://127.0.0.1:1/nowhere' });
    expect(run.code, run.stderr).toBe(EXIT_CANT_CREATE);
    expect(run.stderr.trim()).toMatch(/^DATA_DIR .* cannot be created: .*afile is a file, not a directory \(ENOTDIR/);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('fault classes', () => {
  it('a full disk is 74 and says so; unwritable is 73; PGlite WASI errno 51 is ENOSPC', () => {
    const full = dataDirFault('DATA_DIR', '/srv/data', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), 'write');
    expect(full.exitCode).toBe(EXIT_IO_ERROR);
    expect(full.message).toBe('DATA_DIR /srv/data has no space left (ENOSPC: no space left on device)');
    const io = dataDirFault('DATA_DIR', '/srv/data', Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' }), 'write');
    expect(io.exitCode).toBe(EXIT_IO_ERROR);
    expect(io.message).toBe('DATA_DIR /srv/data is not writable (EIO: i/o error)');
    const denied = dataDirFault('DATA_DIR', '/srv/data', Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES' }), 'write');
    expect(denied.exitCode).toBe(EXIT_CANT_CREATE);
    expect(denied.message).toBe('DATA_DIR /srv/data is not writable (EACCES: permission denied)');
    const readOnly = dataDirFault('DATA_DIR', '/srv/data', Object.assign(new Error('x'), { code: 'EROFS' }), 'create');
    expect(readOnly.message).toBe('DATA_DIR /srv/data cannot be created (EROFS: read-only file system)');
    // PGlite's Emscripten file system throws ErrnoError with WASI numbers.
    const pgliteFull = Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 });
    expect(fileErrorCode(pgliteFull)).toBe('ENOSPC');
    expect(dataDirFault('DATA_DIR', '/d', pgliteFull, 'write').exitCode).toBe(EXIT_IO_ERROR);
    expect(fileErrorCode(Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 69 }))).toBe('EROFS');
  });

  it('storage faults: 53100 and ENOSPC full, EROFS/EIO/58030 failing, through Drizzle causes; never from quoted input', () => {
    const disk = Object.assign(new Error('could not extend file "base/1/2": No space left on device'), { code: '53100' });
    const drizzle = Object.assign(new Error('Failed query: insert into "files" … \nparams: …'), { cause: disk, params: ['x'] });
    expect(storageFault(drizzle)).toEqual({ kind: 'full', code: '53100', source: 'database' });
    expect(storageFault(Object.assign(new Error('x'), { code: 'ENOSPC', syscall: 'write' }))).toEqual({ kind: 'full', code: 'ENOSPC', source: 'dataDir' });
    expect(storageFault(Object.assign(new Error('x'), { code: 'EROFS', syscall: 'open' }))).toEqual({ kind: 'failing', code: 'EROFS', source: 'dataDir' });
    expect(storageFault(Object.assign(new Error('x'), { code: '58030' }))?.kind).toBe('failing');
    expect(storageFault(Object.assign(new Error('could not write to file "pg_wal/x": No space left on device'), { code: 'XX000' }))?.kind).toBe('full');
    expect(storageFault(Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 }))?.code).toBe('ENOSPC');
    // A user who types the words into a form whose insert fails for another reason is not a full disk.
    const quoted = Object.assign(new Error('Failed query: insert …\nparams: No space left on device'), {
      cause: Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    });
    expect(storageFault(quoted)).toBeNull();
    expect(storageFault(Object.assign(new Error('invalid input syntax for type uuid: "No space left on device"'), { code: '22P02' }))).toBeNull();
    expect(storageFault(new Error('anything'))).toBeNull();
  });

  it("the err serializer drops a failed INSERT's parameters (Drizzle's params, the message's params line, the cause's detail)", () => {
    const bytes = Buffer.alloc(50_000, 0x41).toString('base64');
    const cause = Object.assign(new Error('could not extend file "base/1/2": No space left on device'), {
      code: '53100',
      detail: `Failing row contains (${bytes}, ada@example.com)`,
      parameters: [bytes],
    });
    const err = Object.assign(new Error(`Failed query: insert into "files" ("data") values ($1)\nparams: ${bytes},ada@example.com`), {
      query: 'insert into "files" ("data") values ($1)',
      params: [bytes, 'ada@example.com'],
      cause,
    });
    const logged = JSON.stringify(serializeError(err));
    expect(logged).not.toContain(bytes.slice(0, 64));
    expect(logged).not.toContain('ada@example.com');
    expect(logged.length).toBeLessThan(5_000);
    expect(logged).toContain('53100');
    expect(logged).toContain('params: [redacted]');
  });

  it('readiness: a failed write makes it not ready, a good write or the end of the window makes it ready', async () => {
    let clock = 1_000_000;
    const readiness = createReadiness({ dataDir: null, now: () => clock });
    expect(await readiness.check()).toBeNull();
    readiness.recordWriteFailure('database', '53100');
    expect(await readiness.check()).toBe('writes to the database are failing (53100)');
    clock += 1;
    readiness.recordWriteSuccess('database');
    expect(await readiness.check()).toBeNull();
    // Success then failure within one millisecond: the failure counts.
    readiness.recordWriteFailure('database', 'ENOSPC');
    expect(await readiness.check()).toBe('writes to the database are failing (ENOSPC)');
    clock += FAULT_WINDOW_MS - 1;
    expect(await readiness.check()).not.toBeNull();
    clock += 1;
    expect(await readiness.check()).toBeNull();
  });
});

describeEachDatabase('a full database and a lost DATA_DIR while running', (kind) => {
  const lines: string[] = [];
  const t = useTestApp(kind, { startWorkers: false, logStream: { write: (line: string) => void lines.push(line) } });
  beforeEach(() => {
    lines.length = 0;
  });

  const diskFull = async (on: boolean) => {
    if (on) {
      await t.database.db.execute(
        sql.raw(`create or replace function lagos_test_disk_full() returns trigger language plpgsql as $$
          begin raise exception using errcode = '53100', message = 'could not extend file "base/16384/16999": No space left on device'; end $$`),
      );
      await t.database.db.execute(
        sql.raw('create trigger lagos_test_disk_full before insert on files for each row execute function lagos_test_disk_full()'),
      );
    } else {
      await t.database.db.execute(sql.raw('drop trigger lagos_test_disk_full on files'));
    }
  };

  it('an upload into a full database answers 507 in the error shape, logs no payload, and /readyz is 503 until a write succeeds', { timeout: 60_000 }, async () => {
    const rider = await verifiedRider(t, nextIp(), 'diskfull');
    const photo = await photoWithGps(1200, 900);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await diskFull(true);
    lines.length = 0;
    const res = await upload(t, rider.token, { data: photo, filename: 'IMG_1.jpg' });
    expect(res.statusCode, res.body).toBe(507);
    expect(errorOf(res.body)).toEqual({ field: 'alert', message: messages.serviceUnavailable });
    expect(res.headers['retry-after']).toBe('5');

    const logged = lines.join('\n');
    const failure = lines.map((l) => JSON.parse(l) as { msg?: string; err?: { code?: string; message?: string } }).find((l) => l.msg === 'storage full');
    expect(failure?.err).toBeDefined();
    expect(JSON.stringify(failure!.err)).toContain('53100');
    // No image bytes (as hex or base64), no parameters: the whole log of the request stays small.
    expect(logged.length).toBeLessThan(20_000);
    expect(logged).not.toMatch(/\\\\x[0-9a-f]{64}|[A-Za-z0-9+/]{200}/);
    expect(logged).not.toContain(rider.email);

    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(errorOf(ready.body).message).toBe('Not ready: writes to the database are failing (53100)');
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200); // liveness is unchanged

    await diskFull(false);
    const again = await upload(t, rider.token, { data: photo, filename: 'IMG_2.jpg' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('DATA_DIR replaced by a file: /readyz is 503 naming DATA_DIR, and 200 again once the directory is back', async () => {
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    rmSync(t.dataDir, { recursive: true, force: true });
    writeFileSync(t.dataDir, 'not a directory');
    // The probe that just passed is trusted for PROBE_INTERVAL_MS: let that time pass.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PROBE_INTERVAL_MS);
    try {
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(errorOf(ready.body).message).toBe('Not ready: writes to DATA_DIR are failing (ENOTDIR)');
      expect(lines.join('\n')).toContain(`readiness: DATA_DIR ${t.dataDir} is missing or not a directory`);
    } finally {
      vi.useRealTimers();
      rmSync(t.dataDir, { force: true });
      mkdirSync(t.dataDir);
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
