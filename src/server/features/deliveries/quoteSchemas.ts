/**
 * The JSON schemas of the quote endpoints: what /api/docs shows businesses calling the API.
 * The body is checked field by field before this schema (quoteService.priceQuoteRequest gives
 * the refusal under `pickup.area`, `parcel.weight_kg`, …); the schema stays at least as lenient,
 * so it never answers a less precise message than the field rules would.
 */
import { PLACE_NAME_MAX } from '../../../shared/locations';
import { CITY_MAX, NUMBER_MAX_LENGTH } from '../../../shared/deliveries/fields';
import { COUNTRIES, PARCEL_SIZES, PAYMENTS } from '../../../shared/deliveries/rateCard';
import { errorResponses } from '../../errors';

const text = (description: string, maxLength = PLACE_NAME_MAX) => ({ type: 'string', maxLength, description }) as const;
const measure = (description: string) =>
  ({
    anyOf: [{ type: 'number' }, { type: 'string' }],
    description: `${description}; a number above 0, or a decimal text such as "2.5" (at most ${NUMBER_MAX_LENGTH} characters)`,
  }) as const;

const lagosPlace = {
  type: 'object',
  required: ['area'],
  properties: {
    state: text('"Lagos" (the default); any other state is refused under this field'),
    area: text('A Lagos area or LGA as GET /api/locations lists them for Lagos, e.g. "Ikeja", "Lekki"'),
  },
} as const;

export const quoteBodySchema = {
  type: 'object',
  required: ['pickup', 'dropoff', 'parcel'],
  properties: {
    pickup: { ...lagosPlace, description: 'Where the rider picks the parcel up: always in Lagos' },
    dropoff: {
      description: 'A Lagos area (same-day delivery), or a city in the United Kingdom or Canada',
      anyOf: [
        lagosPlace,
        {
          type: 'object',
          required: ['country', 'city'],
          properties: {
            country: { type: 'string', enum: COUNTRIES, description: 'GB or CA' },
            city: text('The destination city', CITY_MAX),
          },
        },
      ],
    },
    parcel: {
      description: 'Within Lagos a size; abroad the weight and dimensions (chargeable weight = the larger of actual and L×W×H÷5000)',
      anyOf: [
        {
          type: 'object',
          required: ['size'],
          properties: {
            size: {
              type: 'string',
              enum: PARCEL_SIZES,
              description: 'small: an envelope or a shoebox; medium: a carton up to 10 kg; large: up to 25 kg, fits on a bike',
            },
          },
        },
        {
          type: 'object',
          required: ['weight_kg', 'length_cm', 'width_cm', 'height_cm'],
          properties: {
            weight_kg: measure('Weight in kg'),
            length_cm: measure('Length in cm'),
            width_cm: measure('Width in cm'),
            height_cm: measure('Height in cm'),
          },
        },
      ],
    },
    pickup_at: {
      type: ['string', 'null'],
      maxLength: 40,
      description:
        'When the rider picks up: ISO 8601 with its zone (e.g. "2026-11-28T14:00:00+01:00"), today or tomorrow in Lagos, within opening hours; absent or null = now. Rush hours cost more.',
    },
    payment: {
      type: ['string', 'null'],
      enum: [...PAYMENTS, null],
      description: 'cash_on_pickup (the default), cash_on_delivery (adds a fee within Lagos) or transfer',
    },
  },
} as const;

export const quoteSchema = {
  type: 'object',
  required: ['id', 'price_kobo', 'currency', 'breakdown', 'expires_at', 'rate_card_version'],
  properties: {
    id: { type: 'string', description: 'The quote to book with (POST /api/deliveries, quote_id); unguessable' },
    price_kobo: { type: 'integer', description: 'The price in kobo (₦1 = 100 kobo), a multiple of ₦50' },
    currency: { type: 'string', enum: ['NGN'] },
    breakdown: {
      type: 'array',
      description: 'The lines that add up to price_kobo exactly, in order, e.g. "Base fare", "34.4 km", "Island crossing"',
      items: {
        type: 'object',
        required: ['label', 'amount_kobo'],
        properties: { label: { type: 'string' }, amount_kobo: { type: 'integer' } },
      },
    },
    expires_at: { type: 'string', format: 'date-time', description: 'The price is held until then (15 minutes)' },
    distance_km: { type: 'number', description: 'Road distance to 0.1 km (Lagos, or the first-mile pickup abroad)' },
    chargeable_weight_kg: { type: 'number', description: 'Abroad only: the chargeable weight, to 0.5 kg' },
    rate_card_version: { type: 'integer', description: 'The rate card version the price was computed with' },
  },
} as const;

export const quoteResponseSchema = { type: 'object', required: ['quote'], properties: { quote: quoteSchema } } as const;

const errorBody = { $ref: 'ErrorBody#' } as const;

/** Every answer of POST /api/deliveries/quotes but the 200. */
export const quoteErrorResponses = {
  ...errorResponses,
  400: { description: 'A refusal under its field: {error: {field: "pickup.area", message: "…"}}', ...errorBody },
  413: { description: 'The body is over 16 kB', ...errorBody },
  415: { description: 'The body is not JSON', ...errorBody },
  429: { description: 'Too many quotes from this address or API key; the message says when to try again', ...errorBody },
  503: { description: 'The database cannot be reached; try again shortly', ...errorBody },
} as const;
