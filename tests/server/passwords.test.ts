/**
 * Password hashing (DESIGN.md §8): argon2id at OWASP's parameters, off the event loop,
 * and the common-password list.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyAgainstNothing,
  verifyPassword,
} from '../../src/server/lib/passwords';

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and a salt of its own', async () => {
    const a = await hashPassword('ogba-rides-at-dawn');
    const b = await hashPassword('ogba-rides-at-dawn');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'ogba-rides-at-dawn')).toBe(true);
    expect(await verifyPassword(a, 'ogba-rides-at-dusk')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(needsRehash(a)).toBe(false);
    expect(await verifyAgainstNothing('anything')).toBe(false);
  });

  it('never blocks the event loop: 8 hashes at once leave timers on time', async () => {
    await hashPassword('warm-up-the-thread-pool');
    const started = performance.now();
    const one = await hashPassword('time-of-one-hash');
    const single = performance.now() - started;
    expect(one).toBeTruthy();

    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const batchStart = performance.now();
    await Promise.all(Array.from({ length: 8 }, (_, i) => hashPassword(`concurrent-password-${i}`)));
    const batch = performance.now() - batchStart;
    clearInterval(ticker);
    delay.disable();
    const maxDelayMs = delay.max / 1e6;
    console.log(
      `one hash: ${single.toFixed(0)} ms; 8 concurrent: ${batch.toFixed(0)} ms; event-loop delay max ${maxDelayMs.toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms; ${ticks} timer ticks`,
    );
    // Were hashing on the loop, the loop would stall for the whole batch (hundreds of ms).
    expect(batch).toBeGreaterThan(single);
    expect(maxDelayMs).toBeLessThan(Math.max(50, single / 2));
    expect(ticks).toBeGreaterThan(batch / 10 / 3);
  });
});

describe('common passwords', () => {
  it('refuses the most common ones without regard to case, and takes uncommon ones', () => {
    for (const p of ['password', '12345678', 'Password', 'QWERTYUIOP', 'iloveyou', 'sunshine', 'football', 'password1'])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['ogba-rides-at-dawn', 'correct horse battery staple', 'Lagos-Ikeja-2025!'])
      expect(isCommonPassword(p), p).toBe(false);
  });
});
