/** The JSON schemas of the rider's job endpoints and the sender's after-booking actions, as /api/docs shows them. */
import { CANCEL_REASON_MAX, FAILURE_NOTE_MAX, RATING_COMMENT_MAX, RATING_MAX, RATING_MIN, RIDER_JOB_ACTIONS } from '../../../shared/deliveries/jobs';
import { DELIVERY_FAILURE_REASONS, DELIVERY_STATUSES } from '../../../shared/deliveries/moves';
import { PAYMENTS } from '../../../shared/deliveries/rateCard';
import { nullableTime, placeSchema } from './bookingSchemas';

const jobPlaceSchema = {
  ...placeSchema,
  description: 'The area always; the street address, landmark and contact only when the job is at that stage',
} as const;

export const jobSchema = {
  type: 'object',
  required: ['id', 'reference', 'status', 'actions', 'payment', 'price_kobo', 'rider_pay_kobo', 'cash_to_collect_kobo', 'cash_collect_at', 'pickup', 'dropoff', 'pickup_at', 'deliver_by', 'code_tries_left', 'proof_uploaded', 'events'],
  properties: {
    id: { type: 'string' },
    reference: { type: 'string' },
    status: { type: 'string', enum: DELIVERY_STATUSES },
    actions: { type: 'array', items: { type: 'string' }, description: 'The moves the rider may send now' },
    payment: { type: 'string', enum: PAYMENTS },
    price_kobo: { type: 'integer' },
    rider_pay_kobo: { type: ['integer', 'null'], description: "The rider's pay for the job" },
    cash_to_collect_kobo: { type: ['integer', 'null'], description: 'Cash the rider takes (the price) when the payment is cash; null for a transfer' },
    cash_collect_at: { type: ['string', 'null'], enum: ['pickup', 'dropoff', null] },
    pickup: { ...jobPlaceSchema, description: 'The street address, landmark and contact while the job is the rider\'s and open' },
    dropoff: { ...jobPlaceSchema, description: "The recipient's street address, landmark and contact only from pickup until the job is finished" },
    parcel: { type: 'object', additionalProperties: true },
    description: { type: 'string' },
    pickup_at: nullableTime,
    deliver_by: { ...nullableTime, description: 'The end of the promised window: on time means delivered by then' },
    code_tries_left: { type: 'integer', description: 'Wrong delivery codes left before staff must finish the delivery' },
    proof_uploaded: { type: 'boolean' },
    failure_reason: { type: ['string', 'null'] },
    events: {
      type: 'array',
      description: 'The timeline, oldest first (empty in the list)',
      items: {
        type: 'object',
        required: ['status', 'action', 'at', 'client_at'],
        properties: { status: { type: 'string' }, action: { type: 'string' }, at: { type: 'string', format: 'date-time' }, client_at: nullableTime },
      },
    },
  },
} as const;

export const jobAnswerSchema = { type: 'object', required: ['job'], properties: { job: jobSchema } } as const;
export const jobListSchema = { type: 'object', required: ['items'], properties: { items: { type: 'array', items: jobSchema } } } as const;

export const jobMoveBodySchema = {
  type: 'object',
  required: ['action', 'client_at'],
  properties: {
    action: { type: 'string', maxLength: 20, enum: RIDER_JOB_ACTIONS, description: 'The step tapped' },
    client_at: { type: 'string', maxLength: 40, description: "The phone's time of the tap (ISO 8601)" },
    reason: { type: 'string', maxLength: 40, enum: DELIVERY_FAILURE_REASONS, description: 'fail: why' },
    note: { type: ['string', 'null'], maxLength: FAILURE_NOTE_MAX * 2, description: `fail: what happened (required for "other"; at most ${FAILURE_NOTE_MAX})` },
    code: { type: 'string', maxLength: 20, description: "deliver: the recipient's 4-digit code" },
    cash_collected_kobo: { type: ['integer', 'null'], description: 'The cash collected, in kobo: required with pick_up when the payment is cash_on_pickup, with deliver when it is cash_on_delivery' },
  },
} as const;

export const jobMoveAnswerSchema = {
  type: 'object',
  required: ['job', 'move'],
  properties: {
    job: jobSchema,
    move: {
      type: 'object',
      required: ['action', 'status', 'server_at', 'client_at', 'clock_gap_ms', 'clock_gap_flagged'],
      properties: {
        action: { type: 'string' },
        status: { type: 'string' },
        server_at: { type: 'string', format: 'date-time', description: "The server's time of the move" },
        client_at: nullableTime,
        clock_gap_ms: { type: ['integer', 'null'] },
        clock_gap_flagged: { type: 'boolean', description: 'The phone and the server differ by more than 5 minutes: flagged for staff on the timeline' },
      },
    },
  },
} as const;

export const proofAnswerSchema = {
  type: 'object',
  required: ['proof_uploaded', 'width', 'height'],
  properties: { proof_uploaded: { type: 'boolean' }, width: { type: 'integer' }, height: { type: 'integer' } },
} as const;

export const cancelBodySchema = {
  type: 'object',
  properties: { reason: { type: ['string', 'null'], maxLength: CANCEL_REASON_MAX * 2, description: `Optional, at most ${CANCEL_REASON_MAX} characters` } },
} as const;

export const cancelAnswerSchema = {
  type: 'object',
  required: ['delivery'],
  properties: { delivery: { type: 'object', required: ['reference', 'status'], properties: { reference: { type: 'string' }, status: { type: 'string', enum: ['cancelled'] } } } },
} as const;

export const ratingBodySchema = {
  type: 'object',
  required: ['rating'],
  properties: {
    rating: { type: 'integer', description: `${RATING_MIN} to ${RATING_MAX}` },
    comment: { type: ['string', 'null'], maxLength: RATING_COMMENT_MAX * 2, description: `Optional, at most ${RATING_COMMENT_MAX} characters` },
  },
} as const;

export const ratingAnswerSchema = {
  type: 'object',
  required: ['rating'],
  properties: {
    rating: {
      type: 'object',
      required: ['rating', 'comment', 'rated_at'],
      properties: { rating: { type: 'integer' }, comment: { type: 'string' }, rated_at: { type: 'string', format: 'date-time' } },
    },
  },
} as const;

export const fileAnswer = { description: 'The photo (WebP), never cached', type: 'string', format: 'binary' } as const;
