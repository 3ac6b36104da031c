/**
 * `npm run ops` (the first admin is made on the server), run as a real process:
 * on PGlite with the server stopped (it opens the database itself), on PGlite with the server
 * running (it goes through DATA_DIR/ops.sock, since PGlite admits one process), and on
 * PostgreSQL. The printed link is then used like an invitee would use it. The PGlite and the
 * PostgreSQL parts are the API layer's two halves (helper.ts): `npm test` runs each once, on
 * one node each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, writeFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_ENTRY, SERVER_ENTRY, ensureServerBuilt } from '../../scripts/build-server.mjs';
import { openDatabase } from '../../src/server/db/client';
import { auditLog, staff, staffPasswordLinks } from '../../src/server/db/schema';
import { adminSocketPath, callAdminSocket, listenAdminSocket } from '../../src/server/features/ops/adminSocket';
import { currentCode } from '../../src/server/lib/totp';
import { messages } from '../../src/shared/messages';
import { GOOD_PASSWORD } from './authHelpers';
import { pgliteLeftOut, POSTGRES_URL, postgresAvailable, TEST_JWT_SECRET } from './helper';

const ROOT = path.resolve(__dirname, '../..');
const PUBLIC_URL = 'https://ops.example.ng';
const LINK = new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/ops/set-password\\?token=([A-Za-z0-9_-]{43})$`, 'm');
const THROUGH_SERVER = /through the running server/;

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lagos-cli-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function baseEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, PUBLIC_URL, LOG_LEVEL: 'warn', ...extra };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess): Promise<Run> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// `npm run ops` and `npm start` run the built bundles (scripts/ops.mjs, scripts/start.mjs), so
// these tests do too: built once here when the server's sources changed.
beforeAll(async () => {
  await ensureServerBuilt(ROOT, () => undefined);
}, 120_000);

/** The command line as `npm run ops` runs it (scripts/ops.mjs), without npm's own start-up. */
function ops(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  return collect(spawn(process.execPath, [OPS_ENTRY, ...args], { cwd: ROOT, env }));
}

function linkToken(run: Run): string {
  const match = LINK.exec(run.stdout);
  expect(match, run.stdout + run.stderr).not.toBeNull();
  return match![1]!;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(pgliteLeftOut)('npm run ops, PGlite, server stopped', () => {
  it('add-staff prints a one-time link; list-staff shows the member; the database records the link and the audit entry', { timeout: 180_000 }, async () => {
    const dataDir = tempDataDir();
    const env = baseEnv(dataDir);

    // Through npm itself once, so the package.json script is what is tested.
    const added = await collect(spawn('npm', ['run', '--silent', 'ops', '--', 'add-staff', 'First.Admin@Example.com', '--role', 'admin'], { cwd: ROOT, env }));
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('Added first.admin@example.com as an admin.');
    expect(added.stdout).toMatch(/works once, until \d{4}-\d\d-\d\dT/);
    expect(added.stderr).not.toMatch(THROUGH_SERVER);
    const token = linkToken(added);

    const listed = await ops(env, 'list-staff');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^EMAIL\s+ROLE\s+STATUS\s+SECOND FACTOR\s+ADDED$/m);
    expect(listed.stdout).toMatch(/^first\.admin@example\.com\s+admin\s+invited\s+no\s+\d{4}-\d\d-\d\d$/m);

    const again = await ops(env, 'add-staff', 'first.admin@example.com', '--role', 'dispatcher');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(messages.opsStaffExists);
    expect(again.stdout).toBe('');

    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const [member] = await database.db.select().from(staff).where(eq(staff.email, 'first.admin@example.com'));
      expect(member).toMatchObject({ role: 'admin', passwordHash: null, invitedBy: null, removedAt: null });
      const [link] = await database.db.select().from(staffPasswordLinks).where(eq(staffPasswordLinks.staffId, member!.id));
      // Only the hash of the printed token is kept, for 24 hours.
      expect(link!.tokenHash).toBe(sha256(token));
      expect(Math.abs(link!.expiresAt.getTime() - link!.createdAt.getTime() - 24 * 3600_000)).toBeLessThan(60_000);
      const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, member!.id));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        staffId: null,
        staffEmail: 'command line',
        action: 'staff.invite',
        entityType: 'staff',
        after: { email: 'first.admin@example.com', role: 'admin', status: 'invited' },
      });
    } finally {
      await database.close();
    }
  });

  it('refuses bad input before touching the database, with usage and exit codes', { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir();
    const env = baseEnv(dataDir);
    const cases: Array<[string[], number, RegExp]> = [
      [[], 64, /Usage: npm run ops/],
      [['drop-everything'], 64, /Unknown command: drop-everything/],
      [['add-staff', 'x@example.com'], 64, /--role admin or --role dispatcher/],
      [['add-staff', 'x@example.com', '--role', 'owner'], 1, /--role must be admin or dispatcher/],
      [['add-staff', 'not-an-address', '--role', 'admin'], 1, new RegExp(messages.invalidEmail)],
      [['list-staff', '--colour'], 64, /Unknown option/],
    ];
    for (const [args, code, stderr] of cases) {
      const run = await ops(env, ...args);
      expect([args, run.code], run.stderr).toEqual([args, code]);
      expect(run.stderr).toMatch(stderr);
    }
    // None of them opened (and so created) the database.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('says which DATA_DIR it cannot use, in one line, with the server\'s exit code (73)', { timeout: 120_000 }, async () => {
    const parent = tempDataDir();
    const file = path.join(parent, 'a-file');
    writeFileSync(file, 'not a directory');
    const run = await ops(baseEnv(path.join(file, 'data')), 'list-staff');
    expect(run.code, run.stderr).toBe(73);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`DATA_DIR ${path.join(file, 'data')}`);
  });
});

