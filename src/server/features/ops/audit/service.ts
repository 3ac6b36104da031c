/**
 * Reading the audit log: admins filter it by who, what and which record, newest
 * first, one keyset page at a time. Nothing here writes: entries are written by domain/audit.ts
 * in each action's own transaction and are never edited or deleted from the console.
 */
import { and, eq, like, or, type SQL } from 'drizzle-orm';
import type { OpsAuditEntry, OpsAuditQuery } from '../../../../shared/opsAudit';
import type { OpsPage } from '../../../../shared/opsForms';
import type { Db } from '../../../db/client';
import { auditLog } from '../../../db/schema';
import { after, cursorText, decodeCursor, newestFirst, PAGE_SIZE, toPage } from '../../../lib/keyset';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listAudit(db: Db, query: OpsAuditQuery): Promise<OpsPage<OpsAuditEntry>> {
  const cursor = decodeCursor(query.cursor);
  const conditions: Array<SQL | undefined> = [after(auditLog.createdAt, auditLog.id, cursor)];
  const who = query.staff?.trim();
  if (who) {
    // An id names one member whatever their address was; an address also finds 'command line'.
    conditions.push(UUID.test(who) ? eq(auditLog.staffId, who) : eq(auditLog.staffEmail, who.toLowerCase()));
  }
  if (query.action) {
    // 'staff' finds staff.invite, staff.remove...; the pattern admits no LIKE wildcards.
    conditions.push(or(eq(auditLog.action, query.action), like(auditLog.action, `${query.action}.%`)));
  }
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId.trim()));
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      staffId: auditLog.staffId,
      staffEmail: auditLog.staffEmail,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      cursorAt: cursorText(auditLog.createdAt),
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(...newestFirst(auditLog.createdAt, auditLog.id))
    .limit(PAGE_SIZE + 1);
  const page = toPage(rows);
  return {
    next: page.next,
    items: page.items.map(({ createdAt, ...rest }) => ({ ...rest, at: createdAt.toISOString() })),
  };
}
