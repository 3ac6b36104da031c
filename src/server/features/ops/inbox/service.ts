/**
 * The console's inbox: enquiries, quotes and waitlist entries as items staff move
 * through new → open → answered → closed (the moves of src/shared/inbox.ts), assign, annotate
 * and answer by e-mail. Every action writes its change, its timeline entry or e-mail and its
 * audit entry in one transaction, and answers the item as it now is.
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  canReply,
  EXCERPT_LENGTH,
  inboxStatusLabels,
  movesInto,
  type InboxAssignee,
  type InboxItemDetail,
  type InboxKind,
  type InboxListItem,
  type InboxStatus,
  type InboxSummary,
} from '../../../../shared/inbox';
import { messages } from '../../../../shared/messages';
import type { OpsPage } from '../../../../shared/opsForms';
import { site } from '../../../../shared/site';
import type { Db } from '../../../db/client';
import { inboxEntries, inboxItems, staff } from '../../../db/schema';
import { AppError } from '../../../errors';
import { writeAudit, type AuditActor } from '../../../domain/audit';
import { after, cursorText, decodeCursor, newestFirst, PAGE_SIZE, prefixQuery, toPage } from '../../../lib/keyset';
import { enqueueEmail, renderEmail } from '../../../plugins/mail';
import { lagosTime } from '../../../domain/notices';

export interface InboxDeps {
  db: Db;
  /** OPS_EMAIL: where the customer's answer to a reply goes; null falls back to the site's address. */
  opsEmail: string | null;
}

export interface InboxListQuery {
  kind?: InboxKind;
  status?: InboxStatus;
  q?: string;
  /** 'me', 'none' or a staff id. */
  assignee?: string;
  cursor?: string;
}

const notFound = () => new AppError('NOT_FOUND', messages.notFound);
const replyAddress = (deps: InboxDeps) => deps.opsEmail ?? site.email;

const iso = (value: Date) => value.toISOString();

/**
 * A search first looks for its page among this many newest items (after the cursor, with the
 * filters): a common word fills the page there at once. Only a rarer one is then read through
 * the GIN index and sorted. (PostgreSQL misjudges how many rows a prefix query matches, so it is
 * not left to choose: walking the date index for a rare word reads the whole table, 45 ms at
 * 100,000 items; sorting a common word's matches takes 150 ms.)
 */
const SEARCH_WINDOW = 5000;

/** NULLS LAST as drizzle-kit builds the indexes: plain DESC (NULLS FIRST) is served by no index. The columns are NOT NULL. */

/** One page (PAGE_SIZE + 1 rows) cut from `source` alone; only those rows are then joined to staff. */
async function readPage(db: Db, source: typeof inboxItems, where: SQL | undefined, order: SQL[]) {
  const pageRows = db
    .select({
      id: source.id,
      kind: source.kind,
      name: source.name,
      email: source.email,
      phone: source.phone,
      // Only the start of the message travels: a page is 25 rows, not 25 letters.
      excerpt: sql<string>`left(${source.message}, ${EXCERPT_LENGTH})`.as('excerpt'),
      status: source.status,
      assigneeId: source.assigneeId,
      createdAt: source.createdAt,
      updatedAt: source.updatedAt,
      cursorAt: cursorText(source.createdAt).as('cursor_at'),
    })
    .from(source)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE + 1)
    .as('page');
  return db
    .select({
      id: pageRows.id,
      kind: pageRows.kind,
      name: pageRows.name,
      email: pageRows.email,
      phone: pageRows.phone,
      excerpt: pageRows.excerpt,
      status: pageRows.status,
      assigneeId: pageRows.assigneeId,
      assigneeEmail: staff.email,
      createdAt: pageRows.createdAt,
      updatedAt: pageRows.updatedAt,
      cursorAt: pageRows.cursorAt,
    })
    .from(pageRows)
    .leftJoin(staff, eq(staff.id, pageRows.assigneeId))
    .orderBy(desc(pageRows.createdAt), desc(pageRows.id));
}

