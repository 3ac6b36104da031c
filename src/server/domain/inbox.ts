/**
 * Puts what the public forms collect into the operations inbox. Called by the
 * enquiries and waitlist features with the transaction of the form's own row, so an enquiry is
 * never committed without its inbox item, nor an item without its enquiry.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InboxStatus } from '../../shared/inbox';
import type { Db } from '../db/client';
import { inboxItems } from '../db/schema';
import { writeAudit, type AuditActor } from './audit';

/** A new item for an enquiry or a quote request. */
export async function addEnquiryToInbox(
  tx: Db,
  input: { enquiryId: string; kind: 'enquiry' | 'quote'; name: string; email: string; phone: string | null; message: string },
): Promise<void> {
  await tx.insert(inboxItems).values({
    kind: input.kind,
    enquiryId: input.enquiryId,
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.message,
  });
}

/**
 * The item of a waitlist entry: made on the first join; a re-join updates its name and text,
 * and brings a closed item back as new (the company is asking again).
 */
export async function syncWaitlistInboxItem(
  tx: Db,
  input: { waitlistEntryId: string; companyName: string; email: string; features: string | null },
): Promise<void> {
  await tx
    .insert(inboxItems)
    .values({
      kind: 'waitlist',
      waitlistEntryId: input.waitlistEntryId,
      name: input.companyName,
      email: input.email,
      message: input.features ?? '',
    })
    .onConflictDoUpdate({
      target: inboxItems.waitlistEntryId,
      set: {
        name: input.companyName,
        email: input.email,
        message: input.features ?? '',
        status: sql`case when ${inboxItems.status} = 'closed' then 'new' else ${inboxItems.status} end`,
        updatedAt: sql`now()`,
      },
    });
}

/** Where a waitlist entry's item may come from for each move its company's progress makes. */
const WAITLIST_MOVES: Record<'answered' | 'closed', InboxStatus[]> = {
  // Invited: the request is answered (unless staff already closed it).
  answered: ['new', 'open'],
  // Joined: nothing is left to do on it.
  closed: ['new', 'open', 'answered'],
};

/**
 * Moves the inbox item of a waitlist entry as its company gets on: answered when staff invite it,
 * closed when it signs up. Call it with the transaction of the invitation or the sign-up. A move
 * made by staff (`actor`) is written to the audit log like one made in the inbox; the company's
 * own sign-up is not a staff action and has none.
 */
export async function moveWaitlistInboxItem(
  tx: Db,
  waitlistEntryId: string,
  to: 'answered' | 'closed',
  actor: AuditActor | null,
): Promise<void> {
  const [item] = await tx
    .select({ id: inboxItems.id, status: inboxItems.status })
    .from(inboxItems)
    .where(and(eq(inboxItems.waitlistEntryId, waitlistEntryId), inArray(inboxItems.status, WAITLIST_MOVES[to])))
    .limit(1)
    .for('update');
  if (!item) return;
  await tx.update(inboxItems).set({ status: to, updatedAt: sql`now()` }).where(eq(inboxItems.id, item.id));
  if (actor) {
    await writeAudit(tx, actor, { action: 'inbox.status', entityType: 'inbox_item', entityId: item.id, before: { status: item.status }, after: { status: to } });
  }
}
