/**
 * The newsletter in the console: subscribers by keyset, the CSV export, and a staff
 * member unsubscribing someone (a deletion: asked again with the password or a code by the
 * route, and written to the audit log in the same transaction).
 */
import { and, eq, ilike } from 'drizzle-orm';
import { messages } from '../../../../shared/messages';
import type { OpsPage } from '../../../../shared/opsForms';
import type { OpsSubscriber } from '../../../../shared/opsNewsletter';
import type { Db } from '../../../db/client';
import { newsletterSubscriptions } from '../../../db/schema';
import { AppError } from '../../../errors';
import { writeAudit, type AuditActor } from '../../../domain/audit';
import { after, cursorText, decodeCursor, newestFirst, PAGE_SIZE, toPage } from '../../../lib/keyset';

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listSubscribers(db: Db, input: { q?: string; cursor?: string }): Promise<OpsPage<OpsSubscriber>> {
  const cursor = decodeCursor(input.cursor);
  const q = input.q?.trim().toLowerCase() ?? '';
  const rows = await db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      sourcePath: newsletterSubscriptions.sourcePath,
      createdAt: newsletterSubscriptions.createdAt,
      cursorAt: cursorText(newsletterSubscriptions.createdAt),
    })
    .from(newsletterSubscriptions)
    .where(and(after(newsletterSubscriptions.createdAt, newsletterSubscriptions.id, cursor), q ? ilike(newsletterSubscriptions.email, containsPattern(q)) : undefined))
    .orderBy(...newestFirst(newsletterSubscriptions.createdAt, newsletterSubscriptions.id))
    .limit(PAGE_SIZE + 1);
  const page = toPage(rows);
  return { items: page.items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), next: page.next };
}

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage
 * return before one) gets a leading apostrophe (OWASP's CSV injection advice); cells with a
 * comma, quote or line break are quoted.
 */
export function csvCell(value: string | null): string {
  let cell = value ?? '';
  if (/^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

const CSV_HEADER = ['email', 'subscribed_at', 'source_path'];

/** Every subscriber, newest first, as CSV with a header row (CRLF line ends, RFC 4180). */
export async function exportSubscribersCsv(db: Db): Promise<string> {
  const rows = await db
    .select({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt, sourcePath: newsletterSubscriptions.sourcePath })
    .from(newsletterSubscriptions)
    .orderBy(...newestFirst(newsletterSubscriptions.createdAt, newsletterSubscriptions.id));
  const lines = [CSV_HEADER.join(','), ...rows.map((r) => [r.email, r.createdAt.toISOString(), r.sourcePath].map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** Staff unsubscribe someone: the row goes, the audit entry keeps what it was. */
export async function removeSubscriber(db: Db, actor: AuditActor, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).returning();
    if (!removed) throw new AppError('NOT_FOUND', messages.opsNewsletterGone);
    await writeAudit(tx, actor, {
      action: 'newsletter.unsubscribe',
      entityType: 'newsletter_subscription',
      entityId: removed.id,
      before: { email: removed.email, sourcePath: removed.sourcePath, createdAt: removed.createdAt.toISOString() },
      after: null,
    });
    return removed.email;
  });
}
