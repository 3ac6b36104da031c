/**
 * The console's dispatch board (dispatchers and admins):
 *   GET  /api/ops/deliveries                    ?status&cursor → {items, next}: attention first (failed, late for pickup, unassigned)
 *   GET  /api/ops/deliveries/:id                everything about one delivery, its offers and its timeline
 *   POST /api/ops/deliveries/:id/offer          {rider_id?} to the nearest available rider not asked yet, or to one rider
 *   POST /api/ops/deliveries/:id/assign         {rider_id} give it to a rider directly
 *   POST /api/ops/deliveries/:id/reassign       {rider_id} give an assigned job to another rider
 *   POST /api/ops/deliveries/:id/cancel         {reason} (required)
 *   POST /api/ops/deliveries/:id/retry          a failed delivery goes out again
 *   POST /api/ops/deliveries/:id/return         a failed delivery goes back to the sender
 *   POST /api/ops/deliveries/:id/returned       a returning delivery is back with the sender (for a rider who cannot say so)
 *   GET  /api/ops/riders/today                  each available rider's jobs today and the cash to collect from them
 * A move the delivery's state does not allow is a 409; every move is in the audit log.
 */
import type { FastifyInstance } from 'fastify';
import { CANCEL_REASON_MAX, type BoardDetail, type BoardItem, type RiderToday } from '../../../../shared/deliveries/dispatch';
import { DELIVERY_ACTIONS, DELIVERY_STATUSES, type DeliveryStatus } from '../../../../shared/deliveries/moves';
import { actorOf } from '../../../domain/audit';
import { access, STAFF } from '../../../plugins/access';
import { idParams, messageResponse, opsErrors, pageOf } from '../schemas';
import { cancelReasonOf, listBoard, moveFromBoard, readBoardDelivery, ridersToday, type BoardMove } from './service';

const uuid = { type: 'string', format: 'uuid' } as const;
const nullable = (type: string) => ({ type: [type, 'null'] }) as const;
const place = { type: 'object', additionalProperties: true } as const;

const itemProperties = {
  id: { type: 'string' },
  reference: { type: 'string' },
  status: { type: 'string', enum: DELIVERY_STATUSES },
  attention: { type: ['string', 'null'], enum: ['failed', 'late_pickup', 'unassigned', null] },
  no_rider_found: { type: 'boolean', description: 'Booked again because nobody accepted its offers' },
  pickup_area: nullable('string'),
  dropoff_area: nullable('string'),
  pickup_at: nullable('string'),
  created_at: { type: 'string' },
  price_kobo: { type: 'integer' },
  rider_pay_kobo: nullable('integer'),
  payment: { type: 'string' },
  rider: {
    anyOf: [{ type: 'null' }, { type: 'object', required: ['id', 'name', 'username'], properties: { id: { type: 'string' }, name: { type: 'string' }, username: { type: 'string' } } }],
  },
} as const;
const itemSchema = { type: 'object', required: Object.keys(itemProperties), properties: itemProperties } as const;

const detailProperties = {
  ...itemProperties,
  sender: place,
  pickup: place,
  dropoff: place,
  parcel: place,
  description: { type: 'string' },
  cash_collected_kobo: nullable('integer'),
  failure_reason: nullable('string'),
  failure_note: nullable('string'),
  cancel_reason: nullable('string'),
  assigned_at: nullable('string'),
  picked_up_at: nullable('string'),
  delivered_at: nullable('string'),
  actions: { type: 'array', items: { type: 'string', enum: DELIVERY_ACTIONS }, description: 'The moves staff may make now' },
  offers: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'rider_id', 'rider_name', 'status', 'expires_at', 'created_at'],
      properties: { id: { type: 'string' }, rider_id: { type: 'string' }, rider_name: { type: 'string' }, status: { type: 'string' }, expires_at: { type: 'string' }, created_at: { type: 'string' } },
    },
  },
  events: {
    type: 'array',
    items: {
      type: 'object',
      required: ['at', 'status', 'action', 'actor', 'staff_email', 'rider_id', 'note', 'client_at'],
      properties: {
        at: { type: 'string' },
        status: { type: 'string' },
        action: { type: 'string' },
        actor: { type: 'string' },
        staff_email: nullable('string'),
        rider_id: nullable('string'),
        note: { type: 'string' },
        client_at: nullable('string'),
      },
    },
  },
} as const;
const detailSchema = { type: 'object', required: Object.keys(detailProperties), properties: detailProperties } as const;

const riderBody = { type: 'object', required: ['rider_id'], properties: { rider_id: uuid }, additionalProperties: false } as const;
const moveErrors = { 409: { $ref: 'ErrorBody#' }, ...opsErrors } as const;

