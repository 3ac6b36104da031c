/**
 * The notice e-mail to OPS_EMAIL that each enquiry, quote request and waitlist entry sends
 * (DESIGN.md §4): every field the visitor gave, the page it came from and the time.
 */
import { renderEmail, type EmailMessage } from '../plugins/mail';

/** One line, so a visitor's text can never break a mail header, and short enough for a subject. */
export function oneLine(value: string, max = 80): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** E.g. '21 Nov 2025, 19:05 (Lagos time, 2025-11-21T18:05:00.000Z)'. */
export function lagosTime(at: Date): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Lagos',
  }).format(at);
  return `${formatted} (Lagos time, ${at.toISOString()})`;
}

export function renderOpsNotice(input: {
  to: string;
  subject: string;
  heading: string;
  /** Label and value of each field, in form order; an empty value shows as 'not given'. */
  fields: Array<[label: string, value: string | null]>;
  sourcePath: string | null;
  at: Date;
}): EmailMessage {
  return renderEmail({
    to: input.to,
    subject: input.subject,
    heading: input.heading,
    paragraphs: [
      ...input.fields.map(([label, value]) => `${label}: ${value || 'not given'}`),
      `Page: ${input.sourcePath ?? 'not known'}`,
      `Time: ${lagosTime(input.at)}`,
    ],
  });
}
