/**
 * Puts what the public forms collect into the operations inbox (issue 11). Called by the
 * enquiries and waitlist features with the transaction of the form's own row, so an enquiry is
 * never committed without its inbox item, nor an item without its enquiry.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inboxItems } from '../db/schema';

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
