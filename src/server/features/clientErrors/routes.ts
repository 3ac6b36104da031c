/**
 * POST /api/client-errors {events:[…]}: errors seen in browsers, logged
 * through pino with no personal data. No sign-in needed; limited per address and to 16 kB.
 */
import type { FastifyInstance } from 'fastify';
import {
  ERROR_REPORT_BODY_LIMIT,
  ERROR_REPORT_BUFFER_LIMIT,
  ERROR_REPORT_KINDS,
  ERROR_REPORT_MAX,
  ERROR_REPORT_PATH,
  type ErrorReportBatch,
} from '../../../shared/errorReports';
import { errorResponses } from '../../errors';
import { logClientErrors } from './service';
import { access } from '../../plugins/access';

const text = (maxLength: number) => ({ type: 'string', maxLength });

const eventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'message', 'url', 'timestamp'],
  properties: {
    kind: { type: 'string', enum: [...ERROR_REPORT_KINDS] },
    message: text(ERROR_REPORT_MAX.message),
    name: text(ERROR_REPORT_MAX.name),
    stack: text(ERROR_REPORT_MAX.stack),
    url: text(ERROR_REPORT_MAX.url),
    route: text(ERROR_REPORT_MAX.route),
    release: text(ERROR_REPORT_MAX.release),
    timestamp: { type: 'integer', minimum: 0 },
    data: text(ERROR_REPORT_MAX.data),
  },
} as const;

export async function clientErrorsRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ErrorReportBatch }>(
    ERROR_REPORT_PATH,
    {
      bodyLimit: ERROR_REPORT_BODY_LIMIT,
      config: { access: access('public'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['site'],
        summary: 'Report errors seen in the browser',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['events'],
          properties: { events: { type: 'array', minItems: 1, maxItems: ERROR_REPORT_BUFFER_LIMIT, items: eventSchema } },
        },
        response: { 204: { type: 'null' }, ...errorResponses, 413: { $ref: 'ErrorBody#' } },
      },
    },
    async (request, reply) => {
      logClientErrors(request.log, request.body);
      return reply.code(204).send();
    },
  );
}
