/**
 * One error handler for the whole API (the pattern of fastify/demo's error handler):
 * every 4xx and 5xx body is {error:{field,message}}, and a 5xx never shows internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { AppError } from '../errors';

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
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: { field: 'alert', message: messages.submitFailed } });
  });
}
