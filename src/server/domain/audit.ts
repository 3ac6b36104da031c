/**
 * The audit log of staff actions (DESIGN.md §10): who, what, on which record, when,
 * and the values before and after. Call it with the transaction of the action itself, so an
 * action is never committed without its entry, nor an entry without its action.
 */
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditActor {
  staffId: string | null;
  /** 'command line' for the ops command run on the server. */
  email: string;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function writeAudit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.staffId,
    staffEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The actor of a console request. */
export const actorOf = (context: { staffId: string; email: string }): AuditActor => ({
  staffId: context.staffId,
  email: context.email,
});
