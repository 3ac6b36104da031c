/** POST /api/verify-captcha {token} → {success} (spec §7). A success grants the session pass. */
import type { FastifyInstance } from 'fastify';
import type { CaptchaVerifyRequest, CaptchaVerifyResponse } from '../../../shared/api';
import { errorResponses } from '../../errors';
import { grantCaptchaPass, verifyHcaptchaToken } from '../../lib/captcha';
import { access } from '../../plugins/access';

export async function captchaRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: CaptchaVerifyRequest }>(
    '/api/verify-captcha',
    {
      config: { access: access('public'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['captcha'],
        summary: 'Verify an hCaptcha token',
        body: {
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string', minLength: 1, maxLength: 8192 } },
        },
        response: {
          200: { type: 'object', required: ['success'], properties: { success: { type: 'boolean' } } },
          ...errorResponses,
          503: { $ref: 'ErrorBody#' },
        },
      },
    },
    async (request, reply): Promise<CaptchaVerifyResponse> => {
      const success = await verifyHcaptchaToken(app.config, request.body.token, request.ip);
      if (success) grantCaptchaPass(reply, app.config);
      return { success };
    },
  );
}
