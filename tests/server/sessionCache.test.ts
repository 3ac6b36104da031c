/**
 * The session cache (plugins/sessionCache.ts): a token's session is checked against
 * the database once and then kept for a while, yet whatever ends it is seen by the very next
 * request, on this instance and, through Redis, on another process on the same PostgreSQL. The
 * same for the profile documents kept beside it (plugins/profileCache.ts): a change made on one
 * instance is in the next read on the other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, ensureServerBuilt } from '../../scripts/build-server.mjs';
import { loadConfig } from '../../src/server/config';
import { createUser, freshEmail, GOOD_PASSWORD, lastEmail, loginToken, me, resetTokenFrom } from './authHelpers';
import { buildTestApp, nextIp, postgresAvailable, TEST_JWT_SECRET, useTestApp, type TestApp } from './helper';
import { as, changeDocumentBehindTheAppsBack, profileOf, signedInRider, type Rider } from './profileHelpers';
import { REDIS_URL, redisAnswers } from './redis';

const redisAvailable = await redisAnswers('the two-process session cache test');

const logout = (t: TestApp, token: string) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'x-auth-token': token } });

describe('the session cache on one instance (PGlite)', () => {
  const t = useTestApp('pglite');

  it('is on for PGlite and for Redis, off for PostgreSQL without Redis, and SESSION_CACHE=0 turns it off', () => {
    const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lagos-cache-')), JWT_SECRET: TEST_JWT_SECRET };
    expect(loadConfig(base).sessionCache).toBe(true);
    expect(loadConfig({ ...base, SESSION_CACHE: '0' }).sessionCache).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x@h/db' }).sessionCache).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x@h/db', REDIS_URL }).sessionCache).toBe(true);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://x@h/db', SESSION_CACHE: '1' })).toThrow(/SESSION_CACHE/);
    expect(() => loadConfig({ ...base, SESSION_CACHE: 'yes' })).toThrow(/SESSION_CACHE/);
    rmSync(base.DATA_DIR, { recursive: true, force: true });
  });

  it('a logout is seen by the next read, even right after reads that kept the session', async () => {
    const email = freshEmail('cache-logout');
    await createUser(t, { email });
    const token = await loginToken(t, email, GOOD_PASSWORD, nextIp());
    for (let i = 0; i < 3; i++) expect((await me(t, token)).statusCode).toBe(200);
    expect((await logout(t, token)).statusCode).toBe(200);
    expect((await me(t, token)).statusCode).toBe(401);
  });

  it('a password reset ends every kept session of the rider', async () => {
    const email = freshEmail('cache-reset');
    await createUser(t, { email });
    const phone = await loginToken(t, email, GOOD_PASSWORD, nextIp());
    const laptop = await loginToken(t, email, GOOD_PASSWORD, nextIp());
    expect((await me(t, phone)).statusCode).toBe(200);
    expect((await me(t, laptop)).statusCode).toBe(200);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forget-password', remoteAddress: nextIp(), payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const mail = await lastEmail(t, email, 'Reset your password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextIp(),
      payload: { token: resetTokenFrom(mail!.text), newPassword: 'a-new-lagos-password-77' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(t, phone)).statusCode).toBe(401);
    expect((await me(t, laptop)).statusCode).toBe(401);
  });
});

describe.skipIf(!redisAvailable || !postgresAvailable)('the profile cache with Redis, on one instance', () => {
  const t = useTestApp('postgres', { env: { REDIS_URL } });
  const bioRead = async (rider: Rider) => (await profileOf(t, rider)).user.bio;

  it('keeps what a save wrote when its own message about the save comes back, and still hears another instance’s', async () => {
    const rider = await signedInRider(t);
    expect(await bioRead(rider)).toBeNull();
    // Another instance, listening on the channel every instance hears.
    const otherInstance = new Redis(REDIS_URL);
    const otherPublisher = otherInstance.duplicate();
    try {
      await otherInstance.subscribe('lagos:profiles:forget');
      // It says it forgot, as every instance does (else the save would wait out the 2 s cap).
      otherInstance.on('message', (channel, key) => void otherPublisher.publish('lagos:forget:heard', `other-instance\n${channel}\n${key}`));
      const heard = new Promise<void>((resolve) => otherInstance.on('message', (_channel, key) => key === rider.id && resolve()));
      const started = performance.now();
      const saved = await as(t, rider, { method: 'PUT', url: '/api/users/profile-update', payload: { username: rider.username, bio: 'Kept through the echo.' } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_500);
      await changeDocumentBehindTheAppsBack(t, rider.id);
      // The save's message reached the other instance, and so this one's subscription too.
      await heard;
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Sent from memory even after the instance heard its own message back (before, hearing
      // it dropped the saved document: the next read after every save went to the database).
      expect(await bioRead(rider)).toBe('Kept through the echo.');
      // The same message from the other instance is obeyed: the next reads are the database's.
      await otherPublisher.publish('lagos:profiles:forget', rider.id);
      await expect.poll(() => bioRead(rider), { timeout: 10_000 }).toBe('behind');
    } finally {
      otherInstance.disconnect();
      otherPublisher.disconnect();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Instance B as `npm start` runs it (the built bundle) on A's database and the real Redis; its
 * base address once it is ready.
 */
