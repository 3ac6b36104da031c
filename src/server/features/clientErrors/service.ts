/** Browser error reports: each event goes to the log at warn level, scrubbed. */
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorReportBatch } from '../../../shared/errorReports';
import { clientErrorLogFields } from '../../lib/scrub';

export function logClientErrors(log: FastifyBaseLogger, batch: ErrorReportBatch): void {
  for (const event of batch.events) log.warn(clientErrorLogFields(event), 'browser error');
}