/** The list, newest first, one keyset page at a time (an index range scan however deep). */
export async function listInboxItems(db: Db, viewer: { staffId: string }, query: InboxListQuery): Promise<OpsPage<InboxListItem>> {
  const cursor = decodeCursor(query.cursor);
  const conditions: Array<SQL | undefined> = [after(inboxItems.createdAt, inboxItems.id, cursor)];
  if (query.kind) conditions.push(eq(inboxItems.kind, query.kind));
  if (query.status) conditions.push(eq(inboxItems.status, query.status));
  if (query.assignee === 'none') conditions.push(isNull(inboxItems.assigneeId));
  else if (query.assignee === 'me') conditions.push(eq(inboxItems.assigneeId, viewer.staffId));
  else if (query.assignee) conditions.push(eq(inboxItems.assigneeId, query.assignee));
  const filters = and(...conditions);
  const words = query.q ? prefixQuery(query.q) : null;
  const matches = (table: typeof inboxItems) => sql`${table.search} @@ to_tsquery('simple', ${words})`;

  let rows: Awaited<ReturnType<typeof readPage>>;
  if (!words) {
    rows = await readPage(db, inboxItems, filters, newestFirst(inboxItems.createdAt, inboxItems.id));
  } else {
    // The newest SEARCH_WINDOW items: the whole page when the word is common (the newest
    // matches of the window are the newest matches of all, everything outside it being older).
    const recent = db.select().from(inboxItems).where(filters).orderBy(...newestFirst(inboxItems.createdAt, inboxItems.id)).limit(SEARCH_WINDOW).as('recent') as unknown as typeof inboxItems;
    rows = await readPage(db, recent, matches(recent), [desc(recent.createdAt), desc(recent.id)]);
    if (rows.length <= PAGE_SIZE) {
      // Plain DESC: no index gives it, so the few matches come through the GIN index and are sorted.
      rows = await readPage(db, inboxItems, and(filters, matches(inboxItems)), [desc(inboxItems.createdAt), desc(inboxItems.id)]);
    }
  }
  const page = toPage(rows);
  return {
    next: page.next,
    items: page.items.map(({ assigneeId, assigneeEmail, createdAt, updatedAt, ...row }) => ({
      ...row,
      assignee: assigneeId && assigneeEmail ? { id: assigneeId, email: assigneeEmail } : null,
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
    })),
  };
}

/** How many items are in each status (the console's badge). */
export async function summarizeInbox(db: Db): Promise<InboxSummary> {
  const rows = await db.select({ status: inboxItems.status, n: count() }).from(inboxItems).groupBy(inboxItems.status);
  const summary: InboxSummary = { new: 0, open: 0, answered: 0, closed: 0 };
  for (const row of rows) summary[row.status] = Number(row.n);
  return summary;
}

/** The whole item, its timeline (oldest first) and the staff it can be assigned to. */
export async function getInboxItem(deps: InboxDeps, id: string, db: Db = deps.db): Promise<InboxItemDetail> {
  const [row] = await db
    .select({
      id: inboxItems.id,
      kind: inboxItems.kind,
      name: inboxItems.name,
      email: inboxItems.email,
      phone: inboxItems.phone,
      message: inboxItems.message,
      status: inboxItems.status,
      assigneeId: inboxItems.assigneeId,
      assigneeEmail: staff.email,
      createdAt: inboxItems.createdAt,
      updatedAt: inboxItems.updatedAt,
    })
    .from(inboxItems)
    .leftJoin(staff, eq(staff.id, inboxItems.assigneeId))
    .where(eq(inboxItems.id, id))
    .limit(1);
  if (!row) throw notFound();
  // One after the other: inside a transaction they share one connection anyway.
  const timeline = await db
    .select({
      id: inboxEntries.id,
      kind: inboxEntries.kind,
      staffEmail: inboxEntries.staffEmail,
      subject: inboxEntries.subject,
      body: inboxEntries.body,
      createdAt: inboxEntries.createdAt,
    })
    .from(inboxEntries)
    .where(eq(inboxEntries.itemId, id))
    .orderBy(asc(inboxEntries.createdAt), asc(inboxEntries.id));
  const members = await activeStaff(db);
  const { assigneeId, assigneeEmail, createdAt, updatedAt, ...item } = row;
  return {
    item: {
      ...item,
      assignee: assigneeId && assigneeEmail ? { id: assigneeId, email: assigneeEmail } : null,
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
    },
    timeline: timeline.map((entry) => ({ ...entry, createdAt: iso(entry.createdAt) })),
    staff: members,
    replyTo: replyAddress(deps),
  };
}

function activeStaff(db: Db): Promise<InboxAssignee[]> {
  return db.select({ id: staff.id, email: staff.email }).from(staff).where(isNull(staff.removedAt)).orderBy(asc(staff.email));
}

