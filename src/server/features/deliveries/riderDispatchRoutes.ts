/**
 * Riders who deliver (DESIGN.md §11):
 *   GET /api/users/availability   → {available, areas, blocked}: the switch, the areas covered, and why it cannot go on
 *   PUT /api/users/availability   {available, areas} → the same with a message; switching on needs a finished
 *                                  sign-up, an approved ID and no suspension (403 under 'available' saying which)
 *   GET  /api/users/offers              the rider's open offers: pay, distances, the pickup AREA (no address or contacts)
 *   POST /api/users/offers/{id}/accept  the first accept wins (409 offerGone for the others)
 *   POST /api/users/offers/{id}/decline the next rider gets it
 */
import type { FastifyInstance } from 'fastify';
import { AVAILABILITY_AREAS_MAX, type AvailabilityResponse, type RiderOffer } from '../../../shared/deliveries/dispatch';
import { errorResponses } from '../../errors';
import { access } from '../../plugins/access';
import { unauthorizedResponse } from '../../plugins/auth';
import { readAvailability, setAvailability } from './availabilityService';
import { acceptOffer, declineOffer, listRiderOffers } from './offerService';

const riderErrors = { ...unauthorizedResponse, ...errorResponses, 404: { $ref: 'ErrorBody#' } };

const availabilitySchema = {
  type: 'object',
  required: ['available', 'areas', 'blocked'],
  properties: {
    available: { type: 'boolean' },
    areas: { type: 'array', items: { type: 'string' } },
    blocked: { type: ['string', 'null'], description: 'Why the switch cannot be turned on now, or null' },
    message: { type: 'string' },
  },
} as const;

const offerSchema = {
  type: 'object',
  required: ['id', 'delivery_id', 'reference', 'pay_kobo', 'pickup_area', 'dropoff_area', 'to_pickup_km', 'trip_km', 'parcel', 'payment', 'pickup_at', 'expires_at'],
  properties: {
    id: { type: 'string' },
    delivery_id: { type: 'string' },
    reference: { type: 'string' },
    pay_kobo: { type: 'integer', description: "The rider's pay for the job: the rate card's share of the price" },
    pickup_area: { type: 'string' },
    dropoff_area: { type: ['string', 'null'] },
    to_pickup_km: { type: ['number', 'null'], description: 'From the nearest area the rider covers to the pickup area' },
    trip_km: { type: ['number', 'null'], description: 'Pickup area to drop-off area, between area centres' },
    parcel: { type: 'object', additionalProperties: true },
    payment: { type: 'string' },
    pickup_at: { type: ['string', 'null'] },
    expires_at: { type: 'string' },
  },
} as const;

const offerParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;

export async function deliveryRiderRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;

  app.get(
    '/api/users/availability',
    {
      config: { access: access('rider') },
      schema: {
        tags: ['users'],
        summary: 'The rider\'s "Available for deliveries" switch, the Lagos areas they cover, and why it cannot go on (or null)',
        response: { 200: availabilitySchema, ...riderErrors },
      },
    },
    async (request, reply): Promise<AvailabilityResponse> => {
      reply.header('cache-control', 'no-store');
      return readAvailability(db(), request.auth!.userId);
    },
  );

  app.put<{ Body: { available: boolean; areas: string[] } }>(
    '/api/users/availability',
    {
      config: { access: access('rider') },
      schema: {
        tags: ['users'],
        summary: 'Switch "Available for deliveries" on (with the areas covered) or off',
        description:
          'Areas are Lagos areas as the sign-up wizard lists them (other spellings are accepted and stored as listed); an unknown one is a 400 under `areas`. ' +
          'Switching on needs a finished sign-up, an approved ID and no suspension: otherwise 403 under `available`, saying which.',
        body: {
          type: 'object',
          required: ['available', 'areas'],
          properties: {
            available: { type: 'boolean' },
            areas: { type: 'array', items: { type: 'string', maxLength: 80 }, maxItems: AVAILABILITY_AREAS_MAX * 2 },
          },
          additionalProperties: false,
        },
        response: { 200: availabilitySchema, ...riderErrors },
      },
    },
    async (request): Promise<AvailabilityResponse> => setAvailability(db(), request.auth!.userId, request.body),
  );

  app.get(
    '/api/users/offers',
    {
      config: { access: access('rider') },
      schema: {
        tags: ['users'],
        summary: "The rider's open delivery offers, the soonest to run out first",
        description: 'Before accepting a rider sees the pickup area, the pay and the distances: never the address, landmark or contacts, nor anything of the recipient.',
        response: { 200: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: offerSchema } } }, ...riderErrors },
      },
    },
    async (request, reply): Promise<{ items: RiderOffer[] }> => {
      reply.header('cache-control', 'no-store');
      return listRiderOffers(db(), request.auth!.userId);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/users/offers/:id/accept',
    {
      config: { access: access('rider', { owner: 'the offer: the rider it was made to' }) },
      schema: {
        tags: ['users'],
        summary: 'Accept an offer: the first rider to accept gets the job, and the other offers close at once',
        description: 'An offer taken, closed or run out is a 409 (offerGone); another rider\'s offer is the 404 of a missing one.',
        params: offerParams,
        response: {
          200: {
            type: 'object',
            required: ['message', 'delivery'],
            properties: {
              message: { type: 'string' },
              delivery: { type: 'object', required: ['id', 'reference', 'status'], properties: { id: { type: 'string' }, reference: { type: 'string' }, status: { type: 'string' } } },
            },
          },
          409: { $ref: 'ErrorBody#' },
          ...riderErrors,
        },
      },
    },
    async (request) => acceptOffer(db(), request.auth!.userId, request.params.id),
  );

  app.post<{ Params: { id: string } }>(
    '/api/users/offers/:id/decline',
    {
      config: { access: access('rider', { owner: 'the offer: the rider it was made to' }) },
      schema: {
        tags: ['users'],
        summary: 'Decline an offer: it goes to the next available rider near the pickup',
        params: offerParams,
        response: { 200: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } }, 409: { $ref: 'ErrorBody#' }, ...riderErrors },
      },
    },
    async (request) => declineOffer(db(), request.auth!.userId, request.params.id),
  );
}
