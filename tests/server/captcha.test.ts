import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase, errorOf, nextIp, useTestApp } from './helper';

const SITEKEY = '20000000-aaaa-bbbb-cccc-000000000002';
const SECRET = '0xTEST-SECRET-0000000000000000000000000000';

describeEachDatabase('POST /api/verify-captcha', (kind) => {
  const t = useTestApp(kind, { env: { HCAPTCHA_SITEKEY: SITEKEY, HCAPTCHA_SECRET: SECRET } });

  afterEach(() => {
    t.stub.failing = false;
  });

  function verify(payload: unknown, ip = nextIp()) {
    return t.app.inject({
      method: 'POST',
      url: '/api/verify-captcha',
      remoteAddress: ip,
      payload: payload as Record<string, unknown>,
    });
  }

  it('passes a token the verifier accepts, sending it the configured secret and sitekey', async () => {
    const before = t.stub.verifications.length;
    const ip = nextIp();
    const res = await verify({ token: 'pass-abc123' }, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const sent = t.stub.verifications.slice(before);
    expect(sent).toEqual([{ secret: SECRET, sitekey: SITEKEY, response: 'pass-abc123', remoteip: ip }]);

    const cookie = res.cookies.find((c) => c.name === 'captcha_pass');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Lax' });
    // A browser-session cookie: no Max-Age/Expires, the signed value carries its own expiry.
    expect(cookie!.maxAge).toBeUndefined();
    expect(cookie!.expires).toBeUndefined();
  });

  it('fails a token the verifier rejects: {success:false} and no pass', async () => {
    const before = t.stub.verifications.length;
    const res = await verify({ token: 'fail-xyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false });
    expect(res.cookies.find((c) => c.name === 'captcha_pass')).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(t.stub.verifications.slice(before).map((v) => v.response)).toEqual(['fail-xyz']);
  });

  it('answers 503 in the error shape when the verifier is down, leaking nothing and granting no pass', async () => {
    t.stub.failing = true;
    const res = await verify({ token: 'pass-while-down' });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res.body)).toEqual({ field: 'alert', message: 'Something went wrong. Please try again later.' });
    expect(res.body).not.toMatch(/hCaptcha|500|127\.0\.0\.1|siteverify/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 503 when the verifier cannot be reached at all', async () => {
    const unreachable = useUnreachableVerifier();
    try {
      const res = await verify({ token: 'pass-unreachable' });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res.body)).toEqual({ field: 'alert', message: 'Something went wrong. Please try again later.' });
      expect(res.body).not.toMatch(/ECONNREFUSED|fetch failed/);
    } finally {
      unreachable.restore();
    }
  });

  it('asks for the token when it is empty or missing, without calling the verifier', async () => {
    const before = t.stub.verifications.length;
    for (const payload of [{ token: '' }, {}, { token: 42 }]) {
      const res = await verify(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.body).field, JSON.stringify(payload)).toBe('token');
    }
    expect(t.stub.verifications.length).toBe(before);
  });

  it('is rate limited per address: 429 in the error shape', async () => {
    const ip = nextIp();
    let status = 0;
    let body = '';
    for (let i = 0; i < 60 && status !== 429; i += 1) {
      const res = await verify({ token: 'fail-burst' }, ip);
      status = res.statusCode;
      body = res.body;
    }
    expect(status).toBe(429);
    expect(errorOf(body).field).toBe('alert');
    expect(errorOf(body).message).toMatch(/^Too many attempts/);
  });

  /** Points the app's config at a port nothing listens on, for one test. */
  function useUnreachableVerifier() {
    const original = t.config.hcaptcha.verifyUrl;
    t.config.hcaptcha.verifyUrl = 'http://127.0.0.1:9/siteverify';
    return {
      restore: () => {
        t.config.hcaptcha.verifyUrl = original;
      },
    };
  }
});
