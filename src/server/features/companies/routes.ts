/**
 * The company side's accounts:
 *   POST   /api/companies/signup                 public, captcha → {token}: invited sign-up (the code goes by e-mail)
 *   POST   /api/companies/me/send-verify-email   company → a new code (60-second cooldown, 429 with Retry-After)
 *   PUT    /api/companies/me/verify-email        company {verify_email_code} → {message, profile}
 *   GET    /api/companies/me                     company → its profile
 *   PUT    /api/companies/me                     company {company_name, contact_person, phone, address, state, town, cac_number}
 *   POST   /api/companies/me/logo                company, multipart field logo → {message, profile}
 *   PUT    /api/companies/me/password            company {current_password, new_password} → {message}
 *   GET    /api/companies/me/export              company → every piece of its data, one JSON file (attachment)
 *   DELETE /api/companies/me                     company {password} → the account is gone
 *   …/api/companies/me/api-keys                  the company's API keys (apiKeyRoutes.ts)
 * Every /me route is the signed-in company's own record: signed out is 401, a rider the 404 of
 * a missing page (requireCompany).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LoginResponse } from '../../../shared/api';
import {
  COMPANY_LOGO_MAX_BYTES,
  companyDeleteForm,
  companyPasswordForm,
  companyProfileForm,
  companySignupForm,
  type CompanyProfile,
  type CompanyProfileResponse,
  type CompanyResendResponse,
} from '../../../shared/company';
import { messages } from '../../../shared/messages';
import { verifyEmailForm } from '../../../shared/signup';
import type { FormValues } from '../../../shared/validation';
import { AppError, errorResponses } from '../../errors';
import { unauthorizedResponse } from '../../plugins/auth';
import { requireCaptchaPass } from '../../lib/captcha';
import { readMultipartForm } from '../../plugins/files';
import { checkForm, formBodySchema } from '../../lib/forms';
import {
  changeCompanyPassword,
  deleteCompanyAccount,
  exportCompanyData,
  getCompanyProfile,
  updateCompanyProfile,
  uploadCompanyLogo,
} from './accountService';
import { CompanyCooldownError, resendCompanyCode, signUpCompany, verifyCompanyEmail, type CompanyDeps } from './signupService';
import { access } from '../../plugins/access';
import { companyApiKeyRoutes } from './apiKeyRoutes';

const errors = { ...errorResponses, 404: { $ref: 'ErrorBody#' }, 409: { $ref: 'ErrorBody#' } } as const;
const protectedErrors = { ...unauthorizedResponse, ...errors } as const;

const nullableString = { type: ['string', 'null'] } as const;
const companyProfileSchema = {
  type: 'object',
  required: ['company_name', 'contact_person', 'email', 'email_verified', 'phone', 'address', 'state', 'town', 'cac_number', 'logo', 'created_at'],
  properties: {
    company_name: { type: 'string' },
    contact_person: { type: 'string' },
    email: { type: 'string' },
    email_verified: { type: 'boolean' },
    phone: nullableString,
    address: nullableString,
    state: nullableString,
    town: nullableString,
    cac_number: nullableString,
    logo: { anyOf: [{ type: 'null' }, { type: 'object', required: ['url'], properties: { url: { type: 'string' } } }] },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;
const profileResponse = {
  type: 'object',
  required: ['message', 'profile'],
  properties: { message: { type: 'string' }, profile: companyProfileSchema },
} as const;
const messageResponse = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } as const;

/** A cooldown's 429 also says when to ask again, in seconds. */
function withRetryAfter(reply: FastifyReply, err: unknown): never {
  if (err instanceof CompanyCooldownError) reply.header('retry-after', String(err.retryAfterSeconds));
  throw err;
}

