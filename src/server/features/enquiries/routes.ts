/**
 * POST /api/enquiries {kind, name, email, phone?, message}: Quick Enquiry (kind 'enquiry', home)
 * and Get Quote (kind 'quote', contact), from a browser that passed the captcha.
 */
import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../../shared/api';
import { enquiryForm } from '../../../shared/forms';
import { messages } from '../../../shared/messages';
import type { FormValues } from '../../../shared/validation';
import { errorResponses } from '../../errors';
import { requireCaptchaPass } from '../../lib/captcha';
import { checkForm, formBodySchema } from '../../lib/forms';
import { sourcePathOf } from '../../lib/request';
import { ENQUIRY_KINDS, sendEnquiry, type EnquiryKind } from './service';
import { access } from '../../plugins/access';

const formSchema = formBodySchema(enquiryForm, { kind: { type: 'string', enum: ENQUIRY_KINDS } });
/** The form's fields plus kind, which is required: a missing or unknown kind is a 400 under 'kind'. */
const bodySchema = { ...formSchema, required: [...formSchema.required, 'kind'] };

export async function enquiriesRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: FormValues<typeof enquiryForm> & { kind: EnquiryKind } }>(
    '/api/enquiries',
    {
      config: { access: access('public'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      preValidation: checkForm(enquiryForm),
      preHandler: requireCaptchaPass,
      schema: {
        tags: ['enquiries'],
        summary: 'Send a Quick Enquiry or ask for a quote',
        body: bodySchema,
        response: {
          200: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<MessageResponse> => {
      await sendEnquiry(app.database.db, app.config.opsEmail, {
        kind: request.body.kind,
        name: request.body.name,
        email: request.body.email,
        phone: request.body.phone ?? '',
        message: request.body.message,
        sourcePath: sourcePathOf(request),
      });
      return { message: messages.messageSent };
    },
  );
}
