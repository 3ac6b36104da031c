/**
 * The waitlist in the console and the invitations made from it. An invitation is a
 * single-use link to /company-signup?invite=TOKEN valid 7 days; only the SHA-256 of the token is
 * kept. Inviting, sending a new link and revoking each lock the entry's row, so two staff
 * clicking at once cannot leave two live links, and write the audit entry and the e-mail in the
 * same transaction as the change.
 *
 * The company sign-up calls `consumeInvitation` (domain/invitations.ts) inside its own
 * transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  INVITATION_LIFETIME_DAYS,
  INVITE_PARAM,
  invitationActions,
  lagosDate,
  type InvitationState,
  type OpsWaitlistEntry,
  type PublicInvitation,
  type WaitlistStatus,
} from '../../../../shared/invitations';
import { messages } from '../../../../shared/messages';
import type { OpsPage } from '../../../../shared/opsForms';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { companyInvitations, waitlistEntries } from '../../../db/schema';
import { AppError } from '../../../errors';
import { writeAudit, type AuditActor } from '../../../domain/audit';
import { moveWaitlistInboxItem } from '../../../domain/inbox';
import { after, cursorText, decodeCursor, newestFirst, PAGE_SIZE, toPage } from '../../../lib/keyset';
import { consumeInvitation, INVITATION_TOKEN_PATTERN, invitationTokenHash, liveInvitation } from '../../../domain/invitations';
import { enqueueEmail, renderEmail } from '../../../plugins/mail';

export const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

const sha256 = invitationTokenHash;
const TOKEN_PATTERN = INVITATION_TOKEN_PATTERN;
const live = liveInvitation;

type InvitationRow = typeof companyInvitations.$inferSelect;
type EntryRow = typeof waitlistEntries.$inferSelect;

function stateOf(invitation: InvitationRow | undefined, now: Date): InvitationState {
  if (!invitation) return 'none';
  if (invitation.usedAt) return 'used';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expiresAt.getTime() > now.getTime() ? 'pending' : 'expired';
}

function toEntry(entry: Omit<EntryRow, 'sourcePath' | 'updatedAt'>, invitation: InvitationRow | undefined, now: Date): OpsWaitlistEntry {
  return {
    id: entry.id,
    companyName: entry.companyName,
    email: entry.email,
    features: entry.features,
    status: entry.status,
    createdAt: entry.createdAt.toISOString(),
    invitation: {
      state: stateOf(invitation, now),
      sentAt: invitation ? invitation.createdAt.toISOString() : null,
      expiresAt: invitation ? invitation.expiresAt.toISOString() : null,
    },
  };
}

/** The newest invitation of each entry named. */
async function newestInvitations(db: Db, entryIds: string[]): Promise<Map<string, InvitationRow>> {
  const newest = new Map<string, InvitationRow>();
  if (entryIds.length === 0) return newest;
  const rows = await db
    .select()
    .from(companyInvitations)
    .where(inArray(companyInvitations.waitlistEntryId, entryIds))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
  for (const row of rows) if (!newest.has(row.waitlistEntryId)) newest.set(row.waitlistEntryId, row);
  return newest;
}

/** A search box's text as an ILIKE pattern matched anywhere, with its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Waitlist entries newest first, by keyset, with their newest invitation's state. */
export async function listWaitlist(
  db: Db,
  input: { status?: WaitlistStatus; q?: string; cursor?: string },
): Promise<OpsPage<OpsWaitlistEntry>> {
  const cursor = decodeCursor(input.cursor);
  const q = input.q?.trim() ?? '';
  const conditions: Array<SQL | undefined> = [after(waitlistEntries.createdAt, waitlistEntries.id, cursor)];
  if (input.status) conditions.push(eq(waitlistEntries.status, input.status));
  if (q) conditions.push(or(ilike(waitlistEntries.companyName, containsPattern(q)), ilike(waitlistEntries.email, containsPattern(q))));
  const rows = await db
    .select({
      id: waitlistEntries.id,
      companyName: waitlistEntries.companyName,
      email: waitlistEntries.email,
      features: waitlistEntries.features,
      status: waitlistEntries.status,
      createdAt: waitlistEntries.createdAt,
      cursorAt: cursorText(waitlistEntries.createdAt),
    })
    .from(waitlistEntries)
    .where(and(...conditions))
    .orderBy(...newestFirst(waitlistEntries.createdAt, waitlistEntries.id))
    .limit(PAGE_SIZE + 1);
  const page = toPage(rows);
  const invitations = await newestInvitations(db, page.items.map((r) => r.id));
  const now = new Date();
  return { items: page.items.map((r) => toEntry(r, invitations.get(r.id), now)), next: page.next };
}

type Action = 'invite' | 'resend' | 'revoke';

/** The entry locked for the rest of the transaction, and its newest invitation. */
async function lockEntry(tx: Db, entryId: string): Promise<{ entry: EntryRow; newest: InvitationRow | undefined }> {
  const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).limit(1).for('update');
  if (!entry) throw new AppError('NOT_FOUND', messages.opsWaitlistEntryGone);
  const newest = (await newestInvitations(tx, [entryId])).get(entryId);
  return { entry, newest };
}

