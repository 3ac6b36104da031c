/**
 * Reviews after an engagement (Airbnb's double-blind reviews). Each side has 14 days
 * from the end to write one review, editable until the reviews are published; neither side sees
 * anything of the other's review before that. The second review written publishes both in the
 * same transaction; the 14-day deadline publishes whatever was written (read from
 * review_deadline at once, and marked by the sweeper, `publishDueReviews`). The rider may post
 * one public reply to the company's review.
 *
 * Every write locks the engagement row first (SELECT … FOR UPDATE), so two first reviews written
 * at the same moment by both sides still end published: the second to get the lock sees the
 * first's review.
 */
import { and, eq, sql } from 'drizzle-orm';
import { USER_TYPE_RIDER } from '../../../shared/constants';
import { DAY_MS, REVIEW_WINDOW_DAYS } from '../../../shared/hiring';
import { messages } from '../../../shared/messages';
import {
  reviewWindowState,
  type ReviewShown,
  type ReviewSide,
  type ReviewWindowData,
  type ReviewWindowResponse,
} from '../../../shared/reviews';
import { companyPaths, paths } from '../../../shared/routes';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { engagements, reviews } from '../../db/schema';
import { AppError } from '../../errors';
import { enqueueEmail, renderEmail } from '../../plugins/mail';
import { recomputeRiderReputation } from '../../domain/reputation';
import { rowsOf } from '../../lib/rows';

type EngagementRow = typeof engagements.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', messages.notFound);

