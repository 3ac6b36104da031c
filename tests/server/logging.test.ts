import { beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { redactErrorText, redactUrl, serializeError } from '../../src/server/logger';
import { captchaCookie } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp } from './helper';

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

  it('never logs the values of a failed database query: no e-mail, phone or body in the error line', async () => {
    const email = 'ngozi.private.4471@example.com';
    const phone = '0803 555 7311';
    // Every new enquiry now fails in the database (a check violation whose detail is the whole row).
    await t.database.db.execute(sql.raw('ALTER TABLE enquiries ADD CONSTRAINT logging_test_fail CHECK (false) NOT VALID'));
    try {
      const ip = nextIp();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/enquiries',
        remoteAddress: ip,
        headers: { cookie: await captchaCookie(t, ip) },
        payload: { kind: 'enquiry', name: 'Ngozi Private', email, phone, message: 'Call me about my parcel' },
      });
      expect(res.statusCode, res.body).toBe(500);
      expect(errorOf(res.body)).toEqual({ field: 'alert', message: 'Something went wrong. Please try again later.' });
    } finally {
      await t.database.db.execute(sql.raw('ALTER TABLE enquiries DROP CONSTRAINT logging_test_fail'));
    }
    const failed = parsed().filter((l) => l.level >= 50 && l.msg === 'request failed');
    expect(failed).toHaveLength(1);
    const all = lines.join('\n');
    for (const personal of [email, 'ngozi.private', '5557311', '555 7311', 'Ngozi Private', 'Call me about my parcel']) {
      expect(all).not.toContain(personal);
    }
    expect(all).not.toMatch(/Failing row|"detail"|"params"|"parameters"|queryOptions/);
    // The error is still useful: its type, the SQL text, the database's code and its stack.
    const err = failed[0]!.err as { message: string; stack: string; code?: string; cause?: { code?: string } };
    expect(err.message).toMatch(/^Failed query: insert into "enquiries"/);
    expect(err.code ?? err.cause?.code).toBe('23514');
    expect(err.stack).toMatch(/\n\s+at /);
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

it('serializeError keeps an error useful and cuts the values of a query out of it', () => {
  const db = Object.assign(new Error('invalid input syntax for type uuid: "ada@example.com"'), {
    code: '22P02',
    severity: 'ERROR',
    detail: 'Key (email)=(ada@example.com) already exists.',
    params: ['ada@example.com', '+2348031234567'],
    parameters: ['ada@example.com'],
    query: 'select 1',
  });
  const wrapped = new Error('Failed query: select * from users where email = $1\nparams: ada@example.com,+2348031234567', { cause: db });
  const out = JSON.stringify(serializeError(wrapped));
  expect(out).not.toMatch(/ada@example|2348031234567|detail|params":|parameters/);
  expect(out).toContain('Failed query: select * from users where email = $1');
  expect(out).toContain('22P02');
  expect(redactErrorText('Failed query: x\nparams: a@b.c')).toBe('Failed query: x\nparams: [redacted]');
  expect(serializeError('Failed query: x\nparams: a@b.c,0803')).toBe('Failed query: x\nparams: [redacted]');
  expect(redactErrorText('connect ECONNREFUSED 127.0.0.1:5432')).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  // An SMTP server's refusal names the recipient: the reason stays, the address goes.
  expect(redactErrorText('Can\'t send mail - all recipients were rejected: 550 5.1.1 <ada.o@example.com>: Recipient address rejected')).toBe(
    'Can\'t send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected',
  );
});
