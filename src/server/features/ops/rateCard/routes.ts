/**
 * The console's rate card:
 *   GET  /api/ops/rate-card   staff → {current: {version, savedBy, savedAt, card}, versions}
 *   POST /api/ops/rate-card   admin {card, baseVersion, confirmation} → the same, with the new version
 * Saving asks for the password or a fresh code, refuses a figure the shared rules refuse (400
 * under its field, e.g. `lagos.baseFareKobo`), and answers 409 when the card was saved by
 * someone else since `baseVersion` was read.
 */
import type { FastifyInstance } from 'fastify';
import { COUNTRIES, PARCEL_SIZES } from '../../../../shared/deliveries/rateCard';
import type { OpsRateCard, OpsRateCardSave } from '../../../../shared/deliveries/rateCardForm';
import { MAX_BANDS } from '../../../../shared/deliveries/rateCardRules';
import { actorOf } from '../../../domain/audit';
import { assertConfirmed, confirmationSchema } from '../../../domain/stepUp';
import { access, STAFF } from '../../../plugins/access';
import { opsErrors } from '../schemas';
import { getRateCard, saveRateCard } from './service';

// The shape only: the figures' rules are the shared ones, so their refusals read as the form's.
const num = { type: 'number' } as const;
const clock = { type: 'string', maxLength: 5 } as const;
const strict = <P extends Record<string, unknown>>(properties: P) =>
  ({ type: 'object', required: Object.keys(properties), properties, additionalProperties: false }) as const;
const bands = { type: 'array', minItems: 1, maxItems: MAX_BANDS, items: strict({ upTo: { type: ['number', 'null'] }, rateKobo: num }) } as const;
const size = strict({ surchargeKobo: num, maxWeightKg: num, maxSideCm: num });

const cardSchema = strict({
  currency: { type: 'string', enum: ['NGN'] },
  lagos: strict({
    baseFareKobo: num,
    roadFactor: num,
    distanceBands: bands,
    sizes: strict(Object.fromEntries(PARCEL_SIZES.map((s) => [s, size]))),
    crossingKobo: num,
    rushHours: strict({
      windows: {
        type: 'array',
        maxItems: 6,
        items: strict({ from: clock, to: clock, days: { type: 'array', maxItems: 7, items: { type: 'integer' } } }),
      },
      surchargeKobo: num,
    }),
    cashOnDelivery: strict({ basisPoints: num, minimumKobo: num }),
    minimumKobo: num,
    roundToKobo: num,
    openingHours: { type: 'array', minItems: 7, maxItems: 7, items: { anyOf: [{ type: 'null' }, strict({ open: clock, close: clock })] } },
    riderShareBasisPoints: num,
  }),
  international: strict({
    volumetricDivisor: num,
    hub: strict({ name: { type: 'string', minLength: 1, maxLength: 100 }, lat: num, lng: num, side: { type: 'string', enum: ['island', 'mainland'] } }),
    limits: strict({ maxWeightKg: num, maxSideCm: num, maxChargeableKg: num }),
    destinations: strict(
      Object.fromEntries(COUNTRIES.map((c) => [c, strict({ country: { type: 'string', enum: [c] }, weightBands: bands, minimumKobo: num })])),
    ),
  }),
});

const versionSchema = {
  type: 'object',
  required: ['version', 'savedBy', 'savedAt'],
  properties: { version: { type: 'integer' }, savedBy: { type: ['string', 'null'] }, savedAt: { type: 'string' } },
} as const;

const rateCardResponse = {
  type: 'object',
  required: ['current', 'versions'],
  properties: {
    current: { ...versionSchema, required: [...versionSchema.required, 'card'], properties: { ...versionSchema.properties, card: { type: 'object', additionalProperties: true } } },
    versions: { type: 'array', items: versionSchema },
  },
} as const;

export async function opsRateCardRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/ops/rate-card',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'The delivery rate card in force, who saved it and when, and every version',
        response: { 200: rateCardResponse, ...opsErrors },
      },
    },
    async (_request, reply): Promise<OpsRateCard> => {
      reply.header('cache-control', 'no-store');
      return getRateCard(app.database.db);
    },
  );

  app.post<{ Body: OpsRateCardSave }>(
    '/api/ops/rate-card',
    {
      config: { access: access('admin') },
      schema: {
        tags: ['ops'],
        summary: 'Save a new rate card version (admins only; asks for the password or a fresh code)',
        description:
          'Amounts are integer kobo. Every figure is checked by the shared rules; a refusal is a 400 under the figure’s path (e.g. `lagos.distanceBands[1].upTo`). ' +
          '`baseVersion` is the version the change was made to: when another version was saved since, the answer is a 409 asking to reload. New quotes use the saved version at once; a quote already given keeps its own.',
        body: {
          type: 'object',
          required: ['card', 'baseVersion'],
          properties: { card: cardSchema, baseVersion: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, confirmation: confirmationSchema },
          additionalProperties: false,
        },
        response: { 200: rateCardResponse, ...opsErrors },
      },
    },
    async (request): Promise<OpsRateCard> => {
      await assertConfirmed(request, request.body.confirmation);
      return saveRateCard(app.database.db, actorOf(request.staff!), { card: request.body.card, baseVersion: request.body.baseVersion });
    },
  );
}
