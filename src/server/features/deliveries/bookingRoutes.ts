/**
 * Bookings (DESIGN.md §11):
 *   POST /api/deliveries                 a visitor (with the captcha), a signed-in company or an API key books a held quote
 *   GET  /api/deliveries/{id}            the booking company (its session or one of its keys); anyone else the 404 of a missing page
 *   GET  /api/deliveries/tracking        x-tracking-token: what the shared tracking link shows
 *   GET  /api/companies/me/deliveries    the company's bookings, newest first
 *
 * Rate-limited with the app's counters (lib/limits.ts: atomic, in Redis across instances): per
 * API key for a business's system, per address for everyone else.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../shared/messages';
import { bookingValuesOf, checkBookingFields, IDEMPOTENCY_KEY_MAX } from '../../../shared/deliveries/booking';
import { deliveryMessages } from '../../../shared/deliveries/messages';
import { AppError, errorResponses } from '../../errors';
import { requireCaptchaPass } from '../../lib/captcha';
import { countAgainstLimits, type Limit } from '../../lib/limits';
import { access } from '../../plugins/access';
import { addressHasher, limitPerCaller } from './callers';
import {
  bookDelivery,
  findCompanyDelivery,
  findDeliveryByTrackingToken,
  findTrackedDelivery,
  listCompanyDeliveries,
  requestHashOf,
  trackingLinks,
  type BookedDelivery,
  type Booker,
  type CompanyDelivery,
  type TrackedDelivery,
} from './bookingService';
import { bookedSchema, bookingBodySchema, bookingErrorResponses, companyDeliveryListSchema, companyDeliverySchema, trackingSchema } from './bookingSchemas';

/** Bookings from one address (a visitor, a company's browser): a busy shop's afternoon, not a script's. */
export const BOOKING_ADDRESS_LIMIT = { max: 20, windowMs: 60_000 } satisfies Limit;
/** Bookings through one API key: a business's system booking its day's orders. */
export const BOOKING_API_KEY_LIMIT = { max: 120, windowMs: 60_000 } satisfies Limit;
/** Reads of bookings and tracking from one address or key. */
export const DELIVERY_READ_LIMIT = { max: 240, windowMs: 60_000 } satisfies Limit;
/** Tracking tokens that name no delivery, from one address: a mistyped link or two, not a search. */
export const TRACKING_TOKEN_MISS_LIMIT = { max: 20, windowMs: 15 * 60_000 } satisfies Limit;
/** A booking's body is about a kilobyte; anything near this is not one. */
const BOOKING_BODY_LIMIT = 32 * 1024;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The Idempotency-Key header: absent, or 1 to 255 visible ASCII characters (spaces inside allowed). */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? null : raw.trim();
  if (!value || value.length > IDEMPOTENCY_KEY_MAX || !/^[\x20-\x7e]+$/.test(value)) {
    throw AppError.invalid('idempotency_key', deliveryMessages.booking.idempotencyKeyInvalid);
  }
  return value;
}

/** The company behind the caller: its session, or the owner of its API key; null for anyone else. */
const companyOf = (request: FastifyRequest): string | null =>
  request.caller === 'company' ? (request.auth?.userId ?? null) : request.caller === 'apiKey' ? (request.credential?.ownerId ?? null) : null;

const notFound = () => new AppError('NOT_FOUND', messages.notFound);

