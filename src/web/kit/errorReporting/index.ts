/**
 * The page's error reporting, installed once by start.tsx. This part is in
 * the first chunk and stays small: it listens to 'error' and 'unhandledrejection', takes
 * reportError calls from the router's error page and the chunk loader, keeps at most the spec's
 * 20 events (the oldest dropped), and at the first error imports the reporter (scrubbing, depth
 * 5, batching, the 5 s send timeout, Sentry when SENTRY_DSN is set), so no page pays for it
 * before an error. Should that import fail (the chunk-load failures it reports), a bare event
 * with no text of the error (kind, name, route pattern) is sent instead.
 * In the dev server nothing is sent unless VITE_REPORT_ERRORS=1 asks for it.
 */
import { ERROR_REPORT_BUFFER_LIMIT, ERROR_REPORT_PATH, type ErrorReportKind } from '../../../shared/errorReports';
import { loadPublicConfig } from '../http/client';
import type { ErrorReporter } from './reporter';

interface Seen {
  error: unknown;
  kind: ErrorReportKind;
  url: string;
  route: string | undefined;
  timestamp: number;
}

let routeOf: (() => string | undefined) | null = null;
let reporter: ErrorReporter | null = null;
let loading = false;
let waiting: Seen[] = [];
const reported = new WeakSet<object>();

function load(): void {
  loading = true;
  const release = import.meta.env.VITE_RELEASE as string | undefined;
  import('./reporter').then(
    ({ createErrorReporter }) => {
      reporter = createErrorReporter({
        window,
        listen: false,
        route: () => routeOf?.(),
        release,
        sentryDsn: () => loadPublicConfig().then((config) => config.sentryDsn),
        loadSentry: (dsn, rel) => import('./sentry').then((m) => m.startSentry(dsn, rel)),
      });
      for (const seen of waiting) reporter.capture(seen.error, seen.kind, seen);
      waiting = [];
    },
    () => {
      const events = waiting.map(({ error, kind, route, timestamp }) => ({
        kind,
        message: 'Error report code did not load',
        name: error instanceof Error && /^\w{1,100}$/.test(error.name) ? error.name : undefined,
        url: route ?? '/',
        route,
        timestamp,
      }));
      waiting = [];
      loading = false;
      void fetch(ERROR_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }), keepalive: true }).catch(
        () => undefined,
      );
    },
  );
}

/** Reports an error once per error object; does nothing before installErrorReporting. */
export function reportError(error: unknown, kind: ErrorReportKind): void {
  if (!routeOf) return;
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  if (reporter) return reporter.capture(error, kind);
  waiting.push({ error, kind, url: location.pathname, route: routeOf(), timestamp: Date.now() });
  if (waiting.length > ERROR_REPORT_BUFFER_LIMIT) waiting.shift();
  if (!loading) load();
}

export function installErrorReporting(route: () => string | undefined): void {
  if (routeOf || (import.meta.env.DEV && import.meta.env.VITE_REPORT_ERRORS !== '1')) return;
  routeOf = route;
  addEventListener('error', (e) => reportError(e.error ?? e.message, 'error'));
  addEventListener('unhandledrejection', (e) => reportError(e.reason, 'unhandledrejection'));
}
