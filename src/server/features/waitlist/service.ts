import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { syncWaitlistInboxItem } from '../../domain/inbox';
import { enqueueEmail } from '../../plugins/mail';
import { lagosTime, oneLine, renderOpsNotice } from '../../domain/notices';

export interface WaitlistInput {
  companyName: string;
  email: string;
  features: string;
  sourcePath: string | null;
}

/**
 * Puts a company on the waitlist. One address is one entry: joining again updates the company
 * name and features (and its operations inbox item: a closed one is new again), and is a success. When OPS_EMAIL is set, the notice e-mail goes into the
 * outbox in the same transaction. Resolves only once committed; returns whether an e-mail was
 * queued (the caller then asks the mailer to deliver it soon).
 */
export async function joinWaitlist(
  db: Db,
  opsEmail: string | null,
  input: WaitlistInput,
): Promise<{ emailQueued: boolean }> {
  const values = {
    companyName: input.companyName.trim(),
    email: input.email.trim().toLowerCase(),
    features: input.features.trim() || null,
    sourcePath: input.sourcePath,
  };
  return db.transaction(async (tx) => {
    // One address's submissions one at a time; the same entry sent again (a double tap, ten
    // tabs) changes nothing and sends no second notice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waitlist:${values.email}`}))`);
    const [existing] = await tx
      .select({ companyName: waitlistEntries.companyName, features: waitlistEntries.features })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, values.email))
      .limit(1);
    if (existing && existing.companyName === values.companyName && existing.features === values.features) {
      return { emailQueued: false };
    }
    const [row] = await tx
      .insert(waitlistEntries)
      .values(values)
      .onConflictDoUpdate({
        target: waitlistEntries.email,
        set: { companyName: values.companyName, features: values.features, updatedAt: sql`now()` },
      })
      .returning({
        id: waitlistEntries.id,
        createdAt: waitlistEntries.createdAt,
        updatedAt: waitlistEntries.updatedAt,
        // A new row has both stamps from the same now(); an updated one has a later updated_at.
        rejoined: sql<boolean>`${waitlistEntries.updatedAt} <> ${waitlistEntries.createdAt}`,
      });
    await syncWaitlistInboxItem(tx, { waitlistEntryId: row!.id, companyName: values.companyName, email: values.email, features: values.features });
    if (!opsEmail) return { emailQueued: false };
    const rejoined = row!.rejoined === true;
    const company = oneLine(values.companyName);
    await enqueueEmail(
      tx,
      renderOpsNotice({
        to: opsEmail,
        subject: rejoined ? `Waitlist entry updated by ${company}` : `New waitlist entry from ${company}`,
        heading: rejoined ? 'A company updated its waitlist entry' : 'A company joined the waitlist',
        fields: [
          ['Company name', values.companyName],
          ['Email', values.email],
          ['Features wished for', values.features],
          ...(rejoined ? ([['First joined', lagosTime(row!.createdAt)]] as Array<[string, string]>) : []),
        ],
        sourcePath: values.sourcePath,
        at: row!.updatedAt,
      }),
    );
    return { emailQueued: true };
  });
}
