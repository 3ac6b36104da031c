/**
 * Reading the audit log: admins filter it by who, what and which record, newest
 * first, one keyset page at a time. Nothing here writes: entries are written by domain/audit.ts
 * in each action's own transaction and are never edited or deleted from the console.
 */
import { aliasedTable, and, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { OpsAuditEntry, OpsAuditQuery, OpsAuditRecord } from '../../../../shared/opsAudit';
import type { OpsPage } from '../../../../shared/opsForms';
import type { Db } from '../../../db/client';
import { auditLog, companies, deliveries, inboxItems, newsletterSubscriptions, reviews, staff, users, waitlistEntries } from '../../../db/schema';
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
      staffRole: staff.role,
      staffRemovedAt: staff.removedAt,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      cursorAt: cursorText(auditLog.createdAt),
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(...conditions))
    .orderBy(...newestFirst(auditLog.createdAt, auditLog.id))
    .limit(PAGE_SIZE + 1);
  const page = toPage(rows);
  const names = await recordNames(db, page.items);
  return {
    next: page.next,
    items: page.items.map(({ createdAt, staffRole, staffRemovedAt, ...rest }) => ({
      ...rest,
      at: createdAt.toISOString(),
      staffRole: rest.staffId === null ? null : staffRole,
      staffActive: staffRole !== null && staffRemovedAt === null,
      record: names.get(`${rest.entityType}:${rest.entityId}`) ?? recorded(rest),
    })),
  };
}

type Logged = Pick<OpsAuditEntry, 'entityType' | 'entityId' | 'before' | 'after'>;

/** A record no longer on file is named by what its entry recorded of it, if anything. */
function recorded(entry: Logged): OpsAuditRecord {
  const was = { ...(entry.after ?? {}), ...(entry.before ?? {}) };
  const text = (key: string) => (typeof was[key] === 'string' ? (was[key] as string) : null);
  const name = text('name') ?? text('companyName') ?? text('email') ?? text('reference');
  return { name, handle: text('username'), onFile: false };
}

/**
 * The names of the page's records as they are now, one query per record type on the page
 * (at most 25 entries, so a handful of indexed look-ups), keyed "type:id".
 */
async function recordNames(db: Db, entries: Logged[]): Promise<Map<string, OpsAuditRecord>> {
  const idsOf = (type: string) => [...new Set(entries.filter((e) => e.entityType === type && UUID.test(e.entityId)).map((e) => e.entityId))];
  const found = new Map<string, OpsAuditRecord>();
  const put = (type: string, id: string, name: string | null, handle: string | null) => found.set(`${type}:${id}`, { name, handle, onFile: true });

  const riderIds = idsOf('rider');
  if (riderIds.length) {
    const rows = await db
      .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, riderIds));
    for (const r of rows) put('rider', r.id, fullName(r.firstName, r.lastName), r.username);
  }
  const staffIds = idsOf('staff');
  if (staffIds.length) {
    const rows = await db.select({ id: staff.id, email: staff.email }).from(staff).where(inArray(staff.id, staffIds));
    for (const r of rows) put('staff', r.id, r.email, null);
  }
  const entryIds = idsOf('waitlist_entry');
  if (entryIds.length) {
    const rows = await db.select({ id: waitlistEntries.id, name: waitlistEntries.companyName }).from(waitlistEntries).where(inArray(waitlistEntries.id, entryIds));
    for (const r of rows) put('waitlist_entry', r.id, r.name, null);
  }
  const itemIds = idsOf('inbox_item');
  if (itemIds.length) {
    const rows = await db.select({ id: inboxItems.id, name: inboxItems.name, kind: inboxItems.kind }).from(inboxItems).where(inArray(inboxItems.id, itemIds));
    for (const r of rows) put('inbox_item', r.id, r.name, r.kind);
  }
  const subscriberIds = idsOf('newsletter_subscription');
  if (subscriberIds.length) {
    const rows = await db
      .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(inArray(newsletterSubscriptions.id, subscriberIds));
    for (const r of rows) put('newsletter_subscription', r.id, r.email, null);
  }
  const deliveryIds = idsOf('delivery');
  if (deliveryIds.length) {
    const rows = await db.select({ id: deliveries.id, reference: deliveries.reference }).from(deliveries).where(inArray(deliveries.id, deliveryIds));
    for (const r of rows) put('delivery', r.id, r.reference, null);
  }
  const reviewIds = idsOf('review');
  if (reviewIds.length) {
    const author = aliasedTable(users, 'author');
    const subject = aliasedTable(users, 'subject');
    const rows = await db
      .select({
        id: reviews.id,
        authorUsername: author.username,
        authorFirst: author.firstName,
        authorLast: author.lastName,
        authorCompany: companies.companyName,
        subjectUsername: subject.username,
        subjectFirst: subject.firstName,
        subjectLast: subject.lastName,
        subjectCompany: sql<string | null>`(select ${companies.companyName} from ${companies} where ${companies.userId} = ${subject.id})`,
      })
      .from(reviews)
      .innerJoin(author, eq(author.id, reviews.authorId))
      .innerJoin(subject, eq(subject.id, reviews.subjectId))
      .leftJoin(companies, eq(companies.userId, reviews.authorId))
      .where(inArray(reviews.id, reviewIds));
    for (const r of rows) {
      const who = (company: string | null, first: string | null, last: string | null, username: string) =>
        company ?? (fullName(first, last) ? `${fullName(first, last)} (@${username})` : `@${username}`);
      put('review', r.id, who(r.authorCompany, r.authorFirst, r.authorLast, r.authorUsername), who(r.subjectCompany, r.subjectFirst, r.subjectLast, r.subjectUsername));
    }
  }
  return found;
}

const fullName = (first: string | null, last: string | null) => [first, last].filter((p) => p && p.trim()).join(' ').trim() || null;
