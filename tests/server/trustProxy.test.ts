/**
 * X-Forwarded-For is believed only from the proxies TRUST_PROXY names (a hop
 * count or a list of addresses/CIDRs), and by default from nobody. Counted here through the
 * per-address login limit (authLimits.loginPerAddress: 20 failed logins from one address).
 */
import { describe, expect, it } from 'vitest';
import { authLimits } from '../../src/server/lib/limits';
import { captchaCookie, freshEmail } from './authHelpers';
import { describeEachDatabase, nextIp, useTestApp, type TestApp } from './helper';

function wrongLogin(t: TestApp, socket: string, forwardedFor: string, cookie: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: socket,
    headers: { cookie, 'x-forwarded-for': forwardedFor },
    payload: { email: freshEmail('xff'), password: 'wrong-password', user_type: '1' },
  });
}

/** The status of each of `count` failed logins, sent one after another. */
async function statuses(t: TestApp, count: number, socket: string, forwardedFor: (i: number) => string): Promise<number[]> {
  const cookie = await captchaCookie(t, socket);
  const codes: number[] = [];
  for (let i = 0; i < count; i++) codes.push((await wrongLogin(t, socket, forwardedFor(i), cookie)).statusCode);
  return codes;
}

const max = authLimits.loginPerAddress.max;
const limited = (count: number) => [...Array<number>(max).fill(400), ...Array<number>(count - max).fill(429)];

describeEachDatabase('TRUST_PROXY unset: nobody is trusted, wherever the server listens', (kind) => {
  // Bound beyond loopback, as in production (before the fix, this trusted X-Forwarded-For from anyone).
  const t = useTestApp(kind, { env: { HOST: '0.0.0.0' } });

  it('a spoofed X-Forwarded-For cannot dodge the per-address login limit: 24 attempts from one socket with 24 different values → 429 after 20', async () => {
    const socket = nextIp();
    expect(await statuses(t, 24, socket, (i) => `203.0.113.${i + 1}`)).toEqual(limited(24));
  });
});

describeEachDatabase('TRUST_PROXY=1: one proxy in front, on this machine', (kind) => {
  const t = useTestApp(kind, { env: { TRUST_PROXY: '1' } });

  it('counts the address the proxy appended (right-most), not the left-most value the client chose', async () => {
    const client = '198.51.100.23';
    expect(await statuses(t, 24, '127.0.0.1', (i) => `203.0.113.${i + 1}, ${client}`)).toEqual(limited(24));
    // Another client behind the same proxy has an allowance of its own.
    expect(await statuses(t, 1, '::1', () => `${client}, 198.51.100.24`)).toEqual([400]);
  });

  it('does not believe X-Forwarded-For from a socket that is not loopback (a client that reached the server directly)', async () => {
    expect(await statuses(t, 24, nextIp(), (i) => `203.0.113.${i + 1}`)).toEqual(limited(24));
  });
});

describe.each(['pglite' as const])('TRUST_PROXY as a list [%s]', (kind) => {
  const t = useTestApp(kind, { env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });

  it('uses the right-most address that is not a trusted proxy', async () => {
    const proxy = nextIp(); // 10.x: trusted
    const client = '198.51.100.77';
    expect(await statuses(t, 24, proxy, (i) => `203.0.113.${i + 1}, ${client}, 10.200.0.${i + 1}`)).toEqual(limited(24));
  });

  it('ignores X-Forwarded-For from a socket that is not a trusted proxy', async () => {
    expect(await statuses(t, 24, '192.0.2.9', (i) => `203.0.113.${i + 1}`)).toEqual(limited(24));
  });
});
