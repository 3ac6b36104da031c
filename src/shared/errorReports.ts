/**
 * Browser error reports: the spec's error-reporting client limits, the
 * shape of a report, and the one definition of what counts as personal data in one. The browser
 * scrubs before sending (src/web/errorReporting) and the server scrubs again before logging
 * (src/server/lib/scrub.ts), with these same rules.
 */

/** Spec: "Error-reporting client: 5 s send timeout, buffer limit 20, event depth 5." */
export const ERROR_REPORT_SEND_TIMEOUT_MS = 5_000;
export const ERROR_REPORT_BUFFER_LIMIT = 20;
export const ERROR_REPORT_EVENT_DEPTH = 5;

/** POST /api/client-errors takes at most this many bytes; a batch that would be larger is split. */
export const ERROR_REPORT_BODY_LIMIT = 16 * 1024;
export const ERROR_REPORT_PATH = '/api/client-errors';

export const ERROR_REPORT_KINDS = ['error', 'unhandledrejection', 'router', 'chunk'] as const;
export type ErrorReportKind = (typeof ERROR_REPORT_KINDS)[number];

/** Longest text kept per field; the browser cuts to these, the server's schema refuses longer. */
export const ERROR_REPORT_MAX = {
  message: 500,
  name: 100,
  stack: 2_000,
  url: 300,
  route: 200,
  release: 64,
  /** The event's extra data, serialised to JSON after normalising to ERROR_REPORT_EVENT_DEPTH. */
  data: 2_000,
} as const;

export interface ErrorReportEvent {
  kind: ErrorReportKind;
  message: string;
  name?: string;
  stack?: string;
  /** The page's path only: never a query string or fragment. */
  url: string;
  /** The route pattern that matched, e.g. /company-dashboard/riders/$username. */
  route?: string;
  release?: string;
  /** When it happened, milliseconds since the epoch. */
  timestamp: number;
  /** Anything else known (a rejection's non-Error reason), as normalised JSON text. */
  data?: string;
}

export interface ErrorReportBatch {
  events: ErrorReportEvent[];
}

// ── What is personal data in a report ──
// Order matters: a JWT holds dots and long runs, so it goes first; then long tokens, e-mail
// addresses and phone numbers. URLs lose their query string and fragment (where tokens and
// e-mail addresses travel) but keep a stack frame's :line:column.

const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;
/** 24 or more letters, digits, '-' or '_' with at least one digit and one letter: keys, ids, UUIDs. */
const LONG_TOKEN = /(?<![A-Za-z0-9_-])(?=[A-Za-z_-]*\d)(?=[0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}(?![A-Za-z0-9_-])/g;
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** 9 to 15 digits, maybe after '+', maybe split by spaces, dots, dashes or brackets. */
const PHONE = /(?<![\w:.])\+?\(?\d(?:[\s().-]{0,2}\d){8,14}(?![\w])/g;
/** A URL's query string and fragment, keeping a trailing :line or :line:column. */
const URL_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#()"'<>]*)[?#][^\s()"'<>]*?((?::\d+){1,2})?(?=[\s()"'<>]|$)/gi;
/** A query string after a bare path such as /reset-password?token=…. */
const PATH_QUERY = /((?:^|[\s("'])\/[^\s?#()"'<>]*)[?#][^\s()"'<>]*/g;

const SCRUBBED = { email: '[email]', phone: '[phone]', token: '[token]' } as const;

/** Removes e-mail addresses, phone numbers, JWTs, long tokens, and query strings from text. */
export function scrubText(text: string): string {
  return text
    .replace(URL_QUERY, (_m, base: string, position: string | undefined) => `${base}${position ?? ''}`)
    .replace(PATH_QUERY, '$1')
    .replace(JWT, SCRUBBED.token)
    .replace(LONG_TOKEN, SCRUBBED.token)
    .replace(EMAIL, SCRUBBED.email)
    .replace(PHONE, SCRUBBED.phone);
}

/** Scrubs and cuts to at most max characters. */
export function scrubField(text: string, max: number): string {
  const scrubbed = scrubText(text);
  return scrubbed.length > max ? `${scrubbed.slice(0, max - 1)}…` : scrubbed;
}

/** A URL or path reduced to its path (no origin, query string or fragment), scrubbed. */
export function pathOfUrl(url: string): string {
  let path = url;
  try {
    path = new URL(url, 'http://x.invalid').pathname;
  } catch {
    path = url.replace(/[?#].*$/s, '');
  }
  return scrubField(path, ERROR_REPORT_MAX.url);
}

/**
 * A value made safe to serialise, like Sentry's normalizeDepth: objects and arrays deeper than
 * `depth` levels become '[Object]' / '[Array]', cycles '[Circular]', functions '[Function]',
 * errors {name, message}, and every string and key is scrubbed.
 */
export function normalizeForReport(value: unknown, depth: number = ERROR_REPORT_EVENT_DEPTH): unknown {
  const seen = new WeakSet<object>();
  const walk = (v: unknown, level: number): unknown => {
    if (typeof v === 'string') return scrubField(v, ERROR_REPORT_MAX.data);
    if (typeof v === 'number' || typeof v === 'boolean' || v === null) return v;
    if (v === undefined) return '[undefined]';
    if (typeof v === 'bigint') return `${v.toString()}n`;
    if (typeof v === 'symbol') return v.toString();
    if (typeof v === 'function') return '[Function]';
    const object = v as object;
    if (level >= depth) return Array.isArray(object) ? '[Array]' : '[Object]';
    if (seen.has(object)) return '[Circular]';
    seen.add(object);
    if (object instanceof Error) return { name: walk(object.name, level + 1), message: walk(object.message, level + 1) };
    if (Array.isArray(object)) return object.slice(0, 50).map((item: unknown) => walk(item, level + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(object).slice(0, 50)) out[scrubField(key, 100)] = walk(item, level + 1);
    return out;
  };
  return walk(value, 0);
}

/** normalizeForReport as JSON text cut to ERROR_REPORT_MAX.data. */
export function reportData(value: unknown): string {
  const json = JSON.stringify(normalizeForReport(value)) ?? '';
  return json.length > ERROR_REPORT_MAX.data ? `${json.slice(0, ERROR_REPORT_MAX.data - 1)}…` : json;
}

/** Every text field of an event scrubbed and cut to its limit. */
export function scrubEvent(event: ErrorReportEvent): ErrorReportEvent {
  const out: ErrorReportEvent = {
    kind: event.kind,
    message: scrubField(event.message, ERROR_REPORT_MAX.message),
    url: pathOfUrl(event.url),
    timestamp: event.timestamp,
  };
  if (event.name !== undefined) out.name = scrubField(event.name, ERROR_REPORT_MAX.name);
  if (event.stack !== undefined) out.stack = scrubField(event.stack, ERROR_REPORT_MAX.stack);
  if (event.route !== undefined) out.route = scrubField(event.route, ERROR_REPORT_MAX.route);
  if (event.release !== undefined) out.release = scrubField(event.release, ERROR_REPORT_MAX.release);
  if (event.data !== undefined) out.data = scrubField(event.data, ERROR_REPORT_MAX.data);
  return out;
}
