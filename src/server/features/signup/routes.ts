/**
 * The rider sign-up wizard's API (spec §7):
 *   POST /api/auth/create               {email, username, password, user_type} → {token}; the code goes by e-mail only
 *   POST /api/users/send-verify-email   a new code (60-second cooldown, 429 with Retry-After)
 *   PUT  /api/users/verify-email        {verify_email_code} → progress
 *   PUT  /api/users/signup-email        {email} → the address changed and a new code sent there
 *   PUT  /api/users/signup-update       {state, town, request_type:'location'} | {request_type:'skip_picture'}
 *                                       | {rider_agreement:true, request_type:'rider_agreement'} → progress
 *   POST /api/users/upload-profile-image  multipart field profile_image (and focal_point "x,y") → {message, picture, current_tab}
 * Every answer after the first says where the rider now is ({current_tab, profile_completed}).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LoginResponse } from '../../../shared/api';
import { messages } from '../../../shared/messages';
import {
  PROFILE_IMAGE_MAX_BYTES,
  SIGNUP_UPDATE_TYPES,
  changeEmailForm,
  locationForm,
  signupForm,
  verifyEmailForm,
  type ChangeSignupEmailResponse,
  type SendVerifyEmailResponse,
  type SignupProgressResponse,
  type SignupUpdateType,
  type UploadProfileImageResponse,
} from '../../../shared/signup';
import { FOCAL_POINT_FIELD, parseFocalPoint } from '../../../shared/uploads';
import { pickValues, validateForm, type FormValues } from '../../../shared/validation';
import { AppError, errorResponses } from '../../errors';
import { unauthorizedResponse } from '../../plugins/auth';
import { requireCaptchaPass } from '../../lib/captcha';
import { readMultipartForm } from '../../plugins/files';
import { checkForm, formBodySchema } from '../../lib/forms';
import {
  CooldownError,
  acceptRiderAgreement,
  changeSignupEmail,
  createRiderAccount,
  saveLocation,
  sendVerificationCode,
  skipPicture,
  uploadProfilePicture,
  verifyEmailCode,
  type SignupDeps,
} from './service';
import { access } from '../../plugins/access';

const progressResponse = {
  type: 'object',
  required: ['message', 'current_tab', 'profile_completed'],
  properties: { message: { type: 'string' }, current_tab: { type: 'integer' }, profile_completed: { type: 'integer' } },
} as const;

const moreErrors = {
  401: { $ref: 'ErrorBody#' },
  409: { $ref: 'ErrorBody#' },
} as const;

interface SignupUpdateBody {
  request_type: SignupUpdateType;
  state?: string;
  town?: string;
  rider_agreement?: boolean;
}

/** A cooldown's 429 also says when to ask again, in seconds. */
function withRetryAfter(reply: FastifyReply, err: unknown): never {
  if (err instanceof CooldownError) reply.header('retry-after', String(err.retryAfterSeconds));
  throw err;
}

