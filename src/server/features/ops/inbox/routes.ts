/**
 * The console's inbox:
 *   GET  /api/ops/inbox?kind=&status=&q=&assignee=&cursor=   → {items, next}   newest first, keyset
 *   GET  /api/ops/inbox/summary                              → {new, open, answered, closed}
 *   GET  /api/ops/inbox/:id                                  → {item, timeline, staff, replyTo}
 *   POST /api/ops/inbox/:id/status  {status}                 → the item as it now is
 *   POST /api/ops/inbox/:id/assign  {staffId|null}           → the item as it now is
 *   POST /api/ops/inbox/:id/notes   {body}                   → the item as it now is
 *   POST /api/ops/inbox/:id/reply   {subject, body}          → the item as it now is
 * The staff check runs at onRequest, before the body and parameters are looked at, so a caller
 * who is not staff gets the 404 of a missing page whatever they send (never a 400 that would
 * tell them the route exists).
 */
import type { FastifyInstance } from 'fastify';
import { INBOX_KINDS, INBOX_SEARCH_MAX, INBOX_STATUSES, inboxNoteForm, inboxReplyForm, type InboxItemDetail, type InboxStatus } from '../../../../shared/inbox';
import type { FormValues } from '../../../../shared/validation';
import { actorOf } from '../../../domain/audit';
import { checkForm, formBodySchema } from '../../../lib/forms';
import {
  addInboxNote,
  assignInboxItem,
  changeInboxStatus,
  getInboxItem,
  listInboxItems,
  replyToInboxItem,
  summarizeInbox,
  type InboxDeps,
  type InboxListQuery,
} from './service';
import { idParams, opsErrors, pageOf } from '../schemas';
import { access, STAFF } from '../../../plugins/access';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const assigneeSchema = {
  type: ['object', 'null'],
  required: ['id', 'email'],
  properties: { id: { type: 'string' }, email: { type: 'string' } },
} as const;

const itemFields = {
  id: { type: 'string' },
  kind: { type: 'string', enum: INBOX_KINDS },
  name: { type: 'string' },
  email: { type: 'string' },
  phone: { type: ['string', 'null'] },
  status: { type: 'string', enum: INBOX_STATUSES },
  assignee: assigneeSchema,
  createdAt: { type: 'string' },
  updatedAt: { type: 'string' },
} as const;

const listItemSchema = {
  type: 'object',
  required: [...Object.keys(itemFields), 'excerpt'],
  properties: { ...itemFields, excerpt: { type: 'string' } },
} as const;

const detailSchema = {
  type: 'object',
  required: ['item', 'timeline', 'staff', 'replyTo'],
  properties: {
    item: { type: 'object', required: [...Object.keys(itemFields), 'message'], properties: { ...itemFields, message: { type: 'string' } } },
    timeline: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'kind', 'staffEmail', 'subject', 'body', 'createdAt'],
        properties: {
          id: { type: 'string' },
          kind: { type: 'string', enum: ['note', 'reply'] },
          staffEmail: { type: 'string' },
          subject: { type: ['string', 'null'] },
          body: { type: 'string' },
          createdAt: { type: 'string' },
        },
      },
    },
    staff: {
      type: 'array',
      items: { type: 'object', required: ['id', 'email'], properties: { id: { type: 'string' }, email: { type: 'string' } } },
    },
    replyTo: { type: 'string' },
  },
} as const;

const itemResponses = { 200: detailSchema, 409: { $ref: 'ErrorBody#' }, ...opsErrors } as const;

