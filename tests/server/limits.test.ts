/**
 * Rate-limit counters (lib/limits.ts): in-process, and in Redis shared by two app
 * instances (DESIGN.md §7: Redis at 127.0.0.1:6379; skipped loudly when it does not answer).
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type LimitStore } from '../../src/server/lib/limits';
import { captchaCookie, createUser, freshEmail, GOOD_PASSWORD, postLogin } from './authHelpers';
import { buildTestApp, nextIp, type TestApp } from './helper';
import { REDIS_URL, redisAnswers } from './redis';

const log = pino({ level: 'silent' });
const redisAvailable = await redisAnswers('the shared rate-limit tests');

describe('the in-process counter', () => {
  it('counts in a fixed window and forgets it when the window ends', async () => {
    let now = 1_000_000;
    const store = createMemoryStore(() => now);
    expect(await store.hit('k', 1000)).toEqual({ count: 1, resetMs: 1000 });
    now += 400;
    expect(await store.hit('k', 1000)).toEqual({ count: 2, resetMs: 600 });
    expect(await store.peek('k')).toEqual({ count: 2, resetMs: 600 });
    now += 600;
    expect(await store.peek('k')).toEqual({ count: 0, resetMs: 0 });
    expect(await store.hit('k', 1000)).toEqual({ count: 1, resetMs: 1000 });
    await store.reset('k');
    expect(await store.peek('k')).toEqual({ count: 0, resetMs: 0 });
  });

  it('takes an attempt back, never below zero and never opening a window', async () => {
    const store = createMemoryStore(() => 5_000);
    await store.hit('u', 1000);
    await store.hit('u', 1000);
    await store.unhit('u');
    expect((await store.peek('u')).count).toBe(1);
    await store.unhit('u');
    await store.unhit('u');
    expect((await store.peek('u')).count).toBe(0);
    await store.unhit('none');
    expect(await store.peek('none')).toEqual({ count: 0, resetMs: 0 });
  });
});

describe.skipIf(!redisAvailable)('the Redis counter', () => {
  const stores: LimitStore[] = [];
  const prefix = `lagos:test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });

  it('takes an attempt back across instances, never below zero', async () => {
    const a = createRedisStore(REDIS_URL, log, prefix);
    const b = createRedisStore(REDIS_URL, log, prefix);
    stores.push(a, b);
    await a.hit('back', 5000);
    await b.hit('back', 5000);
    await b.unhit('back');
    expect((await a.peek('back')).count).toBe(1);
    await a.unhit('back');
    await a.unhit('back');
    expect((await b.peek('back')).count).toBe(0);
    await a.unhit('never');
    expect((await a.peek('never')).count).toBe(0);
  });

  it('is shared by two instances and expires with its window', async () => {
    const a = createRedisStore(REDIS_URL, log, prefix);
    const b = createRedisStore(REDIS_URL, log, prefix);
    stores.push(a, b);
    expect((await a.hit('shared', 300)).count).toBe(1);
    expect((await b.hit('shared', 300)).count).toBe(2);
    const seen = await a.peek('shared');
    expect(seen.count).toBe(2);
    expect(seen.resetMs).toBeGreaterThan(0);
    expect(seen.resetMs).toBeLessThanOrEqual(300);
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.peek('shared')).toEqual({ count: 0, resetMs: 0 });
    await a.hit('gone', 10_000);
    await b.reset('gone');
    expect((await a.peek('gone')).count).toBe(0);
  });

  it('reads as zero, without throwing, when Redis cannot be reached', async () => {
    const down = createRedisStore('redis://127.0.0.1:1', log, prefix);
    stores.push(down);
    expect(await down.hit('x', 1000)).toEqual({ count: 0, resetMs: 0 });
    expect(await down.peek('x')).toEqual({ count: 0, resetMs: 0 });
  });
});

describe.skipIf(!redisAvailable)('failed logins counted across two app instances through REDIS_URL', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    // Both instances on one database, like two servers behind a load balancer.
    one = await buildTestApp({ database: 'postgres', env: { REDIS_URL } }).catch(() => buildTestApp({ database: 'pglite', env: { REDIS_URL } }));
    two = await buildTestApp({
      database: one.database.kind,
      env: { REDIS_URL, ...(one.config.databaseUrl ? { DATABASE_URL: one.config.databaseUrl } : {}) },
    });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('locks the account on the second instance after failures on the first', async () => {
    expect(one.app.limits.kind).toBe('redis');
    const email = freshEmail('two-instances');
    await createUser(one, { email });
    if (one.database.kind === 'pglite') await createUser(two, { email });
    const ip = nextIp();
    const cookieOne = await captchaCookie(one, ip);
    for (let i = 0; i < 5; i++) {
      const res = await postLogin(one, { email, password: `wrong-${i}-password`, user_type: '1' }, { ip: nextIp(), cookie: cookieOne });
      expect(res.statusCode).toBe(400);
    }
    const cookieTwo = await captchaCookie(two, ip);
    const res = await postLogin(two, { email, password: GOOD_PASSWORD, user_type: '1' }, { ip, cookie: cookieTwo });
    expect(res.statusCode).toBe(429);
    await one.app.limits.reset(`login:account:${email.toLowerCase()}`);
  });
});
