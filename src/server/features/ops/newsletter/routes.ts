/**
 * The console's newsletter:
 *   GET    /api/ops/newsletter?q&cursor        staff → a page of subscribers, newest first
 *   GET    /api/ops/newsletter/export.csv      staff → every subscriber as CSV
 *   DELETE /api/ops/newsletter/:id             staff {confirmation} → unsubscribes one (asks again)
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../../shared/messages';
import type { OpsPage } from '../../../../shared/opsForms';
import type { OpsSubscriber } from '../../../../shared/opsNewsletter';
import { actorOf } from '../../../domain/audit';
import { assertConfirmed } from '../../../domain/stepUp';
import { exportSubscribersCsv, listSubscribers, removeSubscriber } from './service';
import { confirmationBody, idParams, messageResponse, opsErrors, pageOf } from '../schemas';
import { access, STAFF } from '../../../plugins/access';

const subscriberSchema = {
  type: 'object',
  required: ['id', 'email', 'sourcePath', 'createdAt'],
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    sourcePath: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export async function opsNewsletterRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { q?: string; cursor?: string } }>(
    '/api/ops/newsletter',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Newsletter subscribers, newest first; q matches part of the address',
        querystring: {
          type: 'object',
          properties: { q: { type: 'string', maxLength: 100 }, cursor: { type: 'string', maxLength: 200 } },
          additionalProperties: false,
        },
        response: { 200: pageOf(subscriberSchema), ...opsErrors },
      },
    },
    async (request): Promise<OpsPage<OpsSubscriber>> => listSubscribers(app.database.db, request.query),
  );

  app.get(
    '/api/ops/newsletter/export.csv',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Every subscriber as CSV (email, subscribed_at, source_path); formula-like cells are neutralised',
        response: { 200: { description: 'CSV with a header row', content: { 'text/csv': { schema: { type: 'string' } } } }, ...opsErrors },
      },
    },
    async (_request, reply) => {
      const csv = await exportSubscribersCsv(app.database.db);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.delete<{ Params: { id: string }; Body: { confirmation?: string } }>(
    '/api/ops/newsletter/:id',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Unsubscribe one subscriber: the row is deleted (asks for the password or a fresh code)',
        params: idParams,
        body: confirmationBody,
        response: { 200: messageResponse, ...opsErrors },
      },
    },
    async (request) => {
      await assertConfirmed(request, request.body?.confirmation);
      const email = await removeSubscriber(app.database.db, actorOf(request.staff!), request.params.id);
      return { message: messages.opsNewsletterUnsubscribed(email) };
    },
  );
}
