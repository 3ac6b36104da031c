/**
 * The account API (spec §7):
 *   POST /api/auth/login            {email, password, user_type} → {token}
 *   POST /api/auth/logout           ends the token's session → {message}
 *   POST /api/auth/forget-password  {email} → {message}, the same for any address
 *   POST /api/auth/reset-password   {token, newPassword} → {message}
 *   GET  /api/auth/google           → the provider; its callback → /?token=…&authType=google
 *   GET  /api/users/me              the signed-in user's basics for the navigation
 */
import type { FastifyInstance } from 'fastify';
import {
  forgotPasswordForm,
  loginForm,
  resetPasswordRequestForm,
} from '../../../shared/accountForms';
import type { CurrentUser, LoginResponse, MessageResponse } from '../../../shared/api';
import { messages } from '../../../shared/messages';
import { paths } from '../../../shared/routes';
import type { FormValues } from '../../../shared/validation';
import { AppError, errorResponses } from '../../errors';
import { unauthorizedResponse } from '../../plugins/auth';
import { requireCaptchaPassToLogIn } from '../../lib/captcha';
import { checkForm, formBodySchema } from '../../lib/forms';
import { finishGoogleFlow, GOOGLE_CALLBACK_PATH, GRANT_CODE_PATTERN, issueGoogleGrant, readGoogleGrant, startGoogleFlow } from './google';
import {
  getCurrentUser,
  exchangeGoogleGrant,
  loginWithPassword,
  logoutSession,
  requestPasswordReset,
  resetPassword,
  signInWithGoogle,
  type AuthDeps,
} from './service';
import { access } from '../../plugins/access';

const messageResponse = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

/** Where a Google sign-in that did not complete sends the browser: the login page says why. */
const googleFailedUrl = (reason: 'failed' | 'off' | 'suspended') => `${paths.login}?google=${reason}`;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): AuthDeps => ({ db: app.database.db, config: app.config, limits: app.limits });

  app.post<{ Body: FormValues<typeof loginForm> }>(
    '/api/auth/login',
    {
      config: { access: access('public') },
      preValidation: checkForm(loginForm),
      preHandler: requireCaptchaPassToLogIn,
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        description:
          'An unknown e-mail and a wrong password get the same answer. Failed logins are limited per account and per address (429).',
        body: formBodySchema(loginForm),
        response: {
          200: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<LoginResponse> => {
      const token = await loginWithPassword(deps(), {
        email: request.body.email,
        password: request.body.password,
        userType: request.body.user_type,
        ip: request.ip,
      });
      return { token };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: access(['rider', 'company']) },
      schema: {
        tags: ['auth'],
        summary: 'End the session of the token sent in x-auth-token',
        response: { 200: messageResponse, ...unauthorizedResponse, ...errorResponses },
      },
    },
    async (request): Promise<MessageResponse> => {
      await logoutSession(app.database.db, request.auth!.sessionId);
      return { message: messages.loggedOut };
    },
  );

  app.post<{ Body: FormValues<typeof forgotPasswordForm> }>(
    '/api/auth/forget-password',
    {
      config: { access: access('public') },
      preValidation: checkForm(forgotPasswordForm),
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link',
        description: 'The answer is the same whether or not the address has an account. Limited per e-mail and per address (429).',
        body: formBodySchema(forgotPasswordForm),
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request): Promise<MessageResponse> => {
      await requestPasswordReset(deps(), { email: request.body.email, ip: request.ip });
      return { message: messages.resetLinkSent };
    },
  );

  app.post<{ Body: FormValues<typeof resetPasswordRequestForm> }>(
    '/api/auth/reset-password',
    {
      preValidation: checkForm(resetPasswordRequestForm),
      config: { access: access('public'), rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link',
        description: 'The link works once and for an hour; a reset ends every session of the account.',
        body: formBodySchema(resetPasswordRequestForm),
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request): Promise<MessageResponse> => {
      await resetPassword(deps(), { token: request.body.token, newPassword: request.body.newPassword });
      return { message: messages.passwordReset };
    },
  );

  app.get(
    '/api/auth/google',
    {
      config: { access: access('public'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Start Google sign-in (a browser redirect)',
        response: { 302: { type: 'null', description: 'To the provider, or to /login?google=off when Google sign-in is off' } },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!app.config.google) return reply.redirect(googleFailedUrl('off'));
      try {
        return reply.redirect(await startGoogleFlow(app.config, reply));
      } catch (err) {
        request.log.error({ err }, 'Google sign-in could not start (provider not reachable?)');
        return reply.redirect(googleFailedUrl('failed'));
      }
    },
  );

  app.get(
    GOOGLE_CALLBACK_PATH,
    {
      config: { access: access('public'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Google sign-in's return: signs in or creates a rider, then /?token=…&authType=google",
        response: { 302: { type: 'null', description: 'To the home page with the token, or to /login?google=failed (or =suspended for a suspended account)' } },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!app.config.google) return reply.redirect(googleFailedUrl('off'));
      try {
        const identity = await finishGoogleFlow(app.config, request, reply);
        if (!identity) return reply.redirect(googleFailedUrl('failed'));
        const token = await signInWithGoogle(deps(), identity);
        // The spec's shape, carrying a one-time code bound to this browser, never the token itself.
        return reply.redirect(`/?token=${issueGoogleGrant(app.config, reply, token)}&authType=google`);
      } catch (err) {
        if (!(err instanceof AppError)) request.log.error({ err }, 'Google sign-in failed');
        // A suspended account is told so on the login page, not sent to try again.
        return reply.redirect(googleFailedUrl(err instanceof AppError && err.code === 'FORBIDDEN' ? 'suspended' : 'failed'));
      }
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/auth/google/exchange',
    {
      config: { access: access('public'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Exchange the Google redirect's one-time code for the session token",
        description:
          'Only in the browser that started the sign-in (its google_grant cookie), within two minutes, once. A browser signed in to another account gets 409: log out first.',
        body: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', maxLength: 64 } },
        },
        response: { 200: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } }, ...errorResponses },
      },
    },
    async (request, reply): Promise<LoginResponse> => {
      reply.header('cache-control', 'no-store');
      const header = request.headers['x-auth-token'];
      const currentToken = typeof header === 'string' && header.length > 0 && header.length <= 4096 ? header : null;
      const reading = GRANT_CODE_PATTERN.test(request.body.code) ? readGoogleGrant(request, reply, request.body.code) : ({ status: 'invalid' } as const);
      return { token: await exchangeGoogleGrant(deps(), { reading, currentToken }) };
    },
  );

  app.get(
    '/api/users/me',
    {
      config: { access: access(['rider', 'company']) },
      schema: {
        tags: ['users'],
        summary: "The signed-in user's basics (navigation, where to go after login)",
        response: {
          200: {
            type: 'object',
            required: ['username', 'email', 'user_type', 'picture', 'profile_completed', 'current_tab'],
            properties: {
              username: { type: 'string' },
              email: { type: 'string' },
              user_type: { type: 'integer' },
              picture: {
                anyOf: [{ type: 'null' }, { type: 'object', required: ['url'], properties: { url: { type: 'string' } } }],
              },
              profile_completed: { type: 'integer' },
              current_tab: { type: 'integer' },
            },
          },
          ...unauthorizedResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply): Promise<CurrentUser> => {
      reply.header('cache-control', 'no-store');
      const user = await getCurrentUser(app.database.db, request.auth!.userId);
      if (!user) throw new AppError('UNAUTHORIZED', messages.signInAgain);
      return user;
    },
  );
}
