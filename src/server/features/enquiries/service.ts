import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enquiries } from '../../db/schema';
import { addEnquiryToInbox } from '../../domain/inbox';
import { enqueueEmail } from '../../plugins/mail';
import { oneLine, renderOpsNotice } from '../../domain/notices';

/** 'enquiry' (Quick Enquiry, home) or 'quote' (Get Quote, contact), as the table allows. */
export const ENQUIRY_KINDS = enquiries.kind.enumValues;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/**
 * A second identical message (same kind, address, name and text) within this time is the same
 * message sent twice (a double tap on a slow network, a retry after a lost answer): it is
 * answered as a success again but makes no second row and no second e-mail.
 */
const DUPLICATE_WINDOW_MINUTES = 10;

export interface EnquiryInput {
  kind: EnquiryKind;
  name: string;
  email: string;
  phone: string;
  message: string;
  sourcePath: string | null;
}

/**
 * Stores an enquiry or quote request with its item in the operations inbox and, when OPS_EMAIL is set, puts the notice e-mail to it
 * in the outbox in the same transaction. The same message again within DUPLICATE_WINDOW_MINUTES
 * is not stored twice. Resolves only once both are committed; returns
 * whether an e-mail was queued (the caller then asks the mailer to deliver it soon).
 */
export async function sendEnquiry(
  db: Db,
  opsEmail: string | null,
  input: EnquiryInput,
): Promise<{ emailQueued: boolean }> {
  const values = {
    kind: input.kind,
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    phone: input.phone.trim() || null,
    message: input.message.trim(),
    sourcePath: input.sourcePath,
  };
  return db.transaction(async (tx) => {
    // One sender's submissions one at a time, so two at the same moment cannot both miss the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`enquiry:${values.email}`}))`);
    const [same] = await tx
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(
        and(
          eq(enquiries.email, values.email),
          eq(enquiries.kind, values.kind),
          eq(enquiries.name, values.name),
          eq(enquiries.message, values.message),
          gt(enquiries.createdAt, sql`now() - make_interval(mins => ${DUPLICATE_WINDOW_MINUTES})`),
        ),
      )
      .limit(1);
    if (same) return { emailQueued: false };
    const [row] = await tx.insert(enquiries).values(values).returning({ id: enquiries.id, createdAt: enquiries.createdAt });
    await addEnquiryToInbox(tx, { enquiryId: row!.id, kind: values.kind, name: values.name, email: values.email, phone: values.phone, message: values.message });
    if (!opsEmail) return { emailQueued: false };
    const isQuote = values.kind === 'quote';
    await enqueueEmail(
      tx,
      renderOpsNotice({
        to: opsEmail,
        subject: `${isQuote ? 'New quote request' : 'New enquiry'} from ${oneLine(values.name)}`,
        heading: isQuote ? 'New quote request (Get Quote)' : 'New enquiry (Quick Enquiry)',
        fields: [
          ['Kind', values.kind],
          ['Name', values.name],
          ['Email', values.email],
          ['Phone', values.phone],
          ['Message', values.message],
        ],
        sourcePath: values.sourcePath,
        at: row!.createdAt,
      }),
    );
    return { emailQueued: true };
  });
}