/** The engagement's deadline: review_deadline, or ended + 14 days should it be missing. */
function deadlineOf(engagement: EngagementRow): Date {
  if (engagement.reviewDeadline) return engagement.reviewDeadline;
  return new Date((engagement.endedAt ?? engagement.updatedAt).getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/** Published: marked (both written, or the sweeper), or the deadline passed. */
function isPublished(engagement: EngagementRow, now: Date): boolean {
  return engagement.reviewsPublishedAt !== null || deadlineOf(engagement).getTime() <= now.getTime();
}

/** The caller's side of the engagement, or the 404 of a missing page for anyone else. */
function sideOf(engagement: EngagementRow | undefined, caller: { userId: string; userType: number }): ReviewSide {
  if (!engagement) throw notFound();
  if (caller.userType === USER_TYPE_RIDER && engagement.riderId === caller.userId) return 'rider';
  if (caller.userType !== USER_TYPE_RIDER && engagement.companyId === caller.userId) return 'company';
  throw notFound();
}

function show(row: ReviewRow): ReviewShown {
  const hidden = row.hiddenAt !== null;
  return {
    id: row.id,
    authorRole: row.authorRole,
    hidden,
    rating: hidden ? null : row.rating,
    comment: hidden ? null : row.comment,
    wouldHireAgain: hidden ? null : row.wouldHireAgain,
    reply: hidden ? null : row.reply,
    repliedAt: hidden || !row.repliedAt ? null : row.repliedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function counterpartName(db: Db, engagement: EngagementRow, side: ReviewSide): Promise<string> {
  const [row] = rowsOf<{ name: string }>(
    side === 'rider'
      ? await db.execute(sql`
          select coalesce(c.company_name, u.username) as name
          from users u left join companies c on c.user_id = u.id where u.id = ${engagement.companyId}`)
      : await db.execute(sql`
          select coalesce(rc.display_name, u.username) as name
          from users u left join rider_cards rc on rc.user_id = u.id where u.id = ${engagement.riderId}`),
  );
  return row?.name ?? '';
}

/** The window as `side` sees it, from the engagement and its reviews. */
async function windowOf(db: Db, engagement: EngagementRow, side: ReviewSide, now: Date = new Date()): Promise<ReviewWindowData> {
  const rows = await db.select().from(reviews).where(eq(reviews.engagementId, engagement.id));
  const mine = rows.find((r) => r.authorRole === side) ?? null;
  const theirs = rows.find((r) => r.authorRole !== side) ?? null;
  const deadline = deadlineOf(engagement);
  const published = isPublished(engagement, now);
  // Before publication the other side's review is not told at all, so the state is computed
  // as if it did not exist unless both are in (which publishes them).
  const state = reviewWindowState({ mine: mine !== null, theirs: published && theirs !== null, deadline, now });
  const shownTheirs = published && theirs ? show(theirs) : null;
  return {
    engagementId: engagement.id,
    side,
    state: published && mine ? 'published' : state,
    deadline: deadline.toISOString(),
    counterpart: await counterpartName(db, engagement, side),
    mine: mine ? show(mine) : null,
    theirs: shownTheirs,
    canReply: side === 'rider' && shownTheirs !== null && !shownTheirs.hidden && theirs!.reply === null,
  };
}

async function readEngagement(db: Db, id: string, lock = false): Promise<EngagementRow | undefined> {
  const query = db.select().from(engagements).where(eq(engagements.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export interface Caller {
  userId: string;
  userType: number;
}

/** GET /api/engagements/:id/reviews. */
export async function readReviewWindow(db: Db, caller: Caller, engagementId: string): Promise<ReviewWindowData> {
  const engagement = await readEngagement(db, engagementId);
  const side = sideOf(engagement, caller);
  if (engagement!.status !== 'ended') throw new AppError('CONFLICT', messages.reviewNotEnded);
  return windowOf(db, engagement!, side);
}

/** E-mails both parties that their reviews are public. Inside the publishing transaction. */
async function tellPublished(tx: Db, config: Pick<Config, 'publicUrl'>, engagement: EngagementRow): Promise<void> {
  const [names] = rowsOf<{ rider_email: string; company_email: string; rider_name: string; company_name: string }>(
    await tx.execute(sql`
      select r.email as rider_email, c.email as company_email,
        coalesce(rc.display_name, r.username) as rider_name, coalesce(co.company_name, c.username) as company_name
      from users r, users c
        left join companies co on co.user_id = c.id
        left join rider_cards rc on rc.user_id = ${engagement.riderId}
      where r.id = ${engagement.riderId} and c.id = ${engagement.companyId}`),
  );
  if (!names) return;
  const send = (to: string, other: string, path: string) =>
    enqueueEmail(
      tx,
      renderEmail({
        to,
        subject: messages.reviewsPublishedEmailSubject,
        heading: messages.reviewsPublishedEmailHeading,
        paragraphs: [messages.reviewsPublishedEmailBody(other)],
        action: { label: messages.reviewsPublishedEmailAction, url: `${config.publicUrl}${path}` },
      }),
    );
  await send(names.rider_email, names.company_name, paths.riderDashboard);
  await send(names.company_email, names.rider_name, companyPaths.hires);
}

/** Marks the engagement's reviews published, recomputes the rider's reputation and tells both. */
async function publish(tx: Db, config: Pick<Config, 'publicUrl'>, engagement: EngagementRow, email: boolean): Promise<void> {
  await tx.update(engagements).set({ reviewsPublishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(engagements.id, engagement.id));
  await recomputeRiderReputation(tx, engagement.riderId);
  if (email) await tellPublished(tx, config, engagement);
}

export interface ReviewInput {
  rating: string;
  comment: string;
  would_hire_again?: string;
}

/**
 * PUT /api/engagements/:id/reviews/mine: writes or edits the caller's review while the
 * engagement is ended, the deadline has not passed and the reviews are not published. The
 * second review publishes both. The body was checked against the side's form already.
 */
export async function writeMyReview(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  caller: Caller,
  engagementId: string,
  input: ReviewInput,
): Promise<ReviewWindowResponse> {
  return db.transaction(async (tx) => {
    const engagement = await readEngagement(tx, engagementId, true);
    const side = sideOf(engagement, caller);
    const e = engagement!;
    const now = new Date();
    if (e.status !== 'ended') throw new AppError('CONFLICT', messages.reviewNotEnded);
    if (e.reviewsPublishedAt !== null) throw new AppError('CONFLICT', messages.reviewAlreadyPublished);
    if (deadlineOf(e).getTime() <= now.getTime()) throw new AppError('CONFLICT', messages.reviewWindowClosed);
    const values = {
      rating: Number(input.rating),
      comment: input.comment.trim(),
      wouldHireAgain: side === 'company' ? input.would_hire_again === 'yes' : null,
    };
    await tx
      .insert(reviews)
      .values({
        engagementId: e.id,
        authorRole: side,
        authorId: caller.userId,
        subjectId: side === 'company' ? e.riderId : e.companyId,
        ...values,
      })
      .onConflictDoUpdate({ target: [reviews.engagementId, reviews.authorRole], set: { ...values, updatedAt: sql`now()` } });
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.engagementId, e.id));
    const both = Number(count?.n ?? 0) >= 2;
    if (both) await publish(tx, config, e, true);
    const after = both ? { ...e, reviewsPublishedAt: now } : e;
    return { message: both ? messages.reviewPublished : messages.reviewSaved, window: await windowOf(tx, after, side, now) };
  });
}

/**
 * POST /api/reviews/:id/reply: the rider's one public reply to a published, visible review of
 * them by the company. A second reply is a 409.
 */
export async function replyToReview(db: Db, caller: Caller, reviewId: string, reply: string): Promise<ReviewWindowResponse> {
  return db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).limit(1).for('update');
    // Only the rider the company's review is about may reply; for anyone else it does not exist.
    if (!review || review.authorRole !== 'company' || review.subjectId !== caller.userId || caller.userType !== USER_TYPE_RIDER) throw notFound();
    if (review.hiddenAt !== null) throw notFound();
    const engagement = (await readEngagement(tx, review.engagementId))!;
    const now = new Date();
    if (!isPublished(engagement, now)) throw new AppError('CONFLICT', messages.reviewReplyNotPublished);
    if (review.reply !== null) throw new AppError('CONFLICT', messages.reviewReplyExists);
    await tx
      .update(reviews)
      .set({ reply: reply.trim(), repliedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(reviews.id, review.id), sql`${reviews.reply} is null`));
    return { message: messages.reviewReplyPosted, window: await windowOf(tx, engagement, 'rider', now) };
  });
}

/** How many engagements one sweep publishes at most (the rest wait for the next minute). */
const PUBLISH_BATCH = 100;

/**
 * The sweeper: marks ended engagements whose window closed as published, recomputes each
 * rider's reputation and e-mails the parties when anything was written. Safe with several
 * instances: the due rows are claimed with FOR UPDATE SKIP LOCKED in the transaction that marks
 * them. Reads never wait for it (they read the deadline). Returns how many it published.
 */
export async function publishDueReviews(db: Db, config: Pick<Config, 'publicUrl'>): Promise<number> {
  let total = 0;
  for (;;) {
    const published = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(engagements)
        .where(sql`${engagements.reviewsPublishedAt} is null and ${engagements.reviewDeadline} is not null and ${engagements.reviewDeadline} <= now() and ${engagements.status} = 'ended'`)
        .orderBy(engagements.reviewDeadline)
        .limit(PUBLISH_BATCH)
        .for('update', { skipLocked: true });
      for (const engagement of due) {
        const [written] = await tx.select({ n: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.engagementId, engagement.id));
        await publish(tx, config, engagement, Number(written?.n ?? 0) > 0);
      }
      return due.length;
    });
    total += published;
    if (published < PUBLISH_BATCH) return total;
  }
}
