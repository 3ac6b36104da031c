/**
 * The JSON schemas of the booking endpoints: what /api/docs shows businesses calling the API.
 * The body is checked field by field before this schema (shared/deliveries/booking.ts gives the
 * refusal under `sender.phone`, `pickup.address`, …); the schema stays at least as lenient, so it
 * never answers a vaguer message than the field rules would.
 */
import { PLACE_NAME_MAX } from '../../../shared/locations';
import { ADDRESS_MAX, DESCRIPTION_MAX, LANDMARK_MAX, PERSON_NAME_MAX, QUOTE_ID_MAX } from '../../../shared/deliveries/booking';
import { CITY_MAX } from '../../../shared/deliveries/fields';
import { COUNTRIES, PAYMENTS } from '../../../shared/deliveries/rateCard';
import { EMAIL_MAX } from '../../../shared/forms';
import { PHONE_INPUT_MAX } from '../../../shared/profile';
import { errorResponses } from '../../errors';

const text = (description: string, maxLength: number) => ({ type: 'string', maxLength, description }) as const;

const people = {
  address: text('Street address, e.g. "12 Allen Avenue"', ADDRESS_MAX),
  landmark: text('Optional: a landmark the rider can ask for, e.g. "opposite the Total filling station"', LANDMARK_MAX),
  contact_name: text('Who the rider meets there', PERSON_NAME_MAX),
} as const;

const lagosEndProperties = {
  state: text('"Lagos" (the default)', PLACE_NAME_MAX),
  area: text("The quote's area, e.g. \"Ikeja\"", PLACE_NAME_MAX),
  ...people,
  contact_phone: text('A Nigerian number, e.g. "0803 123 4567" or "+234 803 123 4567"', PHONE_INPUT_MAX),
} as const;

/** The drop-off's optional e-mail of the recipient (never shown on the tracking page nor to the rider). */
const recipientEmail = {
  contact_email: {
    type: ['string', 'null'],
    maxLength: EMAIL_MAX,
    description:
      "Optional (absent, empty or null: none): the recipient's e-mail. The booking e-mail (the tracking link, the sender's name), the delivery code at pickup, and the delivery or failure go there too",
  },
} as const;

const lagosEnd = (what: string, extra: Record<string, unknown> = {}) =>
  ({
    type: 'object',
    // The area is checked against the quote (under pickup.area / dropoff.area), not here.
    required: ['address', 'contact_name', 'contact_phone'],
    description: what,
    properties: { ...lagosEndProperties, ...extra },
  }) as const;

export const bookingBodySchema = {
  type: 'object',
  required: ['quote_id', 'sender', 'pickup', 'dropoff', 'description', 'payment'],
  properties: {
    quote_id: text('The id of a quote still held (POST /api/deliveries/quotes, 15 minutes); its price is the booking\'s', QUOTE_ID_MAX),
    sender: {
      type: 'object',
      required: ['name', 'phone', 'email'],
      description: 'Who sends: the booking e-mail with the tracking link goes to this address',
      properties: {
        name: text('Full name', PERSON_NAME_MAX),
        phone: text('A Nigerian number', PHONE_INPUT_MAX),
        email: text('E-mail address', EMAIL_MAX),
      },
    },
    pickup: lagosEnd("Where the rider collects: the quote's area, with the street address and the person there"),
    dropoff: {
      description: "Where it goes: the quote's Lagos area, or its country and city abroad",
      anyOf: [
        lagosEnd('Within Lagos', recipientEmail),
        {
          type: 'object',
          required: ['country', 'city', 'address', 'contact_name', 'contact_phone'],
          properties: {
            country: { type: 'string', enum: COUNTRIES, description: 'GB or CA, as quoted' },
            city: text('The city, as quoted', CITY_MAX),
            ...people,
            contact_phone: text('With its country code, e.g. "+44 7700 900123" or "+1 416 555 0123"', PHONE_INPUT_MAX),
            ...recipientEmail,
          },
        },
      ],
    },
    description: text('What is in the parcel, e.g. "documents", "two pairs of shoes"', DESCRIPTION_MAX),
    payment: {
      type: 'string',
      enum: PAYMENTS,
      description:
        'cash_on_pickup, cash_on_delivery (within Lagos; the quote must have asked for it, its fee is in the price) or transfer (confirmed by staff). ' +
        'Switching to or from cash_on_delivery needs a new quote.',
    },
    pickup_at: {
      type: ['string', 'null'],
      maxLength: 40,
      description: "Optional; when given, the quote's own pickup_at (the price may hold a rush-hour line). Absent: the quote's.",
    },
  },
} as const;

export const bookedSchema = {
  type: 'object',
  required: ['delivery'],
  properties: {
    delivery: {
      type: 'object',
      required: ['id', 'reference', 'status', 'tracking_url', 'price_kobo'],
      properties: {
        id: { type: 'string', description: 'The booking\'s id, for GET /api/deliveries/{id}' },
        reference: { type: 'string', description: 'What people read out, e.g. "OGB-7K2Q9"' },
        status: { type: 'string', enum: ['booked'] },
        tracking_url: { type: 'string', description: 'The public tracking page: share it with the recipient' },
        price_kobo: { type: 'integer', description: "The quote's price, in kobo" },
      },
    },
  },
} as const;

const breakdownSchema = {
  type: 'array',
  items: { type: 'object', required: ['label', 'amount_kobo'], properties: { label: { type: 'string' }, amount_kobo: { type: 'integer' } } },
} as const;

const eventsSchema = {
  type: 'array',
  description: 'The timeline, oldest first',
  items: { type: 'object', required: ['status', 'at'], properties: { status: { type: 'string' }, at: { type: 'string', format: 'date-time' } } },
} as const;

