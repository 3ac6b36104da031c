import { beforeEach, expect, it } from 'vitest';
import { redactUrl } from '../../src/server/logger';
import { describeEachDatabase, useTestApp } from './helper';

const HCAPTCHA_SECRET = '0xHCAPTCHA-SECRET-must-not-be-logged-000000';
const SECRETS = {
  authToken: 'eyJhbGciOiJIUzI1NiJ9.AUTHTOKEN-SECRET.sig',
  bearer: 'BEARER-SECRET-42',
  cookie: 'COOKIE-SECRET-77',
  googleToken: 'SECRET123',
  resetToken: 'RESET-SECRET-555',
  code: 'CODE-SECRET-9',
  captchaToken: 'pass-CAPTCHA-SECRET-1',
  password: 'PASSWORD-SECRET-0',
};

interface LogLine {
  level: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  [key: string]: unknown;
}

describeEachDatabase('request logging', (kind) => {
  const lines: string[] = [];
  const t = useTestApp(kind, {
    env: { HCAPTCHA_SECRET },
    logLevel: 'info',
    logStream: { write: (line: string) => void lines.push(line) },
  });

  beforeEach(() => {
    lines.length = 0;
    t.stub.failing = false;
  });

  const parsed = () => lines.map((l) => JSON.parse(l) as LogLine);

  it('logs the request line with the secret query values cut out', async () => {
    await t.app.inject({
      url: `/?token=${SECRETS.googleToken}&authType=google`,
      headers: {
        'x-auth-token': SECRETS.authToken,
        authorization: `Bearer ${SECRETS.bearer}`,
        cookie: `captcha_pass=${SECRETS.cookie}; other=${SECRETS.cookie}`,
      },
    });
    await t.app.inject({ url: `/reset-password?token=${SECRETS.resetToken}` });
    await t.app.inject({ url: `/api/x?CODE=${SECRETS.code}&state=${SECRETS.code}&nonce=${SECRETS.code}&page=2` });

    const urls = parsed()
      .filter((l) => l.msg === 'incoming request')
      .map((l) => l.req?.url);
    expect(urls).toEqual([
      '/?token=[redacted]&authType=google',
      '/reset-password?token=[redacted]',
      '/api/x?CODE=[redacted]&state=[redacted]&nonce=[redacted]&page=2',
    ]);
    // The outcome of each request is logged too.
    expect(parsed().filter((l) => l.msg === 'request completed').map((l) => l.res?.statusCode)).toEqual([404, 404, 404]);

    const all = lines.join('\n');
    for (const secret of [SECRETS.googleToken, SECRETS.resetToken, SECRETS.code, SECRETS.authToken, SECRETS.bearer, SECRETS.cookie]) {
      expect(all).not.toContain(secret);
    }
  });

  it('never logs request bodies, the captcha pass it sets, or the hCaptcha secret, even when a request fails', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/verify-captcha',
      payload: { token: SECRETS.captchaToken, password: SECRETS.password },
    });
    t.stub.failing = true; // the 503 path logs the error
    await t.app.inject({ method: 'POST', url: '/api/verify-captcha', payload: { token: SECRETS.captchaToken } });

    const logged = parsed();
    expect(logged.some((l) => l.level >= 50 && l.msg === 'request failed')).toBe(true);
    const all = lines.join('\n');
    expect(all).toContain('/api/verify-captcha');
    for (const secret of [SECRETS.captchaToken, SECRETS.password, HCAPTCHA_SECRET, t.config.jwtSecret]) {
      expect(all).not.toContain(secret);
    }
    // The signed pass granted by the first request is not in the log either.
    expect(all).not.toMatch(/captcha_pass=/);
  });
});

it('redactUrl cuts every secret query parameter, whatever its case or position', () => {
  expect(redactUrl('/?authType=google&token=abc')).toBe('/?authType=google&token=[redacted]');
  expect(redactUrl('/x?Token=a&token=b#frag')).toBe('/x?Token=[redacted]&token=[redacted]#frag');
  expect(redactUrl('/x?password=p&newPassword=n&verify_email_code=1234')).toBe(
    '/x?password=[redacted]&newPassword=[redacted]&verify_email_code=[redacted]',
  );
  expect(redactUrl('/x?notatoken=keep&tokens=keep')).toBe('/x?notatoken=keep&tokens=keep');
  expect(redactUrl('/about-us')).toBe('/about-us');
});
