/**
 * Text PostgreSQL cannot store is refused everywhere, once, before any route runs:
 *
 * - a NUL character (U+0000): "invalid byte sequence 0x00";
 * - invalid Unicode, a lone UTF-16 surrogate such as the JSON escape "\ud800" with no partner:
 *   it has no UTF-8 form, so the insert fails ("invalid input syntax for type json" in the audit
 *   log, "invalid byte sequence" in text).
 *
 * Either would otherwise end as a 500. Any string (or key) anywhere in a JSON body, a query
 * string or a path parameter of an /api route that holds one answers
 * 400 {error:{field,message:'Invalid request'}}, under the top-level field it came in. Multipart
 * text fields are checked in readMultipartForm (files.ts) with the same test. Bytes that are not
 * UTF-8 never get this far: the body and URL decoders turn them into U+FFFD or leave them encoded.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { AppError } from '../errors';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a NUL or invalid Unicode (a lone surrogate). */
export function unstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** True when a string, or any string (or key) inside an object or array, is unstorable text. */
function holdsUnstorable(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (unstorableText(next)) return true;
    } else if (Array.isArray(next)) {
      stack.push(...(next as unknown[]));
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (unstorableText(key)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** The top-level field of `input` that holds unstorable text ('alert' when it is not an object's field); null when none. */
function unstorableField(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return holdsUnstorable(input) ? 'alert' : null;
  for (const [key, value] of Object.entries(input)) {
    if (unstorableText(key)) return 'alert';
    if (holdsUnstorable(value)) return key;
  }
  return null;
}

/** Call once in buildApp, before the routes are registered. */
export function installUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    for (const source of [request.params, request.query, request.body]) {
      const field = unstorableField(source);
      if (field) throw AppError.invalid(field, messages.invalidRequest);
    }
  });
}
