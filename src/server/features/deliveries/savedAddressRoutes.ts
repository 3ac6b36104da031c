/**
 * A company's saved addresses, offered on the booking screen and kept on its Account tab:
 *   GET    /api/companies/me/addresses        company → {addresses}, newest first
 *   POST   /api/companies/me/addresses        company {label, area, address, landmark?, contact_name, contact_phone, contact_email?} → 201 {address}
 *   DELETE /api/companies/me/addresses/{id}   company → 204; another company's id is the 404 of a missing page
 * A signed-in company's session only (an API key books with its own addresses in each body).
 */
import type { FastifyInstance } from 'fastify';
import { SAVED_ADDRESSES_MAX, savedAddressForm, type SavedAddress, type SavedAddressListResponse, type SavedAddressValues } from '../../../shared/deliveries/savedAddresses';
import { errorResponses } from '../../errors';
import { checkForm, formBodySchema } from '../../lib/forms';
import { access } from '../../plugins/access';
import { unauthorizedResponse } from '../../plugins/auth';
import { addSavedAddress, deleteSavedAddress, listSavedAddresses } from './savedAddressService';

const errors = { ...unauthorizedResponse, ...errorResponses } as const;

const savedAddressSchema = {
  type: 'object',
  required: ['id', 'label', 'state', 'area', 'address', 'landmark', 'contact_name', 'contact_phone', 'contact_email', 'created_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    label: { type: 'string', description: 'The company\'s own name for it, e.g. "Shop"' },
    state: { type: 'string', enum: ['Lagos'] },
    area: { type: 'string', description: 'An area of the Lagos list, as a quote takes it' },
    address: { type: 'string' },
    landmark: { type: 'string', description: 'Empty when none was given' },
    contact_name: { type: 'string' },
    contact_phone: { type: 'string', description: '+234… as stored' },
    contact_email: { type: 'string', description: "The recipient's e-mail a drop-off fills in, lower-cased; empty when none was given" },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

export async function savedAddressRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;

  app.get(
    '/api/companies/me/addresses',
    {
      config: { access: access('company'), rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['deliveries'],
        summary: "The signed-in company's saved addresses",
        description: `Newest first, at most ${SAVED_ADDRESSES_MAX}.`,
        response: { 200: { type: 'object', required: ['addresses'], properties: { addresses: { type: 'array', items: savedAddressSchema } } }, ...errors },
      },
    },
    async (request, reply): Promise<SavedAddressListResponse> => {
      reply.header('cache-control', 'no-store');
      return { addresses: await listSavedAddresses(db(), request.auth!.userId) };
    },
  );

  app.post<{ Body: SavedAddressValues }>(
    '/api/companies/me/addresses',
    {
      preValidation: checkForm(savedAddressForm),
      config: { access: access('company'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['deliveries'],
        summary: 'Save an address',
        description:
          'A Lagos place to fill a booking\'s pickup or drop-off, checked by the booking\'s own rules (a refusal under its field). ' +
          `At most ${SAVED_ADDRESSES_MAX} per company: a 409 otherwise (delete one first).`,
        body: formBodySchema(savedAddressForm),
        response: { 201: { type: 'object', required: ['address'], properties: { address: savedAddressSchema } }, 409: { $ref: 'ErrorBody#' }, ...errors },
      },
    },
    async (request, reply): Promise<{ address: SavedAddress }> => {
      const address = await addSavedAddress(db(), request.auth!.userId, request.body);
      reply.code(201).header('cache-control', 'no-store');
      return { address };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/companies/me/addresses/:id',
    {
      config: { access: access('company', { owner: "the saved address: the signed-in company's own" }), rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['deliveries'],
        summary: 'Delete a saved address',
        description: 'Another company\'s address, or one already deleted: the 404 of a missing page.',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        response: { 204: { type: 'null', description: 'Deleted' }, 404: { $ref: 'ErrorBody#' }, ...errors },
      },
    },
    async (request, reply) => {
      await deleteSavedAddress(db(), request.auth!.userId, request.params.id);
      return reply.code(204).send();
    },
  );
}
