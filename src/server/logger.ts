/**
 * Request logging that never writes a token, password or code: secrets travel in headers,
 * bodies (never logged) and, for the Google redirect and reset links, query strings,
 * which are cut from every logged URL.
 */
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config';

const SECRET_QUERY = /([?&](?:token|code|password|newPassword|verify_email_code|state|nonce)=)[^&#]*/gi;

/** A tracking token in a path: the tracking page's and its event stream's (EventSource sends no header). */
const TRACKING_PATH = /^(\/track\/|\/api\/deliveries\/tracking\/(?=[^/?#]+\/events(?:[/?#]|$)))[^/?#]+/;

export function redactUrl(url: string): string {
  return url.replace(TRACKING_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * Properties of an error that may be logged. Everything else is left out: pg's and PGlite's
 * `detail` ('Failing row contains (…)', 'Key (email)=(…)'), `where`, `hint`, PGlite's `params`
 * and `queryOptions`, Drizzle's `params`, and whatever else a library hangs on an error, since
 * those carry the values of a query: e-mails, phones, image bytes.
 */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'errno', 'syscall', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint'] as const;

/** An e-mail address inside an error's text: an SMTP server names the address it refused. */
const EMAIL_ADDRESS = /[^\s<>()"',;:@]+@[^\s<>()"',;:@]+\.[^\s<>()"',;:@]+/g;

/**
 * Cuts the values out of an error's text: Drizzle's 'params: …' line, any quoted value of a
 * database error, and any e-mail address (an SMTP refusal's "550 <ada@example.com>: …").
 */
export function redactErrorText(text: string): string {
  // Drizzle's message: the SQL (identifiers quoted, values as $1…) and then the values.
  if (text.startsWith('Failed query: ')) return text.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  // PostgreSQL quotes the offending input in its own messages (invalid input syntax for type uuid: "…").
  const unquoted = /\binvalid input\b|\binvalid byte\b|\bvalue\b/i.test(text) ? text.replace(/"[^"\n]*"/g, '"[redacted]"') : text;
  return unquoted.replace(EMAIL_ADDRESS, '[address]');
}

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** The `err` of a log line: type, message, stack and a few safe fields, its causes likewise; never a query's values. */
export function serializeError(err: unknown, depth = 0): SerializedError | string {
  if (!(err instanceof Error)) return redactErrorText(typeof err === 'string' ? err : String(err));
  const message = redactErrorText(err.message);
  const out: SerializedError = { type: err.constructor?.name ?? err.name, message };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (err.stack) {
    // The stack's first lines repeat the message: write the redacted one, then the frames only.
    const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${err.name}: ${message}`, ...frames].join('\n');
  }
  if (err.cause !== undefined && depth < 5) {
    const cause = serializeError(err.cause, depth + 1);
    out.cause = typeof cause === 'string' ? { type: 'unknown', message: cause } : cause;
  }
  return out;
}

/** Where log lines go: one JSON line per write. */
export interface LogStream {
  write(line: string): void;
}

/** @param stream where log lines go; stdout when absent (tests pass one to read the lines). */
export function loggerOptions(level: LogLevel, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers["x-auth-token"]',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Also given the plain strings some lines log as err (a message already cut from its error).
      err: serializeError as (err: Error) => { type: string; message: string; stack: string },
      req(request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
