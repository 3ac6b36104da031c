/**
 * The console's waitlist and its invitations:
 *   GET  /api/ops/waitlist?status&q&cursor   staff → a page of entries with their invitation state
 *   POST /api/ops/waitlist/:id/invite        staff → e-mails a single-use link valid 7 days
 *   POST /api/ops/waitlist/:id/resend        staff → revokes the live link and sends a new one
 *   POST /api/ops/waitlist/:id/revoke        staff → the link stops working; the entry waits again
 *   GET  /api/invitations/:token             public → {companyName, email, expiresAt} of a live link
 */
import type { FastifyInstance } from 'fastify';
import {
  WAITLIST_STATUSES,
  type OpsWaitlistActionResponse,
  type OpsWaitlistEntry,
  type PublicInvitation,
  type WaitlistStatus,
} from '../../../../shared/invitations';
import { messages } from '../../../../shared/messages';
import type { OpsPage } from '../../../../shared/opsForms';
import { AppError, errorResponses } from '../../../errors';
import { actorOf } from '../../../domain/audit';
import { idParams, opsErrors, pageOf } from '../schemas';
import { actOnInvitation, listWaitlist, readInvitation } from './service';
import { access, STAFF } from '../../../plugins/access';

const dateTime = { type: 'string', format: 'date-time' } as const;

const entrySchema = {
  type: 'object',
  required: ['id', 'companyName', 'email', 'features', 'status', 'createdAt', 'invitation'],
  properties: {
    id: { type: 'string' },
    companyName: { type: 'string' },
    email: { type: 'string' },
    features: { type: ['string', 'null'] },
    status: { type: 'string', enum: WAITLIST_STATUSES },
    createdAt: dateTime,
    invitation: {
      type: 'object',
      required: ['state', 'sentAt', 'expiresAt'],
      properties: {
        state: { type: 'string', enum: ['none', 'pending', 'expired', 'revoked', 'used'] },
        sentAt: { type: ['string', 'null'] },
        expiresAt: { type: ['string', 'null'] },
      },
    },
  },
} as const;

const actionResponse = {
  type: 'object',
  required: ['message', 'entry'],
  properties: { message: { type: 'string' }, entry: entrySchema },
} as const;

const actions = {
  invite: 'Invite the company: e-mails a single-use link to /company-signup valid 7 days',
  resend: 'Send a new link: the live one (if any) stops working',
  revoke: 'Revoke the live link: the entry is waiting again',
} as const;

export async function opsWaitlistRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { status?: WaitlistStatus; q?: string; cursor?: string } }>(
    '/api/ops/waitlist',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'Waitlist entries, newest first, with the state of their newest invitation',
        querystring: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: WAITLIST_STATUSES },
            q: { type: 'string', maxLength: 100 },
            cursor: { type: 'string', maxLength: 200 },
          },
          additionalProperties: false,
        },
        response: { 200: pageOf(entrySchema), ...opsErrors },
      },
    },
    async (request): Promise<OpsPage<OpsWaitlistEntry>> => listWaitlist(app.database.db, request.query),
  );

  for (const action of Object.keys(actions) as Array<keyof typeof actions>) {
    app.post<{ Params: { id: string } }>(
      `/api/ops/waitlist/:id/${action}`,
      {
        config: { access: access(STAFF) },
        schema: {
          tags: ['ops'],
          summary: actions[action],
          params: idParams,
          response: { 200: actionResponse, 409: { $ref: 'ErrorBody#' }, ...opsErrors },
        },
      },
      async (request): Promise<OpsWaitlistActionResponse> => {
        const result = await actOnInvitation(app.database.db, app.config, actorOf(request.staff!), { entryId: request.params.id, action });
        return result;
      },
    );
  }

  app.get<{ Params: { token: string } }>(
    '/api/invitations/:token',
    {
      // Guessing a 256-bit token is hopeless; the limit keeps the check from being a load.
      config: { access: access('public'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['invitations'],
        summary: 'A live company invitation; expired, revoked, used and unknown links are all the same 404',
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } },
        response: {
          200: {
            type: 'object',
            required: ['companyName', 'email', 'expiresAt'],
            properties: { companyName: { type: 'string' }, email: { type: 'string' }, expiresAt: dateTime },
          },
          404: { $ref: 'ErrorBody#' },
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<PublicInvitation> => {
      reply.header('cache-control', 'no-store');
      const invitation = await readInvitation(app.database.db, request.params.token);
      if (!invitation) throw new AppError('NOT_FOUND', messages.invitationInvalid);
      return invitation;
    },
  );
}
