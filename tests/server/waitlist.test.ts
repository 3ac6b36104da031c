/**
 * POST /api/waitlist: the company waitlist. The captcha comes first (spec §5); one entry per
 * address, updated when the company joins again; the notice e-mail to OPS_EMAIL goes through
 * the outbox in the same transaction and out over real SMTP.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxEmails, waitlistEntries } from '../../src/server/db/schema';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { CAPTCHA_PASS_USES } from '../../src/server/lib/captcha';
import { buildTestApp, describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';

const WAITLISTED = "You've been added to the waitlist! We will get back to you shortly.";
const REQUIRED = 'Please fill in the required fields';
const INVALID_EMAIL = 'Please enter a valid email address';
const CAPTCHA = 'Please complete the CAPTCHA.';
const OPS = 'ops@ogbadispatch.test';

/** Passes the captcha from `ip` and returns the cookie header value to send with forms. */
async function captchaPass(t: Pick<TestApp, 'app'>, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/verify-captcha',
    remoteAddress: ip,
    payload: { token: 'pass-waitlist' },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'captcha_pass');
  expect(cookie, 'verify-captcha sets the captcha_pass cookie').toBeDefined();
  return `captcha_pass=${cookie!.value}`;
}

function post(
  t: Pick<TestApp, 'app'>,
  payload: unknown,
  options: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    remoteAddress: options.ip ?? nextIp(),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function join(t: Pick<TestApp, 'app'>, payload: Record<string, unknown>, headers?: Record<string, string>) {
  const ip = nextIp();
  const cookie = await captchaPass(t, ip);
  const res = await post(t, payload, { ip, cookie, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: WAITLISTED });
  return res;
}

const entriesOf = (t: Pick<TestApp, 'database'>, email: string) =>
  t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
const mailAbout = (t: Pick<TestApp, 'database'>, words: string) =>
  t.database.db
    .select()
    .from(outboxEmails)
    .where(sql`${outboxEmails.text} like ${`%${words}%`}`)
    .orderBy(outboxEmails.createdAt);

describeEachDatabase('POST /api/waitlist', (kind) => {
  const t = useTestApp(kind, { env: { OPS_EMAIL: OPS }, startWorkers: false });

  const valid = { companyName: 'Ikeja Parcels Ltd', email: 'ops@ikejaparcels.ng', features: '' };

  it('asks for the captcha first: 403 under captcha whatever the fields hold, nothing stored', async () => {
    const json = { 'content-type': 'application/json' };
    for (const payload of [
      {},
      { companyName: '', email: '', features: '' },
      { companyName: '   ', email: 'not-an-email' },
      { companyName: 'x'.repeat(500), email: 'a@b.co' },
      { ...valid, email: 'captcha-first@example.com' },
    ]) {
      const res = await post(t, payload, { headers: json });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(errorOf(res.body), JSON.stringify(payload)).toEqual({ field: 'captcha', message: CAPTCHA });
    }
    expect(await entriesOf(t, 'captcha-first@example.com')).toEqual([]);
    expect(await mailAbout(t, 'captcha-first@example.com')).toEqual([]);
  });

  it('with the captcha passed, names the missing field with the spec message (company name, then email)', async () => {
    const cookie = await captchaPass(t, '10.251.0.1');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'companyName', REQUIRED],
      [{ ...valid, companyName: '' }, 'companyName', REQUIRED],
      [{ ...valid, companyName: '  \t ' }, 'companyName', REQUIRED],
      [{ ...valid, companyName: '', email: '' }, 'companyName', REQUIRED],
      [{ ...valid, email: '' }, 'email', REQUIRED],
      [{ companyName: 'Only A Name' }, 'email', REQUIRED],
      [{ ...valid, email: '   ' }, 'email', REQUIRED],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(t, payload, { cookie });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.body), JSON.stringify(payload)).toEqual({ field, message });
    }
  });

  it('rejects an address without @ and . under email', async () => {
    const cookie = await captchaPass(t, '10.251.0.2');
    for (const email of ['bad', 'bad@nodot', 'no-at.example.com', 'two words@example.com']) {
      const res = await post(t, { ...valid, email }, { cookie });
      expect(res.statusCode, email).toBe(400);
      expect(errorOf(res.body), email).toEqual({ field: 'email', message: INVALID_EMAIL });
    }
  });

  it('keeps every field within its length, under that field', async () => {
    const cookie = await captchaPass(t, '10.251.0.3');
    const cases: Array<[string, string, number]> = [
      ['companyName', 'c'.repeat(161), 160],
      ['email', `${'a'.repeat(250)}@example.com`, 254],
      ['features', 'f'.repeat(2001), 2000],
    ];
    for (const [field, value, max] of cases) {
      const res = await post(t, { ...valid, [field]: value }, { cookie });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res.body), field).toEqual({ field, message: `Please keep this under ${max} characters` });
    }
  });

  it('answers a body of the wrong type with a 400 in the error shape, never a 5xx', async () => {
    const cookie = await captchaPass(t, '10.251.0.4');
    const res = await post(t, { ...valid, features: ['a', 'b'] }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toEqual({ field: 'features', message: 'Invalid request' });
  });

  it('adds the company: 200 with the message, one normalised row with its page; features optional', async () => {
    await join(
      t,
      { companyName: '  Lekki Logistics  ', email: '  Hello@LekkiLogistics.NG ', features: '  Rider ratings\nBulk booking ' },
      { 'x-source-path': '/company-waitlist' },
    );
    const rows = await entriesOf(t, 'hello@lekkilogistics.ng');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      companyName: 'Lekki Logistics',
      email: 'hello@lekkilogistics.ng',
      features: 'Rider ratings\nBulk booking',
      sourcePath: '/company-waitlist',
    });

    await join(t, { companyName: 'No Wishes Co', email: 'nowishes@example.com' });
    await join(t, { companyName: 'Blank Wishes Co', email: 'blankwishes@example.com', features: '   ' });
    expect(await entriesOf(t, 'nowishes@example.com')).toMatchObject([{ features: null, sourcePath: null }]);
    expect(await entriesOf(t, 'blankwishes@example.com')).toMatchObject([{ features: null }]);
  });

  it('joining again with the same address (in another case) updates the one entry, and is a success', async () => {
    await join(t, { companyName: 'Yaba Movers', email: 'team@yabamovers.ng', features: 'Tracking' }, { 'x-source-path': '/company-waitlist' });
    const [first] = await entriesOf(t, 'team@yabamovers.ng');
    await join(t, { companyName: 'Yaba Movers Ltd', email: ' TEAM@YabaMovers.ng', features: 'Tracking and invoices' });

    const rows = await entriesOf(t, 'team@yabamovers.ng');
    expect(rows).toHaveLength(1);
    const [again] = rows;
    expect(again).toMatchObject({ id: first!.id, companyName: 'Yaba Movers Ltd', features: 'Tracking and invoices' });
    expect(again!.createdAt.getTime()).toBe(first!.createdAt.getTime());
    expect(again!.updatedAt.getTime()).toBeGreaterThan(first!.updatedAt.getTime());
    const all = await t.database.db.select().from(waitlistEntries);
    expect(all.filter((r) => r.email.toLowerCase() === 'team@yabamovers.ng')).toHaveLength(1);

    // Ops hear of both: the first as new, the second as an update.
    const mail = await mailAbout(t, 'team@yabamovers.ng');
    expect(mail.map((m) => m.subject)).toEqual(['New waitlist entry from Yaba Movers', 'Waitlist entry updated by Yaba Movers Ltd']);
    expect(mail[1]!.text).toContain('Features wished for: Tracking and invoices');
    expect(mail[1]!.text).toContain('First joined: ');
  });

  it('puts the notice to OPS_EMAIL in the outbox with the entry: every field, the page and the time', async () => {
    await join(
      t,
      { companyName: 'Surulere Express', email: 'Desk@SurulereExpress.ng', features: 'Verified riders only' },
      { 'x-source-path': '/company-waitlist' },
    );
    const [entry] = await entriesOf(t, 'desk@surulereexpress.ng');
    const mail = await mailAbout(t, 'desk@surulereexpress.ng');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: OPS, subject: 'New waitlist entry from Surulere Express', status: 'pending', attempts: 0 });
    for (const line of [
      'Company name: Surulere Express',
      'Email: desk@surulereexpress.ng',
      'Features wished for: Verified riders only',
      'Page: /company-waitlist',
      'Time: ',
      entry!.createdAt.toISOString(),
    ]) {
      expect(mail[0]!.text).toContain(line);
    }
    expect(mail[0]!.html).toContain('Verified riders only');
  });

  it('stores the entry and its e-mail in one transaction: when the e-mail cannot be written, neither is kept', async () => {
    await t.database.db.execute(sql`alter table outbox_emails add constraint test_refuse_mail check (subject = '') not valid`);
    try {
      const ip = nextIp();
      const cookie = await captchaPass(t, ip);
      const res = await post(t, { ...valid, email: 'atomic@example.com' }, { ip, cookie });
      expect(res.statusCode).toBe(500);
      expect(errorOf(res.body)).toEqual({ field: 'alert', message: 'Something went wrong. Please try again later.' });
    } finally {
      await t.database.db.execute(sql`alter table outbox_emails drop constraint test_refuse_mail`);
    }
    expect(await entriesOf(t, 'atomic@example.com')).toEqual([]);
  });

  it('answers 429 in the error shape once one address sends too many', async () => {
    const ip = nextIp();
    let cookie = await captchaPass(t, ip);
    const statuses: number[] = [];
    for (let i = 0; i < 15 && !statuses.includes(429); i += 1) {
      // A pass carries CAPTCHA_PASS_USES forms (lib/captcha.ts): a fresh one when it is spent.
      if (i > 0 && i % CAPTCHA_PASS_USES === 0) cookie = await captchaPass(t, ip);
      const res = await post(t, { ...valid, email: `burst${i}@example.com` }, { ip, cookie });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(errorOf(res.body).field).toBe('alert');
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('is listed in the OpenAPI document with its body and responses', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const op = (res.json() as { paths: Record<string, { post?: { responses: Record<string, unknown> } }> }).paths['/api/waitlist']?.post;
    expect(op).toBeDefined();
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '429']));
  });
});

