/**
 * The captcha pass carries a bounded number of submissions: one pass made
 * 12 accounts and 12 subscriptions before. Counted before the form is handled, so a burst
 * cannot outrun it, and in the shared store, so two instances with Redis hold it together.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA_PASS_USES } from '../../src/server/lib/captcha';
import { messages } from '../../src/shared/messages';
import { buildTestApp, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { REDIS_URL, redisAnswers } from './redis';

const redisAvailable = await redisAnswers('the two-instance captcha pass test');

async function pass(t: TestApp, ip: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/verify-captcha', remoteAddress: ip, payload: { token: 'pass-bounded' } });
  expect(res.statusCode).toBe(200);
  return `captcha_pass=${res.cookies.find((c) => c.name === 'captcha_pass')!.value}`;
}

const subscribe = (t: TestApp, cookie: string, n: number) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', remoteAddress: nextIp(), headers: { cookie }, payload: { email: `bounded.${n}.${Math.random().toString(36).slice(2, 8)}@example.com` } });

describe('a captcha pass', () => {
  const t = useTestApp('pglite', { startWorkers: false });

  it(`carries ${CAPTCHA_PASS_USES} submissions, then the captcha is asked again; a new pass carries more`, async () => {
    const cookie = await pass(t, nextIp());
    for (let i = 0; i < CAPTCHA_PASS_USES; i += 1) expect((await subscribe(t, cookie, i)).statusCode).toBe(200);
    const over = await subscribe(t, cookie, 99);
    expect(over.statusCode).toBe(403);
    expect(errorOf(over.body)).toEqual({ field: 'captcha', message: messages.completeCaptcha });
    expect((await subscribe(t, await pass(t, nextIp()), 100)).statusCode).toBe(200);
  });

  it('holds against a burst of 30 at once: exactly the bound gets through', async () => {
    const cookie = await pass(t, nextIp());
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => subscribe(t, cookie, 200 + i)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(CAPTCHA_PASS_USES);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(30 - CAPTCHA_PASS_USES);
  });

  it('refuses a pass in the old cookie shape or with a forged signature', async () => {
    for (const cookie of [`captcha_pass=${Date.now() + 60_000}`, 'captcha_pass=abcdefghijklmnop.99999999999999.forged']) {
      expect((await subscribe(t, cookie, 300)).statusCode).toBe(403);
    }
  });
});

describe.skipIf(!redisAvailable)('a captcha pass across two instances with Redis', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('is bounded once for both: a burst split over two instances gets the bound through, no more', async () => {
    const env = { REDIS_URL };
    const a = await buildTestApp({ database: 'pglite', startWorkers: false, env });
    apps.push(a);
    const b = await buildTestApp({ database: 'pglite', startWorkers: false, env, stub: a.stub });
    apps.push(b);
    const cookie = await pass(a, nextIp());
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => subscribe(i % 2 === 0 ? a : b, cookie, 400 + i)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(CAPTCHA_PASS_USES);
  });
});
