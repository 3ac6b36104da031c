/**
 * The browser's error-reporting client with the spec's limits: at most 20
 * events buffered (the oldest dropped), event data normalised to depth 5, and every send aborted
 * after 5 s. Events are scrubbed of personal data (src/shared/errorReports.ts) before they leave
 * the page, and go to POST /api/client-errors, or to Sentry when the server's config names a
 * SENTRY_DSN: then the Sentry SDK is imported on the first error, so no page pays for it before.
 */
import {
  ERROR_REPORT_BODY_LIMIT,
  ERROR_REPORT_BUFFER_LIMIT,
  ERROR_REPORT_PATH,
  ERROR_REPORT_SEND_TIMEOUT_MS,
  reportData,
  scrubEvent,
  type ErrorReportEvent,
  type ErrorReportKind,
} from '../../../shared/errorReports';

/** What of the Sentry SDK the reporter uses (sentry.ts wraps @sentry/browser). */
export interface SentryForwarder {
  capture(error: unknown, event: ErrorReportEvent): void;
}

export interface ReporterOptions {
  /** The window whose 'error' and 'unhandledrejection' are listened to, and whose fetch sends. */
  window: Window;
  /** Where the visitor is, as a route pattern (the router's last match). */
  route?: () => string | undefined;
  release?: string;
  /** Resolves to the Sentry DSN when SENTRY_DSN is set, else undefined (GET /api/config). */
  sentryDsn?: () => Promise<string | undefined>;
  /** Loads and starts the Sentry SDK (a dynamic import). */
  loadSentry?: (dsn: string, release: string | undefined) => Promise<SentryForwarder>;
  /** How long events gather before a batch is sent. */
  batchDelayMs?: number;
  /** false: the caller listens to 'error' and 'unhandledrejection' and calls capture (index.ts). */
  listen?: boolean;
}

/** Where and when an error happened, when it was seen before this reporter was loaded. */
export interface CaptureContext {
  url?: string;
  route?: string;
  timestamp?: number;
}

interface Buffered {
  error: unknown;
  event: ErrorReportEvent;
}

export interface ErrorReporter {
  capture(error: unknown, kind: ErrorReportKind, context?: CaptureContext): void;
  /** Sends what is buffered now (also on pagehide, through sendBeacon). */
  flush(): Promise<void>;
  /** The events waiting to be sent (tests). */
  pending(): readonly ErrorReportEvent[];
  uninstall(): void;
}

function eventOf(error: unknown, kind: ErrorReportKind, url: string, route: string | undefined, release: string | undefined, timestamp: number): ErrorReportEvent {
  const isError = error instanceof Error;
  const event: ErrorReportEvent = {
    kind,
    message: isError ? error.message : typeof error === 'string' ? error : 'Non-Error value',
    url,
    timestamp,
  };
  if (isError) {
    event.name = error.name;
    if (error.stack) event.stack = error.stack;
  } else if (typeof error !== 'string') {
    event.data = reportData(error);
  }
  if (route) event.route = route;
  if (release) event.release = release;
  return scrubEvent(event);
}

/** Batches whose JSON fits the server's body limit, in order. */
function batchesOf(events: ErrorReportEvent[]): string[] {
  const body = JSON.stringify({ events });
  if (body.length <= ERROR_REPORT_BODY_LIMIT || events.length === 1) return [body];
  const half = Math.ceil(events.length / 2);
  return [...batchesOf(events.slice(0, half)), ...batchesOf(events.slice(half))];
}

export function createErrorReporter(options: ReporterOptions): ErrorReporter {
  const { window: win, batchDelayMs = 1_000 } = options;
  let buffer: Buffered[] = [];
  const seen = new WeakSet<object>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let destination: Promise<SentryForwarder | null> | null = null;

  const chooseDestination = (): Promise<SentryForwarder | null> =>
    (destination ??= (options.sentryDsn?.() ?? Promise.resolve(undefined))
      .then((dsn) => (dsn && options.loadSentry ? options.loadSentry(dsn, options.release) : null))
      .catch(() => null));

  async function post(body: string): Promise<void> {
    const controller = new AbortController();
    const abort = setTimeout(() => controller.abort(), ERROR_REPORT_SEND_TIMEOUT_MS);
    try {
      await win.fetch(ERROR_REPORT_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
        credentials: 'omit',
        signal: controller.signal,
      });
    } catch {
      // A report that cannot be sent is dropped: reporting must never make more errors.
    } finally {
      clearTimeout(abort);
    }
  }

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (buffer.length === 0) return;
    const sentry = await chooseDestination();
    const taken = buffer;
    buffer = [];
    if (sentry) {
      for (const item of taken) sentry.capture(item.error, item.event);
      return;
    }
    await Promise.all(batchesOf(taken.map((item) => item.event)).map(post));
  }

  function capture(error: unknown, kind: ErrorReportKind, context: CaptureContext = {}): void {
    try {
      if (typeof error === 'object' && error !== null) {
        if (seen.has(error)) return;
        seen.add(error);
      }
      const event = eventOf(
        error,
        kind,
        context.url ?? win.location.pathname,
        context.route ?? options.route?.(),
        options.release,
        context.timestamp ?? Date.now(),
      );
      buffer.push({ error, event });
      if (buffer.length > ERROR_REPORT_BUFFER_LIMIT) buffer = buffer.slice(-ERROR_REPORT_BUFFER_LIMIT);
      void chooseDestination();
      timer ??= setTimeout(() => void flush(), batchDelayMs);
    } catch {
      // Never let the reporter throw into the page.
    }
  }

  const onError = (e: ErrorEvent) => capture(e.error ?? e.message, 'error');
  const onRejection = (e: PromiseRejectionEvent) => capture(e.reason, 'unhandledrejection');
  // The page is going away: what is buffered leaves with sendBeacon, which outlives the page.
  const onPageHide = () => {
    if (buffer.length === 0 || typeof win.navigator.sendBeacon !== 'function') return;
    void chooseDestination().then((sentry) => {
      if (sentry) return flush();
      const events = buffer.map((item) => item.event);
      buffer = [];
      for (const body of batchesOf(events)) win.navigator.sendBeacon(ERROR_REPORT_PATH, new Blob([body], { type: 'application/json' }));
    });
  };
  const listen = options.listen ?? true;
  if (listen) {
    win.addEventListener('error', onError);
    win.addEventListener('unhandledrejection', onRejection);
  }
  win.addEventListener('pagehide', onPageHide);

  return {
    capture,
    flush,
    pending: () => buffer.map((item) => item.event),
    uninstall() {
      clearTimeout(timer);
      win.removeEventListener('error', onError);
      win.removeEventListener('unhandledrejection', onRejection);
      win.removeEventListener('pagehide', onPageHide);
    },
  };
}
