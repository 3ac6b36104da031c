/**
 * POST /api/client-errors: browser errors logged at warn level with no
 * personal data; size capped (413), shape checked (400 under the field), limited per address
 * (429), open to everyone signed in or not. Also GET /api/config's sentryDsn.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_REPORT_BODY_LIMIT, type ErrorReportEvent } from '../../src/shared/errorReports';
import { clientErrorLogFields } from '../../src/server/lib/scrub';
import { describeEachDatabase, errorOf, nextIp, useTestApp } from './helper';
import { asStaff, signedInStaff, signedInUser } from './opsHelpers';

const EMAIL = 'ada.obi@example.com';
const PHONE = '+234 803 123 4567';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const TOKEN = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

function event(overrides: Partial<ErrorReportEvent> = {}): ErrorReportEvent {
  return {
    kind: 'error',
    message: 'TypeError: x is undefined',
    name: 'TypeError',
    stack: 'TypeError: x is undefined\n    at render (https://ogbadispatch.ng/assets/index-abc.js:12:34)',
    url: '/rider-dashboard',
    route: '/rider-dashboard',
    release: '1.0.0',
    timestamp: 1_790_000_000_000,
    ...overrides,
  };
}

interface LogLine {
  level: number;
  msg?: string;
  clientError?: Record<string, unknown>;
}

describeEachDatabase('POST /api/client-errors', (kind) => {
  const lines: string[] = [];
  const t = useTestApp(kind, { logLevel: 'info', logStream: { write: (line: string) => void lines.push(line) } });
  beforeEach(() => {
    lines.length = 0;
  });
  const post = (payload: unknown, extra: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: extra.ip ?? nextIp(),
      headers: extra.headers,
      payload: payload as Record<string, unknown>,
    });
  const reported = () =>
    lines
      .map((l) => JSON.parse(l) as LogLine)
      .filter((l) => l.msg === 'browser error');

  it('accepts a batch with 204 and logs each event at warn level', async () => {
    const res = await post({ events: [event(), event({ kind: 'unhandledrejection', message: 'boom' })] });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const logged = reported();
    expect(logged).toHaveLength(2);
    expect(logged.every((l) => l.level === 40)).toBe(true);
    expect(logged[0]!.clientError).toMatchObject({ kind: 'error', name: 'TypeError', url: '/rider-dashboard', release: '1.0.0' });
    expect(logged[1]!.clientError).toMatchObject({ kind: 'unhandledrejection', message: 'boom' });
  });

  it('logs no e-mail address, phone number, JWT, long token or query string', async () => {
    const dirty = `Failed for ${EMAIL} (${PHONE}) with ${JWT} and ${TOKEN} at https://ogbadispatch.ng/reset-password?token=${TOKEN}&email=${EMAIL}#x`;
    const res = await post({
      events: [
        event({
          message: dirty,
          stack: `Error: ${dirty}\n    at f (https://ogbadispatch.ng/assets/a.js?v=${TOKEN}:1:2)`,
          url: `https://ogbadispatch.ng/login?email=${encodeURIComponent(EMAIL)}#token=${JWT}`,
          data: JSON.stringify({ user: { email: EMAIL, phone: '08031234567' } }),
          kind: 'router',
        }),
      ],
    });
    expect(res.statusCode).toBe(204);
    const text = lines.join('\n');
    expect(reported()).toHaveLength(1);
    for (const secret of [EMAIL, 'ada.obi', '803 123 4567', '08031234567', JWT, 'eyJhbGciOiJIUzI1NiJ9', TOKEN, '?token', '?v=', '?email', '#token']) {
      expect(text).not.toContain(secret);
    }
    const logged = reported()[0]!.clientError!;
    expect(logged.url).toBe('/login');
    expect(logged.message).toContain('[email]');
    expect(logged.message).toContain('[phone]');
    expect(logged.message).toContain('[token]');
    expect(logged.message).toContain('https://ogbadispatch.ng/reset-password');
    // A stack frame keeps its line and column once the query string is gone.
    expect(logged.stack).toContain('https://ogbadispatch.ng/assets/a.js:1:2');
  });

  it('answers 413 in the error shape for a body over 16 kB', async () => {
    const big = JSON.stringify({ events: [event({ message: 'x'.repeat(ERROR_REPORT_BODY_LIMIT) })] });
    const res = await post(big, { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res.body).field).toBe('alert');
    expect(reported()).toHaveLength(0);
  });

  it('answers 400 under the field for a bad shape, never logging it', async () => {
    for (const payload of [{}, { events: [] }, { events: [event({ kind: 'nonsense' as never })] }, { events: Array.from({ length: 21 }, () => event()) }]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body).field).toBe('events');
    }
    const noMessage = event() as Partial<ErrorReportEvent>;
    delete noMessage.message;
    const res = await post({ events: [noMessage] });
    expect(res.statusCode).toBe(400);
    // A missing property is named itself.
    expect(errorOf(res.body).field).toBe('message');
    expect(reported()).toHaveLength(0);
  });

  it('limits each address to 30 reports a minute (429 in the error shape)', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post({ events: [event()] }, { ip })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    const refused = await post({ events: [event()] }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused.body).field).toBe('alert');
    // Another address is not affected.
    expect((await post({ events: [event()] })).statusCode).toBe(204);
  });

  it('needs no sign-in: signed out, riders, companies and staff are all accepted alike', async () => {
    const users = [
      await signedInUser(t, 1, 'cerider'),
      await signedInUser(t, 1, 'ceotherrider'),
      await signedInUser(t, 2, 'cecompany'),
      await signedInUser(t, 2, 'ceothercompany'),
    ];
    expect((await post({ events: [event()] })).statusCode).toBe(204);
    for (const who of users) {
      expect((await post({ events: [event()] }, { headers: { 'x-auth-token': who.token } })).statusCode).toBe(204);
    }
    const staffMember = await signedInStaff(t, 'dispatcher', 'ce');
    const res = await asStaff(t, staffMember, { method: 'POST', url: '/api/client-errors', remoteAddress: nextIp(), payload: { events: [event()] } });
    expect(res.statusCode).toBe(204);
    expect(reported()).toHaveLength(6);
  });

  it('GET /api/config leaves sentryDsn out when SENTRY_DSN is not set', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).not.toHaveProperty('sentryDsn');
  });
});

describeEachDatabase('GET /api/config with SENTRY_DSN', (kind) => {
  const t = useTestApp(kind, { env: { SENTRY_DSN: 'https://public@o1.ingest.sentry.io/42' } });
  it('gives the browser the DSN', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).toMatchObject({ sentryDsn: 'https://public@o1.ingest.sentry.io/42' });
    // The page may send there: the Content-Security-Policy's connect-src names Sentry's origin.
    expect(res.headers['content-security-policy']).toMatch(/connect-src 'self' [^;]*https:\/\/o1\.ingest\.sentry\.io/);
  });
});

describe('clientErrorLogFields', () => {
  it('scrubs what a client sent even when it did not scrub itself', () => {
    const fields = clientErrorLogFields(event({ message: `mail ${EMAIL}`, url: `/x?e=${EMAIL}` }));
    expect(JSON.stringify(fields)).not.toContain(EMAIL);
    expect(fields.clientError).toMatchObject({ url: '/x', message: 'mail [email]', at: new Date(1_790_000_000_000).toISOString() });
  });
});
