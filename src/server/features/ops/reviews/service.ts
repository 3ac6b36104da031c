/**
 * Reviews in the console: staff read every review newest first and hide an abusive
 * one with a reason, or show it again. Hiding and showing lock the review, write the audit entry
 * in the same transaction and recompute the rider's reputation when the review is a company's
 * review of a rider (a hidden review stops counting in the rating and in Job Success).
 */
import { and, eq, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { messages } from '../../../../shared/messages';
import type { OpsPage } from '../../../../shared/opsForms';
import type { OpsReview, OpsReviewActionResponse, OpsReviewVisibility } from '../../../../shared/reviews';
import type { Db } from '../../../db/client';
import { engagements, reviews } from '../../../db/schema';
import { AppError } from '../../../errors';
import { writeAudit, type AuditActor } from '../../../domain/audit';
import { after, cursorText, decodeCursor, newestFirst, PAGE_SIZE, toPage } from '../../../lib/keyset';
import { recomputeRiderReputation, reviewsPublished } from '../../../domain/reputation';

/** A party's name as the console shows it: the company's name or the rider's display name, else the username. */
const nameOf = (userId: AnyColumn) => sql<string>`(
  select coalesce(co.company_name, rc.display_name, u.username)
  from users u left join companies co on co.user_id = u.id left join rider_cards rc on rc.user_id = u.id
  where u.id = ${userId})`;

const columns = {
  id: reviews.id,
  engagementId: reviews.engagementId,
  authorRole: reviews.authorRole,
  authorName: nameOf(reviews.authorId),
  subjectName: nameOf(reviews.subjectId),
  rating: reviews.rating,
  comment: reviews.comment,
  wouldHireAgain: reviews.wouldHireAgain,
  reply: reviews.reply,
  published: sql<boolean>`${reviewsPublished('engagements')}`,
  hiddenReason: reviews.hiddenReason,
  hiddenAt: reviews.hiddenAt,
  createdAt: reviews.createdAt,
};

type Row = { [K in keyof typeof columns]: unknown } & { id: string; createdAt: Date; hiddenAt: Date | null };

function toReview(row: Row): OpsReview {
  return {
    id: row.id,
    engagementId: row.engagementId as string,
    authorRole: row.authorRole as OpsReview['authorRole'],
    authorName: String(row.authorName ?? ''),
    subjectName: String(row.subjectName ?? ''),
    rating: Number(row.rating),
    comment: row.comment as string,
    wouldHireAgain: row.wouldHireAgain as boolean | null,
    reply: row.reply as string | null,
    published: row.published === true,
    hidden: row.hiddenAt !== null,
    hiddenReason: row.hiddenReason as string | null,
    hiddenAt: row.hiddenAt ? row.hiddenAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Reviews newest first by keyset, all or only the visible or hidden ones. */
export async function listReviews(db: Db, input: { visibility?: OpsReviewVisibility; cursor?: string }): Promise<OpsPage<OpsReview>> {
  const cursor = decodeCursor(input.cursor);
  const conditions: Array<SQL | undefined> = [after(reviews.createdAt, reviews.id, cursor)];
  if (input.visibility === 'hidden') conditions.push(isNotNull(reviews.hiddenAt));
  if (input.visibility === 'visible') conditions.push(isNull(reviews.hiddenAt));
  const rows = await db
    .select({ ...columns, cursorAt: cursorText(reviews.createdAt) })
    .from(reviews)
    .innerJoin(engagements, eq(engagements.id, reviews.engagementId))
    .where(and(...conditions))
    .orderBy(...newestFirst(reviews.createdAt, reviews.id))
    .limit(PAGE_SIZE + 1);
  const page = toPage(rows);
  return { items: page.items.map((r) => toReview(r as Row)), next: page.next };
}

async function readOne(db: Db, id: string): Promise<OpsReview> {
  const [row] = await db.select(columns).from(reviews).innerJoin(engagements, eq(engagements.id, reviews.engagementId)).where(eq(reviews.id, id)).limit(1);
  return toReview(row as Row);
}

/** Hides (with a reason) or shows again one review; audited, and the rider's reputation recomputed. */
export async function setReviewHidden(
  db: Db,
  actor: AuditActor,
  input: { reviewId: string; hide: boolean; reason?: string },
): Promise<OpsReviewActionResponse> {
  return db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, input.reviewId)).limit(1).for('update');
    if (!review) throw new AppError('NOT_FOUND', messages.opsReviewGone);
    const hidden = review.hiddenAt !== null;
    if (input.hide && hidden) throw new AppError('CONFLICT', messages.opsReviewAlreadyHidden);
    if (!input.hide && !hidden) throw new AppError('CONFLICT', messages.opsReviewAlreadyVisible);
    const reason = input.hide ? (input.reason ?? '').trim() : null;
    await tx
      .update(reviews)
      .set(input.hide ? { hiddenAt: sql`now()`, hiddenBy: actor.staffId, hiddenReason: reason } : { hiddenAt: null, hiddenBy: null, hiddenReason: null })
      .where(eq(reviews.id, review.id));
    await writeAudit(tx, actor, {
      action: input.hide ? 'review.hide' : 'review.show',
      entityType: 'review',
      entityId: review.id,
      before: { hidden, reason: review.hiddenReason },
      after: { hidden: input.hide, reason },
    });
    if (review.authorRole === 'company') await recomputeRiderReputation(tx, review.subjectId);
    return { message: input.hide ? messages.opsReviewHidden : messages.opsReviewShown, review: await readOne(tx, review.id) };
  });
}
