/**
 * Live updates over server-sent events: the dispatch board's stream hears every booking and
 * move once it commits, a tracking page's stream hears its own delivery's moves and nothing
 * else, a rolled-back move is never sent, a move made on one instance reaches a stream open on
 * another instance of the same PostgreSQL database, and a dropped LISTEN connection comes back
 * with the moves it missed. Streams are read over real HTTP, as a browser's EventSource reads them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../src/server/db/schema';
import { moveDelivery } from '../../src/server/domain/deliveryMoves';
import { redactUrl } from '../../src/server/logger';
import { STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';
import { TRACKING_TOKEN_MISS_LIMIT } from '../../src/server/features/deliveries/bookingRoutes';
import { LIVE_STREAMS_PER_ADDRESS } from '../../src/server/features/deliveries/liveRoutes';
import { bookAsVisitor, trackingTokenOf } from './bookingHelpers';
import { buildTestApp, describeEachDatabase, nextIp, postgresAvailable, useTestApp, type TestApp } from './helper';
import { signedInStaff } from './opsHelpers';

interface Message {
  event: string;
  data: unknown;
}

interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  messages: Message[];
  /** Every byte read so far. */
  text: () => string;
  ended: Promise<void>;
  /** Resolves with the message once `count` `delivery` messages have arrived; rejects after `ms`. */
  nth: (count: number, ms?: number) => Promise<Message>;
  /** Resolves with the first message `match` accepts; rejects after `ms`. */
  find: (match: (m: Message) => boolean, ms?: number) => Promise<Message>;
  close: () => void;
}

