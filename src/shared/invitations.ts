/**
 * Company invitations off the waitlist and the console's waitlist rows: shapes shared
 * by the API and the browser. The company sign-up reads the same invitation.
 */

/** The query parameter of the invitation link: `/company-signup?invite=TOKEN`. */
export const INVITE_PARAM = 'invite';

/** An invitation link works once, for 7 days. */
export const INVITATION_LIFETIME_DAYS = 7;

export const WAITLIST_STATUSES = ['waiting', 'invited', 'joined'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** The entry's newest invitation, read as staff need it. */
export type InvitationState = 'none' | 'pending' | 'expired' | 'revoked' | 'used';

export interface OpsInvitation {
  state: InvitationState;
  /** When the newest link was made; null for 'none'. */
  sentAt: string | null;
  /** When the newest link stops (or stopped) working; null for 'none'. */
  expiresAt: string | null;
}

export interface OpsWaitlistEntry {
  id: string;
  companyName: string;
  email: string;
  features: string | null;
  status: WaitlistStatus;
  createdAt: string;
  invitation: OpsInvitation;
}

/** POST /api/ops/waitlist/:id/{invite,resend,revoke}: what was done and the row as it is now. */
export interface OpsWaitlistActionResponse {
  message: string;
  entry: OpsWaitlistEntry;
}

/** GET /api/invitations/:token for a live invitation. */
export interface PublicInvitation {
  companyName: string;
  email: string;
  expiresAt: string;
}

/** What staff may do with an entry in its present state; the server enforces the same rules. */
export function invitationActions(entry: Pick<OpsWaitlistEntry, 'status' | 'invitation'>): Array<'invite' | 'resend' | 'revoke'> {
  if (entry.status === 'joined') return [];
  const live = entry.invitation.state === 'pending';
  if (live) return ['resend', 'revoke'];
  return entry.status === 'invited' ? ['resend'] : ['invite'];
}

/** A date as Lagos reads it, e.g. '28 Nov 2026, 14:05'. */
export function lagosDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' }).format(new Date(iso));
}
