// Bursts against every limit of the limits table in docs/faults.md: 100 concurrent attempts
// each (more where the limit is higher), spread over one or two instances, and how many got past
// the limit. "Got past" is every answer but the limit's refusal (429, or the captcha's 403 for the
// pass), so an attempt that was checked counts even when it was refused for another reason.
import { call, captchaPass, nextIp, sleep } from './lib.mjs';

const BURST = 100;

async function burst(origins, n, make) {
  return Promise.all(Array.from({ length: n }, (_, i) => make(origins[i % origins.length], i)));
}
const notLimited = (answers) => answers.filter((a) => a.status !== 429).length;
const noAnswer = (answers) => answers.filter((a) => a.status === 0 || a.status >= 500).length;

function row(name, limit, answers, got, extra = {}) {
  const failed = noAnswer(answers);
  return { name, limit, got, ok: got <= limit && failed === 0 && (extra.ok ?? true), note: [failed ? `${failed} 5xx/no answer` : '', extra.note ?? ''].filter(Boolean).join('; ') };
}

async function codeFrom(sink, email, timeoutMs = 30_000) {
  const by = Date.now() + timeoutMs;
  while (Date.now() < by) {
    const mail = sink.messages.filter((m) => m.to.includes(email.toLowerCase()) && /^\d{4} is your /.test(m.subject)).pop();
    const code = mail && /^(\d{4})/.exec(mail.subject)?.[1];
    if (code) return code;
    await sleep(250);
  }
  return null;
}

/** Runs every burst against `origins` (one instance, or two sharing Redis) with the fixtures of one set. */
export async function limitBursts(origins, set, sink) {
  const rows = [];
  const o0 = origins[0];
  const loginCookie = await captchaPass(o0);
  const wrong = 'Wrong-Password-123';

  let a = await burst(origins, BURST, (o) => call(o, 'POST', '/api/auth/login', { json: { user_type: '1', email: set.loginRider.email, password: wrong }, cookie: loginCookie }));
  rows.push(row('failed logins, one account (5/15 min)', 5, a, notLimited(a)));

  let ip = nextIp();
  a = await burst(origins, BURST, (o, i) => call(o, 'POST', '/api/auth/login', { ip, json: { user_type: '1', email: `nobody${i}.${Date.now()}@faults.example.com`, password: wrong }, cookie: loginCookie }));
  rows.push(row('failed logins, one address (20/15 min)', 20, a, notLimited(a)));

  a = await burst(origins, BURST, (o) => call(o, 'POST', '/api/auth/forget-password', { json: { email: set.deleteRider.email } }));
  rows.push(row('reset links, one e-mail (3/h)', 3, a, notLimited(a)));

  ip = nextIp();
  a = await burst(origins, BURST, (o, i) => call(o, 'POST', '/api/auth/forget-password', { ip, json: { email: `nobody${i}.${Date.now()}@faults.example.com` } }));
  rows.push(row('reset links, one address (10/h)', 10, a, notLimited(a)));

  const pass = await captchaPass(o0);
  a = await burst(origins, BURST, (o, i) => call(o, 'POST', '/api/newsletter', { json: { email: `sub${i}.${Date.now()}@faults.example.com` }, cookie: pass }));
  rows.push(row('captcha pass, forms per pass (8)', 8, a, a.filter((x) => x.status === 200).length));

  a = await burst(origins, BURST, (o) => call(o, 'POST', '/api/users/send-verify-email', { token: set.unverified.token }));
  rows.push(row('verification code, a new one (1 per 60 s)', 1, a, a.filter((x) => x.status === 200).length));

  const code = await codeFrom(sink, set.unverified.email);
  if (code === null) {
    rows.push({ name: 'verification code, wrong tries (5)', limit: 5, got: NaN, ok: false, note: 'no code e-mailed' });
  } else {
    const bad = String((Number(code) + 1) % 10000).padStart(4, '0');
    a = await burst(origins, BURST, (o) => call(o, 'PUT', '/api/users/verify-email', { json: { verify_email_code: bad }, token: set.unverified.token }));
    const checked = a.filter((x) => /not correct/.test(x.body?.error?.message ?? '')).length;
    const right = await call(o0, 'PUT', '/api/users/verify-email', { json: { verify_email_code: code }, token: set.unverified.token });
    rows.push(row('verification code, wrong tries (5), then the right one refused', 5, a, checked, { ok: right.status !== 200, note: right.status === 200 ? 'the right code still worked' : '' }));
  }

  const hire = { rider: 'nobody_listed', role: 'Dispatch rider', state: 'Lagos', town: 'Ikeja', start_date: '2030-01-06', pay_note: 'N5,000 a day' };
  a = await burst(origins, BURST, (o) => call(o, 'POST', '/api/hiring/requests', { json: hire, token: set.company.token }));
  rows.push(row('hire requests, one company (30/h)', 30, a, notLimited(a)));

  a = await burst(origins, BURST, (o) => call(o, 'DELETE', '/api/users/account', { json: { password: wrong }, token: set.deleteRider.token }));
  rows.push(row('password confirmation, delete account (5/15 min)', 5, a, notLimited(a)));

  a = await burst(origins, BURST, (o) => call(o, 'PUT', '/api/companies/me/password', { json: { current_password: wrong, new_password: 'Another-Good-Pass-77' }, token: set.company.token }));
  rows.push(row('password confirmation, company password (5/15 min)', 5, a, notLimited(a)));

  a = await burst(origins, BURST, (o) => call(o, 'DELETE', `/api/ops/newsletter/${crypto.randomUUID()}`, { json: { confirmation: wrong }, staffToken: set.staff.token }));
  rows.push(row('staff step-up (5/15 min)', 5, a, notLimited(a)));

  // Per-address route limits (config.rateLimit through @fastify/rate-limit on the same store).
  const routeLimits = [
    ['POST', '/api/enquiries', 10, (i) => ({ kind: 'enquiry', name: 'Ada', email: `e${i}@faults.example.com`, message: `Burst ${i}` })],
    ['POST', '/api/newsletter', 10, (i) => ({ email: `n${i}@faults.example.com` })],
    ['POST', '/api/waitlist', 10, (i) => ({ companyName: `Co ${i}`, email: `w${i}@faults.example.com` })],
    ['POST', '/api/auth/create', 20, (i) => ({ user_type: '1', username: `burst_${i}`, email: `c${i}@faults.example.com`, password: wrong })],
    ['POST', '/api/verify-captcha', 30, () => ({ token: 'fail-burst' })],
    ['POST', '/api/client-errors', 30, (i) => ({ events: [{ kind: 'error', message: `burst ${i}`, url: 'https://x.test/', timestamp: Date.now() }] })],
    ['GET', '/api/locations', 120, null],
  ];
  for (const [method, url, limit, body] of routeLimits) {
    ip = nextIp();
    const n = Math.max(BURST, limit + 80);
    a = await burst(origins, n, (o, i) => call(o, method, url, { ip, ...(body ? { json: body(i) } : {}) }));
    rows.push(row(`per address: ${method} ${url} (${limit}/${url === '/api/auth/create' ? '10 min' : 'min'}), ${n} at once`, limit, a, notLimited(a)));
  }
  return rows;
}
