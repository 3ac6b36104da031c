/**
 * Company invitations: what the console's waitlist (features/ops) and the
 * company sign-up (features/companies) both need of an invitation link. A link is 32 random
 * bytes in base64url; only its SHA-256 is kept. It works once, for 7 days, unless revoked.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companyInvitations, waitlistEntries } from '../db/schema';
import { moveWaitlistInboxItem } from './inbox';

export const invitationTokenHash = (value: string) => createHash('sha256').update(value).digest('hex');

/** Tokens are 32 random bytes in base64url: 43 characters. Anything else cannot be one. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The condition of a link that still works. */
export const liveInvitation = (tokenHash: string) =>
  and(
    eq(companyInvitations.tokenHash, tokenHash),
    isNull(companyInvitations.usedAt),
    isNull(companyInvitations.revokedAt),
    gt(companyInvitations.expiresAt, sql`now()`),
  );

/**
 * Spends an invitation for the company sign-up: pass the sign-up's transaction.
 * The conditional update makes the link work once, even for two sign-ups at the same moment
 * (the second waits for the first's row lock, then finds the link used); the entry becomes
 * 'joined'. Answers the entry's details, or null when the link is not live (the caller then
 * refuses the sign-up with messages.invitationInvalid).
 */
export async function consumeInvitation(
  tx: Db,
  token: string,
): Promise<{ waitlistEntryId: string; companyName: string; email: string } | null> {
  if (!INVITATION_TOKEN_PATTERN.test(token)) return null;
  const [used] = await tx
    .update(companyInvitations)
    .set({ usedAt: sql`now()` })
    .where(liveInvitation(invitationTokenHash(token)))
    .returning({ waitlistEntryId: companyInvitations.waitlistEntryId });
  if (!used) return null;
  const [entry] = await tx
    .update(waitlistEntries)
    .set({ status: 'joined', updatedAt: sql`now()` })
    .where(eq(waitlistEntries.id, used.waitlistEntryId))
    .returning({ id: waitlistEntries.id, companyName: waitlistEntries.companyName, email: waitlistEntries.email });
  await moveWaitlistInboxItem(tx, entry!.id, 'closed', null);
  return { waitlistEntryId: entry!.id, companyName: entry!.companyName, email: entry!.email };
}
