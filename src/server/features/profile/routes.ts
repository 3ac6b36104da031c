/**
 * The rider's own account on the dashboard (spec §7), all behind sign-in and all
 * about the signed-in user only:
 *   GET    /api/users/profile         → {user, workHistories, pastEmployees, personalInfo}
 *   PUT    /api/users/profile-update  {username, phone, state, town, introduction} | {username, bio}
 *   GET    /api/users/waiting         → {items}: hire requests to answer, reviews to write, an ID to upload again
 *   GET    /api/users/export          every piece of the rider's data, one JSON file (attachment)
 *   DELETE /api/users/account         {password} (or a recent Google sign-in) → account gone
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageResponse } from '../../../shared/api';
import { messages } from '../../../shared/messages';
import { bioForm, deleteAccountForm, profileContentForm, type ProfileWriteResponse } from '../../../shared/profile';
import { pickValues, validateForm } from '../../../shared/validation';
import { AppError, errorResponses } from '../../errors';
import { tokenOf, unauthorizedResponse } from '../../plugins/auth';
import { formBodySchema } from '../../lib/forms';
import { profileSchema, profileWriteSchema } from '../../domain/riderProfile';
import { deleteAccount, exportUserData, listWaitingForRider, readOwnProfileDocument, updateProfile, type ProfileUpdate } from './service';
import type { WaitingResponse } from '../../../shared/waiting';
import { access } from '../../plugins/access';

const protectedErrors = { ...unauthorizedResponse, ...errorResponses, 404: { $ref: 'ErrorBody#' }, 409: { $ref: 'ErrorBody#' } };

/** The bio form when the body carries `bio`, else the profile content form. */
const formOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'bio' in body ? bioForm : profileContentForm;

async function checkProfileUpdate(request: FastifyRequest): Promise<void> {
  const form = formOf(request.body);
  const error = validateForm(form, pickValues(form, request.body));
  if (error) throw AppError.invalid(error.field, error.message);
}

/** A DELETE may come without a body (a Google account has no password to send). */
async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

const profileUpdateBody = {
  type: 'object',
  description: 'Either the Edit Profile Content form or the Edit Bio form.',
  properties: {
    ...formBodySchema(profileContentForm).properties,
    ...formBodySchema(bioForm).properties,
  },
  required: ['username'],
  additionalProperties: false,
} as const;

const waitingSchema = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        anyOf: [
          {
            type: 'object',
            required: ['kind', 'id', 'company', 'role', 'expires_at'],
            properties: { kind: { const: 'request' }, id: { type: 'string' }, company: { type: 'string' }, role: { type: 'string' }, expires_at: { type: 'string' } },
            additionalProperties: false,
          },
          {
            type: 'object',
            required: ['kind', 'id', 'company', 'deadline'],
            properties: { kind: { const: 'review' }, id: { type: 'string' }, company: { type: 'string' }, deadline: { type: 'string' } },
            additionalProperties: false,
          },
          {
            type: 'object',
            required: ['kind', 'reason'],
            properties: { kind: { const: 'id' }, reason: { type: ['string', 'null'] } },
            additionalProperties: false,
          },
        ],
      },
    },
  },
} as const;

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;

  app.get(
    '/api/users/profile',
    {
      config: { access: access('rider', { sessionInHandler: true }) },
      // The guard checks the token and its kind; the session check is joined into the read
      // (one database round trip) when the session cache does not vouch for it.
      schema: {
        tags: ['users'],
        summary: "The signed-in rider's profile (spec §3 'Profile response')",
        description:
          'Sent as the profile document stored for the rider (kept by every write that changes it), with its ETag; an If-None-Match naming that ETag is answered 304 without a body.',
        response: { 200: profileSchema, 304: { type: 'null', description: 'Not modified (If-None-Match)' }, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const read = await readOwnProfileDocument(
        { db: db(), config: app.config },
        { token: tokenOf(request), ifNoneMatch: request.headers['if-none-match'] },
      );
      request.auth = read.auth;
      reply.header('cache-control', 'no-store').header('etag', read.etag);
      if (read.body === null) return reply.code(304).send();
      // The stored JSON text as it is: built by the one statement that every write runs, in the
      // shape profileSchema declares (tests/server/profileDocument.test.ts checks both).
      return reply.header('content-type', 'application/json; charset=utf-8').send(read.body);
    },
  );

  app.put<{ Body: Record<string, string> }>(
    '/api/users/profile-update',
    {
      config: { access: access('rider'), rateLimit: { max: 60, timeWindow: '1 minute' } },
      preValidation: checkProfileUpdate,
      schema: {
        tags: ['users'],
        summary: 'Save the Edit Profile Content form or the Edit Bio form',
        description:
          'The phone is accepted as 080… or +234… and kept as +234…; the username is unique without regard to case (409 under username).',
        body: profileUpdateBody,
        response: { 200: profileWriteSchema, ...protectedErrors },
      },
    },
    async (request): Promise<ProfileWriteResponse> => {
      const body = request.body;
      const update: ProfileUpdate =
        formOf(body) === bioForm
          ? { kind: 'bio', ...pickValues(bioForm, body) }
          : { kind: 'content', ...pickValues(profileContentForm, body) };
      return updateProfile(db(), request.auth!.userId, update);
    },
  );

  app.get(
    '/api/users/waiting',
    {
      config: { access: access('rider') },
      schema: {
        tags: ['users'],
        summary: 'What waits for the signed-in rider: hire requests to answer, reviews to write, an ID to upload again',
        description: 'Requests first (the soonest to expire first), then reviews (the soonest window to close first), then the ID; at most 50.',
        response: { 200: waitingSchema, ...protectedErrors },
      },
    },
    async (request, reply): Promise<WaitingResponse> => {
      reply.header('cache-control', 'no-store');
      return listWaitingForRider(db(), request.auth!.userId);
    },
  );

  app.get(
    '/api/users/export',
    {
      config: { access: access('rider'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: "Download all of the signed-in rider's data as one JSON file",
        response: {
          200: { type: 'object', additionalProperties: true, description: 'ogba-dispatch-export/1' },
          ...protectedErrors,
        },
      },
    },
    async (request, reply) => {
      const data = await exportUserData(db(), request.auth!.userId, app.config.publicUrl);
      const safeName = data.account.username.replace(/[^A-Za-z0-9._-]/g, '_');
      reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="ogba-dispatch-${safeName}-${data.exported_at.slice(0, 10)}.json"`,
        );
      // Sent as text: the export is the rider's whole record, not the response schema's.
      return reply.send(JSON.stringify(data, null, 2));
    },
  );

  app.delete<{ Body: { password?: string } | undefined }>(
    '/api/users/account',
    {
      preValidation: emptyBodyAsObject,
      config: { access: access('rider'), rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Delete the signed-in account and everything of it',
        description:
          'Confirmed with the password, or for an account without one by a Google sign-in of the last 10 minutes (403 otherwise). Ends every session.',
        body: { ...formBodySchema(deleteAccountForm), required: [] },
        response: {
          200: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
          ...protectedErrors,
        },
      },
    },
    async (request): Promise<MessageResponse> => {
      await deleteAccount(
        { db: db(), limits: app.limits },
        { userId: request.auth!.userId, sessionId: request.auth!.sessionId, password: request.body?.password ?? '' },
      );
      return { message: messages.accountDeleted };
    },
  );
}
