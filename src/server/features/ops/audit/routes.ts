/**
 * The console's audit log, admins only:
 *   GET /api/ops/audit?staff=&action=&entityType=&entityId=&cursor=  → {items, next}
 * There is deliberately no route that edits or deletes an entry.
 */
import type { FastifyInstance } from 'fastify';
import { AUDIT_NAME_PATTERN, type OpsAuditEntry, type OpsAuditQuery } from '../../../../shared/opsAudit';
import type { OpsPage } from '../../../../shared/opsForms';
import { listAudit } from './service';
import { opsErrors, pageOf } from '../schemas';
import { access } from '../../../plugins/access';

const values = { type: ['object', 'null'], additionalProperties: true } as const;

const entrySchema = {
  type: 'object',
  required: ['id', 'at', 'staffId', 'staffEmail', 'staffRole', 'staffActive', 'action', 'entityType', 'entityId', 'before', 'after', 'record'],
  properties: {
    id: { type: 'string' },
    at: { type: 'string' },
    staffId: { type: ['string', 'null'] },
    staffEmail: { type: 'string' },
    staffRole: { type: ['string', 'null'], enum: ['admin', 'dispatcher', null] },
    staffActive: { type: 'boolean' },
    action: { type: 'string' },
    entityType: { type: 'string' },
    entityId: { type: 'string' },
    before: values,
    after: values,
    record: {
      type: 'object',
      required: ['name', 'handle', 'onFile'],
      properties: { name: { type: ['string', 'null'] }, handle: { type: ['string', 'null'] }, onFile: { type: 'boolean' } },
    },
  },
} as const;

export async function opsAuditRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: OpsAuditQuery }>(
    '/api/ops/audit',
    {
      config: { access: access('admin') },
      schema: {
        tags: ['ops'],
        summary: 'The audit log, newest first, filtered by who, what and which record (admins only)',
        description:
          '`staff` is a member id or an address as logged ("command line" for the server command); `action` matches an action or every action under it ("staff" finds "staff.remove").',
        querystring: {
          type: 'object',
          properties: {
            staff: { type: 'string', maxLength: 254 },
            action: { type: 'string', maxLength: 64, pattern: AUDIT_NAME_PATTERN },
            entityType: { type: 'string', maxLength: 64, pattern: AUDIT_NAME_PATTERN },
            entityId: { type: 'string', maxLength: 128 },
            cursor: { type: 'string', maxLength: 256 },
          },
        },
        response: { 200: pageOf(entrySchema), ...opsErrors },
      },
    },
    async (request, reply): Promise<OpsPage<OpsAuditEntry>> => {
      reply.header('cache-control', 'no-store');
      return listAudit(app.database.db, request.query);
    },
  );
}