export async function companiesRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): CompanyDeps => ({ db: app.database.db, config: app.config });
  const db = () => app.database.db;
  await app.register(companyApiKeyRoutes);

  app.post<{ Body: FormValues<typeof companySignupForm> }>(
    '/api/companies/signup',
    {
      config: { access: access('public'), rateLimit: { max: 20, timeWindow: '10 minutes' } },
      preValidation: checkForm(companySignupForm),
      preHandler: requireCaptchaPass,
      schema: {
        tags: ['companies'],
        summary: 'Open an invited company account (user_type 2)',
        description:
          "Spends the invitation (single use: of two sign-ups with one link one wins, the other is a 409 under invite), makes the account and its company, e-mails the 4-digit code and answers a new session's token. A taken e-mail is a 409 under email; a common password a 400 under password; a place not in the location data a 400 under state or town.",
        body: formBodySchema(companySignupForm),
        response: { 200: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } }, ...errors },
      },
    },
    async (request): Promise<LoginResponse> => {
      const token = await signUpCompany(deps(), request.body);
      return { token };
    },
  );

  app.post(
    '/api/companies/me/send-verify-email',
    {
      config: { access: access('company'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['companies'],
        summary: 'E-mail the company a new verification code',
        description: 'At most one code every 60 seconds and ten an hour: a 429 with Retry-After otherwise. A new code ends the old one.',
        response: {
          200: { type: 'object', required: ['message', 'resend_after_seconds'], properties: { message: { type: 'string' }, resend_after_seconds: { type: 'integer' } } },
          ...protectedErrors,
        },
      },
    },
    async (request, reply): Promise<CompanyResendResponse> => {
      try {
        const { resendAfterSeconds } = await resendCompanyCode(deps(), request.auth!.userId);
        return { message: messages.verificationCodeSent, resend_after_seconds: resendAfterSeconds };
      } catch (err) {
        return withRetryAfter(reply, err);
      }
    },
  );

  app.put<{ Body: FormValues<typeof verifyEmailForm> }>(
    '/api/companies/me/verify-email',
    {
      preValidation: checkForm(verifyEmailForm),
      config: { access: access('company'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['companies'],
        summary: "Verify the company's e-mail address with the code",
        description: 'A code works once, for 10 minutes; after 5 wrong tries it is dead and a new one must be sent.',
        body: formBodySchema(verifyEmailForm),
        response: { 200: profileResponse, ...protectedErrors },
      },
    },
    async (request): Promise<CompanyProfileResponse> => {
      const message = await verifyCompanyEmail(deps(), request.auth!.userId, request.body.verify_email_code);
      return { message, profile: await getCompanyProfile(db(), request.auth!.userId) };
    },
  );

  app.get(
    '/api/companies/me',
    {
      config: { access: access('company') },
      schema: { tags: ['companies'], summary: "The signed-in company's profile", response: { 200: companyProfileSchema, ...protectedErrors } },
    },
    async (request, reply): Promise<CompanyProfile> => {
      reply.header('cache-control', 'no-store');
      return getCompanyProfile(db(), request.auth!.userId);
    },
  );

  app.put<{ Body: FormValues<typeof companyProfileForm> }>(
    '/api/companies/me',
    {
      preValidation: checkForm(companyProfileForm),
      config: { access: access('company'), rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['companies'],
        summary: "Edit the company's profile",
        description: 'The phone is kept as +234…, the CAC number as RC123456 or BN1234567; the state and area must be in GET /api/locations.',
        body: formBodySchema(companyProfileForm),
        response: { 200: profileResponse, ...protectedErrors },
      },
    },
    async (request): Promise<CompanyProfileResponse> => updateCompanyProfile(db(), request.auth!.userId, request.body),
  );

  app.post(
    '/api/companies/me/logo',
    {
      config: { access: access('company'), rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['companies'],
        summary: "Upload the company's logo",
        description: 'multipart/form-data with the file in logo: a JPEG, PNG or WebP (judged by its bytes) of at most 2 MB, re-encoded to WebP (800 px) without metadata; public.',
        consumes: ['multipart/form-data'],
        response: { 200: profileResponse, 413: { $ref: 'ErrorBody#' }, ...protectedErrors },
      },
    },
    async (request): Promise<CompanyProfileResponse> => {
      const form = await readMultipartForm(request, {
        fileFields: ['logo'],
        maxFileBytes: COMPANY_LOGO_MAX_BYTES,
        tooLargeMessage: messages.companyLogoTooLarge,
        invalidMessage: messages.uploadImage,
      });
      const file = form.files.logo;
      if (!file || file.data.length === 0) throw AppError.invalid('logo', messages.uploadImage);
      return uploadCompanyLogo(db(), request.auth!.userId, file);
    },
  );

  app.put<{ Body: FormValues<typeof companyPasswordForm> }>(
    '/api/companies/me/password',
    {
      preValidation: checkForm(companyPasswordForm),
      config: { access: access('company'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['companies'],
        summary: "Change the company's password",
        description: 'The current password (5 wrong ones in 15 minutes: 429), then a new one not on the common list. Every other session ends.',
        body: formBodySchema(companyPasswordForm),
        response: { 200: messageResponse, ...protectedErrors },
      },
    },
    async (request) =>
      changeCompanyPassword(
        { db: db(), limits: app.limits },
        {
          userId: request.auth!.userId,
          sessionId: request.auth!.sessionId,
          currentPassword: request.body.current_password,
          newPassword: request.body.new_password,
        },
      ),
  );

  app.get(
    '/api/companies/me/export',
    {
      config: { access: access('company'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['companies'],
        summary: "Download all of the signed-in company's data as one JSON file",
        response: { 200: { type: 'object', additionalProperties: true, description: 'ogba-dispatch-company-export/1' }, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const data = await exportCompanyData(db(), request.auth!.userId);
      reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="ogba-dispatch-company-${data.exported_at.slice(0, 10)}.json"`);
      // Sent as text: the export is the company's whole record, not the response schema's.
      return reply.send(JSON.stringify(data, null, 2));
    },
  );

  app.delete<{ Body: FormValues<typeof companyDeleteForm> }>(
    '/api/companies/me',
    {
      preValidation: checkForm(companyDeleteForm),
      config: { access: access('company'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['companies'],
        summary: 'Delete the company account and everything of it',
        description: 'Confirmed with the password (5 wrong ones in 15 minutes: 429). Ends every session.',
        body: formBodySchema(companyDeleteForm),
        response: { 200: messageResponse, ...protectedErrors },
      },
    },
    async (request) => deleteCompanyAccount({ db: db(), limits: app.limits }, { userId: request.auth!.userId, password: request.body.password }),
  );
}
