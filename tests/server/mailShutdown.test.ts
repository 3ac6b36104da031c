/**
 * Stopping the server while a delivery pass waits on a mail server that accepts the connection
 * and never greets (found by the fault suite, npm run test:faults): the shutdown waited for
 * the pass, the pooled connections timed out one round after another, and SIGTERM ended in the
 * 10-second forced exit with code 1. Now the pass gets a short grace, then the pool is closed
 * with force and the messages go back to the outbox, sent after the next start.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/server/db/schema';
import { enqueueEmail } from '../../src/server/plugins/mail';
import { buildTestApp, type TestApp } from './helper';

describe('shutdown with a silent mail server', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let t: TestApp;
  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    t = await buildTestApp({ database: 'pglite', startWorkers: false, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('closes within a few seconds and keeps the messages in the outbox', async () => {
    const db = t.database.db;
    for (let i = 0; i < 12; i += 1) {
      await enqueueEmail(db, { to: `rider${i}@example.ng`, subject: `Notice ${i}`, text: 'Hello', html: '<p>Hello</p>' });
    }
    const pass = t.app.mailer.deliverDue();
    // The pass has claimed the rows and is waiting on the silent server's greeting.
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    await t.app.close();
    const closeMs = performance.now() - started;
    expect(await pass).toBe(0);
    expect(closeMs).toBeLessThan(4000);
    const rows = await db.select({ status: outboxEmails.status }).from(outboxEmails);
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
  }, 60_000);
});
