/**
 * The signed-in rider's profile kept ready: one row per rider in profile_documents
 * holding the GET /api/users/profile answer as JSON text with its ETag, so the read is one
 * primary-key select whose text is sent as stored (no JSON built by PostgreSQL, parsed and
 * serialised again by Node on every read).
 *
 * As for rider_cards (riderCards.ts), one SQL statement builds the document from the source
 * tables, and every write that changes what the profile shows calls refreshProfileDocument in
 * its own transaction: the sign-up steps, the picture, personal information and ID documents,
 * the staff's ID check, work history, past employees, a password being set, and the reputation
 * (writeRiderReputation: engagements ending, reviews published or hidden, a company deleting its
 * account, jobs leaving the 24-month window) and the delivery record (deliveryRecord.ts: a
 * delivery completed, a sender's rating). Profile and bio edits replace only the document's
 * `user` part, in the write's own statement (riderFieldsWrite.ts). Account deletion
 * takes the row with it (ON DELETE CASCADE). tests/server/profileDocument.test.ts performs each
 * of these writes and compares the stored document with a fresh build.
 *
 * One part of the profile depends on the clock: `reputation.reviewed` counts published company
 * reviews of jobs that ended in the last 24 months, and a review is published when its 14-day
 * window closes even before the sweeper marks it. The document keeps `fresh_until`, the next
 * moment that count can change (a pending review deadline, a counted job leaving the window);
 * a read at or after it rebuilds the document first, so a read never shows a stale count.
 *
 * Only riders have a stored document; any other account's profile is built on each read (no
 * company screen reads it, and company writes then need no refresh).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { USER_TYPE_RIDER } from '../../shared/constants';
import type { Db } from '../db/client';
import { executePrepared } from '../lib/preparedSql';
import { profileDocuments, sessions, users } from '../db/schema';
import { openSession, sessionFoundOpen, type AuthContext } from '../plugins/auth';
import { fileUrl } from '../plugins/files';
import { lastedLongEnough, reviewsPublished } from './reviewsPublished';
import { rowsOf } from '../lib/rows';
import { forgetProfile } from '../plugins/profileCache';
import { deliveryRecordJsonPairs } from './deliveryRecordFigures';

/** Every stored file's url is this prefix and its id (plugins/files.ts fileUrl). */
const FILE_URL_PREFIX = fileUrl('');

/** A private document's {url, extension, original_name}, the owner's own file only, or null. */
const fileJson = (column: string) => sql`(
  select jsonb_build_object('url', ${FILE_URL_PREFIX}::text || f.id, 'extension', f.extension, 'original_name', f.original_name)
  from files f where f.id = p.${sql.raw(column)} and f.owner_id = p.user_id
)`;

/** A company review of the rider that counts now (published, visible, job ended in the last 24 months). */
const countedReview = sql`r.subject_id = u.id and r.author_role = 'company' and r.hidden_at is null and re.status = 'ended'
  and re.ended_at >= now() - interval '24 months' and re.ended_at <= now() and ${reviewsPublished('re')} and ${lastedLongEnough('re')}`;

/**
 * The document's `user`, all of it from the users row (`u`): a write of the rider's own fields
 * replaces just this part of the stored document (riderFieldsWrite.ts), with the same expression.
 * The first and last name only when given.
 */
export const userJson = sql`(jsonb_build_object(
      'username', u.username, 'email', u.email, 'phone', u.phone, 'address', u.address,
      'town', u.town, 'state', u.state, 'introduction', u.introduction, 'bio', u.bio,
      'picture', case when u.picture_file_id is null then null
        else jsonb_build_object('url', ${FILE_URL_PREFIX}::text || u.picture_file_id) end,
      'user_type', u.user_type, 'profile_completed', u.profile_completed, 'current_tab', u.current_tab,
      'has_password', u.password_hash is not null
    )
    || case when coalesce(u.first_name, '') <> '' then jsonb_build_object('first_name', u.first_name) else '{}'::jsonb end
    || case when coalesce(u.last_name, '') <> '' then jsonb_build_object('last_name', u.last_name) else '{}'::jsonb end)`;

/**
 * The document of the users `where` selects (`u` is users), with its ETag and when it goes
 * stale. The profile (spec §3 'Profile response'): the user (userJson), the documents' urls,
 * lists newest first, the reputation the rider's card keeps (a rider without a card reads as a
 * new rider) and how many reviews count now.
 */
