/**
 * Every text of the console's audit log: one sentence per action, the words that name a
 * record, and the labels and values of the details. A new action adds one line to `actions`;
 * an action without one still reads as a sentence (`unknownAction`).
 */

/** What every action's sentence may use: who did it, and the record as named by `records`. */
export interface AuditWords {
  actor: string;
  record: string;
}

export const auditMessages = {
  actor: (who: string, role: string) => `${who} (${role})`,
  actorFormer: (who: string) => `${who} (no longer staff)`,
  actorCommandLine: 'The server command line',
  roles: { admin: 'admin', dispatcher: 'dispatcher' },

  actions: {
    'rider.view_document': ({ actor, record }: AuditWords) => `${actor} opened an ID document of rider ${record}`,
    'rider.id_approve': ({ actor, record }: AuditWords) => `${actor} approved the ID of rider ${record}`,
    'rider.id_reject': ({ actor, record }: AuditWords) => `${actor} rejected the ID of rider ${record}`,
    'rider.suspend': ({ actor, record }: AuditWords) => `${actor} suspended rider ${record}`,
    'rider.unsuspend': ({ actor, record }: AuditWords) => `${actor} lifted the suspension of rider ${record}`,
    'review.hide': ({ actor, record }: AuditWords) => `${actor} hid ${record}`,
    'review.show': ({ actor, record }: AuditWords) => `${actor} showed ${record} again`,
    'waitlist.invite': ({ actor, record }: AuditWords) => `${actor} invited ${record} off the waitlist`,
    'waitlist.resend_invitation': ({ actor, record }: AuditWords) => `${actor} sent ${record} a new invitation link`,
    'waitlist.revoke_invitation': ({ actor, record }: AuditWords) => `${actor} revoked the invitation of ${record}`,
    'staff.invite': ({ actor, record }: AuditWords) => `${actor} invited ${record} to the console`,
    'staff.set_password': ({ actor }: AuditWords) => `${actor} set their password`,
    'staff.enrol_totp': ({ actor }: AuditWords) => `${actor} turned on their second sign-in step`,
    'staff.use_recovery_code': ({ actor }: AuditWords) => `${actor} signed in with a recovery code`,
    'staff.remove': ({ actor, record }: AuditWords) => `${actor} removed ${record} from the console`,
    'staff.reset_2fa': ({ actor, record }: AuditWords) => `${actor} reset the second sign-in step of ${record}`,
    'inbox.status': ({ actor, record }: AuditWords) => `${actor} changed the status of ${record}`,
    'inbox.assign': ({ actor, record }: AuditWords) => `${actor} assigned ${record}`,
    'inbox.note': ({ actor, record }: AuditWords) => `${actor} added a note to ${record}`,
    'inbox.reply': ({ actor, record }: AuditWords) => `${actor} answered ${record} by e-mail`,
    'newsletter.unsubscribe': ({ actor, record }: AuditWords) => `${actor} unsubscribed ${record} from the newsletter`,
    'rate_card.save': ({ actor, record }: AuditWords) => `${actor} saved ${record}`,
    'delivery.offer': ({ actor, record }: AuditWords) => `${actor} offered ${record} to a rider`,
    'delivery.assign': ({ actor, record }: AuditWords) => `${actor} assigned ${record} to a rider`,
    'delivery.reassign': ({ actor, record }: AuditWords) => `${actor} gave ${record} to another rider`,
    'delivery.cancel': ({ actor, record }: AuditWords) => `${actor} cancelled ${record}`,
    'delivery.retry': ({ actor, record }: AuditWords) => `${actor} sent ${record} out for delivery again`,
    'delivery.return': ({ actor, record }: AuditWords) => `${actor} sent ${record} back to the sender`,
    'delivery.returned': ({ actor, record }: AuditWords) => `${actor} marked ${record} as back with the sender`,
  } as Record<string, ((words: AuditWords) => string) | undefined>,
  /** An action this catalogue does not know yet still says who, what and to which record. */
  unknownAction: (actor: string, action: string, record: string) => `${actor} did “${action}” to ${record}`,

  records: {
    riderNamed: (name: string, username: string) => `${name} (@${username})`,
    riderUsername: (username: string) => `@${username}`,
    review: (author: string, subject: string) => `the review by ${author} of ${subject}`,
    reviewUnknown: 'a review',
    inboxEnquiry: (name: string) => `the enquiry from ${name}`,
    inboxQuote: (name: string) => `the quote request from ${name}`,
    inboxWaitlist: (name: string) => `the waitlist entry of ${name}`,
    rateCard: (version: string) => `version ${version} of the rate card`,
    delivery: (reference: string) => `delivery ${reference}`,
    /** A record no longer on file whose entry recorded nothing to name it by. */
    gone: (type: string) => `a deleted ${type}`,
    /** A record type this catalogue does not know: its type and id as logged. */
    unknown: (type: string, id: string) => `${type} ${id}`,
  },
  recordTypes: {
    rider: 'rider',
    staff: 'staff member',
    review: 'review',
    waitlist_entry: 'waitlist entry',
    inbox_item: 'inbox item',
    newsletter_subscription: 'subscriber',
    rate_card: 'rate card',
    delivery: 'delivery',
  } as Record<string, string | undefined>,

  fields: {
    reason: 'Reason',
    suspended: 'Suspended',
    since: 'Since',
    idReviewStatus: 'ID check',
    idReviewReason: 'Reason given to the rider',
    kind: 'Document',
    hidden: 'Hidden',
    status: 'Status',
    email: 'E-mail',
    role: 'Role',
    twoFactor: 'Second sign-in step',
    assigneeEmail: 'Assigned to',
    body: 'Note',
    to: 'Sent to',
    subject: 'Subject',
    sourcePath: 'Signed up on',
    createdAt: 'Since',
    invitation: 'Invitation',
    expiresAt: 'Link valid until',
    reference: 'Reference',
  } as Record<string, string | undefined>,
  /** A detail this catalogue has no label for is shown under its recorded name. */
  fieldUnknown: (key: string) => key,
  values: {
    yes: 'Yes',
    no: 'No',
    none: 'None',
    items: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  },
  detailsLabel: 'Details',
  changedTo: 'changed to',
};
