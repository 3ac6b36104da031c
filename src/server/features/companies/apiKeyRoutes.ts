/**
 * The company's API keys, on its Account tab (the keys themselves: domain/apiKeys.ts):
 *   GET    /api/companies/me/api-keys        company → {keys}: name, prefix, made, last used, revoked; never a key or its hash
 *   POST   /api/companies/me/api-keys        company {name} → 201 {key, api_key}: the key, shown this once
 *   DELETE /api/companies/me/api-keys/{id}   company → {api_key}: revoked; it stops working at once
 * Only a signed-in company's session manages keys (an API key is not a session: 401); another
 * company's key id is the 404 of a missing page.
 */
import type { FastifyInstance } from 'fastify';
import { API_KEYS_MAX_LIVE, apiKeyForm, type ApiKeyCreatedResponse, type ApiKeyListResponse, type ApiKeySummary } from '../../../shared/apiKeys';
import type { FormValues } from '../../../shared/validation';
import { createApiKey, listApiKeys, revokeApiKey } from '../../domain/apiKeys';
import { errorResponses } from '../../errors';
import { checkForm, formBodySchema } from '../../lib/forms';
import { access } from '../../plugins/access';
import { unauthorizedResponse } from '../../plugins/auth';

const errors = { ...unauthorizedResponse, ...errorResponses, 404: { $ref: 'ErrorBody#' } } as const;

const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;
const apiKeySchema = {
  type: 'object',
  required: ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    prefix: { type: 'string', description: 'The first characters of the key, to tell keys apart.' },
    created_at: { type: 'string', format: 'date-time' },
    last_used_at: { ...nullableDate, description: 'To the minute: written at most once a minute.' },
    revoked_at: nullableDate,
  },
} as const;
const apiKeyResponse = { type: 'object', required: ['api_key'], properties: { api_key: apiKeySchema } } as const;

export async function companyApiKeyRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;

  app.get(
    '/api/companies/me/api-keys',
    {
      config: { access: access('company') },
      schema: {
        tags: ['companies'],
        summary: "The signed-in company's API keys",
        description: 'Newest first, live and revoked. Never the key itself: it is shown once, when made.',
        response: { 200: { type: 'object', required: ['keys'], properties: { keys: { type: 'array', items: apiKeySchema } } }, ...errors },
      },
    },
    async (request, reply): Promise<ApiKeyListResponse> => {
      reply.header('cache-control', 'no-store');
      return { keys: await listApiKeys(db(), request.auth!.userId) };
    },
  );

  app.post<{ Body: FormValues<typeof apiKeyForm> }>(
    '/api/companies/me/api-keys',
    {
      preValidation: checkForm(apiKeyForm),
      config: { access: access('company'), rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['companies'],
        summary: 'Make an API key',
        description:
          `Answers the key once (only its SHA-256 is kept): the business sends it in the x-api-key header. At most ${API_KEYS_MAX_LIVE} ` +
          'live keys (a 409 otherwise: revoke one first); the company must have verified its e-mail (403).',
        body: formBodySchema(apiKeyForm),
        response: {
          201: {
            type: 'object',
            required: ['key', 'api_key'],
            properties: { key: { type: 'string', description: 'The key, shown this once.' }, api_key: apiKeySchema },
          },
          409: { $ref: 'ErrorBody#' },
          ...errors,
        },
      },
    },
    async (request, reply): Promise<ApiKeyCreatedResponse> => {
      const { key, apiKey } = await createApiKey(db(), request.auth!.userId, request.body.name);
      reply.code(201).header('cache-control', 'no-store');
      return { key, api_key: apiKey };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/companies/me/api-keys/:id',
    {
      config: { access: access('company', { owner: "the API key: the signed-in company's own" }), rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['companies'],
        summary: 'Revoke an API key',
        description: 'The key stops working at once, on every instance. Revoking a revoked key answers it as it is.',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        response: { 200: apiKeyResponse, ...errors },
      },
    },
    async (request): Promise<{ api_key: ApiKeySummary }> => ({ api_key: await revokeApiKey(db(), request.auth!.userId, request.params.id) }),
  );
}
