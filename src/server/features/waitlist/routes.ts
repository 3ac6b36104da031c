/**
 * POST /api/waitlist {companyName, email, features?}: the company waitlist. Spec §5 asks for
 * the captcha first, so here the captcha pass is checked before the fields.
 */
import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../../shared/api';
import { waitlistForm } from '../../../shared/forms';
import { messages } from '../../../shared/messages';
import type { FormValues } from '../../../shared/validation';
import { errorResponses } from '../../errors';
import { requireCaptchaPass } from '../../lib/captcha';
import { checkForm, formBodySchema } from '../../lib/forms';
import { sourcePathOf } from '../../lib/request';
import { joinWaitlist } from './service';
import { access } from '../../plugins/access';

export async function waitlistRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: FormValues<typeof waitlistForm> }>(
    '/api/waitlist',
    {
      config: { access: access('public'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      // The captcha first (spec §5), then the form's own messages, then the JSON schema.
      preValidation: [requireCaptchaPass, checkForm(waitlistForm)],
      schema: {
        tags: ['waitlist'],
        summary: 'Join the company waitlist',
        body: formBodySchema(waitlistForm),
        response: {
          200: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<MessageResponse> => {
      await joinWaitlist(app.database.db, app.config.opsEmail, {
        companyName: request.body.companyName,
        email: request.body.email,
        features: request.body.features ?? '',
        sourcePath: sourcePathOf(request),
      });
      return { message: messages.waitlisted };
    },
  );
}