describeEachDatabase('POST /api/waitlist without OPS_EMAIL', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('stores the entry, and its update, and queues no e-mail', async () => {
    await join(t, { companyName: 'Quiet Co', email: 'quiet@example.com' });
    await join(t, { companyName: 'Quiet Co Ltd', email: 'quiet@example.com' });
    expect(await entriesOf(t, 'quiet@example.com')).toMatchObject([{ companyName: 'Quiet Co Ltd' }]);
    expect(await t.database.db.select().from(outboxEmails)).toEqual([]);
  });
});

describeEachDatabase('waitlist notice over SMTP', (kind) => {
  const s: { t: TestApp | null; sink: SmtpSink | null } = { t: null, sink: null };
  beforeAll(async () => {
    s.sink = await startSmtpSink();
    s.t = await buildTestApp({ database: kind, env: { OPS_EMAIL: OPS, SMTP_URL: s.sink.url }, startWorkers: false });
  });
  afterAll(async () => {
    await s.t?.close();
    await s.sink?.close();
  });

  it('delivers the notice to OPS_EMAIL through the mail server', async () => {
    const t = s.t!;
    await join(t, { companyName: 'Apapa Haulage', email: 'hi@apapahaulage.ng', features: 'Night deliveries to Apapa port' });
    expect(await t.app.mailer.deliverDue()).toBe(1);
    const received = s.sink!.messages.filter((m) => m.text.includes('Night deliveries to Apapa port'));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ to: [OPS], subject: 'New waitlist entry from Apapa Haulage' });
    expect(received[0]!.text).toContain('Email: hi@apapahaulage.ng');
    expect(await mailAbout(t, 'Night deliveries to Apapa port')).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });
});
