import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../src/server/db/schema';
import { CAPTCHA_PASS_USES } from '../../src/server/lib/captcha';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';

const SUBSCRIBED = 'You have been subscribed to our newsletter! Thank you for your interest.';

/** Passes the captcha from `ip` and returns the cookie header value to send with forms. */
async function captchaPass(t: TestApp, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/verify-captcha',
    remoteAddress: ip,
    payload: { token: 'pass-newsletter' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ success: true });
  const cookie = res.cookies.find((c) => c.name === 'captcha_pass');
  expect(cookie, 'verify-captcha sets the captcha_pass cookie').toBeDefined();
  return `captcha_pass=${cookie!.value}`;
}

async function rows(t: TestApp) {
  return t.database.db.select().from(newsletterSubscriptions);
}

describeEachDatabase('POST /api/newsletter', (kind) => {
  const t = useTestApp(kind);

  function subscribe(payload: unknown, options: { ip: string; cookie?: string; headers?: Record<string, string> }) {
    return t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress: options.ip,
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      payload: payload as Record<string, unknown>,
    });
  }

  it('refuses a browser without the captcha pass: 403 under captcha, nothing stored', async () => {
    const res = await subscribe({ email: 'nocaptcha@example.com' }, { ip: nextIp() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { field: 'captcha', message: 'Please complete the CAPTCHA.' } });
    expect(await t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'nocaptcha@example.com'))).toEqual([]);
  });

  it('asks for the email when it is empty or blank', async () => {
    for (const email of ['', '   ']) {
      const res = await subscribe({ email }, { ip: nextIp() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { field: 'email', message: 'Please fill in the email field' } });
    }
  });

  it('rejects an address without @ and .', async () => {
    const ip = nextIp();
    const cookie = await captchaPass(t, ip);
    for (const email of ['bad', 'bad@nodot', 'no-at.example.com', 'two words@example.com']) {
      const res = await subscribe({ email }, { ip, cookie });
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toEqual({ error: { field: 'email', message: 'Please enter a valid email address' } });
    }
  });

  it('answers malformed bodies with a 4xx in the error shape, never a 5xx', async () => {
    const cookie = await captchaPass(t, nextIp());
    const json = { 'content-type': 'application/json' };
    const fillIn = { field: 'email', message: 'Please fill in the email field' };
    const invalidEmail = { field: 'email', message: 'Please enter a valid email address' };
    const invalidRequest = (field: string) => ({ field, message: 'Invalid request' });
    const cases: Array<{
      name: string;
      headers?: Record<string, string>;
      payload?: string;
      status: number;
      error: { field: string; message: string };
    }> = [
      { name: 'no body at all', status: 400, error: fillIn },
      { name: 'empty JSON body', headers: json, payload: '', status: 400, error: invalidRequest('alert') },
      { name: 'not JSON', headers: json, payload: '{"email": nope', status: 400, error: invalidRequest('alert') },
      { name: 'JSON null', headers: json, payload: 'null', status: 400, error: fillIn },
      { name: 'JSON array', headers: json, payload: '["a@b.co"]', status: 400, error: fillIn },
      { name: 'a number for the email', headers: json, payload: '{"email":42}', status: 400, error: invalidEmail },
      { name: 'an array for the email', headers: json, payload: '{"email":["a@b.co"]}', status: 400, error: invalidRequest('email') },
      { name: 'an object for the email', headers: json, payload: '{"email":{"x":"a@b.co"}}', status: 400, error: invalidEmail },
      { name: 'plain text', headers: { 'content-type': 'text/plain' }, payload: 'email=a@b.co', status: 400, error: fillIn },
      { name: 'an unknown content type', headers: { 'content-type': 'application/x-whatever' }, payload: 'x', status: 415, error: invalidRequest('alert') },
      {
        name: 'an over-long address',
        headers: json,
        payload: JSON.stringify({ email: `${'a'.repeat(300)}@example.com` }),
        status: 400,
        error: { field: 'email', message: 'Please keep this under 254 characters' },
      },
    ];
    for (const c of cases) {
      // Each case from an address of its own, so the rate limit never answers in its place.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        remoteAddress: nextIp(),
        headers: { cookie, ...c.headers },
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
      });
      expect(res.statusCode, c.name).toBe(c.status);
      expect(errorOf(res.body), c.name).toEqual(c.error);
    }
    // None of them stored anything.
    expect((await rows(t)).filter((r) => r.email.includes('a@b.co') || r.email.startsWith('aaaa'))).toEqual([]);
  });

  it('subscribes after the captcha: 200 with the message, and one normalised row', async () => {
    const ip = nextIp();
    const cookie = await captchaPass(t, ip);
    const res = await subscribe({ email: '  Ada.Obi@Example.COM ' }, { ip, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUBSCRIBED });

    const stored = await t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'ada.obi@example.com'));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('keeps one row when the same address subscribes twice in another case', async () => {
    const ip = nextIp();
    const cookie = await captchaPass(t, ip);
    const first = await subscribe({ email: 'twice@example.com' }, { ip, cookie });
    const second = await subscribe({ email: 'TWICE@Example.com' }, { ip, cookie });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: SUBSCRIBED });
    const all = await rows(t);
    expect(all.filter((r) => r.email.toLowerCase() === 'twice@example.com').map((r) => r.email)).toEqual([
      'twice@example.com',
    ]);
  });

  it('stores the page the form was sent from (x-source-path), and ignores a value that is not a path', async () => {
    const ip = nextIp();
    const cookie = await captchaPass(t, ip);
    await subscribe({ email: 'from-contact@example.com' }, { ip, cookie, headers: { 'x-source-path': '/contact-us' } });
    await subscribe({ email: 'from-evil@example.com' }, { ip, cookie, headers: { 'x-source-path': 'https://evil.example/x' } });
    await subscribe({ email: 'from-nowhere@example.com' }, { ip, cookie });

    const byEmail = new Map((await rows(t)).map((r) => [r.email, r.sourcePath]));
    expect(byEmail.get('from-contact@example.com')).toBe('/contact-us');
    expect(byEmail.get('from-evil@example.com')).toBeNull();
    expect(byEmail.get('from-nowhere@example.com')).toBeNull();
  });

  describe('a captcha pass it did not sign is refused', () => {
    const forgeries: Record<string, (t: TestApp, real: string) => string> = {
      'an unsigned expiry': () => `captcha_pass=${Date.now() + 3_600_000}`,
      'a value signed with another key': () => {
        const value = String(Date.now() + 3_600_000);
        const mac = createHmac('sha256', 'not-the-server-key').update(value).digest('base64').replace(/=+$/, '');
        return `captcha_pass=${encodeURIComponent(`${value}.${mac}`)}`;
      },
      'a real pass with its expiry pushed back': (_t, real) => {
        const decoded = decodeURIComponent(real.slice('captcha_pass='.length));
        const [expiry, mac] = [decoded.slice(0, decoded.lastIndexOf('.')), decoded.slice(decoded.lastIndexOf('.') + 1)];
        return `captcha_pass=${encodeURIComponent(`${Number(expiry) + 86_400_000}.${mac}`)}`;
      },
      'a properly signed pass that has expired': (t) =>
        `captcha_pass=${encodeURIComponent(t.app.signCookie(String(Date.now() - 1000)))}`,
      'a properly signed pass that is not an expiry': (t) =>
        `captcha_pass=${encodeURIComponent(t.app.signCookie('forever'))}`,
      'an empty cookie': () => 'captcha_pass=',
    };
    for (const [name, forge] of Object.entries(forgeries)) {
      it(name, async () => {
        const ip = nextIp();
        const real = await captchaPass(t, ip);
        const email = `forged-${name.replace(/\W+/g, '-')}@example.com`;
        const res = await subscribe({ email }, { ip, cookie: forge(t, real) });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: { field: 'captcha', message: 'Please complete the CAPTCHA.' } });
        expect((await rows(t)).some((r) => r.email === email)).toBe(false);
      });
    }

    it('while the real pass, sent the same way, is accepted (the forgeries are refused for their forgery)', async () => {
      const ip = nextIp();
      const real = await captchaPass(t, ip);
      const res = await subscribe({ email: 'real-pass@example.com' }, { ip, cookie: real });
      expect(res.statusCode).toBe(200);
    });
  });

  it('answers 429 in the error shape once one address sends too many', async () => {
    const ip = nextIp();
    let cookie = await captchaPass(t, ip);
    const statuses: number[] = [];
    let limited: { statusCode: number; body: string; headers: Record<string, unknown> } | null = null;
    for (let i = 0; i < 30 && !limited; i += 1) {
      // A pass carries CAPTCHA_PASS_USES forms (lib/captcha.ts): a fresh one when it is spent.
      if (i > 0 && i % CAPTCHA_PASS_USES === 0) cookie = await captchaPass(t, ip);
      const res = await subscribe({ email: `burst${i}@example.com` }, { ip, cookie });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited = res;
    }
    expect(limited, `statuses: ${statuses.join(',')}`).not.toBeNull();
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(errorOf(limited!.body)).toEqual({
      field: 'alert',
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds?\.$/),
    });
    expect(limited!.headers['retry-after']).toBeDefined();

    // Another address is not held back by this one.
    const other = nextIp();
    const otherCookie = await captchaPass(t, other);
    const res = await subscribe({ email: 'other-address@example.com' }, { ip: other, cookie: otherCookie });
    expect(res.statusCode).toBe(200);
  });
});
