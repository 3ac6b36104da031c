/**
 * POST /api/enquiries: Quick Enquiry (kind 'enquiry') and Get Quote (kind 'quote'), the notice
 * e-mail to OPS_EMAIL through the outbox, and its delivery over real SMTP and into the dev
 * mailbox.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enquiries, outboxEmails } from '../../src/server/db/schema';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { CAPTCHA_PASS_USES } from '../../src/server/lib/captcha';
import { buildTestApp, describeEachDatabase, errorOf, nextIp, useTestApp, type DatabaseKind, type TestApp } from './helper';

const SENT = 'Your message has been sent! We will get back to you shortly.';
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
    payload: { token: 'pass-enquiry' },
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
    url: '/api/enquiries',
    remoteAddress: options.ip ?? nextIp(),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    payload: payload as Record<string, unknown>,
  });
}

/** Sends a valid enquiry from a fresh address that has passed the captcha. */
async function sendValid(t: Pick<TestApp, 'app'>, payload: Record<string, unknown>, headers?: Record<string, string>) {
  const ip = nextIp();
  const cookie = await captchaPass(t, ip);
  const res = await post(t, payload, { ip, cookie, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: SENT });
  return res;
}

const rowsFrom = (t: Pick<TestApp, 'database'>, email: string) =>
  t.database.db.select().from(enquiries).where(eq(enquiries.email, email));
const mailAbout = (t: Pick<TestApp, 'database'>, words: string) =>
  t.database.db
    .select()
    .from(outboxEmails)
    .where(sql`${outboxEmails.text} like ${`%${words}%`}`);

