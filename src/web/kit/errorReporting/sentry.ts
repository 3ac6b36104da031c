/**
 * Sentry instead of our endpoint when SENTRY_DSN is set. Imported only by
 * the reporter's dynamic import on the first error, so @sentry/browser is a chunk of its own.
 * Same limits as ours: 20 breadcrumbs and a transport buffer of 20, depth 5, 5 s per send; the
 * same scrubbing in beforeSend; and Sentry's own global handlers off, as the reporter forwards.
 */
import * as Sentry from '@sentry/browser';
import {
  ERROR_REPORT_BUFFER_LIMIT,
  ERROR_REPORT_EVENT_DEPTH,
  ERROR_REPORT_MAX,
  ERROR_REPORT_SEND_TIMEOUT_MS,
  pathOfUrl,
  scrubField,
} from '../../../shared/errorReports';
import type { SentryForwarder } from './reporter';

/** fetch that gives up after the spec's 5 s send timeout. */
function timedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ERROR_REPORT_SEND_TIMEOUT_MS);
  return fetch(input, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
}

const scrub = (text: string | undefined, max: number = ERROR_REPORT_MAX.message) => (text === undefined ? undefined : scrubField(text, max));

export function startSentry(dsn: string, release: string | undefined): SentryForwarder {
  Sentry.init({
    dsn,
    release,
    maxBreadcrumbs: ERROR_REPORT_BUFFER_LIMIT,
    normalizeDepth: ERROR_REPORT_EVENT_DEPTH,
    sendDefaultPii: false,
    transport: (options) => Sentry.makeFetchTransport({ ...options, bufferSize: ERROR_REPORT_BUFFER_LIMIT }, timedFetch),
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
    beforeBreadcrumb(crumb) {
      crumb.message = scrub(crumb.message);
      if (crumb.data && typeof crumb.data.url === 'string') crumb.data.url = pathOfUrl(crumb.data.url);
      if (crumb.data && typeof crumb.data.from === 'string') crumb.data.from = pathOfUrl(crumb.data.from);
      if (crumb.data && typeof crumb.data.to === 'string') crumb.data.to = pathOfUrl(crumb.data.to);
      return crumb;
    },
    beforeSend(event) {
      event.message = scrub(event.message);
      for (const value of event.exception?.values ?? []) value.value = scrub(value.value);
      if (event.request) {
        if (event.request.url) event.request.url = pathOfUrl(event.request.url);
        delete event.request.query_string;
        delete event.request.cookies;
        delete event.request.headers;
      }
      delete event.user;
      return event;
    },
  });
  return {
    capture(error, event) {
      Sentry.captureException(error, { tags: { kind: event.kind }, extra: { route: event.route } });
    },
  };
}
