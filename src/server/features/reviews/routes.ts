/**
 * Reviews after an engagement, for its two parties only:
 *   GET  /api/engagements/:id/reviews       rider or company party → the window as they see it
 *   PUT  /api/engagements/:id/reviews/mine  rider or company party → write or edit my review
 *   POST /api/reviews/:id/reply             the rider a company's published review is about → one reply
 * Anyone else gets the 404 of a missing page (signed out: 401).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_TYPE_RIDER } from '../../../shared/constants';
import {
  companyReviewForm,
  REVIEW_WINDOW_STATES,
  reviewReplyForm,
  riderReviewForm,
  type ReviewWindowData,
  type ReviewWindowResponse,
} from '../../../shared/reviews';
import { pickValues, validateForm } from '../../../shared/validation';
import { AppError, errorResponses } from '../../errors';
import { unauthorizedResponse } from '../../plugins/auth';
import { checkForm, formBodySchema } from '../../lib/forms';
import { readReviewWindow, replyToReview, writeMyReview, type ReviewInput } from './service';
import { access } from '../../plugins/access';

const errors = { ...unauthorizedResponse, ...errorResponses, 404: { $ref: 'ErrorBody#' }, 409: { $ref: 'ErrorBody#' } } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;

const reviewShownSchema = {
  type: ['object', 'null'],
  required: ['id', 'authorRole', 'hidden', 'rating', 'comment', 'wouldHireAgain', 'reply', 'repliedAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    authorRole: { type: 'string', enum: ['company', 'rider'] },
    hidden: { type: 'boolean' },
    rating: { type: ['integer', 'null'] },
    comment: { type: ['string', 'null'] },
    wouldHireAgain: { type: ['boolean', 'null'] },
    reply: { type: ['string', 'null'] },
    repliedAt: { type: ['string', 'null'] },
    updatedAt: { type: 'string' },
  },
} as const;

const reviewWindowSchema = {
  type: 'object',
  required: ['engagementId', 'side', 'state', 'deadline', 'counterpart', 'mine', 'theirs', 'canReply'],
  properties: {
    engagementId: { type: 'string' },
    side: { type: 'string', enum: ['company', 'rider'] },
    state: { type: 'string', enum: REVIEW_WINDOW_STATES },
    deadline: { type: 'string', format: 'date-time' },
    counterpart: { type: 'string' },
    mine: reviewShownSchema,
    theirs: reviewShownSchema,
    canReply: { type: 'boolean' },
  },
} as const;

const windowResponse = {
  type: 'object',
  required: ['message', 'window'],
  properties: { message: { type: 'string' }, window: reviewWindowSchema },
} as const;

/** The body of either side: the company's form has would_hire_again as well. */
const reviewBody = {
  type: 'object',
  description: "A rider's review (rating, comment) or a company's (rating, comment, would_hire_again yes|no).",
  properties: { ...formBodySchema(companyReviewForm).properties },
  additionalProperties: false,
} as const;

/** The side's form, chosen by the caller's role (a rider can only be the rider party). */
async function checkReview(request: FastifyRequest): Promise<void> {
  const form = request.auth!.userType === USER_TYPE_RIDER ? riderReviewForm : companyReviewForm;
  const error = validateForm(form, pickValues(form, request.body));
  if (error) throw AppError.invalid(error.field, error.message);
}

const callerOf = (request: FastifyRequest) => ({ userId: request.auth!.userId, userType: request.auth!.userType });

export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;

  app.get<{ Params: { id: string } }>(
    '/api/engagements/:id/reviews',
    {
      config: { access: access(['rider', 'company'], { owner: 'the engagement: its company or its rider' }) },
      schema: {
        tags: ['reviews'],
        summary: "An ended engagement's review window as the caller (one of its two parties) sees it",
        description: "The other side's review is not told at all until both are published (both written, or 14 days after the end).",
        params: idParams,
        response: { 200: reviewWindowSchema, ...errors },
      },
    },
    async (request, reply): Promise<ReviewWindowData> => {
      reply.header('cache-control', 'no-store');
      return readReviewWindow(db(), callerOf(request), request.params.id);
    },
  );

  app.put<{ Params: { id: string }; Body: ReviewInput }>(
    '/api/engagements/:id/reviews/mine',
    {
      config: { access: access(['rider', 'company'], { owner: 'the engagement: its company or its rider' }), rateLimit: { max: 30, timeWindow: '1 minute' } },
      preValidation: checkReview,
      schema: {
        tags: ['reviews'],
        summary: 'Write or edit my review while the window is open and the reviews are not published',
        description:
          'The second review written publishes both at once. 409 when the engagement has not ended, the 14 days have passed or the reviews are published.',
        params: idParams,
        body: reviewBody,
        response: { 200: windowResponse, ...errors },
      },
    },
    async (request): Promise<ReviewWindowResponse> => {
      const result = await writeMyReview(db(), app.config, callerOf(request), request.params.id, request.body);
      return result;
    },
  );

  app.post<{ Params: { id: string }; Body: { reply: string } }>(
    '/api/reviews/:id/reply',
    {
      config: { access: access('rider', { owner: 'the review: the rider it is about' }), rateLimit: { max: 30, timeWindow: '1 minute' } },
      preValidation: checkForm(reviewReplyForm),
      schema: {
        tags: ['reviews'],
        summary: "The rider's one public reply to a published review of them by the company",
        description: 'A second reply is a 409.',
        params: idParams,
        body: formBodySchema(reviewReplyForm),
        response: { 200: windowResponse, ...errors },
      },
    },
    async (request): Promise<ReviewWindowResponse> => replyToReview(db(), callerOf(request), request.params.id, request.body.reply),
  );
}