/** Opens an event stream over HTTP and parses its messages as EventSource does (event + data lines). */
function openStream(port: number, path: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let raw = '';
      let pending = '';
      const messages: Message[] = [];
      const waiters: Array<() => void> = [];
      let endResolve!: () => void;
      const ended = new Promise<void>((done) => (endResolve = done));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        pending += chunk;
        let cut: number;
        while ((cut = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, cut);
          pending = pending.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) messages.push({ event, data: JSON.parse(data) as unknown });
        }
        for (const wake of waiters.splice(0)) wake();
      });
      res.on('end', endResolve);
      res.on('close', endResolve);
      res.on('error', () => endResolve());
      const nth = (count: number, ms = 5_000) =>
        new Promise<Message>((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`only ${messages.length} of ${count} messages on ${path.replace(/tracking\/[^/]+/, 'tracking/…')} within ${ms} ms`)), ms);
          const check = () => {
            if (messages.length >= count) {
              clearTimeout(timer);
              done(messages[count - 1]!);
            } else waiters.push(check);
          };
          check();
        });
      const find = (match: (m: Message) => boolean, ms = 5_000) =>
        new Promise<Message>((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`no such message within ${ms} ms: ${JSON.stringify(messages)}`)), ms);
          const check = () => {
            const found = messages.find(match);
            if (found) {
              clearTimeout(timer);
              done(found);
            } else waiters.push(check);
          };
          check();
        });
      resolve({ status: res.statusCode ?? 0, headers: res.headers, messages, text: () => raw, ended, nth, find, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

const portOf = (t: TestApp) => (t.app.server.address() as AddressInfo).port;
const listening = async (t: TestApp) => {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  return portOf(t);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const offer = (t: TestApp, deliveryId: string) => t.database.db.transaction((tx) => moveDelivery(tx, { deliveryId, action: 'offer', actor: 'staff' }));
const cancel = (t: TestApp, deliveryId: string) =>
  t.database.db.transaction((tx) => moveDelivery(tx, { deliveryId, action: 'cancel', actor: 'staff', note: 'Sender asked', set: { cancelReason: 'Sender asked' } }));

it('logs a tracking path without its token: the page, its event stream, any query kept apart', () => {
  expect(redactUrl('/track/abcDEF_123-xyz')).toBe('/track/[redacted]');
  expect(redactUrl('/api/deliveries/tracking/abcDEF_123-xyz/events')).toBe('/api/deliveries/tracking/[redacted]/events');
  expect(redactUrl('/api/deliveries/tracking/abc/events?token=t')).toBe('/api/deliveries/tracking/[redacted]/events?token=[redacted]');
  // The header-token routes have no token in their path.
  expect(redactUrl('/api/deliveries/tracking/proof')).toBe('/api/deliveries/tracking/proof');
  expect(redactUrl('/api/deliveries/tracking')).toBe('/api/deliveries/tracking');
});

describeEachDatabase('live delivery updates', (kind) => {
  const logLines: string[] = [];
  const t = useTestApp(kind, { startWorkers: false, logStream: { write: (line) => void logLines.push(line) } });
  const streams: Stream[] = [];
  afterAll(() => streams.forEach((s) => s.close()));
  const open = async (...args: Parameters<typeof openStream>) => {
    const stream = await openStream(...args);
    streams.push(stream);
    return stream;
  };

  it('sends the board every booking and move, and a tracking page only its own moves as {status, at}', async () => {
    const port = await listening(t);
    const dispatcher = await signedInStaff(t, 'dispatcher', 'live-board');
    const board = await open(port, '/api/ops/deliveries/events', { [STAFF_TOKEN_HEADER]: dispatcher.token });
    expect(board.status).toBe(200);
    expect(board.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(board.headers['cache-control']).toContain('no-cache');
    expect(board.headers['x-accel-buffering']).toBe('no');

    const mine = await bookAsVisitor(t);
    const booked = await board.nth(1);
    expect(booked).toEqual({ event: 'delivery', data: { id: mine.id, reference: mine.reference, status: 'booked', at: expect.any(String) } });

    const other = await bookAsVisitor(t);
    await board.nth(2);
    const token = trackingTokenOf(mine.tracking_url);
    const page = await open(port, `/api/deliveries/tracking/${token}/events`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const otherPage = await open(port, `/api/deliveries/tracking/${trackingTokenOf(other.tracking_url)}/events`);

    const { event } = await offer(t, mine.id);
    const seen = await page.nth(1);
    // Only what the page may show: the status and its time, never an id, a name or an address.
    expect(seen).toEqual({ event: 'delivery', data: { status: 'offered', at: event.createdAt.toISOString() } });
    expect(await board.nth(3)).toEqual({ event: 'delivery', data: { id: mine.id, reference: mine.reference, status: 'offered', at: event.createdAt.toISOString() } });

    await cancel(t, mine.id);
    expect((await page.nth(2)).data).toMatchObject({ status: 'cancelled' });
    // The other delivery's page heard nothing of it (while its own move does arrive).
    expect(otherPage.messages).toEqual([]);
    await offer(t, other.id);
    expect((await otherPage.nth(1)).data).toEqual({ status: 'offered', at: expect.any(String) });
    expect(otherPage.messages).toHaveLength(1);
    expect(page.messages).toHaveLength(2);
    expect(page.text()).not.toContain(mine.id);
    expect(page.text()).not.toContain(other.id);

    // The token is never in a log line, though every request is logged.
    expect(logLines.join('\n')).toContain('/api/deliveries/tracking/[redacted]/events');
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('sends a reconnecting page the moves it missed since its Last-Event-ID, and only its own', async () => {
    const port = await listening(t);
    const dispatcher = await signedInStaff(t, 'dispatcher', 'live-missed');
    const delivery = await bookAsVisitor(t);
    const other = await bookAsVisitor(t);
    const token = trackingTokenOf(delivery.tracking_url);
    const first = await open(port, `/api/deliveries/tracking/${token}/events`);
    const { event: offered } = await offer(t, delivery.id);
    await first.find((m) => (m.data as { status: string }).status === 'offered');
    expect(first.text()).toContain(`id: ${offered.createdAt.toISOString()}\nevent: delivery\n`);
    // The page loses its connection; meanwhile the delivery is cancelled and another one moves.
    first.close();
    const { event: cancelled } = await cancel(t, delivery.id);
    await offer(t, other.id);
    const again = await open(port, `/api/deliveries/tracking/${token}/events`, { 'last-event-id': offered.createdAt.toISOString() });
    expect((await again.nth(1)).data).toEqual({ status: 'cancelled', at: cancelled.createdAt.toISOString() });
    await sleep(200);
    // Nothing from before its Last-Event-ID (the cancel's own notice may arrive live as well).
    expect(new Set(again.messages.map((m) => (m.data as { status: string }).status))).toEqual(new Set(['cancelled']));
    // The board likewise, every delivery's moves since.
    const board = await open(port, '/api/ops/deliveries/events', { [STAFF_TOKEN_HEADER]: dispatcher.token, 'last-event-id': offered.createdAt.toISOString() });
    await board.find((m) => (m.data as { id: string }).id === other.id);
    expect(board.messages.map((m) => m.data)).toContainEqual({ id: delivery.id, reference: delivery.reference, status: 'cancelled', at: cancelled.createdAt.toISOString() });
    expect(board.messages.map((m) => m.data)).not.toContainEqual(expect.objectContaining({ id: delivery.id, status: 'offered' }));
    // A Last-Event-ID that is no time, or too old, is ignored.
    const odd = await open(port, `/api/deliveries/tracking/${token}/events`, { 'last-event-id': 'yesterday' });
    await sleep(200);
    expect(odd.status).toBe(200);
    expect(odd.messages).toEqual([]);
  });

  it('sends nothing of a move whose transaction rolled back', async () => {
    const port = await listening(t);
    const dispatcher = await signedInStaff(t, 'dispatcher', 'live-rollback');
    const delivery = await bookAsVisitor(t);
    const page = await open(port, `/api/deliveries/tracking/${trackingTokenOf(delivery.tracking_url)}/events`);
    const board = await open(port, '/api/ops/deliveries/events', { [STAFF_TOKEN_HEADER]: dispatcher.token });
    await expect(
      t.database.db.transaction(async (tx) => {
        await moveDelivery(tx, { deliveryId: delivery.id, action: 'offer', actor: 'staff' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await sleep(300);
    // (The booking's own notice may reach a stream opened right after it: on PostgreSQL a NOTIFY
    // travels to the LISTEN connection after the commit.)
    const statuses = (stream: Stream) => stream.messages.map((m) => (m.data as { status: string }).status).filter((status) => status !== 'booked');
    expect(statuses(page)).toEqual([]);
    expect(statuses(board)).toEqual([]);
    // The next committed move is the first thing either hears of it.
    await cancel(t, delivery.id);
    await page.find((m) => (m.data as { status: string }).status === 'cancelled');
    await board.find((m) => (m.data as { status: string }).status === 'cancelled');
    expect(statuses(page)).toEqual(['cancelled']);
    expect(statuses(board)).toEqual(['cancelled']);
  });

  it('tells the tracking page and the board at once when staff mark a returning parcel returned from the board', async () => {
    const port = await listening(t);
    const dispatcher = await signedInStaff(t, 'dispatcher', 'live-returned');
    const delivery = await bookAsVisitor(t);
    // The rider's pickup and failure and staff's return are other tests': on its way back, directly.
    await t.database.db.update(deliveries).set({ status: 'returning' }).where(eq(deliveries.id, delivery.id));
    const page = await open(port, `/api/deliveries/tracking/${trackingTokenOf(delivery.tracking_url)}/events`);
    const board = await open(port, '/api/ops/deliveries/events', { [STAFF_TOKEN_HEADER]: dispatcher.token });
    const res = await t.app.inject({ method: 'POST', url: `/api/ops/deliveries/${delivery.id}/returned`, remoteAddress: nextIp(), headers: { [STAFF_TOKEN_HEADER]: dispatcher.token } });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await page.find((m) => (m.data as { status: string }).status === 'returned');
    expect(seen.data).toEqual({ status: 'returned', at: expect.any(String) });
    const heard = await board.find((m) => (m.data as { id: string }).id === delivery.id && (m.data as { status: string }).status === 'returned');
    expect(heard.data).toEqual({ id: delivery.id, reference: delivery.reference, status: 'returned', at: (seen.data as { at: string }).at });
  });

  it('answers an unknown token as the tracking API does, counted against the unknown-token limit', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= TRACKING_TOKEN_MISS_LIMIT.max; i++) {
      const res = await t.app.inject({ url: `/api/deliveries/tracking/not-a-token-${i}/events`, remoteAddress: ip });
      statuses.push(res.statusCode);
      if (i === 0) {
        const api = await t.app.inject({ url: '/api/deliveries/tracking', headers: { 'x-tracking-token': 'not-a-token' }, remoteAddress: nextIp() });
        expect(res.body).toBe(api.body);
        expect(res.json()).toEqual({ error: { field: 'alert', message: 'Not found' } });
      }
    }
    expect(statuses.slice(0, TRACKING_TOKEN_MISS_LIMIT.max).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('opens at most LIVE_STREAMS_PER_ADDRESS streams from one address, and another once one closes', async () => {
    const admin = await signedInStaff(t, 'admin', 'live-cap');
    const ip = nextIp();
    const openOne = () =>
      t.app.inject({ url: '/api/ops/deliveries/events', headers: { [STAFF_TOKEN_HEADER]: admin.token }, remoteAddress: ip, payloadAsStream: true });
    const hangUp = (res: Awaited<ReturnType<typeof openOne>>) => (res.raw.res as { destroy(): void }).destroy();
    const open: Array<Awaited<ReturnType<typeof openOne>>> = [];
    for (let i = 0; i < LIVE_STREAMS_PER_ADDRESS; i++) open.push(await openOne());
    expect(open.every((res) => res.statusCode === 200)).toBe(true);
    const over = await openOne();
    expect(over.statusCode).toBe(429);
    hangUp(open.pop()!);
    await sleep(20);
    const again = await openOne();
    expect(again.statusCode).toBe(200);
    // Another address is not held back by this one.
    const elsewhere = await t.app.inject({ url: '/api/ops/deliveries/events', headers: { [STAFF_TOKEN_HEADER]: admin.token }, remoteAddress: nextIp(), payloadAsStream: true });
    expect(elsewhere.statusCode).toBe(200);
    for (const res of [...open, again, elsewhere]) hangUp(res);
  });

  it('ends every stream when the server shuts down, telling the browser when to come back', async () => {
    const own = await buildTestApp({ database: kind, startWorkers: false });
    try {
      const port = await listening(own);
      const dispatcher = await signedInStaff(own, 'admin', 'live-shutdown');
      const delivery = await bookAsVisitor(own);
      const page = await openStream(port, `/api/deliveries/tracking/${trackingTokenOf(delivery.tracking_url)}/events`);
      const board = await openStream(port, '/api/ops/deliveries/events', { [STAFF_TOKEN_HEADER]: dispatcher.token });
      const began = Date.now();
      await own.app.close();
      await Promise.all([page.ended, board.ended]);
      expect(Date.now() - began).toBeLessThan(3_000);
      expect(page.text()).toMatch(/retry: 5000\n\n$/);
      expect(board.text()).toMatch(/retry: 5000\n\n$/);
    } finally {
      await own.close();
    }
  });
});

describe.skipIf(!postgresAvailable)('live delivery updates across instances on one PostgreSQL', () => {
  const first = useTestApp('postgres', { startWorkers: false });
  let second: TestApp | null = null;
  afterAll(async () => {
    await second?.close();
  });

  it('a booking and a move made on one instance reach the streams open on another', async () => {
    second = await buildTestApp({ database: 'postgres', databaseUrl: first.config.databaseUrl!, startWorkers: false, stub: first.stub });
    const port = await listening(second);
    const dispatcher = await signedInStaff(first, 'dispatcher', 'live-two');
    const board = await openStream(port, '/api/ops/deliveries/events', { [STAFF_TOKEN_HEADER]: dispatcher.token });
    try {
      // Booked on the first instance: the second's board hears it.
      const delivery = await bookAsVisitor(first);
      expect((await board.nth(1)).data).toEqual({ id: delivery.id, reference: delivery.reference, status: 'booked', at: expect.any(String) });
      const page = await openStream(port, `/api/deliveries/tracking/${trackingTokenOf(delivery.tracking_url)}/events`);
      try {
        await offer(first, delivery.id);
        expect((await page.nth(1)).data).toMatchObject({ status: 'offered' });
        expect((await board.nth(2)).data).toMatchObject({ id: delivery.id, status: 'offered' });

        // The second instance's LISTEN connection is cut (a failover, a restart): it comes back,
        // and the move made while it was away still reaches the page.
        const admin = new pg.Client({ connectionString: first.config.databaseUrl! });
        await admin.connect();
        try {
          const cut = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()");
          expect(cut.rowCount).toBe(1);
        } finally {
          await admin.end();
        }
        await cancel(first, delivery.id);
        const isCancelled = (m: Message) => (m.data as { status: string }).status === 'cancelled';
        await page.find(isCancelled, 10_000);
        await board.find(isCancelled, 10_000);
        // Heard once each, though the catch-up reads back from before the drop.
        expect(page.messages.map((m) => (m.data as { status: string }).status)).toEqual(['offered', 'cancelled']);
      } finally {
        page.close();
      }
    } finally {
      board.close();
    }
  }, 30_000);
});