describe.skipIf(pgliteLeftOut)('npm run ops, PGlite, server running', () => {
  let server: ChildProcess | null = null;
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('goes through DATA_DIR/ops.sock (0600, removed on close): add-staff, the link works over HTTP, reset-2fa ends the sessions', { timeout: 300_000 }, async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = baseEnv(dataDir, { PORT: String(port), HOST: '127.0.0.1', WEB_ROOT: 'none' });
    server = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env });
    let serverLog = '';
    server.stdout!.on('data', (d) => (serverLog += d));
    server.stderr!.on('data', (d) => (serverLog += d));
    const socketPath = adminSocketPath(dataDir);
    await waitFor('the server and its socket', async () => {
      if (server!.exitCode !== null) throw new Error(`the server exited: ${serverLog}`);
      return existsSync(socketPath) && (await fetch(`${base}/readyz`).then((r) => r.ok).catch(() => false));
    });
    const mode = statSync(socketPath);
    expect(mode.isSocket()).toBe(true);
    expect(mode.mode & 0o777).toBe(0o600);

    const added = await ops(env, 'add-staff', 'desk@example.com', '--role', 'dispatcher');
    expect(added.code, added.stderr + serverLog).toBe(0);
    expect(added.stderr).toMatch(THROUGH_SERVER);
    const token = linkToken(added);

    // The invitee's first sign-in, over HTTP, against the same running server.
    const post = (url: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post('/api/ops/auth/set-password', { token, password: GOOD_PASSWORD })).status).toBe(200);
    const first = (await (await post('/api/ops/auth/login', { email: 'desk@example.com', password: GOOD_PASSWORD })).json()) as { token: string; next: string };
    expect(first.next).toBe('enrol');
    const enrolment = (await (await fetch(`${base}/api/ops/auth/enrolment`, { headers: { 'x-ops-token': first.token } })).json()) as { secret: string };
    const enrolled = (await (await post('/api/ops/auth/enrol', { code: currentCode(enrolment.secret) }, { 'x-ops-token': first.token })).json()) as { token: string };
    const me = () => fetch(`${base}/api/ops/me`, { headers: { 'x-ops-token': enrolled.token } });
    expect((await me()).status).toBe(200);

    // The phone is lost.
    const reset = await ops(env, 'reset-2fa', 'DESK@example.com');
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stderr).toMatch(THROUGH_SERVER);
    expect(reset.stdout).toContain('desk@example.com: authenticator and recovery codes cleared, every session ended.');
    const after = await me();
    expect(after.status).toBe(404);
    expect(await after.json()).toEqual({ error: { field: 'alert', message: 'Not found' } });
    const next = (await (await post('/api/ops/auth/login', { email: 'desk@example.com', password: GOOD_PASSWORD })).json()) as { next: string };
    expect(next.next).toBe('enrol');

    const unknown = await ops(env, 'reset-2fa', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(messages.opsStaffUnknown);

    // The socket takes only the staff commands.
    expect(await callAdminSocket(socketPath, { command: 'shell', line: 'rm -rf /' })).toEqual({ ok: false, error: { field: 'command', message: 'Unknown command' } });

    server.kill('SIGTERM');
    await waitFor('the server to stop', () => server!.exitCode !== null, 30_000);
    expect(server.exitCode).toBe(0);
    expect(existsSync(socketPath)).toBe(false);

    // Stopped: the same data, opened by the command itself.
    const listed = await ops(env, 'list-staff');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).not.toMatch(THROUGH_SERVER);
    expect(listed.stdout).toMatch(/^desk@example\.com\s+dispatcher\s+active\s+no\s/m);
  });
});

