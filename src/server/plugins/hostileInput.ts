/**
 * A NUL character (U+0000) is refused everywhere, once, before any route runs (issue 10,
 * finding 5): PostgreSQL cannot store it in text ("invalid byte sequence 0x00"), so it would
 * otherwise end as a 500. Any string anywhere in a JSON body, a query string or a path parameter
 * of an /api route that holds one answers 400 {error:{field,message:'Invalid request'}}, under the
 * top-level field it came in. Multipart text fields are checked in readMultipartForm (files.ts).
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { AppError } from '../errors';

/** True when a string, or any string (or key) inside an object or array, holds a NUL. */
function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      stack.push(...(next as unknown[]));
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** The top-level field of `input` that holds a NUL ('alert' when it is not an object's field); null when none. */
function nulField(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return holdsNul(input) ? 'alert' : null;
  for (const [key, value] of Object.entries(input)) {
    if (key.includes('\u0000')) return 'alert';
    if (holdsNul(value)) return key;
  }
  return null;
}

/** Call once in buildApp, before the routes are registered. */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    for (const source of [request.params, request.query, request.body]) {
      const field = nulField(source);
      if (field) throw AppError.invalid(field, messages.invalidRequest);
    }
  });
}
