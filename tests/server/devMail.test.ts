/**
 * The dev mailbox (/dev/mail) is on only when PUBLIC_URL is a localhost
 * address or DEV_MAILBOX=1 asks for it, never with SMTP_URL; and it answers only requests made
 * on this machine without a proxy in between (anything else gets the 404 of a missing page).
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { outboxEmails } from '../../src/server/db/schema';
import { enqueueEmail, renderEmail } from '../../src/server/plugins/mail';
import { describeEachDatabase, useTestApp, type TestApp } from './helper';

async function sendOne(t: TestApp): Promise<string> {
  const to = `devmail-${Math.random().toString(36).slice(2)}@example.com`;
  await enqueueEmail(
    t.app.database.db,
    renderEmail({ subject: 'Reset your password', to, heading: 'Reset', paragraphs: ['A link.'], action: { label: 'Reset', url: 'http://localhost:3000/reset?token=abc' } }),
  );
  return to;
}

describeEachDatabase('dev mailbox behind a reverse proxy on the same host (HOST loopback, PUBLIC_URL https)', (kind) => {
  const t = useTestApp(kind, { env: { HOST: '127.0.0.1', PUBLIC_URL: 'https://ogbadispatch.ng' }, startWorkers: false });

  it('has no /dev/mail, and its mail waits in the outbox', async () => {
    expect(t.app.mailer.mode).toBe('outbox-only');
    const to = await sendOne(t);
    expect(await t.app.mailer.deliverDue()).toBe(0);
    const [row] = await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
    expect(row!.status).toBe('pending');
    for (const url of ['/dev/mail', `/dev/mail/${row!.id}`]) {
      const res = await t.app.inject({ url, remoteAddress: '127.0.0.1' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(to);
    }
  });
});

describeEachDatabase('dev mailbox with the default configuration', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('is on and answers every loopback spelling of the socket address', async () => {
    expect(t.app.mailer.mode).toBe('dev-mailbox');
    const to = await sendOne(t);
    expect(await t.app.mailer.deliverDue()).toBe(1);
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ url: '/dev/mail', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.body).toContain(to);
    }
  });

  it('refuses (404) a request that came through a proxy or from another machine', async () => {
    const to = await sendOne(t);
    await t.app.mailer.deliverDue();
    const [row] = await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
    const requests = [
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=127.0.0.1' } },
      { remoteAddress: '::1', headers: { 'x-real-ip': '::1' } },
      { remoteAddress: '10.1.2.3', headers: {} },
      { remoteAddress: '::ffff:10.1.2.3', headers: {} },
    ];
    for (const request of requests) {
      for (const url of ['/dev/mail', `/dev/mail/${row!.id}`]) {
        const res = await t.app.inject({ url, ...request });
        expect(res.statusCode, `${url} ${JSON.stringify(request)}`).toBe(404);
        expect(res.body).not.toContain(to);
      }
    }
  });
});

describeEachDatabase('dev mailbox asked for with DEV_MAILBOX=1', (kind) => {
  const t = useTestApp(kind, { env: { PUBLIC_URL: 'https://staging.ogbadispatch.ng', DEV_MAILBOX: '1' }, startWorkers: false });

  it('is on although PUBLIC_URL is not a localhost address', async () => {
    expect(t.app.mailer.mode).toBe('dev-mailbox');
    expect((await t.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });
});
