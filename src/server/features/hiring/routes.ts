/**
 * Hire requests and engagements:
 *   POST /api/hiring/requests                 company → sends a request to a listed rider (7 days to answer)
 *   GET  /api/hiring/requests?status&rider&cursor   company: the ones it sent; rider: the ones sent to them
 *   GET  /api/hiring/requests/:id             either party; anyone else gets the 404 of a missing page
 *   POST /api/hiring/requests/:id/accept      rider
 *   POST /api/hiring/requests/:id/decline     rider
 *   POST /api/hiring/requests/:id/withdraw    company
 *   POST /api/hiring/requests/:id/end         either party, {outcome: 'completed' | 'early'}
 * Signed out: 401. The wrong role or not a party: 404. A move the status does not allow: 409
 * under 'status' saying what the request is now.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  END_OUTCOMES,
  ENGAGEMENT_STATUSES,
  HIRE_FILTERS,
  hireRequestForm,
  type EndOutcome,
  type EngagementAction,
  type HireActionResponse,
  type HireFilter,
  type HireItem,
  type HirePage,
} from '../../../shared/hiring';
import { messages } from '../../../shared/messages';
import type { FormValues } from '../../../shared/validation';
import { AppError, errorResponses } from '../../errors';
import { unauthorizedResponse } from '../../plugins/auth';
import { checkForm, formBodySchema } from '../../lib/forms';
import { listHireRequests, moveHireRequest, readHireRequest, sendHireRequest } from './service';
import { access, type Access } from '../../plugins/access';

const nullableString = { type: ['string', 'null'] } as const;
const fileRef = { anyOf: [{ type: 'null' }, { type: 'object', required: ['url'], properties: { url: { type: 'string' } } }] } as const;

const hireItemSchema = {
  type: 'object',
  required: ['id', 'status', 'side', 'role', 'state', 'town', 'start_date', 'pay_note', 'message', 'created_at', 'expires_at', 'company', 'rider', 'contact'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ENGAGEMENT_STATUSES },
    side: { type: 'string', enum: ['company', 'rider'] },
    role: { type: 'string' },
    state: { type: 'string' },
    town: { type: 'string' },
    start_date: { type: 'string' },
    pay_note: { type: 'string' },
    message: { type: 'string' },
    created_at: { type: 'string' },
    expires_at: { type: 'string' },
    responded_at: nullableString,
    ended_at: nullableString,
    ended_by: { type: ['string', 'null'], enum: ['company', 'rider', null] },
    end_outcome: { type: ['string', 'null'], enum: [...END_OUTCOMES, null] },
    review_deadline: nullableString,
    company: { type: 'object', required: ['name', 'logo'], properties: { name: { type: 'string' }, logo: fileRef } },
    rider: {
      type: 'object',
      required: ['username', 'display_name', 'full_name', 'picture'],
      properties: {
        username: { type: 'string' },
        display_name: { type: 'string' },
        full_name: { type: ['string', 'null'], description: 'Once the rider accepted (active or ended) and gave both names; else null' },
        picture: fileRef,
      },
    },
    contact: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['name', 'phone', 'email', 'whatsapp'],
          properties: { name: nullableString, phone: nullableString, email: { type: 'string' }, whatsapp: nullableString },
        },
      ],
    },
  },
} as const;

const actionResponse = {
  type: 'object',
  required: ['message', 'item'],
  properties: { message: { type: 'string' }, item: hireItemSchema },
} as const;

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;
const errors = { ...errorResponses, ...unauthorizedResponse, 404: { $ref: 'ErrorBody#' } } as const;

const moves: Record<EngagementAction, { access: Access; summary: string }> = {
  accept: { access: access('rider', { owner: 'the request: the rider it was sent to' }), summary: 'The rider accepts: the engagement is active and both see each other’s contact details' },
  decline: { access: access('rider', { owner: 'the request: the rider it was sent to' }), summary: 'The rider declines the request' },
  withdraw: { access: access('company', { owner: 'the request: the company that sent it' }), summary: 'The company withdraws a request not yet answered' },
  end: { access: access(['rider', 'company'], { owner: 'the engagement: its company or its rider' }), summary: 'Either side ends an active engagement; the 14-day review window opens' },
};

async function checkOutcome(request: FastifyRequest): Promise<void> {
  const given = (request.body as { outcome?: unknown } | null | undefined)?.outcome;
  if (typeof given !== 'string' || !(END_OUTCOMES as readonly string[]).includes(given)) throw AppError.invalid('outcome', messages.hireOutcomeRequired);
}

export async function hiringRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: FormValues<typeof hireRequestForm> }>(
    '/api/hiring/requests',
    {
      config: { access: access('company') },
      preValidation: checkForm(hireRequestForm),
      schema: {
        tags: ['hiring'],
        summary: 'Send a hire request to a listed rider; they have 7 days to answer',
        body: formBodySchema(hireRequestForm),
        response: { 200: actionResponse, 409: { $ref: 'ErrorBody#' }, ...errors },
      },
    },
    async (request): Promise<HireActionResponse> => {
      const result = await sendHireRequest(app.database.db, app.config, app.limits, request.auth!, request.body);
      return result;
    },
  );

  app.get<{ Querystring: { status?: HireFilter; rider?: string; cursor?: string } }>(
    '/api/hiring/requests',
    {
      config: { access: access(['rider', 'company']) },
      schema: {
        tags: ['hiring'],
        summary: 'A company’s sent requests or a rider’s received ones, newest first (keyset paged)',
        querystring: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: HIRE_FILTERS },
            rider: { type: 'string', maxLength: 60 },
            cursor: { type: 'string', maxLength: 200 },
          },
          additionalProperties: false,
        },
        response: {
          200: { type: 'object', required: ['items', 'next'], properties: { items: { type: 'array', items: hireItemSchema }, next: nullableString } },
          ...errors,
        },
      },
    },
    async (request, reply): Promise<HirePage> => {
      reply.header('cache-control', 'no-store');
      return listHireRequests(app.database.db, request.auth!, request.query);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/hiring/requests/:id',
    {
      config: { access: access(['rider', 'company'], { owner: 'the engagement: its company or its rider' }) },
      schema: {
        tags: ['hiring'],
        summary: 'One request or engagement, to its two parties only',
        params: idParams,
        response: { 200: hireItemSchema, ...errors },
      },
    },
    async (request, reply): Promise<HireItem> => {
      reply.header('cache-control', 'no-store');
      return readHireRequest(app.database.db, request.auth!, request.params.id);
    },
  );

  for (const action of Object.keys(moves) as EngagementAction[]) {
    app.post<{ Params: { id: string }; Body: { outcome?: EndOutcome } | undefined }>(
      `/api/hiring/requests/:id/${action}`,
      {
        config: { access: moves[action].access },
        // How it ended is asked before the schema, so a missing body is told under 'outcome' too.
        ...(action === 'end' ? { preValidation: checkOutcome } : {}),
        schema: {
          tags: ['hiring'],
          summary: moves[action].summary,
          params: idParams,
          ...(action === 'end'
            ? { body: { type: 'object', required: ['outcome'], properties: { outcome: { type: 'string', enum: END_OUTCOMES } }, additionalProperties: false } }
            : {}),
          response: { 200: actionResponse, 409: { $ref: 'ErrorBody#' }, ...errors },
        },
      },
      async (request): Promise<HireActionResponse> => {
        const outcome = action === 'end' ? request.body?.outcome : undefined;
        const result = await moveHireRequest(app.database.db, app.config, request.auth!, { id: request.params.id, action, outcome });
        return result;
      },
    );
  }
}
