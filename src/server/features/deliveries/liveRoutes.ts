/**
 * Live updates, as server-sent events (text/event-stream):
 *   GET /api/deliveries/tracking/{token}/events   the tracking page: this delivery's moves, {status, at}
 *   GET /api/ops/deliveries/events                the dispatch board (dispatchers, admins): every delivery's {id, reference, status, at}
 * Each move is one message `event: delivery` with its JSON as `data`; a comment `: ping` every
 * 25 s keeps proxies from closing an idle stream. The moves come from the delivery feed
 * (domain/deliveryFeed.ts): every instance hears every commit, so a page open here is told of a
 * move made on any instance.
 *
 * The tracking token is in the path because a browser's EventSource sends no header; the logger
 * cuts it from every logged URL (logger.ts). An unknown token is the tracking API's 404 and counts
 * against the same limit of unknown tokens per address.
 */
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeliveryStatus } from '../../../shared/deliveries/moves';
import { messages } from '../../../shared/messages';
import { createDeliveryFeed, type DeliveryNotice } from '../../domain/deliveryFeed';
import { AppError, errorResponses } from '../../errors';
import { tooManyRequests } from '../../lib/limits';
import { access, STAFF } from '../../plugins/access';
import { DELIVERY_READ_LIMIT, TRACKING_TOKEN_MISS_LIMIT } from './bookingRoutes';
import { limitPerCaller } from './callers';

/** Open streams from one address on one instance: a household's or an office's pages, not a flood (a mobile carrier's shared address is why it is not lower). */
export const LIVE_STREAMS_PER_ADDRESS = 100;
export const PING_EVERY_MS = 25_000;
/** What the browser waits before reconnecting after a stream ends (a restart: by then another instance answers). */
const RECONNECT_MS = 3_000;
const RECONNECT_AFTER_SHUTDOWN_MS = 5_000;
/** What a 429 for too many open streams says to wait. */
const OVER_CAP_RETRY_MS = 30_000;
/** A stream whose reader lets this much pile up unread is closed (its browser reconnects and re-reads). */
const MAX_UNREAD_BYTES = 64 * 1024;

interface LiveStream {
  res: ServerResponse;
  address: string;
  /** The one delivery a tracking page follows; null for the board. */
  deliveryId: string | null;
  /** Messages heard while the stream is being opened (its missed moves read), written once it is; null when open. */
  held: Buffer[] | null;
}

/** How far back a reconnecting browser's Last-Event-ID is answered (older: it re-reads its data anyway), and at most how many moves. */
const MISSED_WINDOW_MS = 60 * 60_000;
const MISSED_MAX = 200;

/** The board's message: which delivery, its reference, the new status and when. The id is the move's time, for Last-Event-ID. */
const boardMessage = (n: DeliveryNotice) =>
  `id: ${n.at}\nevent: delivery\ndata: ${JSON.stringify({ id: n.id, reference: n.reference, status: n.status, at: n.at })}\n\n`;
/** What the tracking page may show of any status: the status and its time, nothing of anyone. */
const trackingMessage = (n: DeliveryNotice) => `id: ${n.at}\nevent: delivery\ndata: ${JSON.stringify({ status: n.status, at: n.at })}\n\n`;

const eventStreamSchema = {
  description:
    'text/event-stream: `event: delivery` messages whose `data` is JSON, and `: ping` comments every 25 s. ' +
    'Each message\'s `id` is the move\'s time: a reconnecting browser sends it back as Last-Event-ID and is sent the moves it missed ' +
    '(of the last hour, at most 200) first. The browser reconnects by itself after a drop (`retry` is sent).',
  type: 'string',
} as const;

const notFound = () => new AppError('NOT_FOUND', messages.notFound);

