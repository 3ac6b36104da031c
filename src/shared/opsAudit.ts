/**
 * The audit log as the console reads it: who did what, to which record, when, and
 * the values before and after. Shared by the API's response and the audit page.
 */
export interface OpsAuditEntry {
  id: string;
  /** ISO time of the action. */
  at: string;
  /** Null for the command line run on the server. */
  staffId: string | null;
  staffEmail: string;
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** GET /api/ops/audit's filters; every one optional. */
export interface OpsAuditQuery {
  /** A staff member's id, or an address as the log keeps it ('command line' included). */
  staff?: string;
  /** An action ('staff.remove') or every action under a prefix ('staff'). */
  action?: string;
  entityType?: string;
  entityId?: string;
  cursor?: string;
}

/** Actions and entity types are dotted lower-case words: the filter is matched as given. */
export const AUDIT_NAME_PATTERN = '^[a-z0-9_]+(\\.[a-z0-9_]+)*$';
