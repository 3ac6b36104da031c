/**
 * A rider's published reviews, read by the public page /riders/{username}, the API
 * GET /api/riders/:username/reviews, and the company's rider page. A review is listed when a
 * company wrote it about this rider, it is published (both sides wrote, or the 14-day window
 * closed: domain/reputation.ts reviewsPublished) and staff have not hidden it: exactly the
 * reviews the rating average counts.
 *
 * Newest first by the day it was published, keyset paged (lib/keyset.ts): the cursor is the
 * last review's published time and id. The published time is the earlier of when both were
 * written and the window's end, so it never moves when the sweeper marks a closed window.
 */
import { sql } from 'drizzle-orm';
import { PUBLIC_REVIEWS_PAGE_SIZE, type PublicReview, type PublicReviewsPage } from '../../shared/publicReviews';
import { USER_TYPE_RIDER } from '../../shared/constants';
import { messages } from '../../shared/messages';
import type { Db } from '../db/client';
import { decodeCursor, toPage } from '../lib/keyset';
import { reviewsPublished } from './reputation';
import { rowsOf } from '../lib/rows';

const PUBLIC_USERNAME = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id of the rider whose public page `username` is: a rider who finished sign-up and is not
 * suspended, the username matched without regard to case; else null (the same 404 for all).
 */
export async function findPublicRiderId(db: Db, username: string): Promise<string | null> {
  if (!PUBLIC_USERNAME.test(username)) return null;
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      select u.id from users u
      where lower(u.username) = lower(${username}) and u.user_type = ${USER_TYPE_RIDER} and u.profile_completed = 1
        and u.suspended_at is null
      limit 1`),
  );
  return row?.id ?? null;
}

const publishedAt = sql.raw('least(e.reviews_published_at, e.review_deadline)');

interface Row {
  id: string;
  rating: number | string;
  comment: string;
  would_hire_again: boolean | null;
  company_name: string | null;
  ended_at: string | Date;
  published_at: string | Date;
  cursor_at: string;
  reply: string | null;
  replied_at: string | Date | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * One page of the rider's published, visible company reviews, newest first. `cursor` is the
 * `next` of the page before (a tampered one is a 400 under 'cursor').
 */
export async function readPublishedReviews(
  db: Db,
  riderId: string,
  cursor?: string,
  size: number = PUBLIC_REVIEWS_PAGE_SIZE,
): Promise<PublicReviewsPage> {
  const from = decodeCursor(cursor);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select r.id, r.rating, r.comment, r.would_hire_again, c.company_name, e.ended_at,
        ${publishedAt} as published_at, ${publishedAt}::text as cursor_at, r.reply, r.replied_at
      from reviews r
      join engagements e on e.id = r.engagement_id
      left join companies c on c.user_id = r.author_id
      where r.subject_id = ${riderId} and r.author_role = 'company' and r.hidden_at is null
        and e.status = 'ended' and ${reviewsPublished('e')}
        ${from ? sql`and (${publishedAt}, r.id) < (${from.at}::timestamptz, ${from.id}::uuid)` : sql``}
      order by ${publishedAt} desc, r.id desc
      limit ${size + 1}`),
  );
  const page = toPage(
    rows.map(
      (row): PublicReview & { cursorAt: string } => ({
        id: row.id,
        rating: Number(row.rating),
        comment: row.comment,
        would_hire_again: row.would_hire_again,
        // A company account without its company row (never in practice) still reads as a company.
        company_name: row.company_name ?? messages.reviewCompanyFallback,
        ended_at: iso(row.ended_at),
        published_at: iso(row.published_at),
        reply: row.reply,
        replied_at: row.replied_at === null ? null : iso(row.replied_at),
        cursorAt: row.cursor_at,
      }),
    ),
    size,
  );
  return { items: page.items, next: page.next };
}

/** The JSON schema of a page, for the routes that answer one. */
export const publicReviewsPageSchema = {
  type: 'object',
  required: ['items', 'next'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'rating', 'comment', 'would_hire_again', 'company_name', 'ended_at', 'published_at', 'reply', 'replied_at'],
        properties: {
          id: { type: 'string' },
          rating: { type: 'integer' },
          comment: { type: 'string' },
          would_hire_again: { type: ['boolean', 'null'] },
          company_name: { type: 'string' },
          ended_at: { type: 'string' },
          published_at: { type: 'string' },
          reply: { type: ['string', 'null'] },
          replied_at: { type: ['string', 'null'] },
        },
      },
    },
    next: { type: ['string', 'null'] },
  },
} as const;
