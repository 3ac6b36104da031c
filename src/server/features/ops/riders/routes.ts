/**
 * The console's riders:
 *   GET  /api/ops/riders                      ?q&completed=yes|no&review=…&suspended=yes|no&cursor → {items, next}
 *   GET  /api/ops/riders/:id                  a rider's whole profile, ID documents' details, review, suspension
 *   GET  /api/ops/riders/:id/files/:fileId    one of the rider's ID documents (never cached)
 *   POST /api/ops/riders/:id/id-review        {decision: approve|reject, reason?, files?} → {message, rider}
 *   POST /api/ops/riders/:id/suspend          {reason, confirmation} (asks for the password or a fresh code) → {message, rider}
 *   POST /api/ops/riders/:id/unsuspend        {} → {message, rider}
 * The staff check runs at onRequest, before the query or body is even validated: anyone but
 * staff gets the 404 of a missing page whatever they send.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../../shared/messages';
import type { OpsPage } from '../../../../shared/opsForms';
import {
  ID_REVIEW_DECISIONS,
  ID_REVIEW_STATUSES,
  REVIEW_REASON_MAX,
  RIDER_SEARCH_MAX,
  SUSPEND_REASON_MAX,
  type IdReviewDecision,
  type OpsRiderActionResponse,
  type OpsRiderDetail,
  type OpsRiderListItem,
  type OpsRiderQuery,
} from '../../../../shared/opsRiders';
import { AppError } from '../../../errors';
import { actorOf } from '../../../domain/audit';
import { sendStoredFile } from '../../../plugins/files';
import { nullableString, pastEmployeeSchema, riderContactProperties, workHistorySchema } from '../../../domain/riderProfile';
import { assertConfirmed, confirmationSchema } from '../../../domain/stepUp';
import { idParams, opsErrors, pageOf } from '../schemas';
import { listRiders, readRider, readRiderDocument, reviewRiderId, suspendRider, unsuspendRider } from './service';
import { access, STAFF } from '../../../plugins/access';

const uuid = { type: 'string', format: 'uuid' } as const;

const listItemSchema = {
  type: 'object',
  required: ['id', 'username', 'email', 'state', 'town', 'completed', 'idReviewStatus', 'suspended', 'createdAt'],
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    email: { type: 'string' },
    state: nullableString,
    town: nullableString,
    completed: { type: 'boolean' },
    idReviewStatus: { type: 'string', enum: ID_REVIEW_STATUSES },
    suspended: { type: 'boolean' },
    createdAt: { type: 'string' },
  },
} as const;

const detailSchema = {
  type: 'object',
  required: [
    'id', 'username', 'fullName', 'email', 'emailVerified', 'phone', 'address', 'town', 'state', 'introduction', 'bio', 'picture',
    'completed', 'currentTab', 'signIn', 'createdAt', 'personalInfo', 'workHistories', 'pastEmployees', 'documents', 'review', 'suspension',
  ],
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    fullName: { type: ['string', 'null'], description: 'The first and last name as the rider gave them, or null' },
    email: { type: 'string' },
    emailVerified: { type: 'boolean' },
    ...riderContactProperties,
    completed: { type: 'boolean' },
    currentTab: { type: 'integer' },
    signIn: { type: 'object', required: ['password', 'google'], properties: { password: { type: 'boolean' }, google: { type: 'boolean' } } },
    createdAt: { type: 'string' },
    personalInfo: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['totalYearsOfExperience', 'languagesSpoken', 'education'],
          properties: { totalYearsOfExperience: nullableString, languagesSpoken: nullableString, education: nullableString },
        },
      ],
    },
    workHistories: {
      type: 'array',
      items: workHistorySchema,
    },
    pastEmployees: {
      type: 'array',
      items: pastEmployeeSchema,
    },
    documents: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'kind', 'contentType', 'extension', 'originalName', 'size', 'uploadedAt'],
        properties: {
          id: { type: 'string' },
          kind: { type: 'string', enum: ['valid_id', 'rider_id_card'] },
          contentType: { type: 'string' },
          extension: { type: 'string' },
          originalName: { type: 'string' },
          size: { type: 'integer' },
          uploadedAt: { type: 'string' },
        },
      },
    },
    review: {
      type: 'object',
      required: ['status', 'reason', 'reviewedAt', 'reviewedBy'],
      properties: {
        status: { type: 'string', enum: ID_REVIEW_STATUSES },
        reason: nullableString,
        reviewedAt: nullableString,
        reviewedBy: nullableString,
      },
    },
    suspension: {
      anyOf: [{ type: 'null' }, { type: 'object', required: ['at', 'reason'], properties: { at: { type: 'string' }, reason: { type: 'string' } } }],
    },
  },
} as const;

const actionResponse = {
  type: 'object',
  required: ['message', 'rider'],
  properties: { message: { type: 'string' }, rider: detailSchema },
} as const;

const listQuery = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: RIDER_SEARCH_MAX },
    completed: { type: 'string', enum: ['yes', 'no'] },
    review: { type: 'string', enum: ID_REVIEW_STATUSES },
    suspended: { type: 'string', enum: ['yes', 'no'] },
    cursor: { type: 'string', maxLength: 200 },
  },
  additionalProperties: false,
} as const;

const fileParams = {
  type: 'object',
  required: ['id', 'fileId'],
  properties: { id: uuid, fileId: uuid },
} as const;

/** A reason as typed: trimmed, and required (`message` under `field`) when it is empty. */
function reasonOf(value: string | undefined, field: string, message: string): string {
  const reason = (value ?? '').trim();
  if (reason === '') throw AppError.invalid(field, message);
  return reason;
}

