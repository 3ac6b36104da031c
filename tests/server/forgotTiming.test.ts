/**
 * Forgot-password answers known and unknown addresses alike, in time too:
 * both wait for the same floor, so the median times differ by far less than the work does
 * (a token and an outbox e-mail for a known address, nothing for an unknown one).
 */
import { expect, it } from 'vitest';
import { FORGOT_ANSWER_FLOOR_MS } from '../../src/server/features/auth/service';
import { createUser, freshEmail } from './authHelpers';
import { describeEachDatabase, nextIp, useTestApp, type TestApp } from './helper';

async function timedForgot(t: TestApp, email: string): Promise<number> {
  const started = performance.now();
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/forget-password', remoteAddress: nextIp(), payload: { email } });
  const took = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return took;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describeEachDatabase('forgot-password timing', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('takes the same floor for an address with an account and one without', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { email } = await createUser(t, { email: freshEmail(`timing-known-${i}`) });
      known.push(await timedForgot(t, email));
      unknown.push(await timedForgot(t, freshEmail(`timing-unknown-${i}`)));
    }
    for (const took of [...known, ...unknown]) expect(took).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS - 1);
    // Only the floor's resolution and the machine's noise are left between them.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(60);
  });
});
