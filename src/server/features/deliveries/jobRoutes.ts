/**
 * The rider's jobs (DESIGN.md §11), for the job screen:
 *   GET  /api/users/jobs                the rider's open jobs and those finished today
 *   GET  /api/users/jobs/{id}           one job, with its timeline: who sees what when (shared/deliveries/jobs.ts)
 *   POST /api/users/jobs/{id}/moves     start | pick_up | arrive | deliver | fail | returned, with an Idempotency-Key
 *   POST /api/users/jobs/{id}/proof     the photo of the parcel handed over (multipart "photo"; an Idempotency-Key applies it once)
 *   GET  /api/users/jobs/{id}/proof     that photo, back to the rider
 * Another rider's job is the 404 of a missing one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../shared/messages';
import { IDEMPOTENCY_KEY_MAX } from '../../../shared/deliveries/booking';
import { jobMessages as jm } from '../../../shared/deliveries/jobMessages';
import { AppError, errorResponses } from '../../errors';
import { access } from '../../plugins/access';
import { unauthorizedResponse } from '../../plugins/auth';
import { readMultipartForm, sendStoredFile } from '../../plugins/files';
import { trackingLinks } from './bookingService';
import { IDEMPOTENCY_HEADER } from './bookingRoutes';
import { fileAnswer, jobAnswerSchema, jobListSchema, jobMoveAnswerSchema, jobMoveBodySchema, proofAnswerSchema } from './jobSchemas';
import { findRiderJob, jobMoveInputOf, listRiderJobs, moveRiderJob, PROOF_MAX_BYTES, readDeliveryProof, uploadJobProof, type RiderJob } from './jobService';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;
const errorBody = { $ref: 'ErrorBody#' } as const;
const notFound = () => new AppError('NOT_FOUND', messages.notFound);

/** A move's Idempotency-Key: required (the phone's queue resends), 1-255 visible ASCII characters. */
function moveKeyOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value || value.length > IDEMPOTENCY_KEY_MAX || !/^[\x20-\x7e]+$/.test(value)) throw AppError.invalid('idempotency_key', jm.idempotencyKeyRequired);
  return value;
}

/** A proof upload's Idempotency-Key: optional (without one, each upload is a new photo), the same rules when sent. */
const proofKeyOf = (request: FastifyRequest): string | null => (request.headers[IDEMPOTENCY_HEADER] === undefined ? null : moveKeyOf(request));

