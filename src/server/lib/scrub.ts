/**
 * Personal data out of what the server logs from browsers. The rules are
 * src/shared/errorReports.ts's, the same the browser applies before sending: this runs them
 * again, because a report is whatever a client chose to send.
 */
import { scrubEvent, type ErrorReportEvent } from '../../shared/errorReports';

export { scrubText } from '../../shared/errorReports';

/** The pino fields of one browser error event: scrubbed, cut, and with no query string. */
export function clientErrorLogFields(event: ErrorReportEvent): Record<string, unknown> {
  const clean = scrubEvent(event);
  return {
    clientError: {
      kind: clean.kind,
      name: clean.name,
      message: clean.message,
      url: clean.url,
      route: clean.route,
      release: clean.release,
      at: new Date(clean.timestamp).toISOString(),
      stack: clean.stack,
      data: clean.data,
    },
  };
}