export async function signupRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): SignupDeps => ({ db: app.database.db, config: app.config });

  app.post<{ Body: FormValues<typeof signupForm> & { user_type: string | number } }>(
    '/api/auth/create',
    {
      config: { access: access('public'), rateLimit: { max: 20, timeWindow: '10 minutes' } },
      preValidation: checkForm(signupForm),
      preHandler: requireCaptchaPass,
      schema: {
        tags: ['auth'],
        summary: 'Create a rider account (sign-up step 1)',
        description:
          'Answers the token of a new session. The 4-digit verification code is sent by e-mail only (DESIGN.md §6). A taken e-mail or username is a 409 under its field; a common password a 400 under password.',
        body: formBodySchema(signupForm, { user_type: { anyOf: [{ type: 'string', maxLength: 2 }, { type: 'integer' }] } }),
        response: {
          200: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
          ...moreErrors,
          ...errorResponses,
        },
      },
    },
    async (request): Promise<LoginResponse> => {
      const token = await createRiderAccount(deps(), {
        email: request.body.email,
        username: request.body.username,
        password: request.body.password,
        userType: String(request.body.user_type ?? ''),
      });
      return { token };
    },
  );

  app.post(
    '/api/users/send-verify-email',
    {
      config: { access: access('rider'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'E-mail a new verification code (sign-up step 2)',
        description: 'At most one code every 60 seconds and ten an hour: a 429 with Retry-After otherwise. A new code ends the old one.',
        response: {
          200: {
            type: 'object',
            required: ['message', 'resend_after_seconds'],
            properties: { message: { type: 'string' }, resend_after_seconds: { type: 'integer' } },
          },
          ...unauthorizedResponse,
          ...moreErrors,
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<SendVerifyEmailResponse> => {
      try {
        const { resendAfterSeconds } = await sendVerificationCode(deps(), request.auth!.userId);
        return { message: messages.verificationCodeSent, resend_after_seconds: resendAfterSeconds };
      } catch (err) {
        return withRetryAfter(reply, err);
      }
    },
  );

  app.put<{ Body: FormValues<typeof changeEmailForm> }>(
    '/api/users/signup-email',
    {
      preValidation: checkForm(changeEmailForm),
      config: { access: access('rider'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: "Change the address before it is verified (sign-up step 2, 'Wrong e-mail? Change it')",
        description:
          'For a rider whose address is not verified yet. The address is checked as at step 1: one already in use is a 409 under email. A new code goes to the new address and the old code dies, under the resend limits (one every 60 seconds, ten an hour: a 429 with Retry-After). A verified address is a 409; a company is answered 404.',
        body: formBodySchema(changeEmailForm),
        response: {
          200: {
            type: 'object',
            required: ['message', 'email', 'resend_after_seconds'],
            properties: { message: { type: 'string' }, email: { type: 'string' }, resend_after_seconds: { type: 'integer' } },
          },
          404: { $ref: 'ErrorBody#' },
          ...unauthorizedResponse,
          ...moreErrors,
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<ChangeSignupEmailResponse> => {
      try {
        const { email, resendAfterSeconds } = await changeSignupEmail(deps(), request.auth!.userId, { email: request.body.email });
        return { message: messages.verificationCodeSent, email, resend_after_seconds: resendAfterSeconds };
      } catch (err) {
        return withRetryAfter(reply, err);
      }
    },
  );

  app.put<{ Body: FormValues<typeof verifyEmailForm> }>(
    '/api/users/verify-email',
    {
      preValidation: checkForm(verifyEmailForm),
      config: { access: access('rider'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Verify the e-mail address with the code (sign-up step 2)',
        description: 'A code works once, for 10 minutes; after 5 wrong tries it is dead and a new one must be sent.',
        body: formBodySchema(verifyEmailForm),
        response: { 200: progressResponse, ...unauthorizedResponse, ...moreErrors, ...errorResponses },
      },
    },
    async (request): Promise<SignupProgressResponse> => verifyEmailCode(deps(), request.auth!.userId, request.body.verify_email_code),
  );

  app.put<{ Body: SignupUpdateBody }>(
    '/api/users/signup-update',
    {
      preValidation: async (request) => {
        const body = (request.body ?? {}) as Partial<SignupUpdateBody>;
        if (body.request_type === 'location') {
          const error = validateForm(locationForm, pickValues(locationForm, body));
          if (error) throw AppError.invalid(error.field, error.message);
        }
        if (body.request_type === 'rider_agreement' && body.rider_agreement !== true) {
          throw AppError.invalid('rider_agreement', messages.acceptAgreement);
        }
      },
      config: { access: access('rider'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Save a sign-up step: the location (3), Skip on the picture (4), the rider agreement (5)',
        description:
          "The location must be a state of GET /api/locations and one of that state's towns or LGAs (400 under state or town). The agreement records its time and version and completes the profile.",
        body: {
          type: 'object',
          required: ['request_type'],
          additionalProperties: false,
          properties: {
            request_type: { type: 'string', enum: [...SIGNUP_UPDATE_TYPES] },
            state: { type: 'string', maxLength: locationForm.fields.state.maxLength },
            town: { type: 'string', maxLength: locationForm.fields.town.maxLength },
            rider_agreement: { type: 'boolean' },
          },
        },
        response: { 200: progressResponse, ...unauthorizedResponse, ...moreErrors, ...errorResponses },
      },
    },
    async (request): Promise<SignupProgressResponse> => {
      const userId = request.auth!.userId;
      switch (request.body.request_type) {
        case 'location':
          return saveLocation(deps(), userId, { state: request.body.state ?? '', town: request.body.town ?? '' });
        case 'skip_picture':
          return skipPicture(deps(), userId);
        case 'rider_agreement':
          return acceptRiderAgreement(deps(), userId);
      }
    },
  );

  app.post(
    '/api/users/upload-profile-image',
    {
      config: { access: access('rider'), rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['users'],
        summary: 'Upload the profile picture (sign-up step 4, and the dashboard)',
        description:
          'multipart/form-data with the file in profile_image: a JPEG, PNG or WebP (judged by its bytes) of at most 8 MB and 52 megapixels, and optionally focal_point: "x,y", whole percentages 0-100 saying which part of the photo the square keeps (CSS object-position with object-fit: cover; absent: the centre). It is re-encoded without any metadata to a square display image (800 px, smaller when the photo is) and a thumbnail (160 px), both public. A bad focal_point is a 400 under focal_point.',
        consumes: ['multipart/form-data'],
        response: {
          200: {
            type: 'object',
            required: ['message', 'picture', 'current_tab'],
            properties: {
              message: { type: 'string' },
              picture: {
                type: 'object',
                required: ['url', 'thumb_url'],
                properties: { url: { type: 'string' }, thumb_url: { type: 'string' } },
              },
              current_tab: { type: 'integer' },
            },
          },
          413: { $ref: 'ErrorBody#' },
          ...unauthorizedResponse,
          ...moreErrors,
          ...errorResponses,
        },
      },
    },
    async (request): Promise<UploadProfileImageResponse> => {
      const form = await readMultipartForm(request, {
        fileFields: ['profile_image'],
        maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
        tooLargeMessage: messages.imageTooLarge,
        invalidMessage: messages.uploadImage,
      });
      const file = form.files.profile_image;
      if (!file || file.data.length === 0) throw AppError.invalid('profile_image', messages.uploadImage);
      // Which part of the photo the square keeps, by the rule the browser uses too.
      const focus = parseFocalPoint(form.fields[FOCAL_POINT_FIELD]);
      if (!focus) throw AppError.invalid(FOCAL_POINT_FIELD, messages.pictureFocusInvalid);
      return uploadProfilePicture(deps(), request.auth!.userId, file, focus);
    },
  );
}