export async function deliveryBookingRoutes(app: FastifyInstance): Promise<void> {
  const links = trackingLinks(app.config.jwtSecret, app.config.publicUrl);
  const hashAddress = addressHasher(app.config.jwtSecret);

  const perCaller = (name: string, perAddress: Limit, perKey: Limit) => limitPerCaller(app.limits, name, perAddress, perKey);

  // Every tracking-token route: a guess is counted before it is looked up (atomic, across
  // instances with Redis), so a concurrent burst of guesses from one address gets at most
  // TRACKING_TOKEN_MISS_LIMIT.max lookups; a token that names a delivery gives its count back.
  app.credentialChecks.tracking = async (request, token) => {
    const key = `tracking-token-miss:address:${request.ip}`;
    await countAgainstLimits(app.limits, [{ key, limit: TRACKING_TOKEN_MISS_LIMIT }]);
    const id = await findDeliveryByTrackingToken(app.database.db, token);
    if (!id) return null;
    await app.limits.unhit(key);
    return { kind: 'tracking', id, ownerId: id };
  };

  app.post<{ Body: Record<string, unknown> }>(
    '/api/deliveries',
    {
      bodyLimit: BOOKING_BODY_LIMIT,
      config: { access: access('public', { identifies: ['company', 'apiKey'] }) },
      onRequest: perCaller('booking', BOOKING_ADDRESS_LIMIT, BOOKING_API_KEY_LIMIT),
      // The shared field rules first, so a refusal names its field; the schema is the documentation.
      preValidation: async (request) => {
        const error = checkBookingFields(request.body);
        if (error) throw AppError.invalid(error.field, error.message);
        idempotencyKeyOf(request);
      },
      // A visitor passes the captcha as on every public form; a company or a business's key needs none.
      preHandler: async (request) => {
        if (request.caller !== 'company' && request.caller !== 'apiKey') await requireCaptchaPass(request);
      },
      schema: {
        tags: ['deliveries'],
        summary: 'Book a delivery at a held quote\'s price',
        description:
          'Books the quote (held 15 minutes) at its price, breakdown and rate card version. A browser carries the captcha; a business ' +
          'sends its API key (x-api-key) and a signed-in company its session, and neither needs the captcha. Send an Idempotency-Key ' +
          'header (up to 255 characters) to retry safely: the same key and body from the same caller answer the same booking again; ' +
          `the same key with another body is a 422. At most ${BOOKING_ADDRESS_LIMIT.max} a minute from one address, ` +
          `${BOOKING_API_KEY_LIMIT.max} through one API key.`,
        headers: {
          type: 'object',
          properties: { [IDEMPOTENCY_HEADER]: { type: 'string', maxLength: 1024, description: 'Optional; up to 255 visible characters' } },
        },
        body: bookingBodySchema,
        response: { 201: bookedSchema, ...bookingErrorResponses },
      },
    },
    async (request, reply): Promise<{ delivery: BookedDelivery }> => {
      const key = idempotencyKeyOf(request);
      const companyId = companyOf(request);
      const apiKeyId = request.caller === 'apiKey' ? (request.credential?.id ?? null) : null;
      const clientIpHash = apiKeyId ? null : hashAddress(request.ip);
      const booker: Booker = { companyId, apiKeyId, clientIpHash };
      const scope = apiKeyId ? `api-key:${apiKeyId}` : companyId ? `company:${companyId}` : `address:${clientIpHash}`;
      const body = request.body;
      const { values } = bookingValuesOf(body);
      const { delivery } = await bookDelivery(
        app.database.db,
        {
          values,
          pickupAt: body.pickup_at,
          pickup: body.pickup as Record<string, unknown>,
          dropoff: body.dropoff as Record<string, unknown>,
        },
        booker,
        key === null ? null : { scope, key, requestHash: requestHashOf(body) },
        links,
      );
      reply.code(201).header('cache-control', 'no-store');
      return { delivery };
    },
  );

  // Before /api/deliveries/:id in meaning; the router prefers the fixed path anyway.
  app.get(
    '/api/deliveries/tracking',
    {
      config: { access: access('tracking') },
      onRequest: perCaller('tracking-read', DELIVERY_READ_LIMIT, DELIVERY_READ_LIMIT),
      schema: {
        tags: ['deliveries'],
        summary: 'What a tracking link shows',
        description:
          'The header x-tracking-token is the last part of the tracking_url. The answer has no phone, e-mail, name or street address of ' +
          "the sender or the recipient: the link is meant to be shared. Once a rider has the job: the rider's display name, picture and " +
          '"ID verified", and the rider\'s phone only while the parcel is on its way (assigned until at the drop-off). Any other token: ' +
          `the 404 of a missing page; ${TRACKING_TOKEN_MISS_LIMIT.max} such tokens from one address in 15 minutes, then 429.`,
        response: { 200: trackingSchema, 404: { $ref: 'ErrorBody#' }, ...errorResponses },
      },
    },
    async (request, reply): Promise<{ tracking: TrackedDelivery }> => {
      const tracking = request.credential ? await findTrackedDelivery(app.database.db, request.credential.id) : null;
      if (!tracking) throw notFound();
      reply.header('cache-control', 'no-store');
      return { tracking };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/deliveries/:id',
    {
      config: { access: access('public', { identifies: ['company', 'apiKey'], owner: 'the delivery: the company that booked it, in its session or with any of its keys' }) },
      onRequest: perCaller('delivery-read', DELIVERY_READ_LIMIT, DELIVERY_READ_LIMIT),
      schema: {
        tags: ['deliveries'],
        summary: 'A booking, for the company that made it',
        description:
          'The company that booked it, signed in or through any of its API keys. Anyone else, and any other id: the 404 of a missing page.',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        response: { 200: companyDeliverySchema, 401: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' }, ...errorResponses },
      },
    },
    async (request, reply): Promise<{ delivery: CompanyDelivery }> => {
      const companyId = companyOf(request);
      const delivery = companyId ? await findCompanyDelivery(app.database.db, companyId, request.params.id, links) : null;
      if (!delivery) throw notFound();
      reply.header('cache-control', 'no-store');
      return { delivery };
    },
  );

  app.get<{ Querystring: { cursor?: string } }>(
    '/api/companies/me/deliveries',
    {
      config: { access: access('company') },
      schema: {
        tags: ['deliveries'],
        summary: "The company's bookings, newest first",
        querystring: { type: 'object', properties: { cursor: { type: 'string', maxLength: 200 } } },
        response: { 200: companyDeliveryListSchema, 401: { $ref: 'ErrorBody#' }, ...errorResponses },
      },
    },
    async (request) => listCompanyDeliveries(app.database.db, request.auth!.userId, request.query.cursor),
  );
}
