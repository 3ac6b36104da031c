/**
 * The audit log as the console reads it: who did what, to which record, when, and
 * the values before and after. Shared by the API's response and the audit page, which reads
 * each entry as a sentence (describeAuditEntry) with the values as labelled details.
 */
import { auditMessages } from './opsAuditMessages';

/**
 * What names an entry's record, read when the log is read (a rename shows), or taken from what
 * the entry recorded when the record is gone. What each holds depends on the record type:
 * rider: full name (null without one) and username; review: author and the rider reviewed;
 * inbox item: the sender and the item's kind; staff, waitlist entry, subscriber: name only.
 */
export interface OpsAuditRecord {
  name: string | null;
  handle: string | null;
  /** False when the record is no longer on file. */
  onFile: boolean;
}

export interface OpsAuditEntry {
  id: string;
  /** ISO time of the action. */
  at: string;
  /** Null for the command line run on the server. */
  staffId: string | null;
  staffEmail: string;
  /** The member's role today; null for the command line or a member no longer on file. */
  staffRole: 'admin' | 'dispatcher' | null;
  /** Whether the member is still on staff (a removed member keeps their row). */
  staffActive: boolean;
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  record: OpsAuditRecord;
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

/** One labelled detail of an entry: the value before (when recorded and changed) and after. */
export interface AuditDetail {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID_VALUE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids and lists of ids help nobody reading the log; the sentence already names the record (username). */
const UNSHOWN = new Set(['id', 'entryId', 'assigneeId', 'file', 'documents', 'username']);

/** Who acted, as the sentence says it: "ada@ogbadispatch.ng (admin)". */
export function auditActor(entry: Pick<OpsAuditEntry, 'staffId' | 'staffEmail' | 'staffRole' | 'staffActive'>): string {
  if (entry.staffId === null) return auditMessages.actorCommandLine;
  if (!entry.staffActive || entry.staffRole === null) return auditMessages.actorFormer(entry.staffEmail);
  return auditMessages.actor(entry.staffEmail, auditMessages.roles[entry.staffRole]);
}

/** The record as the sentence names it. */
export function auditRecord(entry: Pick<OpsAuditEntry, 'entityType' | 'entityId' | 'record'>): string {
  const { name, handle } = entry.record;
  const r = auditMessages.records;
  const type = auditMessages.recordTypes[entry.entityType];
  if (!type) return name ?? r.unknown(entry.entityType, entry.entityId);
  switch (entry.entityType) {
    case 'rider':
      if (handle) return name ? r.riderNamed(name, handle) : r.riderUsername(handle);
      break;
    case 'review':
      if (name && handle) return r.review(name, handle);
      return entry.record.onFile ? r.reviewUnknown : r.gone(type);
    case 'inbox_item':
      if (name) return handle === 'quote' ? r.inboxQuote(name) : handle === 'waitlist' ? r.inboxWaitlist(name) : r.inboxEnquiry(name);
      break;
    case 'rate_card':
      return r.rateCard(entry.entityId);
    case 'delivery':
      if (name) return r.delivery(name);
      break;
    default:
      if (name) return name;
  }
  return r.gone(type);
}

/** The entry as one sentence: "ada@… (admin) suspended rider Tunde Bello (@tunde)". */
export function auditSentence(entry: OpsAuditEntry): string {
  const actor = auditActor(entry);
  const record = auditRecord(entry);
  const known = auditMessages.actions[entry.action];
  return known ? known({ actor, record }) : auditMessages.unknownAction(actor, entry.action, record);
}

function valueText(value: unknown, formatTime: (iso: string) => string): string | null {
  const v = auditMessages.values;
  if (value === null || value === undefined || value === '') return v.none;
  if (typeof value === 'boolean') return value ? v.yes : v.no;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (UUID_VALUE.test(value)) return null;
    return ISO_TIME.test(value) ? formatTime(value) : value;
  }
  if (Array.isArray(value)) return v.items(value.length);
  // A nested record (an invitation): its own labelled values, on one line.
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([key]) => !UNSHOWN.has(key))
    .map(([key, inner]) => {
      const text = valueText(inner, formatTime);
      return text === null ? null : `${auditMessages.fields[key] ?? auditMessages.fieldUnknown(key)}: ${text}`;
    })
    .filter((part): part is string => part !== null);
  return parts.length ? parts.join(', ') : v.none;
}

/**
 * The recorded values as labelled details, never raw JSON: when both sides were recorded only
 * what changed shows, as before → after; ids are left out (the sentence names the record).
 */
export function auditDetails(entry: Pick<OpsAuditEntry, 'before' | 'after'>, formatTime: (iso: string) => string): AuditDetail[] {
  const { before, after } = entry;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((key) => !UNSHOWN.has(key));
  const details: AuditDetail[] = [];
  for (const key of keys) {
    const had = before !== null && key in before;
    const has = after !== null && key in after;
    const was = had ? valueText(before?.[key], formatTime) : null;
    const now = has ? valueText(after?.[key], formatTime) : null;
    if (had && has && was === now) continue;
    if (was === null && now === null) continue;
    details.push({ key, label: auditMessages.fields[key] ?? auditMessages.fieldUnknown(key), before: was, after: now });
  }
  return details;
}
