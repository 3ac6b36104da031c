/**
 * Reading a rider's profile (spec §3 'Profile response'), shared by the dashboard's two
 * features: features/profile (the account's own fields, export, deletion) and features/riders
 * (work history, past employees, personal information and ID documents, the public page).
 * Every write of the dashboard answers with the profile as it now is, read here.
 *
 * The signed-in profile is the rider's profile document (profileDocument.ts): kept ready in
 * profile_documents by every write that changes it, and read with one primary-key select
 * (DESIGN.md §8: the signed-in profile read is a measured budget).
 */
import { sql } from 'drizzle-orm';
import type { Profile, ProfileReputation, PublicProfile } from '../../shared/profile';
import { ID_KINDS, NEW_RIDER_REPUTATION } from '../../shared/profile';
import type { Db } from '../db/client';
import { fileUrl } from '../plugins/files';
import { buildProfileDocument, readProfileDocument } from './profileDocument';
import { reviewsPublished } from './reputation';
import { lastedLongEnough } from './reviewsPublished';
import { DELIVERY_RECORD_FIELDS, deliveryRecordJsonPairs, deliveryRecordProperties, toDeliveryRecord } from './deliveryRecordFigures';
import { rowsOf } from '../lib/rows';

/** Numbers as numbers on every driver (a count can come back as text). */
function toReputation(raw: ProfileReputation): ProfileReputation {
  const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    job_success: n(raw.job_success),
    jobs_counted: n(raw.jobs_counted) ?? 0,
    review_count: n(raw.review_count) ?? 0,
    rating_average_x100: n(raw.rating_average_x100),
    reviewed: n(raw.reviewed) ?? 0,
    ...toDeliveryRecord(raw),
  };
}

/**
 * The rider's reputation as their card stores it (domain/reputation.ts writes it whenever it can
 * change), so the dashboard, search and the public page show one figure; a rider with no card
 * yet reads as a new rider. `reviewed` (for "2 so far") is counted here: the card keeps only the
 * score's inputs. One primary-key read and one index range scan inside the same statement.
 */
const reputationJson = sql`json_build_object(
    'job_success', rc.job_success,
    'jobs_counted', coalesce(rc.jobs_counted, 0),
    'review_count', coalesce(rc.review_count, 0),
    'rating_average_x100', rc.rating_average_x100,
    ${deliveryRecordJsonPairs('rc')},
    'reviewed', (select count(*) from reviews r join engagements re on re.id = r.engagement_id
      where r.subject_id = u.id and r.author_role = 'company' and r.hidden_at is null and re.status = 'ended'
        and re.ended_at >= now() - interval '24 months' and re.ended_at <= now() and ${reviewsPublished('re')} and ${lastedLongEnough('re')})
  )`;

/**
 * The signed-in user's whole profile as the dashboard reads it (the stored document, rebuilt
 * first when the clock has moved it), or null when the account no longer exists.
 */
export async function readProfile(db: Db, userId: string): Promise<Profile | null> {
  const document = await readProfileDocument(db, userId);
  return document ? (JSON.parse(document.body) as Profile) : null;
}

/** The same profile built now from the source tables, never the stored document (the export, tests). */
export async function buildProfile(db: Db, userId: string): Promise<Profile | null> {
  const document = await buildProfileDocument(db, userId);
  return document ? (JSON.parse(document.body) as Profile) : null;
}

interface RawPublicProfile extends Omit<PublicProfile, 'picture'> {
  picture_file_id: string | null;
}

const PUBLIC_USERNAME = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The picture of a rider who has a public page (sign-up done, not suspended), or null: the one
 * lookup the link-preview JPEG needs, without the page's reviews and reputation.
 */
export async function readPublicPictureId(db: Db, username: string): Promise<string | null> {
  if (!PUBLIC_USERNAME.test(username)) return null;
  const [row] = rowsOf<{ picture_file_id: string | null }>(
    await db.execute(sql`
      select u.picture_file_id from users u
      where lower(u.username) = lower(${username}) and u.user_type = 1 and u.profile_completed = 1
        and u.suspended_at is null
      limit 1
    `),
  );
  return row?.picture_file_id ?? null;
}

/**
 * A rider's public page: public fields only (no e-mail, phone, address, company contacts or
 * documents; whether staff verified the ID is shown as Yes/No). Only riders who finished sign-up
 * and are not suspended have one; the username is matched without regard to case.
 */
