/**
 * The operations inbox, shared by the machine (machines/ops/inboxItemMachine.ts), the
 * views and the API: the kinds and statuses, the ONE table of status moves, the note and reply
 * forms, and the shapes the API answers.
 */
import { messages } from './messages';
import { defineForm, field, required, type Rule } from './validation';

/** 'delivery': a parcel booked (POST /api/deliveries), for staff to see at once. */
export const INBOX_KINDS = ['enquiry', 'quote', 'waitlist', 'delivery'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_STATUSES = ['new', 'open', 'answered', 'closed'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/**
 * Where staff may move an item from each status (new → open → answered → closed, reopen
 * allowed). 'answered' by hand covers an answer given by phone or WhatsApp; closing an open item
 * covers one that needs no answer (spam, a duplicate). Anything else is refused.
 */
export const inboxMoves: Readonly<Record<InboxStatus, readonly InboxStatus[]>> = {
  new: ['open'],
  open: ['answered', 'closed'],
  answered: ['closed', 'open'],
  closed: ['open'],
};

export function canMove(from: InboxStatus, to: InboxStatus): boolean {
  return inboxMoves[from].includes(to);
}

/** The statuses an item may be moved to `to` from (the server's conditional update). */
export function movesInto(to: InboxStatus): InboxStatus[] {
  return INBOX_STATUSES.filter((from) => canMove(from, to));
}

/** A reply is sent from any status but closed (reopen first) and leaves the item answered. */
const REPLY_FROM: readonly InboxStatus[] = ['new', 'open', 'answered'];
export const canReply = (status: InboxStatus): boolean => REPLY_FROM.includes(status);

/** The button that makes each move, by target status (and by where it comes from for reopen). */
export function moveLabel(from: InboxStatus, to: InboxStatus): string {
  if (to === 'open') return from === 'new' ? messages.opsInboxMoveOpen : messages.opsInboxMoveReopen;
  return to === 'answered' ? messages.opsInboxMoveAnswered : messages.opsInboxMoveClose;
}

export const inboxKindLabels: Record<InboxKind, string> = {
  enquiry: messages.opsInboxKindEnquiry,
  quote: messages.opsInboxKindQuote,
  waitlist: messages.opsInboxKindWaitlist,
  delivery: messages.opsInboxKindDelivery,
};

export const inboxStatusLabels: Record<InboxStatus, string> = {
  new: messages.opsInboxStatusNew,
  open: messages.opsInboxStatusOpen,
  answered: messages.opsInboxStatusAnswered,
  closed: messages.opsInboxStatusClosed,
};

export const NOTE_MAX = 4000;
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;
export const INBOX_SEARCH_MAX = 200;
/** How much of a message the list shows. */
export const EXCERPT_LENGTH = 140;

/** PostgreSQL text cannot hold NUL; refuse it as input rather than fail on the insert. */
const noNul: Rule = (value) => (value.includes('\u0000') ? messages.invalidRequest : null);
/** A subject is one line: it becomes a mail header. */
const oneLine: Rule = (value) => (/[\r\n]/.test(value) ? messages.opsInboxSubjectOneLine : null);

export const inboxNoteForm = defineForm('opsInboxNote', {
  body: field({ rules: [required(messages.fieldRequired), noNul], maxLength: NOTE_MAX, required: true }),
});

export const inboxReplyForm = defineForm('opsInboxReply', {
  subject: field({ rules: [required(messages.fieldRequired), noNul, oneLine], maxLength: REPLY_SUBJECT_MAX, required: true }),
  body: field({ rules: [required(messages.fieldRequired), noNul], maxLength: REPLY_BODY_MAX, required: true }),
});

/** The subject a reply starts with. */
export function replySubjectFor(kind: InboxKind): string {
  const subjects: Record<InboxKind, string> = {
    enquiry: messages.opsInboxReplySubjectEnquiry,
    quote: messages.opsInboxReplySubjectQuote,
    waitlist: messages.opsInboxReplySubjectWaitlist,
    delivery: messages.opsInboxReplySubjectDelivery,
  };
  return subjects[kind];
}

export interface InboxAssignee {
  id: string;
  email: string;
}

/** A row of the list. */
export interface InboxListItem {
  id: string;
  kind: InboxKind;
  name: string;
  email: string;
  phone: string | null;
  excerpt: string;
  status: InboxStatus;
  assignee: InboxAssignee | null;
  createdAt: string;
  updatedAt: string;
}

export interface InboxEntry {
  id: string;
  kind: 'note' | 'reply';
  staffEmail: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** GET /api/ops/inbox/:id, and the answer of every action on an item (the item as it now is). */
export interface InboxItemDetail {
  item: Omit<InboxListItem, 'excerpt'> & { message: string };
  /** Notes and replies, oldest first. */
  timeline: InboxEntry[];
  /** Who the item can be assigned to. */
  staff: InboxAssignee[];
  /** Where the customer's answer to a reply goes (OPS_EMAIL, else the site's address). */
  replyTo: string;
}

export type InboxSummary = Record<InboxStatus, number>;

/** The list's filters, as the query string carries them. */
export interface InboxFilters {
  kind: InboxKind | '';
  status: InboxStatus | '';
  q: string;
  /** '' any, 'me', 'none', or a staff id. */
  assignee: string;
}