/** A pickup or drop-off as answered (the job's answer shows parts of it by stage). */
export const placeSchema = {
  type: 'object',
  properties: {
    state: { type: 'string' },
    area: { type: 'string' },
    country: { type: 'string' },
    city: { type: 'string' },
    address: { type: 'string' },
    landmark: { type: 'string' },
    contact_name: { type: 'string' },
    contact_phone: { type: 'string' },
  },
} as const;

export const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const companyDeliverySchema = {
  type: 'object',
  required: ['delivery'],
  properties: {
    delivery: {
      type: 'object',
      required: ['id', 'reference', 'status', 'price_kobo', 'breakdown', 'pickup', 'dropoff', 'parcel', 'description', 'payment', 'pickup_at', 'created_at', 'events'],
      properties: {
        id: { type: 'string' },
        reference: { type: 'string' },
        status: { type: 'string', description: 'booked, assigned, picked_up, delivered, failed or cancelled' },
        tracking_url: { type: 'string' },
        price_kobo: { type: 'integer' },
        breakdown: breakdownSchema,
        pickup: placeSchema,
        dropoff: { ...placeSchema, properties: { ...placeSchema.properties, contact_email: { type: 'string', description: "The recipient's e-mail, when given" } } },
        parcel: {
          type: 'object',
          properties: {
            size: { type: 'string' },
            weight_kg: { anyOf: [{ type: 'number' }, { type: 'string' }] },
            length_cm: { anyOf: [{ type: 'number' }, { type: 'string' }] },
            width_cm: { anyOf: [{ type: 'number' }, { type: 'string' }] },
            height_cm: { anyOf: [{ type: 'number' }, { type: 'string' }] },
          },
        },
        description: { type: 'string' },
        payment: { type: 'string', enum: PAYMENTS },
        pickup_at: { ...nullableTime, description: 'null: collected as soon as a rider is free' },
        created_at: { type: 'string', format: 'date-time' },
        events: eventsSchema,
      },
    },
  },
} as const;

export const trackingSchema = {
  type: 'object',
  required: ['tracking'],
  properties: {
    tracking: {
      type: 'object',
      required: ['reference', 'status', 'pickup', 'dropoff', 'pickup_at', 'price_kobo', 'payment', 'events'],
      description: "What anyone with the link sees: never the sender's or the recipient's phone, e-mail, name or street address; the rider's name and picture once assigned",
      properties: {
        reference: { type: 'string' },
        status: { type: 'string' },
        pickup: { type: 'object', required: ['state', 'area'], properties: { state: { type: 'string' }, area: { type: 'string' } } },
        dropoff: {
          type: 'object',
          properties: { state: { type: 'string' }, area: { type: 'string' }, country: { type: 'string' }, city: { type: 'string' } },
        },
        pickup_at: nullableTime,
        price_kobo: { type: 'integer' },
        payment: { type: 'string', enum: PAYMENTS },
        events: eventsSchema,
        deliver_by: { ...nullableTime, description: 'The end of the promised delivery window' },
        rider: {
          type: ['object', 'null'],
          description: "null until a rider has the job; the phone only while the parcel is on its way (assigned until at the drop-off)",
          required: ['display_name', 'picture_url', 'id_verified', 'phone'],
          properties: {
            display_name: { type: 'string', description: 'e.g. "Ada O."' },
            picture_url: { type: ['string', 'null'], description: 'A public picture, /files/{id}' },
            id_verified: { type: 'boolean', description: 'Staff checked the rider\'s ID' },
            phone: { type: ['string', 'null'] },
          },
        },
        proof: { type: 'boolean', description: 'A photo of the parcel handed over is there (GET /api/deliveries/tracking/proof)' },
        rating: { type: ['integer', 'null'], description: "The sender's rating, once given" },
        can_cancel: { type: 'boolean', description: 'The sender may still cancel (before pickup)' },
      },
    },
  },
} as const;

export const companyDeliveryListSchema = {
  type: 'object',
  required: ['items', 'next'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'reference', 'status', 'price_kobo', 'payment', 'pickup', 'dropoff', 'pickup_at', 'created_at'],
        properties: {
          id: { type: 'string' },
          reference: { type: 'string' },
          status: { type: 'string' },
          price_kobo: { type: 'integer' },
          payment: { type: 'string', enum: PAYMENTS },
          pickup: { type: 'object', required: ['area'], properties: { area: { type: 'string' } } },
          dropoff: { type: 'object', properties: { area: { type: 'string' }, country: { type: 'string' }, city: { type: 'string' } } },
          pickup_at: nullableTime,
          created_at: { type: 'string', format: 'date-time' },
        },
      },
    },
    next: { type: ['string', 'null'], description: 'The cursor of the next page (?cursor=), or null' },
  },
} as const;

const errorBody = { $ref: 'ErrorBody#' } as const;

export const bookingErrorResponses = {
  ...errorResponses,
  400: { description: 'A refusal under its field, e.g. {error: {field: "sender.phone", message: "…"}}; an unknown or expired quote under quote_id', ...errorBody },
  401: { description: 'An x-api-key that is not a live key', ...errorBody },
  403: { description: 'A visitor without the captcha (field "captcha"); a company session or an API key needs none', ...errorBody },
  409: { description: 'The quote is booked already (field quote_id)', ...errorBody },
  413: { description: 'The body is over 32 kB', ...errorBody },
  415: { description: 'The body is not JSON', ...errorBody },
  422: { description: 'This Idempotency-Key was used with a different body (field idempotency_key)', ...errorBody },
  429: { description: 'Too many bookings from this address or API key; the message says when to try again', ...errorBody },
  503: { description: 'The database cannot be reached; try again with the same Idempotency-Key', ...errorBody },
} as const;