export async function opsInboxRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): InboxDeps => ({ db: app.database.db, opsEmail: app.config.opsEmail });

  app.get<{ Querystring: InboxListQuery }>(
    '/api/ops/inbox',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Inbox items (enquiries, quotes, waitlist entries), newest first, one keyset page at a time',
        description: 'q searches names, e-mail addresses and messages by word prefix; assignee is me, none or a staff id.',
        querystring: {
          type: 'object',
          properties: {
            kind: { type: 'string', enum: INBOX_KINDS },
            status: { type: 'string', enum: INBOX_STATUSES },
            q: { type: 'string', maxLength: INBOX_SEARCH_MAX },
            assignee: { type: 'string', anyOf: [{ enum: ['me', 'none'] }, { pattern: UUID }] },
            cursor: { type: 'string', maxLength: 200 },
          },
          additionalProperties: false,
        },
        response: { 200: pageOf(listItemSchema), ...opsErrors },
      },
    },
    async (request) => listInboxItems(app.database.db, request.staff!, request.query),
  );

  app.get(
    '/api/ops/inbox/summary',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'How many inbox items are in each status',
        response: {
          200: {
            type: 'object',
            required: [...INBOX_STATUSES],
            properties: Object.fromEntries(INBOX_STATUSES.map((s) => [s, { type: 'integer' }])),
          },
          ...opsErrors,
        },
      },
    },
    async () => summarizeInbox(app.database.db),
  );

  app.get<{ Params: { id: string } }>(
    '/api/ops/inbox/:id',
    {
      config: { access: access(STAFF) },
      schema: { tags: ['ops'], summary: 'An inbox item with its notes and replies, oldest first', params: idParams, response: itemResponses },
    },
    async (request): Promise<InboxItemDetail> => getInboxItem(deps(), request.params.id),
  );

  app.post<{ Params: { id: string }; Body: { status: InboxStatus } }>(
    '/api/ops/inbox/:id/status',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Move an item: new → open → answered → closed, reopen allowed (409 for any other move)',
        params: idParams,
        body: {
          type: 'object',
          required: ['status'],
          properties: { status: { type: 'string', enum: INBOX_STATUSES } },
          additionalProperties: false,
        },
        response: itemResponses,
      },
    },
    async (request) => changeInboxStatus(deps(), actorOf(request.staff!), request.params.id, request.body.status),
  );

  app.post<{ Params: { id: string }; Body: { staffId: string | null } }>(
    '/api/ops/inbox/:id/assign',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Assign an item to a staff member, or to nobody (null)',
        params: idParams,
        body: {
          type: 'object',
          required: ['staffId'],
          properties: { staffId: { anyOf: [{ type: 'string', pattern: UUID }, { type: 'null' }] } },
          additionalProperties: false,
        },
        response: itemResponses,
      },
    },
    async (request) => assignInboxItem(deps(), actorOf(request.staff!), request.params.id, request.body.staffId),
  );

  app.post<{ Params: { id: string }; Body: FormValues<typeof inboxNoteForm> }>(
    '/api/ops/inbox/:id/notes',
    {
      config: { access: access(STAFF) },
      preValidation: checkForm(inboxNoteForm),
      schema: {
        tags: ['ops'],
        summary: 'Add an internal note to the item (never sent to the customer)',
        params: idParams,
        body: formBodySchema(inboxNoteForm),
        response: itemResponses,
      },
    },
    async (request) => addInboxNote(deps(), actorOf(request.staff!), request.params.id, request.body.body),
  );

  app.post<{ Params: { id: string }; Body: FormValues<typeof inboxReplyForm> }>(
    '/api/ops/inbox/:id/reply',
    {
      config: { access: access(STAFF) },
      preValidation: checkForm(inboxReplyForm),
      schema: {
        tags: ['ops'],
        summary: 'Answer the customer by e-mail (Reply-To OPS_EMAIL); kept on the timeline; the item becomes answered',
        description: 'A closed item must be reopened first (409).',
        params: idParams,
        body: formBodySchema(inboxReplyForm),
        response: itemResponses,
      },
    },
    async (request) => {
      const detail = await replyToInboxItem(deps(), actorOf(request.staff!), request.params.id, request.body);
      return detail;
    },
  );
}
