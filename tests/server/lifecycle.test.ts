/**
 * Shutdown and database outages, against a listening server:
 *  - a request in flight when the server starts closing is answered with `Connection: close`,
 *    so close() ends right after it instead of waiting out the keep-alive timeout (72 s);
 *  - while closing, a request on a kept-alive connection gets 503 in the error shape;
 *  - PostgreSQL unreachable (its connections cut by a proxy that then refuses): the database
 *    routes answer 503 with Retry-After in the error shape, and work again once it is back.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { buildTestApp, postgresAvailable, useTestApp, type TestApp } from './helper';
import { signedInRider } from './profileHelpers';

const UNAVAILABLE = { error: { field: 'alert', message: messages.serviceUnavailable } };

/** Sends raw bytes on one socket and collects what comes back until the socket closes. */
function rawClient(port: number) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, closed, received: () => received, ready: new Promise<void>((r) => socket.once('connect', () => r())) };
}

describe('shutdown', () => {
  it('answers a request that was in flight with Connection: close and finishes closing at once', async () => {
    const t = await buildTestApp({ database: 'pglite', startWorkers: false });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const client = rawClient(port);
      await client.ready;
      const body = JSON.stringify({ email: 'slow@example.com' });
      // The headers and half the body now; the rest once closing has begun.
      client.socket.write(
        `POST /api/newsletter HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      const closing = t.app.close();
      await new Promise((r) => setTimeout(r, 50));
      client.socket.write(body.slice(5));
      await closing;
      const took = Date.now() - started;
      await client.closed;
      const head = client.received().split('\r\n\r\n')[0]!.toLowerCase();
      expect(head).toMatch(/^http\/1\.1 \d{3}/);
      expect(head).toContain('connection: close');
      expect(took).toBeLessThan(3000);
    } finally {
      await t.close();
    }
  });

  it('answers a request on a kept-alive connection that arrives while closing with 503 in the error shape', async () => {
    const t = await buildTestApp({ database: 'pglite', startWorkers: false });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const client = rawClient(port);
      await client.ready;
      const body = JSON.stringify({ email: 'slow@example.com' });
      // A request in flight keeps the connection busy, so closing does not drop it; a second
      // request pipelined behind it is read only once closing has begun.
      client.socket.write(
        `POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((r) => setTimeout(r, 100));
      const closing = t.app.close();
      await new Promise((r) => setTimeout(r, 50));
      client.socket.write(`${body.slice(5)}GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n`);
      await closing;
      await client.closed;
      const answers = client.received().split(/(?=HTTP\/1\.1 )/);
      // Node may close after the first answer (it asked for Connection: close); if the second
      // request was answered, it is the 503 in the API's shape with Retry-After.
      expect(answers.length).toBeGreaterThanOrEqual(1);
      if (answers.length > 1) {
        expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
        expect(answers[1]!.toLowerCase()).toContain('retry-after: 5');
        expect(JSON.parse(answers[1]!.split('\r\n\r\n')[1]!)).toEqual(UNAVAILABLE);
      }
    } finally {
      await t.close();
    }
  });

  /**
   * A body still trickling in when closing begins (a slow phone, or a client that never finishes)
   * is not waited for: it is answered 503 with Connection: close once closing has settled, and
   * closing ends well within the 10 s grace of src/server/index.ts (which then exits 0).
   */
  async function slowBodyAnswered(t: TestApp, head: string, firstBytes: string) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const client = rawClient(port);
    client.socket.on('error', () => undefined);
    await client.ready;
    client.socket.write(head + firstBytes);
    // One more byte every 200 ms, never the whole body.
    const trickle = setInterval(() => {
      if (!client.socket.destroyed) client.socket.write(' ');
    }, 200);
    try {
      await new Promise((r) => setTimeout(r, 150));
      const started = Date.now();
      const closed = await Promise.race([t.app.close().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 6000))]);
      const took = Date.now() - started;
      await Promise.race([client.closed, new Promise((r) => setTimeout(r, 1000))]);
      expect(closed, 'close() ended').toBe(true);
      expect(took).toBeLessThan(3000);
      const [head2, body] = client.received().split('\r\n\r\n');
      expect(head2, client.received()).toMatch(/^HTTP\/1\.1 503/);
      expect(head2!.toLowerCase()).toContain('connection: close');
      expect(head2!.toLowerCase()).toContain('retry-after: 5');
      expect(JSON.parse(body!)).toEqual(UNAVAILABLE);
    } finally {
      clearInterval(trickle);
      client.socket.destroy();
    }
  }

  it('answers a JSON body still arriving when closing begins with 503 and Connection: close, and closes at once', async () => {
    const t = await buildTestApp({ database: 'pglite', startWorkers: false });
    try {
      await slowBodyAnswered(
        t,
        'POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
        '{"email": "slow@example.com", "pad": "',
      );
    } finally {
      await t.close();
    }
  });

  it('answers a multipart upload still arriving when closing begins with 503 and Connection: close, and closes at once', async () => {
    const t = await buildTestApp({ database: 'pglite', startWorkers: false });
    try {
      const rider = await signedInRider(t);
      const boundary = 'slowupload';
      await slowBodyAnswered(
        t,
        `POST /api/users/upload-profile-image HTTP/1.1\r\nHost: x\r\nx-auth-token: ${rider.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
      );
    } finally {
      await t.close();
    }
  });
});

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function cuttableProxy(target: URL): Promise<{ url: string; cut: () => Promise<void>; restore: () => Promise<void>; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let port = 0;
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((inbound) => {
        const outbound = connect(Number(target.port || 5432), target.hostname);
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  await listen();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), cut: stop, restore: listen, close: stop };
}

describe.skipIf(!postgresAvailable)('a PostgreSQL outage', () => {
  const owner = useTestApp('postgres', { startWorkers: false });
  let proxy: Awaited<ReturnType<typeof cuttableProxy>> | null = null;
  afterAll(async () => {
    await proxy?.close();
  });

  it('answers 503 with Retry-After in the error shape while the database is gone, and answers as before once it is back', async () => {
    proxy = await cuttableProxy(new URL(owner.config.databaseUrl!));
    const t = await buildTestApp({ database: 'postgres', databaseUrl: proxy.url, startWorkers: false });
    try {
      const check = () => t.app.inject({ method: 'GET', url: `/api/invitations/${'a'.repeat(43)}` });
      // An unknown invitation: the database answered (404), as it does again after the outage.
      const before = await check();
      expect(before.statusCode).toBe(404);

      await proxy.cut();
      const during = await check();
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(during.json()).toEqual(UNAVAILABLE);
      // Pages that need no database are still served.
      expect((await t.app.inject({ url: '/api/config' })).statusCode).toBe(200);

      await proxy.restore();
      let after = await check();
      for (let i = 0; i < 20 && after.statusCode !== 404; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        after = await check();
      }
      expect(after.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
