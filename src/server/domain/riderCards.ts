/**
 * The rider cards company search reads (schema.ts riderCards, issue 12). One SQL statement
 * rebuilds a rider's card from the source tables; every write that changes what a company sees
 * calls refreshRiderCard in its own transaction: profile and sign-up edits, the ID check,
 * suspension, and a review being published or hidden (Job Success is written by
 * writeJobSuccess in the same place).
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
 * The card's columns from the source tables, for the riders `where` selects. Languages are
 * split at commas, slashes, semicolons and the word "and" ("English, Yoruba and Pidgin").
 * The display name is "Ada O." when both names were given, else the username (issue 12).
 */
function cardSelect(where: SQL): SQL {
  return sql`
    select u.id,
      (u.profile_completed = 1 and u.suspended_at is null),
      u.username,
      case when coalesce(trim(u.first_name), '') <> '' and coalesce(trim(u.last_name), '') <> ''
        then trim(u.first_name) || ' ' || upper(left(trim(u.last_name), 1)) || '.'
        else u.username end,
      u.introduction, u.state, u.town,
      p.total_years_of_experience,
      coalesce(array(
        select distinct lower(trim(l)) from regexp_split_to_table(coalesce(p.languages_spoken, ''), '\\s*(?:,|/|;|\\mand\\M)\\s*') as l
        where trim(l) <> ''
      ), '{}'::text[]),
      p.education,
      coalesce(p.id_review_status = 'approved', false),
      u.picture_file_id,
      case when u.profile_completed = 1 then coalesce(c.completed_at, u.updated_at) end,
      setweight(to_tsvector('english', coalesce(u.introduction, '')), 'A')
        || setweight(to_tsvector('english', coalesce(u.bio, '')), 'B')
        || setweight(to_tsvector('english', coalesce((
          select string_agg(w.position || ' ' || w.company_name, ' ') from work_histories w where w.user_id = u.id
        ), '')), 'C'),
      now()
    from users u
    left join personal_info p on p.user_id = u.id
    left join rider_cards c on c.user_id = u.id
    where u.user_type = ${USER_TYPE_RIDER} and ${where}`;
}

const upsert = (where: SQL) => sql`
  insert into rider_cards (user_id, listed, username, display_name, introduction, state, town, experience,
    languages, education, id_verified, picture_file_id, completed_at, search, updated_at)
  ${cardSelect(where)}
  on conflict (user_id) do update set
    listed = excluded.listed, username = excluded.username, display_name = excluded.display_name,
    introduction = excluded.introduction, state = excluded.state, town = excluded.town,
    experience = excluded.experience, languages = excluded.languages, education = excluded.education,
    id_verified = excluded.id_verified, picture_file_id = excluded.picture_file_id,
    completed_at = excluded.completed_at, search = excluded.search, updated_at = excluded.updated_at`;

/** Rebuilds one rider's card (a no-op for a company or a missing user). Pass the write's transaction. */
export async function refreshRiderCard(db: Db, userId: string): Promise<void> {
  await executePrepared(db, 'rider_card_refresh', upsert(sql`u.id = ${userId}`));
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