function refuse(action: Action, entry: EntryRow, newest: InvitationRow | undefined): void {
  const current = toEntry(entry, newest, new Date());
  if (invitationActions(current).includes(action)) return;
  if (entry.status === 'joined') throw new AppError('CONFLICT', messages.opsInviteAlreadyJoined);
  if (action === 'invite') throw new AppError('CONFLICT', messages.opsInviteAlreadyLive);
  if (action === 'resend') throw new AppError('CONFLICT', messages.opsInviteNotInvited);
  throw new AppError('CONFLICT', messages.opsInviteNoneLive);
}

const auditView = (entry: Pick<EntryRow, 'status'>, invitation: InvitationRow | undefined, now: Date) => ({
  status: entry.status,
  invitation: invitation ? { id: invitation.id, state: stateOf(invitation, now), expiresAt: invitation.expiresAt.toISOString() } : null,
});

/** Makes a new link for the entry, e-mails it, and marks the entry invited. Inside `tx`. */
async function sendLink(tx: Db, config: Config, actor: AuditActor, entry: EntryRow): Promise<InvitationRow> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  const [invitation] = await tx
    .insert(companyInvitations)
    .values({ waitlistEntryId: entry.id, tokenHash: sha256(token), expiresAt, createdBy: actor.staffId })
    .returning();
  await tx.update(waitlistEntries).set({ status: 'invited', updatedAt: sql`now()` }).where(eq(waitlistEntries.id, entry.id));
  const until = lagosDate(expiresAt.toISOString());
  await enqueueEmail(
    tx,
    renderEmail({
      to: entry.email,
      subject: messages.invitationEmailSubject,
      heading: messages.invitationEmailHeading(entry.companyName),
      paragraphs: [messages.invitationEmailBody(`${until} (Lagos time)`)],
      action: { label: messages.invitationEmailAction, url: invitationLink(config, token) },
    }),
    'urgent',
  );
  return invitation!;
}

function invitationLink(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/company-signup?${INVITE_PARAM}=${token}`;
}

/**
 * Invite (no live link yet), send a new link (the live one, if any, is revoked first) or revoke
 * the live link (the entry goes back to waiting). Answers the entry as it is after the change.
 */
export async function actOnInvitation(
  db: Db,
  config: Config,
  actor: AuditActor,
  input: { entryId: string; action: Action },
): Promise<{ message: string; entry: OpsWaitlistEntry }> {
  return db.transaction(async (tx) => {
    const { entry, newest } = await lockEntry(tx, input.entryId);
    refuse(input.action, entry, newest);
    const now = new Date();
    const before = auditView(entry, newest, now);
    // Every link still live ends here: a new link replaces it, a revoke ends it.
    if (input.action !== 'invite') {
      await tx
        .update(companyInvitations)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(companyInvitations.waitlistEntryId, entry.id), isNull(companyInvitations.usedAt), isNull(companyInvitations.revokedAt)));
    }
    let latest: InvitationRow;
    let status: WaitlistStatus;
    if (input.action === 'revoke') {
      await tx.update(waitlistEntries).set({ status: 'waiting', updatedAt: sql`now()` }).where(eq(waitlistEntries.id, entry.id));
      latest = { ...newest!, revokedAt: now };
      status = 'waiting';
    } else {
      latest = await sendLink(tx, config, actor, entry);
      status = 'invited';
      await moveWaitlistInboxItem(tx, entry.id, 'answered', actor);
    }
    await writeAudit(tx, actor, {
      action: { invite: 'waitlist.invite', resend: 'waitlist.resend_invitation', revoke: 'waitlist.revoke_invitation' }[input.action],
      entityType: 'waitlist_entry',
      entityId: entry.id,
      before,
      after: auditView({ status }, latest, now),
    });
    const message = {
      invite: messages.opsInviteSent,
      resend: messages.opsInviteResent,
      revoke: messages.opsInviteRevoked,
    }[input.action](entry.companyName);
    return { message, entry: toEntry({ ...entry, status }, latest, now) };
  });
}

/**
 * A live invitation as the public may read it; null for anything else. Expired, revoked, used
 * and unknown links read the same, so a link says nothing about why it is dead.
 */
export async function readInvitation(db: Db, token: string): Promise<PublicInvitation | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ companyName: waitlistEntries.companyName, email: waitlistEntries.email, expiresAt: companyInvitations.expiresAt })
    .from(companyInvitations)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, companyInvitations.waitlistEntryId))
    .where(live(sha256(token)))
    .limit(1);
  return row ? { companyName: row.companyName, email: row.email, expiresAt: row.expiresAt.toISOString() } : null;
}

/** Spending a link (the company sign-up) lives in domain/invitations.ts; re-exported for the console's tests. */
export { consumeInvitation };