function buildSelect(where: SQL): SQL {
  return sql`
    select u.id as user_id, u.user_type, d.body, '"' || md5(d.body) || '"' as etag, d.fresh_until
    from users u
    left join rider_cards rc on rc.user_id = u.id
    cross join lateral (select jsonb_build_object(
      'user', ${userJson},
      'workHistories', coalesce((
        select jsonb_agg(jsonb_build_object(
          '_id', w.id, 'position', w.position, 'company_name', w.company_name,
          'number_of_years', w.number_of_years, 'start_date', w.start_date, 'end_date', w.end_date
        ) order by w.end_date desc nulls first, w.start_date desc, w.created_at desc)
        from work_histories w where w.user_id = u.id
      ), '[]'::jsonb),
      'pastEmployees', coalesce((
        select jsonb_agg(jsonb_build_object(
          '_id', e.id, 'company_name', e.company_name, 'company_contact', e.company_contact,
          'start_date', e.start_date, 'end_date', e.end_date
        ) order by e.end_date desc, e.start_date desc, e.created_at desc)
        from past_employees e where e.user_id = u.id
      ), '[]'::jsonb),
      'personalInfo', (
        select jsonb_build_object(
          'total_years_of_experience', p.total_years_of_experience,
          'languages_spoken', p.languages_spoken,
          'education', p.education,
          'valid_id', ${fileJson('valid_id_file_id')},
          'rider_id_card', ${fileJson('rider_id_card_file_id')},
          'id_kind', case when p.valid_id_file_id is not null then p.id_kind end,
          'id_review_status', p.id_review_status,
          'id_review_reason', p.id_review_reason
        )
        from personal_info p where p.user_id = u.id
      ),
      'reputation', jsonb_build_object(
        'job_success', rc.job_success,
        'jobs_counted', coalesce(rc.jobs_counted, 0),
        'review_count', coalesce(rc.review_count, 0),
        'rating_average_x100', rc.rating_average_x100,
        ${deliveryRecordJsonPairs('rc')},
        'reviewed', (select count(*) from reviews r join engagements re on re.id = r.engagement_id where ${countedReview})
      )
    )::text as body,
    -- When 'reviewed' can next change without a write: a review window closing, a job's end
    -- time arriving, or a counted job leaving the 24-month window (a minute from now when
    -- month arithmetic puts that moment in the past for a job still counted: 29 February).
    (select min(t) from (
        select e.review_deadline as t from engagements e
        where e.rider_id = u.id and e.status = 'ended' and e.reviews_published_at is null and e.review_deadline > now()
      union all
        select e.ended_at from engagements e where e.rider_id = u.id and e.status = 'ended' and e.ended_at > now()
      union all
        select case when re.ended_at + interval '24 months' > now() then re.ended_at + interval '24 months'
          else now() + interval '1 minute' end
        from reviews r join engagements re on re.id = r.engagement_id where ${countedReview}
    ) as moments) as fresh_until) as d
    where ${where}`;
}

const columns = sql`user_id, body, etag, fresh_until, updated_at`;

/** Builds and stores the documents of the riders `where` selects, replacing what was there. */
const upsert = (where: SQL) => sql`
  insert into profile_documents (${columns})
  select user_id, body, etag, fresh_until, now() from (${buildSelect(where)}) as built
  where built.user_type = ${USER_TYPE_RIDER}
  on conflict (user_id) do update set
    body = excluded.body, etag = excluded.etag, fresh_until = excluded.fresh_until, updated_at = excluded.updated_at`;

/**
 * Rebuilds one rider's document (a no-op for a company or a missing user). Pass the write's
 * transaction. Returns the new document's JSON text (null when none was stored), so a write can
 * answer the profile without reading it again.
 */
export async function refreshProfileDocument(db: Db, userId: string): Promise<string | null> {
  const [row] = rowsOf<{ body: string }>(
    await executePrepared(db, 'profile_document_refresh', () => sql`${upsert(sql`u.id = ${sql.placeholder('userId')}`)} returning body`, { userId }),
  );
  forgetProfile(db, userId);
  return row?.body ?? null;
}

/** Rebuilds the documents of the riders `where` selects (`u` is users): the scale seed, one batch at a time. */
export async function refreshProfileDocumentsWhere(db: Db, where: SQL): Promise<void> {
  await db.execute(upsert(where));
  forgetProfile(db, null);
}

