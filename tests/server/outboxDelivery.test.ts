/**
 * The outbox worker under load and faults: one sender per message even
 * with two instances on one PostgreSQL, a lease that expired is claimed again, codes and links
 * before notices, a silent mail server does not stall the queue, and the e-mails per second
 * into a local SMTP sink.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/server/db/schema';
import { enqueueEmail, type EmailMessage } from '../../src/server/plugins/mail';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { buildTestApp, describeEachDatabase, postgresAvailable, type TestApp } from './helper';

function notice(subject: string): EmailMessage {
  return { to: 'ops@example.ng', subject, text: `About ${subject}`, html: `<p>About ${subject}</p>` };
}

/** Runs delivery passes until one sends nothing (the old worker sent at most 20 a pass). */
async function drain(t: TestApp): Promise<number> {
  let total = 0;
  for (;;) {
    const sent = await t.app.mailer.deliverDue();
    if (sent === 0) return total;
    total += sent;
  }
}

function countBySubject(sink: SmtpSink): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of sink.messages) counts.set(m.subject, (counts.get(m.subject) ?? 0) + 1);
  return counts;
}

describeEachDatabase('outbox delivery', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ database: kind, startWorkers: false, env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    sink.messages.length = 0;
    await t.database.db.delete(outboxEmails);
  });

  it('sends a code queued behind 500 notices in the first pass, and measures e-mails per second', async () => {
    const db = t.database.db;
    const old = new Date(Date.now() - 60_000);
    await db.insert(outboxEmails).values(
      Array.from({ length: 500 }, (_, i) => ({ ...notice(`Notice ${i}`), createdAt: old, nextAttemptAt: old })),
    );
    await enqueueEmail(db, notice('Your verification code'), 'urgent');

    const started = performance.now();
    const sent = await drain(t);
    const seconds = (performance.now() - started) / 1000;
    console.log(`[${kind}] outbox: ${sent} e-mails in ${seconds.toFixed(2)} s = ${(sent / seconds).toFixed(1)} e-mails/s`);

    expect(sent).toBe(501);
    const counts = countBySubject(sink);
    expect(counts.size).toBe(501);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // Claimed in the first batch: among the first few messages the sink received.
    const position = sink.messages.findIndex((m) => m.subject === 'Your verification code');
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThan(20);
  }, 120_000);

  it('claims a row again once its lease has expired (a worker died mid-send), and leaves a live lease alone', async () => {
    const db = t.database.db;
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    await db.insert(outboxEmails).values([
      { ...notice('Orphaned by a dead worker'), status: 'sending', attempts: 1, leaseUntil: past },
      { ...notice('Being sent by a live worker'), status: 'sending', attempts: 1, leaseUntil: future },
    ]);
    expect(await t.app.mailer.deliverDue()).toBe(1);
    expect(sink.messages.map((m) => m.subject)).toEqual(['Orphaned by a dead worker']);
    const rows = await db.select().from(outboxEmails);
    expect(rows.find((r) => r.subject === 'Orphaned by a dead worker')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(rows.find((r) => r.subject === 'Being sent by a live worker')).toMatchObject({ status: 'sending', attempts: 1 });
  });

  describe('a silent SMTP server (accepts TCP, never greets)', () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    let quiet: TestApp;
    beforeAll(async () => {
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as AddressInfo;
      quiet = await buildTestApp({ database: kind, startWorkers: false, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    });
    afterAll(async () => {
      await quiet?.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('fails the attempt within seconds and keeps the row for a later retry', async () => {
      const db = quiet.database.db;
      await enqueueEmail(db, notice('Through a silent server'));
      const started = performance.now();
      expect(await quiet.app.mailer.deliverDue()).toBe(0);
      expect(performance.now() - started).toBeLessThan(10_000);
      const [row] = await db.select().from(outboxEmails);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.lastError).toBeTruthy();
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    }, 20_000);
  });
});

describe.skipIf(!postgresAvailable)('outbox delivery: two instances on one PostgreSQL', () => {
  let sink: SmtpSink;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    a = await buildTestApp({ database: 'postgres', startWorkers: false, env: { SMTP_URL: sink.url } });
    b = await buildTestApp({
      database: 'postgres',
      databaseUrl: a.config.databaseUrl!,
      startWorkers: false,
      env: { SMTP_URL: sink.url },
    });
  });
  afterAll(async () => {
    await b?.close(); // b shares a's database: close it before a drops it
    await a?.close();
    await sink?.close();
  });

  it('delivers 60 queued e-mails each exactly once while both deliver at the same time', async () => {
    const subjects = Array.from({ length: 60 }, (_, i) => `Notice ${i} of 60`);
    for (const subject of subjects) await enqueueEmail(a.database.db, notice(subject));

    const [fromA, fromB] = await Promise.all([drain(a), drain(b)]);
    expect(fromA + fromB).toBe(60);
    const counts = countBySubject(sink);
    expect([...counts.keys()].sort()).toEqual([...subjects].sort());
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const ids = new Set(sink.messages.map((m) => m.headers['message-id']));
    expect(ids.size).toBe(60);
    const rows = await a.database.db.select().from(outboxEmails).where(inArray(outboxEmails.subject, subjects));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(await a.database.db.select().from(outboxEmails).where(eq(outboxEmails.status, 'pending'))).toEqual([]);
  }, 60_000);
});
