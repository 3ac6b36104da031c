/**
 * POST /api/newsletter {email}: stores the subscription of a browser that passed the captcha.
 * The unsubscribe link's routes are in unsubscribeRoutes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../../shared/api';
import { newsletterForm } from '../../../shared/forms';
import { messages } from '../../../shared/messages';
import type { FormValues } from '../../../shared/validation';
import { errorResponses } from '../../errors';
import { requireCaptchaPass } from '../../lib/captcha';
import { checkForm, formBodySchema } from '../../lib/forms';
import { sourcePathOf } from '../../lib/request';
import { subscribeNewsletter } from './service';
import { unsubscribeRoutes } from './unsubscribeRoutes';
import { access } from '../../plugins/access';

export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  await app.register(unsubscribeRoutes);

  app.post<{ Body: FormValues<typeof newsletterForm> }>(
    '/api/newsletter',
    {
      config: { access: access('public'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      preValidation: checkForm(newsletterForm),
      preHandler: requireCaptchaPass,
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe to the newsletter',
        body: formBodySchema(newsletterForm),
        response: {
          200: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<MessageResponse> => {
      await subscribeNewsletter(app.database.db, app.config, {
        email: request.body.email,
        sourcePath: sourcePathOf(request),
      });
      return { message: messages.subscribed };
    },
  );
}