async function startInstanceB(databaseUrl: string, dataDir: string): Promise<{ b: ChildProcess; base: string }> {
  const port = await freePort();
  let log = '';
  await ensureServerBuilt(process.cwd(), () => undefined);
  const b = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: 'none',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
    },
  });
  b.stdout!.on('data', (d) => (log += d));
  b.stderr!.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (b.exitCode !== null) throw new Error(`instance B exited: ${log}`);
    if (await fetch(`${base}/readyz`).then((r) => r.ok).catch(() => false)) break;
    if (i > 600) throw new Error(`instance B never became ready: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { b, base };
}

async function stopInstanceB(b: ChildProcess | null): Promise<void> {
  if (b && b.exitCode === null) {
    b.kill('SIGTERM');
    await new Promise((resolve) => b.once('exit', resolve));
  }
}

describe.skipIf(!redisAvailable || !postgresAvailable)('the session cache across two processes with Redis', () => {
  let a: TestApp | null = null;
  let b: ChildProcess | null = null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-cache-b-'));
  afterAll(async () => {
    await stopInstanceB(b);
    await a?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a logout or a deleted account on instance A is refused by the next read on instance B, and a changed profile is read there changed', { timeout: 120_000 }, async () => {
    a = await buildTestApp({ database: 'postgres', env: { REDIS_URL } });
    expect(a.config.sessionCache).toBe(true);
    const started = await startInstanceB(a.config.databaseUrl!, dataDir);
    b = started.b;
    const base = started.base;
    const onB = (token: string) => fetch(`${base}/api/users/me`, { headers: { 'x-auth-token': token } }).then((r) => r.status);

    // Signed in on A; B checks the session once and keeps it.
    const email = freshEmail('cache-two');
    await createUser(a, { email });
    const token = await loginToken(a, email, GOOD_PASSWORD, nextIp());
    for (let i = 0; i < 3; i++) expect(await onB(token)).toBe(200);
    expect((await logout(a, token)).statusCode).toBe(200);
    expect(await onB(token)).toBe(401);

    // An account deleted on A: its other session, kept on B, is refused there at once.
    const other = freshEmail('cache-gone');
    await createUser(a, { email: other });
    const kept = await loginToken(a, other, GOOD_PASSWORD, nextIp());
    const deleter = await loginToken(a, other, GOOD_PASSWORD, nextIp());
    expect(await onB(kept)).toBe(200);
    const removed = await a.app.inject({ method: 'DELETE', url: '/api/users/account', headers: { 'x-auth-token': deleter }, payload: { password: GOOD_PASSWORD } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await onB(kept)).toBe(401);

    // A rider whose profile B has read (and keeps): a bio saved on A (one statement) and a job
    // added on A (in a transaction) are in B's very next read.
    const riderEmail = freshEmail('cache-profile');
    const rider = await createUser(a, { email: riderEmail, profileCompleted: 1, currentTab: 5 });
    const riderToken = await loginToken(a, riderEmail, GOOD_PASSWORD, nextIp());
    const profileOnB = async () => {
      const res = await fetch(`${base}/api/users/profile`, { headers: { 'x-auth-token': riderToken } });
      expect(res.status).toBe(200);
      return (await res.json()) as { user: { bio: string | null }; workHistories: Array<{ company_name: string }> };
    };
    for (let i = 0; i < 3; i++) expect((await profileOnB()).user.bio).toBeNull();
    const onA = (method: 'PUT' | 'POST', url: string, payload: object) =>
      a!.app.inject({ method, url, remoteAddress: nextIp(), headers: { 'x-auth-token': riderToken }, payload });
    const saved = await onA('PUT', '/api/users/profile-update', { username: rider.username, bio: 'Ikeja to Lekki before noon.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await profileOnB()).user.bio).toBe('Ikeja to Lekki before noon.');
    for (let i = 0; i < 2; i++) await profileOnB();
    const job = await onA('POST', '/api/riders/work-history/create', { position: 'Courier', company_name: 'Kwik', number_of_years: '3-5', start_date: '2020-01-01' });
    expect(job.statusCode, job.body).toBe(200);
    expect((await profileOnB()).workHistories.map((w) => w.company_name)).toEqual(['Kwik']);

    // A keeps the document its own save wrote (riderFieldsWrite.ts); a save on B after it is in
    // A's very next read all the same, and B's own next read too.
    const profileOnA = async () => {
      const res = await a!.app.inject({ method: 'GET', url: '/api/users/profile', remoteAddress: nextIp(), headers: { 'x-auth-token': riderToken } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ user: { bio: string | null } }>().user.bio;
    };
    expect((await onA('PUT', '/api/users/profile-update', { username: rider.username, bio: 'Kept on A.' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect(await profileOnA()).toBe('Kept on A.');
    const savedOnB = await fetch(`${base}/api/users/profile-update`, {
      method: 'PUT',
      headers: { 'x-auth-token': riderToken, 'content-type': 'application/json' },
      body: JSON.stringify({ username: rider.username, bio: 'Saved on B.' }),
    });
    expect(savedOnB.status, await savedOnB.clone().text()).toBe(200);
    expect(await profileOnA()).toBe('Saved on B.');
    expect((await profileOnB()).user.bio).toBe('Saved on B.');
  });
});

/**
 * A TCP proxy to Redis that holds what its clients send for `delayMs` (in order), and passes
 * Redis's answers at once: an instance whose messages take that long to reach Redis.
 */
async function slowToRedis(delayMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    // Timers of one delay fire in the order they were set, so the bytes keep their order.
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), delayMs));
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(REDIS_URL);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!redisAvailable || !postgresAvailable)('the session cache across two processes, one slow to reach Redis', () => {
  let a: TestApp | null = null;
  let b: ChildProcess | null = null;
  let proxy: Awaited<ReturnType<typeof slowToRedis>> | null = null;
  let bBase = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-cache-slow-'));
  afterAll(async () => {
    await stopInstanceB(b);
    await a?.close();
    await proxy?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a save or a logout on A only once B can have heard it: B’s next read has the change', { timeout: 120_000 }, async () => {
    // A's messages reach Redis 150 ms late; were A to answer before Redis took them, B would
    // serve its kept document and session in between.
    proxy = await slowToRedis(150);
    a = await buildTestApp({ database: 'postgres', env: { REDIS_URL: proxy.url } });
    ({ b, base: bBase } = await startInstanceB(a.config.databaseUrl!, dataDir));
    const email = freshEmail('cache-slow');
    const rider = await createUser(a, { email, profileCompleted: 1, currentTab: 5 });
    const token = await loginToken(a, email, GOOD_PASSWORD, nextIp());
    const onB = (url: string) => fetch(`${bBase}${url}`, { headers: { 'x-auth-token': token } });
    const bioOnB = async () => {
      const res = await onB('/api/users/profile');
      expect(res.status).toBe(200);
      return ((await res.json()) as { user: { bio: string | null } }).user.bio;
    };
    for (let i = 0; i < 3; i++) expect(await bioOnB()).toBeNull();
    const saved = await a.app.inject({
      method: 'PUT',
      url: '/api/users/profile-update',
      remoteAddress: nextIp(),
      headers: { 'x-auth-token': token },
      payload: { username: rider.username, bio: 'Yaba by nine.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await bioOnB()).toBe('Yaba by nine.');
    expect((await logout(a, token)).statusCode).toBe(200);
    expect((await onB('/api/users/me')).status).toBe(401);
  });

  it('answers all the same, after at most two seconds, when an instance that hears the message never confirms it (one of the version before)', { timeout: 60_000 }, async () => {
    const older = new Redis(REDIS_URL);
    try {
      await older.subscribe('lagos:profiles:forget');
      const email = freshEmail('cache-older');
      const rider = await createUser(a!, { email, profileCompleted: 1, currentTab: 5 });
      const token = await loginToken(a!, email, GOOD_PASSWORD, nextIp());
      const started = performance.now();
      const saved = await a!.app.inject({
        method: 'PUT',
        url: '/api/users/profile-update',
        remoteAddress: nextIp(),
        headers: { 'x-auth-token': token },
        payload: { username: rider.username, bio: 'Surulere after two.' },
      });
      const took = performance.now() - started;
      expect(saved.statusCode, saved.body).toBe(200);
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(5_000);
      expect((await fetch(`${bBase}/api/users/profile`, { headers: { 'x-auth-token': token } }).then((r) => r.json())).user.bio).toBe('Surulere after two.');
    } finally {
      older.disconnect();
    }
  });
});
