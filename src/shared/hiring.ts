/**
 * Hire requests and engagements (DESIGN.md §10): one lifecycle, used by
 * machines/hiring/engagementMachine.ts in the browser and by the server's hiring service, so the two
 * cannot disagree on what may happen next.
 *
 *   requested ─accept (rider)──▶ active ─end (either side)──▶ ended
 *       │  ├─decline (rider)──▶ declined
 *       │  ├─withdraw (company)▶ withdrawn
 *       └──┴─7 days, no answer─▶ expired (the server's clock)
 */
import { messages } from './messages';
import { defineForm, field, required, type Rule } from './validation';

export const HIRE_REQUEST_TTL_DAYS = 7;
export const REVIEW_WINDOW_DAYS = 14;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const ENGAGEMENT_STATUSES = ['requested', 'active', 'declined', 'expired', 'withdrawn', 'ended'] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

export type EngagementSide = 'company' | 'rider';
export type EngagementAction = 'accept' | 'decline' | 'withdraw' | 'end';

/** Who may do what from which status; anything else is a 409 on the server. */
export const ENGAGEMENT_MOVES: Readonly<Record<EngagementAction, { from: EngagementStatus; to: EngagementStatus; by: readonly EngagementSide[] }>> = {
  accept: { from: 'requested', to: 'active', by: ['rider'] },
  decline: { from: 'requested', to: 'declined', by: ['rider'] },
  withdraw: { from: 'requested', to: 'withdrawn', by: ['company'] },
  end: { from: 'active', to: 'ended', by: ['company', 'rider'] },
};

export function canMove(status: EngagementStatus, action: EngagementAction, side: EngagementSide): boolean {
  const move = ENGAGEMENT_MOVES[action];
  return move.from === status && move.by.includes(side);
}

/** The status a reader sees: a request past its expiry is expired even before the sweeper writes it. */
export function effectiveStatus(status: EngagementStatus, expiresAt: Date | string, now: Date = new Date()): EngagementStatus {
  return status === 'requested' && new Date(expiresAt).getTime() <= now.getTime() ? 'expired' : status;
}

export const END_OUTCOMES = ['completed', 'early'] as const;
export type EndOutcome = (typeof END_OUTCOMES)[number];

const HIRE_ROLE_MAX = 80;
const PAY_NOTE_MAX = 200;
const HIRE_MESSAGE_MAX = 1000;

/** A start date (YYYY-MM-DD) today or later, in Lagos (UTC+1, no daylight saving). */
export function lagosToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}
const startDateRule: Rule = (value) => {
  if (value === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return messages.hireStartDateInvalid;
  return value < lagosToday() ? messages.hireStartDatePast : null;
};

/**
 * The outcomes an engagement can end with on a Lagos day: the work cannot be completed before
 * its start date, so until then only an early end. `today` '' (not known) offers both.
 */
export function endOutcomesOn(startDate: string, today: string): EndOutcome[] {
  return today !== '' && today < startDate ? ['early'] : [...END_OUTCOMES];
}

/** POST /api/hiring/requests: what a company sends a rider. */
export const hireRequestForm = defineForm('hireRequest', {
  rider: field({ rules: [required(messages.fieldRequired)], maxLength: 60, required: true }),
  role: field({ rules: [required(messages.fieldRequired)], maxLength: HIRE_ROLE_MAX, required: true }),
  state: field({ rules: [required(messages.selectState)], maxLength: 60, required: true }),
  town: field({ rules: [required(messages.selectTown)], maxLength: 80, required: true }),
  start_date: field({ rules: [required(messages.fieldRequired), startDateRule], maxLength: 10, required: true }),
  pay_note: field({ rules: [required(messages.fieldRequired)], maxLength: PAY_NOTE_MAX, required: true }),
  message: field({ maxLength: HIRE_MESSAGE_MAX }),
});

/** A WhatsApp chat link for a Nigerian number as riders and companies type it (+234…, 0…). */
export function whatsAppLink(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const international = digits.startsWith('234') ? digits : digits.startsWith('0') ? `234${digits.slice(1)}` : null;
  return international && international.length >= 12 ? `https://wa.me/${international}` : null;
}

// ── The API's shapes (src/server/features/hiring) ────────────────────────────────────────────

/** GET /api/hiring/requests?status=…: a status, or 'open' (waiting for an answer, or active). */
export const HIRE_FILTERS = ['open', ...ENGAGEMENT_STATUSES] as const;
export type HireFilter = (typeof HIRE_FILTERS)[number];

/** The other side's contact details: only once the request is accepted (active or ended). */
export interface HireContact {
  /** The company's contact person, or the rider's full name (the display name when none was given). */
  name: string | null;
  phone: string | null;
  email: string;
  /** A wa.me link for the phone, when it is a Nigerian number. */
  whatsapp: string | null;
}

/** One hire request or engagement as one of its two parties reads it. */
export interface HireItem {
  id: string;
  /** effectiveStatus: a request past its expiry reads 'expired' even before the sweeper writes it. */
  status: EngagementStatus;
  /** Which side the reader is on. */
  side: EngagementSide;
  role: string;
  state: string;
  town: string;
  /** YYYY-MM-DD. */
  start_date: string;
  pay_note: string;
  message: string;
  created_at: string;
  expires_at: string;
  responded_at: string | null;
  ended_at: string | null;
  ended_by: EngagementSide | null;
  end_outcome: EndOutcome | null;
  review_deadline: string | null;
  company: { name: string; logo: { url: string } | null };
  rider: {
    username: string;
    display_name: string;
    /** "Ada Obi": only once the rider accepted (active or ended) and gave both names, else null. */
    full_name: string | null;
    picture: { url: string } | null;
  };
  /** The other side's contact: null unless the status is active or ended. */
  contact: HireContact | null;
}

export interface HirePage {
  items: HireItem[];
  next: string | null;
}

/** What every action answers: a notice to show and the item as it now is. */
export interface HireActionResponse {
  message: string;
  item: HireItem;
}

/** The actions `side` may take from `status`, in the table's order. */
export function movesFor(status: EngagementStatus, side: EngagementSide): EngagementAction[] {
  return (Object.keys(ENGAGEMENT_MOVES) as EngagementAction[]).filter((action) => canMove(status, action, side));
}

/** "3 days", "5 hours", "12 minutes": the time left before a request expires, for its countdown. */
export function timeLeftText(expiresAt: string, now: Date = new Date()): string | null {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes >= 48 * 60) return messages.hireDays(Math.floor(minutes / (24 * 60)));
  if (minutes >= 120) return messages.hireHours(Math.floor(minutes / 60));
  return messages.hireMinutes(minutes);
}