export async function readPublicProfile(db: Db, username: string): Promise<PublicProfile | null> {
  // No username has anything but letters, digits, '.', '_' or '-': anything else (a NUL byte
  // PostgreSQL would refuse with a 500) is simply no such rider.
  if (!PUBLIC_USERNAME.test(username)) return null;
  const [row] = rowsOf<{ profile: RawPublicProfile | string }>(
    await db.execute(sql`
      select json_build_object(
        'username', u.username, 'display_name', coalesce(rc.display_name, u.username),
        'introduction', u.introduction, 'bio', u.bio,
        'state', u.state, 'town', u.town, 'picture_file_id', u.picture_file_id,
        'total_years_of_experience', p.total_years_of_experience,
        'languages_spoken', p.languages_spoken,
        'education', p.education,
        'id_verified', coalesce(p.id_review_status = 'approved', false),
        'member_since', to_char(u.created_at at time zone 'Africa/Lagos', 'YYYY-MM-DD'),
        'workHistories', coalesce((
          select json_agg(json_build_object(
            'position', w.position, 'company_name', w.company_name,
            'number_of_years', w.number_of_years, 'start_date', w.start_date, 'end_date', w.end_date
          ) order by w.end_date desc nulls first, w.start_date desc, w.created_at desc)
          from work_histories w where w.user_id = u.id
        ), '[]'::json),
        'pastEmployees', coalesce((
          select json_agg(json_build_object(
            'company_name', e.company_name, 'start_date', e.start_date, 'end_date', e.end_date
          ) order by e.end_date desc, e.start_date desc, e.created_at desc)
          from past_employees e where e.user_id = u.id
        ), '[]'::json),
        'reputation', ${reputationJson}
      ) as profile
      from users u
      left join personal_info p on p.user_id = u.id
      left join rider_cards rc on rc.user_id = u.id
      where lower(u.username) = lower(${username}) and u.user_type = 1 and u.profile_completed = 1
        and u.suspended_at is null
      limit 1
    `),
  );
  if (!row) return null;
  const raw = (typeof row.profile === 'string' ? JSON.parse(row.profile) : row.profile) as RawPublicProfile;
  const { picture_file_id: pictureFileId, ...rest } = raw;
  return {
    ...rest,
    id_verified: rest.id_verified === true,
    picture: pictureFileId ? { url: fileUrl(pictureFileId) } : null,
    reputation: toReputation(rest.reputation ?? NEW_RIDER_REPUTATION),
  };
}

// ---------------------------------------------------------------------------------------------
// Response schemas (DESIGN.md §5: every response declared; also what makes the JSON fast)

export const nullableString = { type: ['string', 'null'] } as const;
const urlObject = { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } as const;
/** A rider's picture: its url relative to the API base, or null. */
const pictureSchema = { anyOf: [{ type: 'null' }, urlObject] } as const;
const fileRefSchema = {
  type: ['object', 'null'],
  required: ['url', 'extension', 'original_name'],
  properties: { url: { type: 'string' }, extension: { type: 'string' }, original_name: { type: 'string' } },
} as const;

/** A rider's contact, introduction, bio and picture, as the dashboard and the console both answer them. */
export const riderContactProperties = {
  phone: nullableString,
  address: nullableString,
  town: nullableString,
  state: nullableString,
  introduction: nullableString,
  bio: nullableString,
  picture: pictureSchema,
} as const;

/** One entry of a rider's work history, as the dashboard and the console both answer it. */
export const workHistorySchema = {
  type: 'object',
  required: ['_id', 'position', 'company_name', 'number_of_years', 'start_date', 'end_date'],
  properties: {
    _id: { type: 'string' },
    position: { type: 'string' },
    company_name: { type: 'string' },
    number_of_years: { type: 'string' },
    start_date: { type: 'string' },
    end_date: nullableString,
  },
} as const;

/** One of a rider's past employers, as the dashboard and the console both answer it. */
export const pastEmployeeSchema = {
  type: 'object',
  required: ['_id', 'company_name', 'company_contact', 'start_date', 'end_date'],
  properties: {
    _id: { type: 'string' },
    company_name: { type: 'string' },
    company_contact: nullableString,
    start_date: { type: 'string' },
    end_date: { type: 'string' },
  },
} as const;

/** What the rider's card says of their reputation: the profile and the public profile answer it. */
const reputationSchema = {
  type: 'object',
  required: ['job_success', 'jobs_counted', 'review_count', 'rating_average_x100', 'reviewed', ...DELIVERY_RECORD_FIELDS],
  properties: {
    job_success: { type: ['integer', 'null'] },
    jobs_counted: { type: 'integer' },
    review_count: { type: 'integer' },
    rating_average_x100: { type: ['integer', 'null'] },
    reviewed: { type: 'integer' },
    ...deliveryRecordProperties,
  },
} as const;

export const profileSchema = {
  type: 'object',
  required: ['user', 'workHistories', 'pastEmployees', 'personalInfo', 'reputation'],
  properties: {
    reputation: reputationSchema,
    user: {
      type: 'object',
      required: ['username', 'email', 'picture', 'user_type', 'profile_completed', 'current_tab', 'has_password'],
      properties: {
        username: { type: 'string' },
        email: { type: 'string' },
        first_name: { type: 'string' },
        last_name: { type: 'string' },
        ...riderContactProperties,
        user_type: { type: 'integer' },
        profile_completed: { type: 'integer' },
        current_tab: { type: 'integer' },
        has_password: { type: 'boolean' },
      },
    },
    workHistories: {
      type: 'array',
      items: workHistorySchema,
    },
    pastEmployees: {
      type: 'array',
      items: pastEmployeeSchema,
    },
    personalInfo: {
      type: ['object', 'null'],
      properties: {
        total_years_of_experience: nullableString,
        languages_spoken: nullableString,
        education: nullableString,
        valid_id: fileRefSchema,
        rider_id_card: fileRefSchema,
        id_kind: { type: ['string', 'null'], enum: [...ID_KINDS, null] },
        id_review_status: { type: 'string', enum: ['none', 'pending', 'approved', 'rejected'] },
        id_review_reason: nullableString,
      },
    },
  },
} as const;

/** {message, profile}: what every dashboard write answers. */
export const profileWriteSchema = {
  type: 'object',
  required: ['message', 'profile'],
  properties: { message: { type: 'string' }, profile: profileSchema },
} as const;
