/**
 * One-click unsubscribe for subscribers (RFC 8058):
 *   GET  /api/newsletter/unsubscribe?e&t   a page with one button; a GET never unsubscribes,
 *                                          because mail scanners follow every link they see
 *   POST /api/newsletter/unsubscribe?e&t   unsubscribes: the page's button, or a mail client's own
 *                                          button posting `List-Unsubscribe=One-Click`
 * A link whose token does not match its address answers 400 with a page that says so.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderUnsubscribePage, type UnsubscribePageState } from '../../../shared/unsubscribePage';
import { errorResponses } from '../../errors';
import { unsubscribePath, verifyUnsubscribeToken } from '../../domain/unsubscribe';
import { unsubscribeNewsletter } from './service';
import { access } from '../../plugins/access';

interface Query {
  e?: string;
  t?: string;
}

const querystring = {
  type: 'object',
  properties: { e: { type: 'string', maxLength: 254 }, t: { type: 'string', maxLength: 128 } },
} as const;

const htmlPage = { description: 'A small HTML page', content: { 'text/html': { schema: { type: 'string' } } } } as const;
const response = { ...errorResponses, 200: htmlPage, 400: htmlPage, 404: { $ref: 'ErrorBody#' } } as const;

function sendPage(reply: FastifyReply, status: number, state: UnsubscribePageState) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(renderUnsubscribePage(state));
}

export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  // Mail clients post the one-click body as a form; this parser lives in this plugin's scope only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const valid = (query: Query): query is Required<Query> =>
    typeof query.e === 'string' && typeof query.t === 'string' && query.e.length > 0 && verifyUnsubscribeToken(app.config, query.e, query.t);

  app.get<{ Querystring: Query }>(
    '/api/newsletter/unsubscribe',
    {
      config: { access: access('public'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['newsletter'], summary: 'The unsubscribe page: one button, nothing changes yet', querystring, response },
    },
    async (request, reply) => {
      if (!valid(request.query)) return sendPage(reply, 400, { kind: 'invalid' });
      return sendPage(reply, 200, { kind: 'ask', email: request.query.e.trim().toLowerCase(), action: unsubscribePath(app.config, request.query.e) });
    },
  );

  app.post<{ Querystring: Query }>(
    '/api/newsletter/unsubscribe',
    {
      config: { access: access('public'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe (RFC 8058 one-click: the body List-Unsubscribe=One-Click is accepted and not required)',
        querystring,
        response,
      },
    },
    async (request, reply) => {
      if (!valid(request.query)) return sendPage(reply, 400, { kind: 'invalid' });
      await unsubscribeNewsletter(app.database.db, request.query.e);
      return sendPage(reply, 200, { kind: 'done', email: request.query.e.trim().toLowerCase() });
    },
  );
}