describe('the ops socket', () => {
  const silent = { info: () => undefined, warn: () => undefined };

  it('replaces a socket file a dead server left, and leaves alone one a live server answers on', async () => {
    const dir = tempDataDir();
    const socketPath = adminSocketPath(dir);
    // A server killed without closing leaves its socket file behind.
    const dead = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    await new Promise((r) => dead.on('exit', r));
    expect(existsSync(socketPath)).toBe(true);

    const handled: unknown[] = [];
    const socket = await listenAdminSocket(
      socketPath,
      async (request) => {
        handled.push(request);
        return { ok: true, result: { command: 'list-staff', items: [] } };
      },
      silent,
    );
    expect(socket).not.toBeNull();
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
    expect(await callAdminSocket(socketPath, { command: 'list-staff' })).toEqual({ ok: true, result: { command: 'list-staff', items: [] } });
    expect(handled).toEqual([{ command: 'list-staff' }]);

    expect(await listenAdminSocket(socketPath, async () => ({ ok: false, error: { field: 'x', message: 'y' } }), silent)).toBeNull();

    // An oversized request is cut off, not buffered.
    const big = await new Promise<string>((resolve) => {
      const client = net.connect(socketPath, () => client.write('x'.repeat(10_000)));
      let got = '';
      client.on('data', (d) => (got += d));
      client.on('close', () => resolve(got));
      client.on('error', () => undefined);
    });
    expect(big).toBe('');

    await socket!.close();
    expect(existsSync(socketPath)).toBe(false);
    await expect(callAdminSocket(socketPath, { command: 'list-staff' })).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe.skipIf(!postgresAvailable)('npm run ops, PostgreSQL', () => {
  const name = `lagos_test_cli_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('opens the database directly: a PostgreSQL server admits the command beside a running app, so no socket is needed', { timeout: 180_000 }, async () => {
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const env = baseEnv(tempDataDir(), { DATABASE_URL: url.toString() });

    const added = await ops(env, 'add-staff', 'pg.admin@example.com', '--role', 'admin');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).not.toMatch(THROUGH_SERVER);
    const token = linkToken(added);

    const reset = await ops(env, 'reset-2fa', 'pg.admin@example.com');
    expect(reset.code, reset.stderr).toBe(0);
    const listed = await ops(env, 'list-staff');
    expect(listed.stdout).toMatch(/^pg\.admin@example\.com\s+admin\s+invited\s+no\s/m);

    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    try {
      const [member] = await database.db.select().from(staff).where(eq(staff.email, 'pg.admin@example.com'));
      const [link] = await database.db.select().from(staffPasswordLinks).where(eq(staffPasswordLinks.staffId, member!.id));
      expect(link!.tokenHash).toBe(sha256(token));
      const actions = await database.db.select({ action: auditLog.action, by: auditLog.staffEmail }).from(auditLog).where(eq(auditLog.entityId, member!.id)).orderBy(auditLog.createdAt);
      expect(actions).toEqual([
        { action: 'staff.invite', by: 'command line' },
        { action: 'staff.reset_2fa', by: 'command line' },
      ]);
    } finally {
      await database.close();
    }
  });
});
