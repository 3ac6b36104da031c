/**
 * The console's sign-in and staff management:
 *   POST   /api/ops/auth/login          {email, password} → {token, next: 'code'|'enrol'}
 *   GET    /api/ops/auth/enrolment      (password step) → {otpauthUrl, qrSvg, secret}
 *   POST   /api/ops/auth/enrol          (password step) {code} → {token, recoveryCodes}
 *   POST   /api/ops/auth/verify         (password step) {code} | {recoveryCode} → {token}
 *   POST   /api/ops/auth/set-password   {token, password} → {message}
 *   POST   /api/ops/auth/logout         any staff session → {message}
 *   GET    /api/ops/me                  → {email, role}
 *   GET    /api/ops/staff               admin → {items, next: null}
 *   POST   /api/ops/staff               admin {email, role} → {message}
 *   DELETE /api/ops/staff/:id           admin {confirmation} → {message}
 * The sign-in routes are the only /api/ops routes open without a staff session.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../../shared/messages';
import {
  opsCodeForm,
  opsInviteStaffForm,
  opsLoginForm,
  opsSetPasswordRequestForm,
  STAFF_ROLES,
  type OpsEnrolment,
  type OpsLoginResponse,
  type OpsMe,
  type OpsPage,
  type OpsStaffMember,
  type StaffRole,
} from '../../../../shared/opsForms';
import type { FormValues } from '../../../../shared/validation';
import { AppError } from '../../../errors';
import { actorOf } from '../../../domain/audit';
import { checkForm, formBodySchema } from '../../../lib/forms';
import { endStaffSession } from '../../../plugins/staffAuth';
import { assertConfirmed } from '../../../domain/stepUp';
import { confirmationBody, idParams, messageResponse, opsErrors, pageOf } from '../schemas';
import {
  addStaffMember,
  enrolTotp,
  getEnrolment,
  listStaff,
  removeStaffMember,
  setStaffPassword,
  signInStaff,
  verifyStaffCode,
  type StaffDeps,
} from './service';
import { access, STAFF } from '../../../plugins/access';

const tokenResponse = { type: 'object', required: ['token'], properties: { token: { type: 'string' } } } as const;

const staffMemberSchema = {
  type: 'object',
  required: ['id', 'email', 'role', 'status', 'twoFactor', 'createdAt'],
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string', enum: STAFF_ROLES },
    status: { type: 'string', enum: ['invited', 'active', 'removed'] },
    twoFactor: { type: 'boolean' },
    createdAt: { type: 'string' },
  },
} as const;

export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): StaffDeps => ({ db: app.database.db, config: app.config, limits: app.limits });

  app.post<{ Body: FormValues<typeof opsLoginForm> }>(
    '/api/ops/auth/login',
    {
      config: { access: access('public') },
      preValidation: checkForm(opsLoginForm),
      schema: {
        tags: ['ops'],
        summary: 'Staff sign-in, first factor',
        description: 'Failed sign-ins are limited per account and per address, counted before the password is checked (429).',
        body: formBodySchema(opsLoginForm),
        response: {
          200: { type: 'object', required: ['token', 'next'], properties: { token: { type: 'string' }, next: { type: 'string', enum: ['code', 'enrol'] } } },
          ...opsErrors,
        },
      },
    },
    async (request): Promise<OpsLoginResponse> => signInStaff(deps(), { email: request.body.email, password: request.body.password, ip: request.ip }),
  );

  app.get(
    '/api/ops/auth/enrolment',
    {
      config: { access: access('staffPending') },
      schema: {
        tags: ['ops'],
        summary: 'The TOTP secret to enrol, as a QR code and a key',
        response: {
          200: {
            type: 'object',
            required: ['otpauthUrl', 'qrSvg', 'secret'],
            properties: { otpauthUrl: { type: 'string' }, qrSvg: { type: 'string' }, secret: { type: 'string' } },
          },
          ...opsErrors,
        },
      },
    },
    async (request, reply): Promise<OpsEnrolment> => {
      reply.header('cache-control', 'no-store');
      return getEnrolment(deps(), request.staff!);
    },
  );

  app.post<{ Body: FormValues<typeof opsCodeForm> }>(
    '/api/ops/auth/enrol',
    {
      config: { access: access('staffPending') },
      preValidation: checkForm(opsCodeForm),
      schema: {
        tags: ['ops'],
        summary: 'Confirm TOTP enrolment with a first code; answers the recovery codes once',
        body: formBodySchema(opsCodeForm),
        response: {
          200: {
            type: 'object',
            required: ['token', 'recoveryCodes'],
            properties: { token: { type: 'string' }, recoveryCodes: { type: 'array', items: { type: 'string' } } },
          },
          ...opsErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return enrolTotp(deps(), request.staff!, request.body.code);
    },
  );

  app.post<{ Body: { code?: string; recoveryCode?: string } }>(
    '/api/ops/auth/verify',
    {
      config: { access: access('staffPending') },
      schema: {
        tags: ['ops'],
        summary: 'Staff sign-in, second factor: a TOTP code or a recovery code',
        body: {
          type: 'object',
          properties: { code: { type: 'string', maxLength: 12 }, recoveryCode: { type: 'string', maxLength: 32 } },
          additionalProperties: false,
        },
        response: { 200: tokenResponse, ...opsErrors },
      },
    },
    async (request) => {
      const { code, recoveryCode } = request.body ?? {};
      if (recoveryCode === undefined && (code === undefined || code.trim() === '')) {
        throw AppError.invalid('code', messages.fieldRequired);
      }
      return { token: await verifyStaffCode(deps(), request.staff!, recoveryCode !== undefined ? { recoveryCode } : { code }) };
    },
  );

  app.post<{ Body: FormValues<typeof opsSetPasswordRequestForm> }>(
    '/api/ops/auth/set-password',
    {
      preValidation: checkForm(opsSetPasswordRequestForm),
      config: { access: access('public'), rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['ops'],
        summary: "Set a staff member's password with their one-time link",
        body: formBodySchema(opsSetPasswordRequestForm),
        response: { 200: messageResponse, ...opsErrors },
      },
    },
    async (request) => {
      await setStaffPassword(deps(), request.body);
      return { message: messages.opsPasswordSet };
    },
  );

  app.post(
    '/api/ops/auth/logout',
    {
      config: { access: access([...STAFF, 'staffPending']) },
      schema: { tags: ['ops'], summary: 'End the staff session', response: { 200: messageResponse, ...opsErrors } },
    },
    async (request) => {
      await endStaffSession(app.database.db, request.staff!.sessionId);
      return { message: messages.loggedOut };
    },
  );

  app.get(
    '/api/ops/me',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'The signed-in staff member',
        response: {
          200: { type: 'object', required: ['email', 'role'], properties: { email: { type: 'string' }, role: { type: 'string', enum: STAFF_ROLES } } },
          ...opsErrors,
        },
      },
    },
    async (request): Promise<OpsMe> => ({ email: request.staff!.email, role: request.staff!.role }),
  );

  app.get(
    '/api/ops/staff',
    {
      config: { access: access('admin') },
      schema: {
        tags: ['ops'],
        summary: 'Every staff member (admins only)',
        // One page with every member (a desk has a handful), in the shape every console list pages by.
        response: { 200: pageOf(staffMemberSchema), ...opsErrors },
      },
    },
    async (): Promise<OpsPage<OpsStaffMember>> => ({ items: await listStaff(app.database.db), next: null }),
  );

  app.post<{ Body: FormValues<typeof opsInviteStaffForm> }>(
    '/api/ops/staff',
    {
      config: { access: access('admin') },
      preValidation: checkForm(opsInviteStaffForm),
      schema: {
        tags: ['ops'],
        summary: 'Invite a staff member by e-mail (admins only)',
        body: formBodySchema(opsInviteStaffForm),
        response: { 200: messageResponse, ...opsErrors },
      },
    },
    async (request) => {
      await addStaffMember(deps(), actorOf(request.staff!), {
        email: request.body.email,
        role: request.body.role as StaffRole,
        sendEmail: true,
      });
      return { message: messages.opsStaffInvited(request.body.email.trim().toLowerCase()) };
    },
  );

  app.delete<{ Params: { id: string }; Body: { confirmation?: string } }>(
    '/api/ops/staff/:id',
    {
      config: { access: access('admin') },
      // A DELETE may come without a body: that is a missing confirmation (403), not a bad request.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['ops'],
        summary: 'Remove a staff member: their sessions end at once (admins only; asks for the password or a fresh code)',
        params: idParams,
        body: confirmationBody,
        response: { 200: messageResponse, ...opsErrors },
      },
    },
    async (request) => {
      await assertConfirmed(request, request.body?.confirmation);
      const email = await removeStaffMember(app.database.db, request.staff!, request.params.id);
      return { message: messages.opsStaffRemoved(email) };
    },
  );
}
