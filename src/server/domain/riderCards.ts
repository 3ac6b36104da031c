/**
 * The rider cards company search reads (schema.ts riderCards). One SQL statement
 * rebuilds a rider's card from the source tables; every write that changes what a company sees
 * calls refreshRiderCard in its own transaction: sign-up edits, the ID check, suspension, and a
 * review being published or hidden (Job Success is written by writeJobSuccess in the same
 * place). The profile and bio forms patch only the card's users columns, in their own statement
 * (riderFieldsWrite.ts).
 *
 * Why a card table: a search filters on six facts from four tables, ranks by text, and sorts by
 * a score; read from one table with its own indexes it stays within the 50 ms p95 budget at
 * 100,000 riders (`npm run bench:search`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { USER_TYPE_RIDER } from '../../shared/constants';
import type { Db } from '../db/client';
import { executePrepared } from '../lib/preparedSql';
import { refreshProfileDocument } from './profileDocument';

/**
 * The card's columns that come from the users row (`u`) alone, with the card as it was (`c`,
 * for the moment sign-up was finished) and the work history's words in `search`. The display
 * name is "Ada O." when both names were given, else the username. A write of the
 * rider's own fields patches just these (riderFieldsWrite.ts); the full build uses the same
 * expressions, so the two cannot drift.
 */
const USER_COLUMNS = {
  listed: sql`(u.profile_completed = 1 and u.suspended_at is null)`,
  username: sql`u.username`,
  display_name: sql`case when coalesce(trim(u.first_name), '') <> '' and coalesce(trim(u.last_name), '') <> ''
        then trim(u.first_name) || ' ' || upper(left(trim(u.last_name), 1)) || '.'
        else u.username end`,
  introduction: sql`u.introduction`,
  state: sql`u.state`,
  town: sql`u.town`,
  picture_file_id: sql`u.picture_file_id`,
  completed_at: sql`case when u.profile_completed = 1 then coalesce(c.completed_at, u.updated_at) end`,
  search: sql`setweight(to_tsvector('english', coalesce(u.introduction, '')), 'A')
        || setweight(to_tsvector('english', coalesce(u.bio, '')), 'B')
        || setweight(to_tsvector('english', coalesce((
          select string_agg(w.position || ' ' || w.company_name, ' ') from work_histories w where w.user_id = u.id
        ), '')), 'C')`,
};
const userColumnNames = Object.keys(USER_COLUMNS) as Array<keyof typeof USER_COLUMNS>;

/** The users-row columns of the card, as `expression as column` for a select list. */
export const cardUserColumns = sql.join(
  userColumnNames.map((name) => sql`${USER_COLUMNS[name]} as ${sql.raw(name)}`),
  sql`, `,
);
/** Their names in the same order, comma-separated, each after `alias.` when given. */
export const cardUserColumnList = (alias?: string) => sql.raw(userColumnNames.map((name) => (alias ? `${alias}.${name}` : name)).join(', '));

/**
 * The card's columns from the source tables, for the riders `where` selects; `source` stands
 * for the users table (a write's `returning` rows may take its place). Languages are split at
 * commas, slashes, semicolons and the word "and" ("English, Yoruba and Pidgin").
 */
export function cardSelect(where: SQL, source: SQL = sql`users`): SQL {
  return sql`
    select u.id,
      ${USER_COLUMNS.listed},
      ${USER_COLUMNS.username},
      ${USER_COLUMNS.display_name},
      ${USER_COLUMNS.introduction}, ${USER_COLUMNS.state}, ${USER_COLUMNS.town},
      p.total_years_of_experience,
      coalesce(array(
        select distinct lower(trim(l)) from regexp_split_to_table(coalesce(p.languages_spoken, ''), '\\s*(?:,|/|;|\\mand\\M)\\s*') as l
        where trim(l) <> ''
      ), '{}'::text[]),
      p.education,
      coalesce(p.id_review_status = 'approved', false),
      ${USER_COLUMNS.picture_file_id},
      ${USER_COLUMNS.completed_at},
      ${USER_COLUMNS.search},
      now()
    from ${source} u
    left join personal_info p on p.user_id = u.id
    left join rider_cards c on c.user_id = u.id
    where u.user_type = ${USER_TYPE_RIDER} and ${where}`;
}

/** The card's columns in cardSelect's order. */
export const cardColumns = sql`user_id, listed, username, display_name, introduction, state, town, experience,
    languages, education, id_verified, picture_file_id, completed_at, search, updated_at`;

const upsert = (where: SQL) => sql`
  insert into rider_cards (${cardColumns})
  ${cardSelect(where)}
  on conflict (user_id) do update set
    listed = excluded.listed, username = excluded.username, display_name = excluded.display_name,
    introduction = excluded.introduction, state = excluded.state, town = excluded.town,
    experience = excluded.experience, languages = excluded.languages, education = excluded.education,
    id_verified = excluded.id_verified, picture_file_id = excluded.picture_file_id,
    completed_at = excluded.completed_at, search = excluded.search, updated_at = excluded.updated_at`;

/** Rebuilds one rider's card (a no-op for a company or a missing user). Pass the write's transaction. */
export async function refreshRiderCard(db: Db, userId: string): Promise<void> {
  await executePrepared(db, 'rider_card_refresh', () => upsert(sql`u.id = ${sql.placeholder('userId')}`), { userId });
}

/** Rebuilds the cards of the riders `where` selects (`u` is users): the scale seed, one batch at a time. */
export async function refreshRiderCardsWhere(db: Db, where: SQL): Promise<void> {
  await db.execute(upsert(where));
}

/** Rebuilds every rider's card (start-up after a migration, the scale seed). */
export async function refreshAllRiderCards(db: Db): Promise<void> {
  await db.execute(upsert(sql`true`));
}

/** What Job Success and the reviews say of a rider, written beside the card's profile facts. */
export interface RiderReputation {
  jobSuccess: number | null;
  jobsCounted: number;
  reviewCount: number;
  /** The average company rating × 100 (437 for 4.37), null with no review. */
  ratingAverageX100: number | null;
}

export async function writeRiderReputation(db: Db, userId: string, reputation: RiderReputation): Promise<void> {
  await refreshRiderCard(db, userId);
  await db.execute(sql`
    update rider_cards set job_success = ${reputation.jobSuccess}, jobs_counted = ${reputation.jobsCounted},
      review_count = ${reputation.reviewCount}, rating_average_x100 = ${reputation.ratingAverageX100}, updated_at = now()
    where user_id = ${userId}`);
  await refreshProfileDocument(db, userId);
}
