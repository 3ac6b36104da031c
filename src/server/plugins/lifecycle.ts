/**
 * Shutdown and outages in the API's own terms:
 *  - once the server is closing, a request that still arrives on a kept-alive connection gets
 *    503 in the {error:{field,message}} shape with Retry-After (Fastify's own 503 body is not
 *    that shape, so return503OnClosing is off in app.ts), and every answer sent while closing
 *    carries `Connection: close`, so a connection whose request was in flight when SIGTERM came
 *    closes right after its answer instead of idling until the keep-alive timeout;
 *  - a database that cannot be reached (PostgreSQL restarting, the network gone) is a 503 with
 *    Retry-After, not a generic 500: the client may try again, and nothing was half-written
 *    because every write runs in one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import { AppError } from '../errors';
import { fileErrorCode, STORAGE_FULL_CODES } from '../lib/dataDir';

/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * While closing, the server keeps listening until nothing new has arrived for SETTLE_QUIET_MS
 * (at most SETTLE_MAX_MS). A request a client sent just before the signal may still be unread:
 * its connection in the kernel's queue, or accepted with its bytes unread while the event loop
 * was busy (PGlite's queries run on it). Closing the listener then resets the first kind, and
 * Node counts the second as idle and drops it; the fault suite saw such resets under load
 * through npm start. Given a moment, each is read and answered (503 with Connection: close).
 */
const SETTLE_QUIET_MS = 150;
const SETTLE_MAX_MS = 1000;

/** True when the request announced a body (a length above 0, or chunks). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Once closing has settled, a request whose body is still arriving (a slow phone, or a client
 * that never finishes) is not waited for: the grace is 10 s and the body may never end. The
 * error is raised on the body stream itself, where its reader (Fastify's body parser, or the
 * multipart reader of an upload) turns it into the request's answer through the error handler:
 * 503 in the error shape, with Connection: close and Retry-After from the hooks below. Nothing
 * was written: a handler writes only after it has the whole body.
 */
function endUnfinishedBodies(requests: Set<FastifyRequest>): void {
  for (const request of requests) {
    const raw = request.raw;
    // No reader on the stream (none has started yet): the onRequest hook below answers instead.
    if (raw.complete || raw.destroyed || raw.listenerCount('error') === 0) continue;
    raw.emit('error', new AppError('UNAVAILABLE', messages.serviceUnavailable));
  }
}

export function installLifecycle(app: FastifyInstance): void {
  let closing = false;
  let lastArrival = 0;
  /** Requests with a body, from their arrival to the end of their answer. */
  const withBody = new Set<FastifyRequest>();
  app.server.on('connection', () => (lastArrival = Date.now()));
  app.addHook('preClose', async () => {
    closing = true;
    const began = Date.now();
    lastArrival = Math.max(lastArrival, began);
    while (Date.now() - lastArrival < SETTLE_QUIET_MS && Date.now() - began < SETTLE_MAX_MS) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    endUnfinishedBodies(withBody);
    // Connections idle now are closed by Fastify; ones busy now close after their answer
    // (the onSend hook below), but a client may open a request in between: sweep until closed.
    const sweep = setInterval(() => app.server.closeIdleConnections?.(), 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) {
      if (hasBody(request)) {
        withBody.add(request);
        reply.raw.once('close', () => withBody.delete(request));
      }
      return;
    }
    lastArrival = Date.now();
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .header('connection', 'close')
      .send({ error: { field: 'alert', message: messages.serviceUnavailable } });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  });
}

/** Error codes of a database that cannot be reached now (node-postgres, PostgreSQL, sockets). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '53300', // too_many_connections
]);
const UNREACHABLE_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/** True when an error (or its cause, as Drizzle wraps driver errors) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A write that failed for want of space or a working disk: 'full' is
 * answered 507 Insufficient Storage, 'failing' 503 with Retry-After, and both make /readyz
 * answer 503 for a while (plugins/readiness.ts). `source` is where it failed: a Node file-system
 * call (it has a `syscall`) wrote in DATA_DIR; anything else came from the database.
 */
export interface StorageFault {
  kind: 'full' | 'failing';
  code: string;
  source: 'database' | 'dataDir';
}
const STORAGE_FULL = new Set([...STORAGE_FULL_CODES, '53100']); // 53100 disk_full
const STORAGE_FAILING = new Set(['EROFS', 'EIO', '58030', '53200']); // 58030 io_error, 53200 out_of_memory
const NO_SPACE_MESSAGE = /No space left on device|Disk quota exceeded/i;

/** The storage fault an error (or its cause, as Drizzle wraps driver errors) reports, or null. */
export function storageFault(error: unknown): StorageFault | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const { code, message, syscall } = e as { code?: unknown; message?: unknown; syscall?: unknown };
    const source = typeof syscall === 'string' ? 'dataDir' : 'database';
    const fileCode = fileErrorCode(e) ?? (typeof code === 'string' ? code : null);
    if (fileCode !== null && STORAGE_FULL.has(fileCode)) return { kind: 'full', code: fileCode, source };
    if (fileCode !== null && STORAGE_FAILING.has(fileCode)) return { kind: 'failing', code: fileCode, source };
    // PostgreSQL's "could not write to file …: No space left on device" (XX000, 53100, 58030).
    // Not in a message that may quote input: Drizzle's (it lists the parameters) or other codes'.
    const mayQuoteInput = typeof message !== 'string' || message.startsWith('Failed query: ') || (typeof code === 'string' && !/^(53|58|XX)/.test(code));
    if (!mayQuoteInput && NO_SPACE_MESSAGE.test(message as string)) return { kind: 'full', code: 'ENOSPC', source };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