describeEachDatabase('POST /api/enquiries', (kind) => {
  // No SMTP_URL and HOST on loopback: mail goes to the dev mailbox once delivered.
  const t = useTestApp(kind, { env: { OPS_EMAIL: OPS, HOST: '127.0.0.1' }, startWorkers: false });

  const valid = { kind: 'enquiry', name: 'Ada Obi', email: 'ada@example.com', phone: '', message: 'Hello there' };

  it('names the missing field with the spec message, in form order (name, email, message)', async () => {
    const cookie = await captchaPass(t, '10.250.0.1');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, name: '' }, 'name', REQUIRED],
      [{ ...valid, name: '   ' }, 'name', REQUIRED],
      [{ ...valid, email: '' }, 'email', REQUIRED],
      [{ ...valid, email: '  ' }, 'email', REQUIRED],
      [{ ...valid, message: '' }, 'message', REQUIRED],
      [{ ...valid, message: '\n\t ' }, 'message', REQUIRED],
      [{ kind: 'enquiry' }, 'name', REQUIRED],
      [{ kind: 'quote', name: 'Ada' }, 'email', REQUIRED],
      [{ kind: 'quote', name: 'Ada', email: 'ada@example.com' }, 'message', REQUIRED],
      [{ ...valid, name: '', email: 'bad', message: '' }, 'name', REQUIRED],
      [{ ...valid, email: 'bad', message: '' }, 'email', INVALID_EMAIL],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(t, payload, { cookie });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.body), JSON.stringify(payload)).toEqual({ field, message });
    }
  });

  it('rejects an address without @ and . under email', async () => {
    const cookie = await captchaPass(t, '10.250.0.2');
    for (const email of ['bad', 'bad@nodot', 'no-at.example.com', 'two words@example.com']) {
      const res = await post(t, { ...valid, email }, { cookie });
      expect(res.statusCode, email).toBe(400);
      expect(errorOf(res.body), email).toEqual({ field: 'email', message: INVALID_EMAIL });
    }
  });

  it('keeps every field within its length, under that field', async () => {
    const cookie = await captchaPass(t, '10.250.0.3');
    const cases: Array<[string, string, number]> = [
      ['name', 'n'.repeat(121), 120],
      ['email', `${'a'.repeat(250)}@example.com`, 254],
      ['phone', '0'.repeat(21), 20],
      ['message', 'm'.repeat(4001), 4000],
    ];
    for (const [field, value, max] of cases) {
      const res = await post(t, { ...valid, [field]: value }, { cookie });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res.body), field).toEqual({ field, message: `Please keep this under ${max} characters` });
    }
  });

  it('needs kind to be enquiry or quote: a 400 under kind, nothing stored', async () => {
    const cookie = await captchaPass(t, '10.250.0.4');
    for (const bad of [undefined, '', 'complaint', 'QUOTE', 1, null]) {
      const payload = { ...valid, email: 'kind-check@example.com', kind: bad };
      if (bad === undefined) delete (payload as { kind?: unknown }).kind;
      const res = await post(t, payload, { cookie });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(errorOf(res.body).field, String(bad)).toBe('kind');
    }
    expect(await rowsFrom(t, 'kind-check@example.com')).toEqual([]);
  });

  it('needs the captcha pass: 403 under captcha, nothing stored and no e-mail', async () => {
    const res = await post(t, { ...valid, email: 'nocaptcha@example.com', message: 'no captcha here' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body)).toEqual({ field: 'captcha', message: CAPTCHA });
    expect(await rowsFrom(t, 'nocaptcha@example.com')).toEqual([]);
    expect(await mailAbout(t, 'no captcha here')).toEqual([]);
  });

  it('stores a Quick Enquiry with its kind, page and normalised e-mail; phone empty is null', async () => {
    await sendValid(
      t,
      { kind: 'enquiry', name: '  Ada Obi ', email: '  Ada.Obi@Example.COM ', phone: '   ', message: '  Do you deliver to Ikeja?  ' },
      { 'x-source-path': '/' },
    );
    const rows = await rowsFrom(t, 'ada.obi@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'enquiry',
      name: 'Ada Obi',
      email: 'ada.obi@example.com',
      phone: null,
      message: 'Do you deliver to Ikeja?',
      sourcePath: '/',
    });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('stores a Get Quote request with its phone (any format: a Nigerian number is not required)', async () => {
    await sendValid(
      t,
      { kind: 'quote', name: 'Bola Ventures', email: 'bola@example.com', phone: ' +44 20 7946 0958 ', message: 'Quote for 20 parcels to Lekki' },
      { 'x-source-path': '/contact-us' },
    );
    const rows = await rowsFrom(t, 'bola@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'quote', phone: '+44 20 7946 0958', sourcePath: '/contact-us' });
  });

  it('accepts a body with no phone at all, and ignores a source path that is not a path', async () => {
    await sendValid(
      t,
      { kind: 'enquiry', name: 'No Phone', email: 'nophone@example.com', message: 'Hi' },
      { 'x-source-path': 'https://evil.example/x' },
    );
    const rows = await rowsFrom(t, 'nophone@example.com');
    expect(rows).toMatchObject([{ phone: null, sourcePath: null }]);
  });

  it('puts the notice to OPS_EMAIL in the outbox with the request: every field, the page and the time', async () => {
    await sendValid(
      t,
      { kind: 'quote', name: 'Chidi Okeke', email: 'Chidi@Example.com', phone: '08031234567', message: 'Need a bike for 5 drops in Yaba' },
      { 'x-source-path': '/contact-us' },
    );
    const [row] = await rowsFrom(t, 'chidi@example.com');
    const mail = await mailAbout(t, 'Need a bike for 5 drops in Yaba');
    expect(mail).toHaveLength(1);
    const notice = mail[0]!;
    expect(notice).toMatchObject({ to: OPS, subject: 'New quote request from Chidi Okeke', status: 'pending', attempts: 0 });
    for (const line of [
      'Kind: quote',
      'Name: Chidi Okeke',
      'Email: chidi@example.com',
      'Phone: 08031234567',
      'Message: Need a bike for 5 drops in Yaba',
      'Page: /contact-us',
      `Time: `,
      row!.createdAt.toISOString(),
    ]) {
      expect(notice.text).toContain(line);
    }
    expect(notice.html).toContain('Need a bike for 5 drops in Yaba');

    await sendValid(t, { kind: 'enquiry', name: 'Ngozi', email: 'ngozi@example.com', phone: '', message: 'Quick one about Ogba' });
    const [enquiryMail] = await mailAbout(t, 'Quick one about Ogba');
    expect(enquiryMail).toMatchObject({ to: OPS, subject: 'New enquiry from Ngozi' });
    expect(enquiryMail!.text).toContain('Phone: not given');
    expect(enquiryMail!.text).toContain('Page: not known');
  });

  it('keeps a name on one line in the subject, and escapes it in the HTML', async () => {
    await sendValid(t, { kind: 'enquiry', name: 'Eve\r\nBcc: victim@example.com <b>', email: 'eve@example.com', message: 'header test' });
    const [mail] = await mailAbout(t, 'header test');
    expect(mail!.subject).toBe('New enquiry from Eve Bcc: victim@example.com <b>');
    expect(mail!.html).not.toContain('<b>');
    expect(mail!.html).toContain('&lt;b&gt;');
  });

  it('stores the enquiry and its e-mail in one transaction: when the e-mail cannot be written, neither is kept', async () => {
    // Make every new outbox row fail, for real, inside the database.
    await t.database.db.execute(sql`alter table outbox_emails add constraint test_refuse_mail check (subject = '') not valid`);
    try {
      const ip = nextIp();
      const cookie = await captchaPass(t, ip);
      const res = await post(t, { ...valid, email: 'atomic@example.com', message: 'all or nothing' }, { ip, cookie });
      expect(res.statusCode).toBe(500);
      expect(errorOf(res.body)).toEqual({ field: 'alert', message: 'Something went wrong. Please try again later.' });
    } finally {
      await t.database.db.execute(sql`alter table outbox_emails drop constraint test_refuse_mail`);
    }
    expect(await rowsFrom(t, 'atomic@example.com')).toEqual([]);
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
      if (res.statusCode === 429) {
        expect(errorOf(res.body)).toEqual({
          field: 'alert',
          message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds?\.$/),
        });
      }
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('with no SMTP_URL on loopback, delivers the notice into DATA_DIR/mailbox, listed at /dev/mail and shown at /dev/mail/:id', async () => {
    expect(t.app.mailer.mode).toBe('dev-mailbox');
    await sendValid(t, { kind: 'enquiry', name: 'Tunde', email: 'tunde@example.com', phone: '', message: 'Read me in the dev mailbox' });
    const [row] = await mailAbout(t, 'Read me in the dev mailbox');
    // Earlier tests' notices are delivered in the same pass.
    expect(await t.app.mailer.deliverDue()).toBeGreaterThanOrEqual(1);
    expect(await mailAbout(t, 'Read me in the dev mailbox')).toMatchObject([{ status: 'sent', attempts: 1 }]);

    const dir = path.join(t.dataDir, 'mailbox');
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes(row!.id))).toHaveLength(1);

    const list = await t.app.inject({ url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('New enquiry from Tunde');
    expect(list.body).toContain(`/dev/mail/${row!.id}`);

    const one = await t.app.inject({ url: `/dev/mail/${row!.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('New enquiry from Tunde');
    expect(one.body).toContain('Message: Read me in the dev mailbox');
    expect(one.body).toContain(`To ${OPS}`);

    expect((await t.app.inject({ url: '/dev/mail/not-an-id' })).statusCode).toBe(404);
  });

  it('is listed in the OpenAPI document with its body and responses', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const op = (res.json() as { paths: Record<string, { post?: { responses: Record<string, unknown> } }> }).paths['/api/enquiries']?.post;
    expect(op).toBeDefined();
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '429']));
  });
});

describeEachDatabase('POST /api/enquiries without OPS_EMAIL', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('stores the enquiry and queues no e-mail', async () => {
    await sendValid(t, { kind: 'quote', name: 'Quiet', email: 'quiet@example.com', phone: '', message: 'nobody to tell' });
    expect(await rowsFrom(t, 'quiet@example.com')).toHaveLength(1);
    expect(await t.database.db.select().from(outboxEmails)).toEqual([]);
  });
});

/** An app of its own whose SMTP_URL is known only once the sink listens. */
function useAppWithSink(kind: DatabaseKind) {
  const state: { t: TestApp | null; sink: SmtpSink | null } = { t: null, sink: null };
  beforeAll(async () => {
    state.sink = await startSmtpSink();
    state.t = await buildTestApp({
      database: kind,
      env: { OPS_EMAIL: OPS, SMTP_URL: state.sink.url },
      startWorkers: false,
    });
  });
  afterAll(async () => {
    await state.t?.close();
    await state.sink?.close();
  });
  return state;
}

describeEachDatabase('enquiry notice over SMTP', (kind) => {
  const s = useAppWithSink(kind);
  const t = {
    get app() {
      return s.t!.app;
    },
    get database() {
      return s.t!.database;
    },
  };
  const outboxRow = async (words: string) => {
    const rows = await mailAbout(t, words);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  it('delivers the notice to OPS_EMAIL through the mail server, with the enquiry in it', async () => {
    expect(t.app.mailer.mode).toBe('smtp');
    await sendValid(
      t,
      { kind: 'quote', name: 'Funke Adé', email: 'funke@example.com', phone: '0803 000 0000', message: 'Two boxes from Ogba to Ikoyi, fragile' },
      { 'x-source-path': '/contact-us' },
    );
    expect(await t.app.mailer.deliverDue()).toBe(1);

    const received = s.sink!.messages.filter((m) => m.text.includes('Two boxes from Ogba to Ikoyi, fragile'));
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual([OPS]);
    expect(mail.from).toBe('no-reply@ogbadispatch.ng');
    expect(mail.subject).toBe('New quote request from Funke Adé');
    expect(mail.headers.to).toContain(OPS);
    expect(mail.text).toContain('Name: Funke Adé');
    expect(mail.text).toContain('Email: funke@example.com');
    expect(mail.text).toContain('Phone: 0803 000 0000');
    expect(mail.text).toContain('Page: /contact-us');
    expect(mail.html).toContain('Two boxes from Ogba to Ikoyi, fragile');

    const row = await outboxRow('Two boxes from Ogba to Ikoyi, fragile');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Delivered once: a second pass sends nothing again.
    expect(await t.app.mailer.deliverDue()).toBe(0);
  });

  it('keeps the notice when the mail server refuses it, and delivers it on a later pass', async () => {
    s.sink!.failing = true;
    try {
      await sendValid(t, { kind: 'enquiry', name: 'Refused', email: 'refused@example.com', message: 'refused the first time' });
      const before = Date.now();
      expect(await t.app.mailer.deliverDue()).toBe(0);
      const row = await outboxRow('refused the first time');
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toMatch(/451/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(before);
    } finally {
      s.sink!.failing = false;
    }
    // Not due yet: the back-off holds it.
    expect(await t.app.mailer.deliverDue()).toBe(0);
    expect(s.sink!.messages.some((m) => m.text.includes('refused the first time'))).toBe(false);
    // Time passes.
    await t.database.db.update(outboxEmails).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outboxEmails.status, 'pending'));
    expect(await t.app.mailer.deliverDue()).toBe(1);
    expect(s.sink!.messages.filter((m) => m.text.includes('refused the first time'))).toHaveLength(1);
    expect(await outboxRow('refused the first time')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps the notice when nothing listens at the mail server, and delivers it once the server is back', async () => {
    const port = s.sink!.port;
    await s.sink!.close();
    await sendValid(t, { kind: 'enquiry', name: 'Down', email: 'down@example.com', message: 'while the server was down' });
    const before = Date.now();
    expect(await t.app.mailer.deliverDue()).toBe(0);
    const row = await outboxRow('while the server was down');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toBeTruthy();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(before);
    expect(await rowsFrom(t, 'down@example.com')).toHaveLength(1);

    // The mail server comes back on the same address, and time passes.
    s.sink = await startSmtpSink({ port });
    await t.database.db.update(outboxEmails).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outboxEmails.status, 'pending'));
    expect(await t.app.mailer.deliverDue()).toBe(1);
    const received = s.sink.messages.filter((m) => m.text.includes('while the server was down'));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([OPS]);
    expect(await outboxRow('while the server was down')).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
