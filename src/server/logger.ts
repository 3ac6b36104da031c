/**
 * Request logging that never writes a token, password or code: secrets travel in headers,
 * bodies (never logged) and, for the Google redirect and reset links, query strings,
 * which are cut from every logged URL.
 */
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config';

const SECRET_QUERY = /([?&](?:token|code|password|newPassword|verify_email_code|state|nonce)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
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
      req(request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