export async function deliveryLiveRoutes(app: FastifyInstance): Promise<void> {
  const feed = createDeliveryFeed(app.database, app.log);
  const byDelivery = new Map<string, Set<LiveStream>>();
  const board = new Set<LiveStream>();
  const perAddress = new Map<string, number>();

  const forget = (stream: LiveStream) => {
    if (stream.deliveryId === null) board.delete(stream);
    else {
      const followers = byDelivery.get(stream.deliveryId);
      followers?.delete(stream);
      if (followers?.size === 0) byDelivery.delete(stream.deliveryId);
    }
    const left = (perAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) perAddress.set(stream.address, left);
    else perAddress.delete(stream.address);
  };

  const send = (stream: LiveStream, chunk: Buffer) => {
    if (stream.held) {
      stream.held.push(chunk);
      return;
    }
    if (stream.res.destroyed || stream.res.writableEnded) return;
    if (stream.res.writableLength > MAX_UNREAD_BYTES) {
      stream.res.destroy();
      return;
    }
    stream.res.write(chunk);
  };

  feed.subscribe((notice: DeliveryNotice) => {
    // Encoded once per move, then the same bytes to each stream.
    if (board.size > 0) {
      const full = Buffer.from(boardMessage(notice));
      for (const stream of board) send(stream, full);
    }
    const followers = byDelivery.get(notice.id);
    if (followers) {
      const own = Buffer.from(trackingMessage(notice));
      for (const stream of followers) send(stream, own);
    }
  });

  /**
   * A browser that reconnects sends the id of the last message it read (Last-Event-ID: the time
   * of that move): the moves since, which it missed while away, are sent first.
   */
  const missedSince = async (request: FastifyRequest, deliveryId: string | null): Promise<string[]> => {
    const header = request.headers['last-event-id'];
    const since = typeof header === 'string' ? Date.parse(header) : Number.NaN;
    if (!Number.isFinite(since) || since < Date.now() - MISSED_WINDOW_MS || since > Date.now() + 60_000) return [];
    // Compared at the millisecond, as the id carries it.
    const result = await app.database.db.execute(sql`
      select e.delivery_id as id, d.reference, e.status, e.created_at as at
      from delivery_events e join deliveries d on d.id = e.delivery_id
      where date_trunc('milliseconds', e.created_at) > ${new Date(since).toISOString()}
        ${deliveryId === null ? sql`` : sql`and e.delivery_id = ${deliveryId}`}
      order by e.created_at
      limit ${MISSED_MAX}`);
    const rows = (result as unknown as { rows: Array<{ id: string; reference: string; status: DeliveryStatus; at: Date | string }> }).rows;
    return rows.map((row) => {
      const notice = { id: row.id, reference: row.reference, status: row.status, at: new Date(row.at).toISOString() };
      return deliveryId === null ? boardMessage(notice) : trackingMessage(notice);
    });
  };

  const pingBytes = Buffer.from(': ping\n\n');
  const ping = setInterval(() => {
    for (const stream of board) send(stream, pingBytes);
    for (const followers of byDelivery.values()) for (const stream of followers) send(stream, pingBytes);
  }, PING_EVERY_MS);
  ping.unref();

  /** Checks the address's count and the feed, then answers with the stream (nothing is thrown after the reply is taken over). */
  const open = async (request: FastifyRequest, reply: FastifyReply, deliveryId: string | null): Promise<void> => {
    const address = request.ip;
    if ((perAddress.get(address) ?? 0) >= LIVE_STREAMS_PER_ADDRESS) throw tooManyRequests(OVER_CAP_RETRY_MS);
    try {
      await feed.ready();
    } catch (err) {
      request.log.error({ err }, 'delivery feed: cannot listen');
      throw new AppError('UNAVAILABLE', messages.serviceUnavailable);
    }
    // Heard from now on (held until the headers are out), so nothing falls between the missed moves and the live ones.
    const stream: LiveStream = { res: reply.raw, address, deliveryId, held: [] };
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    if (deliveryId === null) board.add(stream);
    else {
      const followers = byDelivery.get(deliveryId) ?? new Set<LiveStream>();
      followers.add(stream);
      byDelivery.set(deliveryId, followers);
    }
    reply.raw.once('close', () => forget(stream));
    let missed: string[] = [];
    try {
      missed = await missedSince(request, deliveryId);
    } catch (err) {
      // The stream still opens: the page re-reads its data when it does.
      request.log.error({ err }, 'live stream: the moves missed could not be read');
    }
    reply.hijack();
    // Gone while its missed moves were read (the browser left, or the server is closing).
    if (reply.raw.destroyed || reply.raw.writableEnded) return;
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // Proxies and browsers keep nothing, and nginx passes each message on at once.
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    reply.raw.write(`retry: ${RECONNECT_MS}\n\n${missed.join('')}`);
    const held = stream.held ?? [];
    stream.held = null;
    for (const chunk of held) send(stream, chunk);
  };

  // Every stream ends before the server stops listening, telling browsers to come back after the
  // restart (a reconnect that met this instance's 503 would end the EventSource for good).
  app.addHook('preClose', async () => {
    clearInterval(ping);
    const streams = [...board, ...[...byDelivery.values()].flatMap((followers) => [...followers])];
    for (const stream of streams) {
      if (stream.held) stream.res.destroy();
      else if (!stream.res.writableEnded) stream.res.end(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`);
    }
  });
  app.addHook('onClose', async () => feed.close());

  app.get<{ Params: { token: string } }>(
    '/api/deliveries/tracking/:token/events',
    {
      config: { access: access('public') },
      onRequest: limitPerCaller(app.limits, 'tracking-read', DELIVERY_READ_LIMIT, DELIVERY_READ_LIMIT),
      schema: {
        tags: ['deliveries'],
        summary: "A tracking page's live updates",
        description:
          'The token is the last part of the tracking_url (in the path: a browser\'s EventSource sends no header). Each move of this ' +
          'delivery, and only of this delivery, is one `event: delivery` with `data: {"status", "at"}`; re-read GET ' +
          '/api/deliveries/tracking for the rest. Any other token: the 404 of a missing page, counted as the tracking API counts it ' +
          `(${TRACKING_TOKEN_MISS_LIMIT.max} in 15 minutes from one address, then 429). At most ${LIVE_STREAMS_PER_ADDRESS} open streams from one address.`,
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 100 } } },
        response: { 200: eventStreamSchema, 404: { $ref: 'ErrorBody#' }, 503: { $ref: 'ErrorBody#' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const check = app.credentialChecks.tracking;
      const credential = check ? await check(request, request.params.token) : null;
      if (!credential || credential.kind !== 'tracking') throw notFound();
      await open(request, reply, credential.ownerId);
    },
  );

  app.get(
    '/api/ops/deliveries/events',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: "The dispatch board's live updates",
        description:
          'Every new booking and every move of any delivery, as it commits on any instance: `event: delivery` with ' +
          '`data: {"id", "reference", "status", "at"}`. Send the console session in its header (a browser reads it with fetch, ' +
          `as EventSource sends no header). At most ${LIVE_STREAMS_PER_ADDRESS} open streams from one address.`,
        response: { 200: eventStreamSchema, 404: { $ref: 'ErrorBody#' }, 503: { $ref: 'ErrorBody#' }, ...errorResponses },
      },
    },
    async (request, reply) => open(request, reply, null),
  );
}