const todaySchema = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'username', 'phone', 'available', 'areas', 'jobs', 'cash_to_collect_kobo'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          username: { type: 'string' },
          phone: nullable('string'),
          available: { type: 'boolean' },
          areas: { type: 'array', items: { type: 'string' } },
          jobs: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'reference', 'status', 'payment', 'cash_collected_kobo'],
              properties: { id: { type: 'string' }, reference: { type: 'string' }, status: { type: 'string' }, payment: { type: 'string' }, cash_collected_kobo: nullable('integer') },
            },
          },
          cash_to_collect_kobo: { type: 'integer', description: 'Cash collected today, at the pickup or at the drop-off, on any job (a returned parcel paid at pickup too)' },
        },
      },
    },
  },
} as const;

export async function opsDeliveriesRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;

  app.get<{ Querystring: { status?: DeliveryStatus; cursor?: string } }>(
    '/api/ops/deliveries',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'The dispatch board: deliveries of one status (or every open one), those needing attention first, a page at a time (keyset)',
        description: 'Order: failed, then late for pickup (booked or offered past the pickup window), then unassigned (booked), then the rest; the longest waiting first within each.',
        querystring: {
          type: 'object',
          properties: { status: { type: 'string', enum: DELIVERY_STATUSES }, cursor: { type: 'string', maxLength: 200 } },
          additionalProperties: false,
        },
        response: { 200: pageOf(itemSchema), ...opsErrors },
      },
    },
    async (request, reply): Promise<{ items: BoardItem[]; next: string | null }> => {
      reply.header('cache-control', 'no-store');
      return listBoard(db(), request.query);
    },
  );

  app.get(
    '/api/ops/riders/today',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: "Each available rider (and each rider with a job today): today's jobs and the cash to collect from them",
        response: { 200: todaySchema, ...opsErrors },
      },
    },
    async (_request, reply): Promise<{ items: RiderToday[] }> => {
      reply.header('cache-control', 'no-store');
      return ridersToday(db());
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/ops/deliveries/:id',
    {
      config: { access: access(STAFF) },
      schema: {
        tags: ['ops'],
        summary: 'One delivery: sender, addresses and contacts, parcel, rider, offers, the moves staff may make, and its timeline',
        params: idParams,
        response: { 200: detailSchema, ...opsErrors },
      },
    },
    async (request, reply): Promise<BoardDetail> => {
      reply.header('cache-control', 'no-store');
      return readBoardDelivery(db(), request.params.id);
    },
  );

  const move = (
    path: string,
    summary: string,
    body: object | null,
    toMove: (body: Record<string, string | undefined>) => BoardMove,
  ) =>
    app.post<{ Params: { id: string }; Body: Record<string, string | undefined> | null }>(
      `/api/ops/deliveries/:id/${path}`,
      {
        config: { access: access(STAFF) },
        schema: {
          tags: ['ops'],
          summary,
          params: idParams,
          body: body ?? { type: ['object', 'null'], additionalProperties: false },
          response: { 200: messageResponse, ...moveErrors },
        },
      },
      async (request) => moveFromBoard(db(), actorOf(request.staff!), request.params.id, toMove(request.body ?? {})),
    );

  move(
    'offer',
    'Offer the delivery to the nearest available rider not asked yet (same area first), or to one rider; open for 3 minutes',
    { type: ['object', 'null'], properties: { rider_id: uuid }, additionalProperties: false },
    (b) => ({ action: 'offer', riderId: b.rider_id }),
  );
  move('assign', 'Give a booked or offered delivery to a rider directly (open offers close)', riderBody, (b) => ({ action: 'assign', riderId: b.rider_id! }));
  move('reassign', 'Give an assigned delivery (not yet picked up) to another rider', riderBody, (b) => ({ action: 'reassign', riderId: b.rider_id! }));
  move(
    'cancel',
    'Cancel a delivery before it is delivered, with a reason',
    { type: 'object', properties: { reason: { type: 'string', maxLength: CANCEL_REASON_MAX * 2 } }, additionalProperties: false },
    (b) => ({ action: 'cancel', reason: cancelReasonOf(b.reason) }),
  );
  move('retry', 'Resolve a failed delivery: out for delivery again with its rider', null, () => ({ action: 'retry' }));
  move('return', 'Resolve a failed delivery: back to the sender', null, () => ({ action: 'return' }));
  // No body: no cash goes with it (see moveFromBoard).
  move('returned', 'A returning delivery is back with the sender (what its rider would mark from the job screen)', null, () => ({ action: 'returned' }));
}
