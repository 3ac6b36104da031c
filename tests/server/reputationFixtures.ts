/**
 * Test data for reputation, published reviews and the public page, written straight
 * into the database: a company, an ended engagement, and the reviews of it. The hiring and
 * review APIs are tested on their own; these tests are about what is read back.
 */
import { companies, engagements, reviews } from '../../src/server/db/schema';
import { REVIEW_WINDOW_DAYS } from '../../src/shared/hiring';
import { createUser, freshEmail } from './authHelpers';
import type { TestApp } from './helper';

const DAY = 86_400_000;

export const daysBefore = (days: number, from: Date = new Date()) => new Date(from.getTime() - days * DAY);

/** A company account (user_type 2) with its companies row. */
export async function makeCompany(t: TestApp, companyName = 'Lekki Bakes'): Promise<{ id: string; companyName: string }> {
  const user = await createUser(t, { email: freshEmail('company'), password: null, userType: 2, profileCompleted: 1, currentTab: 5 });
  await t.database.db.insert(companies).values({ userId: user.id, companyName, contactPerson: 'Funke Ade' });
  return { id: user.id, companyName };
}

export interface EngagementInput {
  companyId: string;
  riderId: string;
  /** When it ended; default 30 days ago. */
  endedAt?: Date;
  /** When it began (the request); default 60 days before the end. */
  createdAt?: Date;
  /** 'active' for an engagement still running (a rehire in progress). */
  status?: 'ended' | 'active';
  endedEarlyByCompany?: boolean;
  /**
   * How its reviews stand: 'both' (both written: reviews_published_at set), 'deadline' (the 14
   * days passed, not yet marked), 'pending' (inside the window, hidden). Default: 'both' when
   * the end is older than the window, else 'pending'.
   */
  published?: 'both' | 'deadline' | 'pending';
}

export async function makeEngagement(t: TestApp, input: EngagementInput): Promise<{ id: string; endedAt: Date }> {
  const endedAt = input.endedAt ?? daysBefore(30);
  const createdAt = input.createdAt ?? daysBefore(60, endedAt);
  const status = input.status ?? 'ended';
  const deadline = new Date(endedAt.getTime() + REVIEW_WINDOW_DAYS * DAY);
  const published = input.published ?? (deadline.getTime() <= Date.now() ? 'both' : 'pending');
  const ended = status === 'ended';
  const [row] = await t.database.db
    .insert(engagements)
    .values({
      companyId: input.companyId,
      riderId: input.riderId,
      role: 'Dispatch rider',
      state: 'Lagos',
      town: 'Ikeja',
      startDate: createdAt.toISOString().slice(0, 10),
      payNote: '₦8,000 a day',
      status,
      expiresAt: new Date(createdAt.getTime() + 7 * DAY),
      respondedAt: createdAt,
      endedAt: ended ? endedAt : null,
      endedBy: ended ? (input.endedEarlyByCompany ? 'company' : 'rider') : null,
      endOutcome: ended ? (input.endedEarlyByCompany ? 'early' : 'completed') : null,
      reviewDeadline: ended ? (published === 'deadline' ? new Date(Math.min(deadline.getTime(), Date.now() - 1000)) : deadline) : null,
      reviewsPublishedAt: ended && published === 'both' ? new Date(Math.min(deadline.getTime(), Date.now())) : null,
      createdAt,
    })
    .returning({ id: engagements.id });
  return { id: row!.id, endedAt };
}

export interface ReviewInput {
  engagementId: string;
  companyId: string;
  riderId: string;
  rating: number;
  comment?: string;
  wouldHireAgain?: boolean;
  reply?: string;
  repliedAt?: Date;
  hidden?: boolean;
  createdAt?: Date;
}

/** The company's review of the rider. */
export async function companyReview(t: TestApp, input: ReviewInput): Promise<string> {
  const [row] = await t.database.db
    .insert(reviews)
    .values({
      engagementId: input.engagementId,
      authorRole: 'company',
      authorId: input.companyId,
      subjectId: input.riderId,
      rating: input.rating,
      comment: input.comment ?? `Rated ${input.rating}`,
      wouldHireAgain: input.wouldHireAgain ?? input.rating >= 4,
      reply: input.reply ?? null,
      repliedAt: input.reply ? (input.repliedAt ?? new Date()) : null,
      hiddenAt: input.hidden ? new Date() : null,
      hiddenReason: input.hidden ? 'Abusive' : null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: reviews.id });
  return row!.id;
}

/** The rider's review of the company (never counts toward the rider's reputation). */
export async function riderReview(t: TestApp, input: Omit<ReviewInput, 'wouldHireAgain' | 'reply'>): Promise<string> {
  const [row] = await t.database.db
    .insert(reviews)
    .values({
      engagementId: input.engagementId,
      authorRole: 'rider',
      authorId: input.riderId,
      subjectId: input.companyId,
      rating: input.rating,
      comment: input.comment ?? `Company rated ${input.rating}`,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

/** An ended engagement with a published company review of `rating`, in one step. */
export async function reviewedJob(
  t: TestApp,
  input: EngagementInput & Omit<ReviewInput, 'engagementId' | 'createdAt'>,
): Promise<{ engagementId: string; reviewId: string }> {
  const engagement = await makeEngagement(t, input);
  const reviewId = await companyReview(t, { ...input, engagementId: engagement.id });
  return { engagementId: engagement.id, reviewId };
}
