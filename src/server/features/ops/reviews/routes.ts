/**
 * Reviews in the console, staff only:
 *   GET  /api/ops/reviews?visibility&cursor   newest first, all or only visible / hidden ones
 *   POST /api/ops/reviews/:id/hide {reason}   hides an abusive review (audited); it stops counting
 *   POST /api/ops/reviews/:id/show            shows it again (audited)
 */
import type { FastifyInstance } from 'fastify';
import type { OpsPage } from '../../../../shared/opsForms';
import { hideReviewForm, OPS_REVIEW_VISIBILITIES, type OpsReview, type OpsReviewActionResponse, type OpsReviewVisibility } from '../../../../shared/reviews';
import { actorOf } from '../../../domain/audit';
import { checkForm, formBodySchema } from '../../../lib/forms';
import { idParams, opsErrors, pageOf } from '../schemas';
import { listReviews, setReviewHidden } from './service';
import { access, STAFF } from '../../../plugins/access';

const reviewSchema = {
  type: 'object',
  required: ['id', 'engagementId', 'authorRole', 'authorName', 'subjectName', 'rating', 'comment', 'wouldHireAgain', 'reply', 'published', 'hidden', 'hiddenReason', 'hiddenAt', 'createdAt'],
  properties: {
    id: { type: 'string' },
    engagementId: { type: 'string' },
    authorRole: { type: 'string', enum: ['company', 'rider'] },
    authorName: { type: 'string' },
    subjectName: { type: 'string' },
    rating: { type: 'integer' },
    comment: { type: 'string' },
    wouldHireAgain: { type: ['boolean', 'null'] },
    reply: { type: ['string', 'null'] },
    published: { type: 'boolean' },
    hidden: { type: 'boolean' },
    hiddenReason: { type: ['string', 'null'] },
    hiddenAt: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

const actionResponse = {
  type: 'object',
  required: ['message', 'review'],
  properties: { message: { type: 'string' }, review: reviewSchema },
} as const;

const conflict = { 409: { $ref: 'ErrorBody#' } } as const;

export async function opsReviewsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { visibility?: OpsReviewVisibility; cursor?: string } }>(
    '/api/ops/reviews',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Reviews, newest first, all or only the visible or hidden ones',
        querystring: {
          type: 'object',
          properties: {
            visibility: { type: 'string', enum: OPS_REVIEW_VISIBILITIES },
            cursor: { type: 'string', maxLength: 200 },
          },
          additionalProperties: false,
        },
        response: { 200: pageOf(reviewSchema), ...opsErrors },
      },
    },
    async (request): Promise<OpsPage<OpsReview>> => listReviews(app.database.db, request.query),
  );

  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    '/api/ops/reviews/:id/hide',
    {
      config: { access: access(STAFF) },
      preValidation: checkForm(hideReviewForm),
      schema: {
        tags: ['ops'],
        summary: 'Hide an abusive review with a reason: both sides read it as hidden and it stops counting',
        params: idParams,
        body: formBodySchema(hideReviewForm),
        response: { 200: actionResponse, ...conflict, ...opsErrors },
      },
    },
    async (request): Promise<OpsReviewActionResponse> =>
      setReviewHidden(app.database.db, actorOf(request.staff!), { reviewId: request.params.id, hide: true, reason: request.body.reason }),
  );

  app.post<{ Params: { id: string } }>(
    '/api/ops/reviews/:id/show',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Show a hidden review again',
        params: idParams,
        response: { 200: actionResponse, ...conflict, ...opsErrors },
      },
    },
    async (request): Promise<OpsReviewActionResponse> => setReviewHidden(app.database.db, actorOf(request.staff!), { reviewId: request.params.id, hide: false }),
  );
}