/** The item's status and assignee, locked for the rest of the transaction (one writer at a time). */
async function lockItem(tx: Db, id: string) {
  const [row] = await tx
    .select({ status: inboxItems.status, assigneeId: inboxItems.assigneeId, email: inboxItems.email, name: inboxItems.name, message: inboxItems.message, createdAt: inboxItems.createdAt })
    .from(inboxItems)
    .where(eq(inboxItems.id, id))
    .limit(1)
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Moves an item along the lifecycle; a move the table does not allow is a 409 under 'status'. */
export async function changeInboxStatus(deps: InboxDeps, actor: AuditActor, id: string, to: InboxStatus): Promise<InboxItemDetail> {
  return deps.db.transaction(async (tx) => {
    const current = await lockItem(tx, id);
    if (!movesInto(to).includes(current.status)) {
      throw new AppError('CONFLICT', messages.opsInboxMoveRefused(inboxStatusLabels[current.status], inboxStatusLabels[to]), 'status');
    }
    await tx.update(inboxItems).set({ status: to, updatedAt: sql`now()` }).where(eq(inboxItems.id, id));
    await writeAudit(tx, actor, {
      action: 'inbox.status',
      entityType: 'inbox_item',
      entityId: id,
      before: { status: current.status },
      after: { status: to },
    });
    return getInboxItem(deps, id, tx);
  });
}

/** Assigns an item to a current staff member, or to nobody. */
export async function assignInboxItem(deps: InboxDeps, actor: AuditActor, id: string, staffId: string | null): Promise<InboxItemDetail> {
  return deps.db.transaction(async (tx) => {
    const current = await lockItem(tx, id);
    let assigneeEmail: string | null = null;
    if (staffId !== null) {
      const [member] = await tx.select({ email: staff.email }).from(staff).where(and(eq(staff.id, staffId), isNull(staff.removedAt))).limit(1);
      if (!member) throw AppError.invalid('staffId', messages.opsInboxAssigneeUnknown);
      assigneeEmail = member.email;
    }
    if (current.assigneeId !== staffId) {
      const [before] = current.assigneeId
        ? await tx.select({ email: staff.email }).from(staff).where(eq(staff.id, current.assigneeId)).limit(1)
        : [];
      await tx.update(inboxItems).set({ assigneeId: staffId, updatedAt: sql`now()` }).where(eq(inboxItems.id, id));
      await writeAudit(tx, actor, {
        action: 'inbox.assign',
        entityType: 'inbox_item',
        entityId: id,
        before: { assigneeId: current.assigneeId, assigneeEmail: before?.email ?? null },
        after: { assigneeId: staffId, assigneeEmail },
      });
    }
    return getInboxItem(deps, id, tx);
  });
}

/** An internal note on the item's timeline (never sent to the customer). */
export async function addInboxNote(deps: InboxDeps, actor: AuditActor, id: string, body: string): Promise<InboxItemDetail> {
  const text = body.trim();
  return deps.db.transaction(async (tx) => {
    await lockItem(tx, id);
    const [entry] = await tx
      .insert(inboxEntries)
      .values({ itemId: id, kind: 'note', staffId: actor.staffId, staffEmail: actor.email, body: text })
      .returning({ id: inboxEntries.id });
    await tx.update(inboxItems).set({ updatedAt: sql`now()` }).where(eq(inboxItems.id, id));
    await writeAudit(tx, actor, {
      action: 'inbox.note',
      entityType: 'inbox_item',
      entityId: id,
      before: null,
      after: { entryId: entry!.id, body: text },
    });
    return getInboxItem(deps, id, tx);
  });
}

/**
 * Answers the customer by e-mail: the message goes into the outbox to the item's address with
 * Reply-To OPS_EMAIL, is kept on the timeline, and the item becomes answered. A closed item is
 * reopened first (409 under 'alert' otherwise), so nobody answers a finished thread by mistake.
 */
export async function replyToInboxItem(
  deps: InboxDeps,
  actor: AuditActor,
  id: string,
  input: { subject: string; body: string },
): Promise<InboxItemDetail> {
  const subject = input.subject.trim();
  const body = input.body.trim();
  return deps.db.transaction(async (tx) => {
    const current = await lockItem(tx, id);
    if (!canReply(current.status)) throw new AppError('CONFLICT', messages.opsInboxReplyRefused, 'alert');
    const [entry] = await tx
      .insert(inboxEntries)
      .values({ itemId: id, kind: 'reply', staffId: actor.staffId, staffEmail: actor.email, subject, body })
      .returning({ id: inboxEntries.id });
    await tx.update(inboxItems).set({ status: 'answered', updatedAt: sql`now()` }).where(eq(inboxItems.id, id));
    const email = renderEmail({
      to: current.email,
      subject,
      heading: subject,
      paragraphs: [
        ...body.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p !== ''),
        ...(current.message ? [messages.opsInboxReplyQuoted(lagosTime(current.createdAt)), current.message] : []),
      ],
    });
    await enqueueEmail(tx, { ...email, replyTo: replyAddress(deps) });
    await writeAudit(tx, actor, {
      action: 'inbox.reply',
      entityType: 'inbox_item',
      entityId: id,
      before: { status: current.status },
      after: { status: 'answered', entryId: entry!.id, to: current.email, subject },
    });
    return getInboxItem(deps, id, tx);
  });
}