export async function opsRidersRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;

  app.get<{ Querystring: OpsRiderQuery }>(
    '/api/ops/riders',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Riders, newest first, a page at a time (keyset); searched by username, e-mail, state or town',
        querystring: listQuery,
        response: { 200: pageOf(listItemSchema), ...opsErrors },
      },
    },
    async (request): Promise<OpsPage<OpsRiderListItem>> => listRiders(db(), request.query),
  );

  app.get<{ Params: { id: string } }>(
    '/api/ops/riders/:id',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: "A rider's whole profile: account, personal information, work history, past employers, ID documents, review and suspension",
        params: idParams,
        response: { 200: detailSchema, ...opsErrors },
      },
    },
    async (request, reply): Promise<OpsRiderDetail> => {
      reply.header('cache-control', 'no-store');
      return readRider(db(), request.params.id);
    },
  );

  app.get<{ Params: { id: string; fileId: string } }>(
    '/api/ops/riders/:id/files/:fileId',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: "One of a rider's private ID documents, for staff only (never cached; the view is audited)",
        params: fileParams,
        response: { 200: { description: 'The file', type: 'string', format: 'binary' }, ...opsErrors },
      },
    },
    async (request, reply) => {
      const file = await readRiderDocument(db(), actorOf(request.staff!), request.params.id, request.params.fileId);
      return sendStoredFile(reply, file, 'private');
    },
  );

  app.post<{ Params: { id: string }; Body: { decision: IdReviewDecision; reason?: string; files?: string[] } }>(
    '/api/ops/riders/:id/id-review',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: "Approve or reject a rider's ID documents (a rejection's reason is e-mailed to the rider and shown on their dashboard)",
        description:
          '`files`: the ids of the documents the decision is about; when they are no longer the rider\'s current ones, 409. Only a review awaiting a check is decided (409 otherwise).',
        params: idParams,
        body: {
          type: 'object',
          required: ['decision'],
          properties: {
            decision: { type: 'string', enum: ID_REVIEW_DECISIONS },
            reason: { type: 'string', maxLength: REVIEW_REASON_MAX },
            files: { type: 'array', items: uuid, maxItems: 2 },
          },
          additionalProperties: false,
        },
        response: { 200: actionResponse, 409: { $ref: 'ErrorBody#' }, ...opsErrors },
      },
    },
    async (request): Promise<OpsRiderActionResponse> => {
      const { decision, files } = request.body;
      const reason = decision === 'reject' ? reasonOf(request.body.reason, 'reason', messages.opsIdReasonRequired) : null;
      const message = await reviewRiderId(db(), app.config, actorOf(request.staff!), request.params.id, { decision, reason, files });
      return { message, rider: await readRider(db(), request.params.id) };
    },
  );

  app.post<{ Params: { id: string }; Body: { reason?: string; confirmation?: string } }>(
    '/api/ops/riders/:id/suspend',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Suspend a rider: every session ends, the public page is gone, log-in is refused (asks for the password or a fresh code)',
        params: idParams,
        body: {
          type: 'object',
          properties: { reason: { type: 'string', maxLength: SUSPEND_REASON_MAX }, confirmation: confirmationSchema },
          additionalProperties: false,
        },
        response: { 200: actionResponse, 409: { $ref: 'ErrorBody#' }, ...opsErrors },
      },
    },
    async (request): Promise<OpsRiderActionResponse> => {
      const reason = reasonOf(request.body?.reason, 'reason', messages.opsSuspendReasonRequired);
      await assertConfirmed(request, request.body?.confirmation);
      const message = await suspendRider(db(), app.config, actorOf(request.staff!), request.params.id, reason);
      return { message, rider: await readRider(db(), request.params.id) };
    },
  );

  app.post<{ Params: { id: string }; Body: { confirmation?: string } }>(
    '/api/ops/riders/:id/unsuspend',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Lift a suspension: the rider may sign in again',
        description: 'Lifting is not destructive, so it does not ask for a confirmation; one sent is ignored.',
        params: idParams,
        body: { type: ['object', 'null'], properties: { confirmation: confirmationSchema }, additionalProperties: false },
        response: { 200: actionResponse, 409: { $ref: 'ErrorBody#' }, ...opsErrors },
      },
    },
    async (request): Promise<OpsRiderActionResponse> => {
      const message = await unsuspendRider(db(), app.config, actorOf(request.staff!), request.params.id);
      return { message, rider: await readRider(db(), request.params.id) };
    },
  );
}
