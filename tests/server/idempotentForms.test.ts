/**
 * Form submissions are idempotent: a double-tapped enquiry made two rows
 * and two e-mails, ten simultaneous waitlist submissions of one company made ten notices. The
 * same submission again is a success for the sender and changes nothing else; a different one
 * is still stored.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { enquiries, outboxEmails, waitlistEntries } from '../../src/server/db/schema';
import { describeEachDatabase, nextIp, useTestApp, type TestApp } from './helper';

const OPS = 'ops-idempotent@ogbadispatch.test';

async function captchaPass(t: TestApp, ip: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/verify-captcha', remoteAddress: ip, payload: { token: 'pass-forms' } });
  expect(res.statusCode).toBe(200);
  return `captcha_pass=${res.cookies.find((c) => c.name === 'captcha_pass')!.value}`;
}

/** `times` identical submissions at once, each from a browser of its own (a pass carries a few forms). */
async function postTimes(t: TestApp, url: string, payload: Record<string, string>, times: number) {
  const senders = await Promise.all(
    Array.from({ length: times }, async () => {
      const ip = nextIp();
      return { ip, cookie: await captchaPass(t, ip) };
    }),
  );
  return Promise.all(senders.map(({ ip, cookie }) => t.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { cookie }, payload })));
}

const noticesTo = async (t: TestApp) => (await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, OPS))).length;

describeEachDatabase('idempotent forms', (kind) => {
  const t = useTestApp(kind, { startWorkers: false, env: { OPS_EMAIL: OPS } });

  it('the same enquiry sent twice at once is one row and one notice; both senders are told it was sent', async () => {
    const email = `twice.${kind}@example.com`;
    const payload = { kind: 'enquiry', name: 'Bisi', email, phone: '', message: 'Can you deliver to Ikeja today?' };
    const before = await noticesTo(t);
    const answers = await postTimes(t, '/api/enquiries', payload, 2);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await t.database.db.select().from(enquiries).where(eq(enquiries.email, email))).toHaveLength(1);
    expect((await noticesTo(t)) - before).toBe(1);

    // A different message from the same sender is a new enquiry.
    const other = await postTimes(t, '/api/enquiries', { ...payload, message: 'And to Lekki tomorrow?' }, 1);
    expect(other[0]!.statusCode).toBe(200);
    expect(await t.database.db.select().from(enquiries).where(eq(enquiries.email, email))).toHaveLength(2);
  });

  it('ten simultaneous waitlist submissions of one company make one entry and one notice; a change makes one more', async () => {
    const email = `ten.${kind}@example.com`;
    const payload = { companyName: 'Ten Tabs Ltd', email, features: 'Live tracking' };
    const before = await noticesTo(t);
    const answers = await postTimes(t, '/api/waitlist', payload, 10);
    expect(answers.map((a) => `${a.statusCode} ${a.statusCode === 200 ? "" : a.body}`)).toEqual(Array(10).fill("200 "));
    expect(await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email))).toHaveLength(1);
    expect((await noticesTo(t)) - before).toBe(1);

    await postTimes(t, '/api/waitlist', { ...payload, features: 'Live tracking and invoices' }, 1);
    expect((await noticesTo(t)) - before).toBe(2);
  });
});