export async function deliveryJobRoutes(app: FastifyInstance): Promise<void> {
  const deps = { secret: app.config.jwtSecret, links: trackingLinks(app.config.jwtSecret, app.config.publicUrl) };
  const owner = { owner: 'the job: the rider it is assigned to' };

  app.get(
    '/api/users/jobs',
    {
      config: { access: access('rider') },
      schema: {
        tags: ['jobs'],
        summary: "The rider's jobs: every open one and those finished today (Lagos time)",
        response: { 200: jobListSchema, ...unauthorizedResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listRiderJobs(app.database.db, request.auth!.userId);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/jobs/:id',
    {
      config: { access: access('rider', owner) },
      schema: {
        tags: ['jobs'],
        summary: 'One job as its rider sees it now',
        description:
          "The pickup's street address, landmark and contact while the job is the rider's and open; the recipient's only from pickup " +
          'until it is finished; the rider\'s pay; the cash to collect when the payment is cash. Another rider\'s job: 404.',
        params: idParams,
        response: { 200: jobAnswerSchema, ...unauthorizedResponse, 404: errorBody, ...errorResponses },
      },
    },
    async (request, reply): Promise<{ job: RiderJob }> => {
      const job = await findRiderJob(app.database.db, request.auth!.userId, request.params.id);
      if (!job) throw notFound();
      reply.header('cache-control', 'no-store');
      return { job };
    },
  );

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/users/jobs/:id/moves',
    {
      config: { access: access('rider', owner) },
      bodyLimit: 8 * 1024,
      preValidation: async (request) => {
        moveKeyOf(request);
        jobMoveInputOf(request.body, '');
      },
      schema: {
        tags: ['jobs'],
        summary: 'A step of the job, sent from the phone (also later, from its offline queue)',
        description:
          'Idempotency-Key header required: the same key answers the same move again, applied once (a resend after a lost answer). ' +
          "client_at is the phone's time of the tap; the server keeps its own too and flags a gap over 5 minutes on the timeline. " +
          'pick_up: cash_collected_kobo when the payment is cash_on_pickup. fail: reason, and a note for "other". deliver: code (the recipient\'s 4 digits, sent to the sender at pickup) after the ' +
          'photo (POST …/proof), and cash_collected_kobo when the payment is cash_on_delivery. A wrong code is a 400 saying the tries left; the ' +
          '5th wrong one locks the code (429, call staff). A move the job cannot make now: 409.',
        params: idParams,
        headers: { type: 'object', properties: { [IDEMPOTENCY_HEADER]: { type: 'string', maxLength: 1024 } } },
        body: jobMoveBodySchema,
        response: {
          ...errorResponses,
          200: jobMoveAnswerSchema,
          400: { description: 'A refusal under its field (action, client_at, reason, note, code, proof, cash_collected_kobo, idempotency_key)', ...errorBody },
          ...unauthorizedResponse,
          404: errorBody,
          409: { description: 'The job cannot make this move now', ...errorBody },
          422: { description: 'This Idempotency-Key was used for another move', ...errorBody },
          429: { description: 'The delivery code is locked after 5 wrong tries: staff finish the delivery', ...errorBody },
        },
      },
    },
    async (request, reply) => {
      const input = jobMoveInputOf(request.body, moveKeyOf(request));
      const { answer, replayed } = await moveRiderJob(app.database.db, deps, request.auth!.userId, request.params.id, input);
      reply.header('cache-control', 'no-store');
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/users/jobs/:id/proof',
    {
      config: { access: access('rider', owner), rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['jobs'],
        summary: 'The photo of the parcel handed over (before deliver)',
        description:
          'multipart/form-data with the file in photo: a JPEG, PNG or WebP of at most 10 MB, re-encoded without metadata (no GPS) to ' +
          'at most 800 px, as a profile picture is. Private: only the rider, the sender and staff can open it. After pickup, before ' +
          'delivered (else 409); a new photo replaces the last. Idempotency-Key header (the phone\'s queue sends one per photo): the ' +
          'same photo sent again under its key is answered as the first time (idempotent-replayed: true) and changes nothing, even ' +
          'after delivered; the key with another photo: 422.',
        consumes: ['multipart/form-data'],
        params: idParams,
        headers: { type: 'object', properties: { [IDEMPOTENCY_HEADER]: { type: 'string', maxLength: 1024 } } },
        response: {
          ...errorResponses,
          200: proofAnswerSchema,
          400: { description: 'No photo, not an image, or a malformed Idempotency-Key (photo, idempotency_key)', ...errorBody },
          ...unauthorizedResponse,
          404: errorBody,
          409: errorBody,
          413: errorBody,
          422: { description: 'This Idempotency-Key was sent with another photo', ...errorBody },
        },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, {
        fileFields: ['photo'],
        maxFileBytes: PROOF_MAX_BYTES,
        tooLargeMessage: jm.photoTooLarge,
        invalidMessage: jm.photoMissing,
      });
      const file = form.files.photo;
      if (!file || file.data.length === 0) throw AppError.invalid('photo', jm.photoMissing);
      const key = proofKeyOf(request);
      const { answer, replayed } = await uploadJobProof(app.database.db, request.auth!.userId, request.params.id, file.data, file.filename, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/jobs/:id/proof',
    {
      config: { access: access('rider', owner) },
      schema: {
        tags: ['jobs'],
        summary: "The job's proof photo, for its rider",
        params: idParams,
        response: { 200: fileAnswer, ...unauthorizedResponse, 404: errorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await readDeliveryProof(app.database.db, request.params.id, { riderId: request.auth!.userId });
      if (!file) throw notFound();
      return sendStoredFile(reply, file, 'private');
    },
  );
}
