/**
 * SIGTERM under load (found by the fault suite, npm run test:faults, through npm start on
 * PGlite): requests a client had already sent, on connections the server had not yet read
 * (its event loop busy), were reset when closing began: the listener closed on connections
 * still in the kernel's queue, and a connection whose request was unread counted as idle and
 * was dropped. Now closing keeps listening until nothing new has arrived for a moment, and
 * every such request gets an answer (the 503 of the error shape with Connection: close).
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helper';

describe('shutdown with requests the server has not read yet', () => {
  it('answers every request sent before closing began', async () => {
    const t = await buildTestApp({ database: 'pglite', startWorkers: false });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const clients = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const socket = connect(port, '127.0.0.1');
          let received = '';
          socket.on('data', (chunk) => (received += chunk.toString('latin1')));
          socket.on('error', () => undefined);
          const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
          await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
          return { socket, closed, received: () => received };
        }),
      );
      // Each request is written and closing begins in the same tick: the server has read none.
      for (const c of clients) c.socket.write('GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n');
      await t.app.close();
      await Promise.all(clients.map((c) => Promise.race([c.closed, new Promise((r) => setTimeout(r, 3000))])));
      const answered = clients.filter((c) => /^HTTP\/1\.1 \d{3}/.test(c.received())).length;
      expect(answered).toBe(clients.length);
      for (const c of clients) c.socket.destroy();
    } finally {
      await t.close();
    }
  }, 60_000);
});