/** What GET /api/users/profile sends: the profile as JSON text and its ETag. */
export interface ProfileDocument {
  body: string;
  etag: string;
}

/** A document as stored, with the moment it goes stale (null: only a write changes it). */
export interface StoredProfileDocument extends ProfileDocument {
  freshUntil: Date | null;
}

/** The user's profile built now from the source tables, not stored; null when the account is gone. */
export async function buildProfileDocument(db: Db, userId: string): Promise<ProfileDocument | null> {
  const [row] = rowsOf<ProfileDocument>(await db.execute(buildSelect(sql`u.id = ${userId}`)));
  return row ? { body: row.body, etag: row.etag } : null;
}

/**
 * The signed-in user's profile document: the stored one while it is fresh (one primary-key
 * read); otherwise (a company, a rider from before the table, or a document whose `fresh_until`
 * has come) built now, and for a rider stored unless a write stored a fresh one meanwhile. Null
 * when the account no longer exists.
 */
export async function readProfileDocument(db: Db, userId: string): Promise<ProfileDocument | StoredProfileDocument | null> {
  const [stored] = await hotReads(db).stored.execute({ userId });
  if (stored) return stored;
  const [built] = rowsOf<ProfileDocument>(
    await db.execute(sql`
      with built as (${buildSelect(sql`u.id = ${userId}`)}),
      stored as (
        insert into profile_documents (${columns})
        select user_id, body, etag, fresh_until, now() from built where user_type = ${USER_TYPE_RIDER}
        on conflict (user_id) do update set
          body = excluded.body, etag = excluded.etag, fresh_until = excluded.fresh_until, updated_at = excluded.updated_at
          where profile_documents.fresh_until is not null and profile_documents.fresh_until <= now()
      )
      select body, etag from built`),
  );
  return built ?? null;
}

/**
 * The signed-in read in one round trip when the session cache cannot vouch for the session (a
 * token not seen in the last 30 s: most reads when riders are many): the session check of
 * plugins/auth.ts joined with the stored document. Null when the session is not open (ended,
 * expired, or its user suspended or gone); else the document, rebuilt first when missing or
 * stale (readProfileDocument), and the session is kept in the cache.
 */
export async function readSignedInProfileDocument(
  db: Db,
  auth: AuthContext,
): Promise<{ document: ProfileDocument | StoredProfileDocument | null } | null> {
  const [row] = await hotReads(db).signedIn.execute({ sessionId: auth.sessionId, userId: auth.userId });
  if (!row) return null;
  sessionFoundOpen(auth, new Date(Number(row.expiresMs)));
  if (row.body !== null && row.etag !== null && row.fresh === true) {
    return { document: { body: row.body, etag: row.etag, freshUntil: row.freshUntil } };
  }
  return { document: await readProfileDocument(db, auth.userId) };
}

const fresh = sql`(${profileDocuments.freshUntil} is null or ${profileDocuments.freshUntil} > now())`;

/**
 * The two reads of every signed-in profile request, as named prepared statements: PostgreSQL
 * plans each once per connection instead of on every request (planning the three-table join
 * cost more than running it).
 */
function prepareHotReads(db: Db) {
  return {
    stored: db
      .select({ body: profileDocuments.body, etag: profileDocuments.etag, freshUntil: profileDocuments.freshUntil })
      .from(profileDocuments)
      .where(and(eq(profileDocuments.userId, sql.placeholder('userId')), fresh))
      .prepare('profile_document_read'),
    signedIn: db
      .select({
        expiresMs: sql<number | string>`(extract(epoch from ${sessions.expiresAt}) * 1000)::float8`,
        body: profileDocuments.body,
        etag: profileDocuments.etag,
        freshUntil: profileDocuments.freshUntil,
        fresh: sql<boolean | null>`${fresh}`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(profileDocuments, eq(profileDocuments.userId, sessions.userId))
      .where(openSession({ sessionId: sql.placeholder('sessionId'), userId: sql.placeholder('userId') }))
      .limit(1)
      .prepare('profile_document_signed_in_read'),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareHotReads>>();
function hotReads(db: Db): ReturnType<typeof prepareHotReads> {
  let reads = prepared.get(db);
  if (!reads) {
    reads = prepareHotReads(db);
    prepared.set(db, reads);
  }
  return reads;
}

/** Whether an If-None-Match header names this ETag (a list, weak or not, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
