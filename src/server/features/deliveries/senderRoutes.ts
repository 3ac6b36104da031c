/**
 * The sender's actions after booking (DESIGN.md §11), by the tracking link or as the company
 * that booked (its session or one of its API keys):
 *   POST /api/deliveries/tracking/cancel    x-tracking-token     cancel before pickup
 *   POST /api/deliveries/tracking/rating    x-tracking-token     rate once after delivery, 1-5 and a comment
 *   GET  /api/deliveries/tracking/proof     x-tracking-token     the photo of the parcel handed over
 *   POST /api/deliveries/{id}/cancel        the booking company
 *   POST /api/deliveries/{id}/rating        the booking company
 *   GET  /api/deliveries/{id}/proof         the booking company, or staff
 * Another company's delivery, and any other id: the 404 of a missing page.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../shared/messages';
import { jobMessages } from '../../../shared/deliveries/jobMessages';
import { AppError, errorResponses } from '../../errors';
import type { Limit } from '../../lib/limits';
import { access } from '../../plugins/access';
import { unauthorizedResponse } from '../../plugins/auth';
import { sendStoredFile } from '../../plugins/files';
import { limitPerCaller } from './callers';
import { cancelAnswerSchema, cancelBodySchema, fileAnswer, ratingAnswerSchema, ratingBodySchema } from './jobSchemas';
import { readDeliveryProof } from './jobService';
import { cancelBySender, cancelReasonOf, rateDelivery, ratingInputOf, type Sender } from './senderService';

/** A sender's cancels and ratings from one address or key: a shop's day, not a script's. */
export const SENDER_ACTION_LIMIT = { max: 30, windowMs: 60_000 } satisfies Limit;
/** Proof photos opened from one address or key. */
export const PROOF_READ_LIMIT = { max: 120, windowMs: 60_000 } satisfies Limit;

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;
const errorBody = { $ref: 'ErrorBody#' } as const;
const notFound = () => new AppError('NOT_FOUND', messages.notFound);

/** The company behind a session or an API key. */
const companyOf = (request: FastifyRequest): string | null =>
  request.caller === 'company' ? (request.auth?.userId ?? null) : request.caller === 'apiKey' ? (request.credential?.ownerId ?? null) : null;

export async function deliverySenderRoutes(app: FastifyInstance): Promise<void> {
  const actions = limitPerCaller(app.limits, 'sender-action', SENDER_ACTION_LIMIT, SENDER_ACTION_LIMIT);
  const proofReads = limitPerCaller(app.limits, 'proof-read', PROOF_READ_LIMIT, PROOF_READ_LIMIT);
  const byCompany = access(['company', 'apiKey'], { owner: 'the delivery: the company that booked it, in its session or with any of its keys' });
  const trackedOf = (request: FastifyRequest): Sender => ({ trackedId: request.credential!.id });
  const companySender = (request: FastifyRequest): Sender => ({ companyId: companyOf(request)! });

  const cancelSchema = (summary: string, params?: object) => ({
    tags: ['deliveries'],
    summary,
    description:
      'Before pickup only (booked, finding a rider, assigned, rider on the way to pickup); after it, a 409 saying to call. The reason ' +
      'is optional and goes on the timeline.',
    ...(params ? { params } : {}),
    body: cancelBodySchema,
    response: { 200: cancelAnswerSchema, ...unauthorizedResponse, 404: errorBody, 409: errorBody, ...errorResponses },
  });
  const ratingSchema = (summary: string, params?: object) => ({
    tags: ['deliveries'],
    summary,
    description:
      'Once the parcel is delivered, once: 1 to 5 and an optional comment, added to the rider\'s record (a second rating, or one ' +
      'before delivery: 409).',
    ...(params ? { params } : {}),
    body: ratingBodySchema,
    response: { 200: ratingAnswerSchema, ...unauthorizedResponse, 404: errorBody, 409: errorBody, ...errorResponses },
  });
  const proofSchema = (summary: string, params?: object) => ({
    tags: ['deliveries'],
    summary,
    description: 'The photo the rider took of the parcel handed over (WebP, no metadata); never cached. None yet, or not yours: 404.',
    ...(params ? { params } : {}),
    response: { 200: fileAnswer, ...unauthorizedResponse, 404: errorBody, ...errorResponses },
  });

  app.post<{ Body: Record<string, unknown> }>(
    '/api/deliveries/tracking/cancel',
    {
      config: { access: access('tracking') },
      onRequest: actions,
      preValidation: async (request) => void cancelReasonOf(request.body),
      schema: cancelSchema('Cancel a delivery by its tracking link, before pickup'),
    },
    async (request) => ({ delivery: await cancelBySender(app.database.db, request.credential!.id, trackedOf(request), cancelReasonOf(request.body)) }),
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/api/deliveries/tracking/rating',
    {
      config: { access: access('tracking') },
      onRequest: actions,
      preValidation: async (request) => void ratingInputOf(request.body),
      schema: ratingSchema('Rate a delivered parcel by its tracking link, once'),
    },
    async (request) => ({ rating: await rateDelivery(app.database.db, request.credential!.id, trackedOf(request), ratingInputOf(request.body)) }),
  );

  app.get(
    '/api/deliveries/tracking/proof',
    { config: { access: access('tracking') }, onRequest: proofReads, schema: proofSchema('The proof photo, by the tracking link') },
    async (request, reply) => {
      const file = await readDeliveryProof(app.database.db, request.credential!.id, trackedOf(request) as { trackedId: string });
      // The token is good: say why there is nothing to see, rather than "not found".
      if (!file) throw new AppError('NOT_FOUND', jobMessages.proofNone);
      return sendStoredFile(reply, file, 'private');
    },
  );

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/deliveries/:id/cancel',
    {
      config: { access: byCompany },
      onRequest: actions,
      preValidation: async (request) => void cancelReasonOf(request.body),
      schema: cancelSchema('Cancel a booking, before pickup, as the company that made it', idParams),
    },
    async (request) => ({ delivery: await cancelBySender(app.database.db, request.params.id, companySender(request), cancelReasonOf(request.body)) }),
  );

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/deliveries/:id/rating',
    {
      config: { access: byCompany },
      onRequest: actions,
      preValidation: async (request) => void ratingInputOf(request.body),
      schema: ratingSchema('Rate a delivered booking, once, as the company that made it', idParams),
    },
    async (request) => ({ rating: await rateDelivery(app.database.db, request.params.id, companySender(request), ratingInputOf(request.body)) }),
  );

  app.get<{ Params: { id: string } }>(
    '/api/deliveries/:id/proof',
    {
      config: { access: access(['company', 'apiKey', 'dispatcher', 'admin'], { owner: 'the delivery: the company that booked it; any staff member' }) },
      onRequest: proofReads,
      schema: proofSchema('The proof photo, for the company that booked it and for staff', idParams),
    },
    async (request, reply) => {
      const company = companyOf(request);
      const reader = company ? { companyId: company } : request.staff ? ({ staff: true } as const) : null;
      const file = reader ? await readDeliveryProof(app.database.db, request.params.id, reader) : null;
      if (!file) throw notFound();
      return sendStoredFile(reply, file, 'private');
    },
  );
}
