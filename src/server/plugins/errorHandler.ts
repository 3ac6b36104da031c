/**
 * One error handler for the whole API (the pattern of fastify/demo's error handler):
 * every 4xx and 5xx body is {error:{field,message}}, and a 5xx never shows internals.
 */
import { ServerResponse, STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { AppError } from '../errors';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, storageFault } from './lifecycle';

/** Turns an ajv error into the input it concerns, e.g. '/email' or missingProperty 'email'. */
function fieldOf(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'alert';
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  if (missing) return missing;
  const fromPath = first.instancePath.replace(/^\//, '').split('/')[0];
  return fromPath || 'alert';
}

export function installErrorHandler(app: FastifyInstance): void {
  answerConnect(app);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.status).send({ error: { field: error.field, message: error.message } });
    }
    if (error.validation) {
      return reply.code(400).send({ error: { field: fieldOf(error), message: messages.invalidRequest } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ error: { field: 'alert', message: error.message } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      return reply.code(status).send({ error: { field: 'alert', message: messages.invalidRequest } });
    }
    const storage = storageFault(error);
    if (storage) {
      // A full or failing disk: the client may try later, and /readyz says so for a while.
      // The error is logged through the err serializer, which never writes a query's values.
      request.server.readiness.recordWriteFailure(storage.source, storage.code);
      request.log.error({ err: error, storage: storage.kind }, storage.kind === 'full' ? 'storage full' : 'storage failing');
      return reply
        .code(storage.kind === 'full' ? 507 : 503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: { field: 'alert', message: messages.serviceUnavailable } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: { field: 'alert', message: messages.serviceUnavailable } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: { field: 'alert', message: messages.submitFailed } });
  });
}

/**
 * Node hands a CONNECT request to the server's 'connect' listeners instead of the router, and
 * with none it closes the socket without a word. Here it goes through Fastify's router like any
 * other method (no route has CONNECT, so it gets the same 404 in the error shape as PROPFIND or
 * a missing page), and the connection closes after the answer: a CONNECT socket is never reused.
 */
function answerConnect(app: FastifyInstance): void {
  app.server.on('connect', (request: IncomingMessage, socket: Socket) => {
    const response = new ServerResponse(request);
    response.shouldKeepAlive = false;
    response.assignSocket(socket);
    response.on('finish', () => {
      response.detachSocket(socket);
      socket.destroySoon();
    });
    socket.on('error', () => socket.destroy());
    app.routing(request, response);
  });
}

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refuses before any route sees it
 * (a malformed request line or header, headers over the limit, a request that timed out) gets
 * 400/431/408 in the API's error shape, not Fastify's default {error,message,statusCode} body
 * Nothing of the request is logged.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ error: { field: 'alert', message: messages.invalidRequest } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
