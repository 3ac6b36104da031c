/**
 * POST /api/deliveries/quotes: a delivery's price with its breakdown, held 15 minutes;
 * GET /api/deliveries/quotes/{id}: a held quote again (DESIGN.md §11).
 *
 * Public: anyone may ask (signed out, any role, a business's own system) and gets the same
 * answer; nothing of a session is read. A business's system sends its API key (x-api-key): the
 * quote records the key, and the key's requests count against the key's own limit
 * (shared/apiKeys.ts: 600 a minute), not its address's; a key that does not resolve is 401.
 * Everyone else is rate-limited per client address. Both with the app's own counters
 * (lib/limits.ts: atomic, in Redis when REDIS_URL is set, so the limit holds across instances and
 * under a concurrent burst). Not @fastify/rate-limit: its in-memory store hands every request of
 * a same-tick burst the final count, so a burst of 80 was refused whole.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_QUOTE_LIMIT, API_KEY_QUOTE_READ_LIMIT } from '../../../shared/apiKeys';
import { messages } from '../../../shared/messages';
import { AppError } from '../../errors';
import { access } from '../../plugins/access';
import { addressHasher, limitPerCaller } from './callers';
import type { Limit } from '../../lib/limits';
import { latestRateCard } from '../../domain/rateCards';
import { createQuote, findLiveQuote, priceQuoteRequest, type PricedRequest, type Quote } from './quoteService';
import { quoteBodySchema, quoteErrorResponses, quoteResponseSchema } from './quoteSchemas';

/** Quotes asked from one address: 60 a minute (a business pricing each order of a busy day). */
export const QUOTE_RATE_LIMIT = { max: 60, windowMs: 60_000 } satisfies Limit;
/** Reads of a held quote from one address. */
export const QUOTE_READ_RATE_LIMIT = { max: 120, windowMs: 60_000 } satisfies Limit;
/** A quote's body is a few hundred bytes; anything near this is not a quote. */
const QUOTE_BODY_LIMIT = 16 * 1024;

export async function deliveryQuoteRoutes(app: FastifyInstance): Promise<void> {
  const hashAddress = addressHasher(app.config.jwtSecret);
  const perCaller = (name: string, perAddress: Limit, perKey: Limit) => limitPerCaller(app.limits, name, perAddress, perKey);
  /** The priced request, from the check before the schema to the handler. */
  const priced = new WeakMap<FastifyRequest, Extract<PricedRequest, { ok: true }> & { now: number }>();

  // Warm the rate card (writing version 1 on a fresh database) before the first quote; a
  // database that is not there yet leaves it to the first quote.
  app.addHook('onReady', async () => {
    await latestRateCard(app.database.db).catch((err: unknown) => app.log.warn({ err }, 'rate card not loaded at start-up'));
  });

  app.post(
    '/api/deliveries/quotes',
    {
      bodyLimit: QUOTE_BODY_LIMIT,
      config: { access: access('public', { identifies: ['apiKey'] }) },
      onRequest: perCaller('quote', QUOTE_RATE_LIMIT, API_KEY_QUOTE_LIMIT),
      // The field rules and the price function first, so a refusal names its field
      // (`pickup.area`, `parcel.weight_kg`); the JSON schema after them is the documentation.
      preValidation: async (request) => {
        const now = Date.now();
        const card = await latestRateCard(app.database.db, now);
        const result = priceQuoteRequest(request.body, card, now);
        if (!result.ok) throw AppError.invalid(result.error.field, result.error.message);
        priced.set(request, { ...result, now });
      },
      schema: {
        tags: ['deliveries'],
        summary: 'Price a delivery and hold the price for 15 minutes',
        description:
          'Within Lagos (same day) by parcel size, or from Lagos to the United Kingdom or Canada by weight and dimensions ' +
          '(duties and taxes excluded). Prices with the latest rate card; the quote keeps its price and version even if the ' +
          `card changes. Public; at most ${QUOTE_RATE_LIMIT.max} a minute from one address, or with an API key (x-api-key) ` +
          `${API_KEY_QUOTE_LIMIT.max} a minute per key, wherever it calls from; a key that is unknown or revoked is 401.`,
        body: quoteBodySchema,
        response: { 200: quoteResponseSchema, ...quoteErrorResponses },
      },
    },
    async (request): Promise<{ quote: Quote }> => {
      const result = priced.get(request);
      if (!result) throw AppError.internal();
      const apiKeyId = request.credential?.kind === 'apiKey' ? request.credential.id : null;
      const who = apiKeyId ? { clientIpHash: null, apiKeyId } : { clientIpHash: hashAddress(request.ip) };
      const quote = await createQuote(app.database.db, result, who, result.now);
      return { quote };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/deliveries/quotes/:id',
    {
      config: { access: access('public', { identifies: ['apiKey'] }) },
      onRequest: perCaller('quote-read', QUOTE_READ_RATE_LIMIT, API_KEY_QUOTE_READ_LIMIT),
      schema: {
        tags: ['deliveries'],
        summary: 'A quote while its price is held',
        description:
          'The same quote POST /api/deliveries/quotes answered; 404 once it has expired (or for an unknown id). ' +
          `At most ${QUOTE_READ_RATE_LIMIT.max} a minute from one address, or ${API_KEY_QUOTE_READ_LIMIT.max} per API key.`,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        response: { 200: quoteResponseSchema, 404: { $ref: 'ErrorBody#' }, ...quoteErrorResponses },
      },
    },
    async (request): Promise<{ quote: Quote }> => {
      const found = await findLiveQuote(app.database.db, request.params.id);
      if (!found) throw new AppError('NOT_FOUND', messages.notFound);
      const { request: _asked, ...quote } = found;
      return { quote };
    },
  );
}
