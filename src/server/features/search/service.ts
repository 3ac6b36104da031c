/**
 * Company search, the rider page for companies and the shortlist ("Finding riders").
 * Everything reads rider_cards (domain/riderCards.ts keeps them): only listed riders (sign-up
 * finished, not suspended) are ever found. Nothing here reads a phone number or an e-mail
 * address: contact details are shared by the hiring feature once a rider accepts a request.
 */
import { sql, type SQL } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import {
  SEARCH_LANGUAGES_COUNT_MAX,
  SEARCH_COUNT_MAX,
  SEARCH_PAGE_SIZE,
  splitLanguages,
  type CompanyRiderProfile,
  type RiderSearchPage,
  type RiderSearchResult,
  type SearchSort,
  type ShortlistResponse,
} from '../../../shared/riderSearch';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { fileUrl } from '../../plugins/files';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { readPublicProfile } from '../../domain/riderProfile';
import { rowsOf } from '../../lib/rows';
import { assertCompanyEmailVerified } from '../../domain/companyAccess';
import { fullNameOf, HIRED_STATUSES } from '../../domain/riderNames';
import { deliveryRecordColumns, toDeliveryRecord } from '../../domain/deliveryRecordFigures';

const USERNAME = /^[A-Za-z0-9._-]{1,64}$/;
/** A name is matched from two characters: one letter is in nearly every name. */
const NAME_MATCH_MIN = 2;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `column` (lower-cased) holds `piece` anywhere. From three characters, a LIKE the trigram indexes
 * answer (migration 0010; 100,000 cards: 50 ms scanned → under 1 ms for a rare piece), its `%`, `_`
 * and `\` taken literally; two characters hold no trigram, so they are looked for card by card.
 */
function nameMatch(column: SQL, piece: string): SQL {
  if (piece.length < 3) return sql`strpos(${column}, ${piece}) > 0`;
  return sql`${column} like ${`%${piece.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

/** What GET /api/companies/riders takes (the querystring, already checked by its schema). */
export interface RiderSearchQuery {
  state?: string;
  town?: string;
  experience?: string;
  languages?: string;
  education?: string;
  verified?: string;
  min_rating?: string;
  q?: string;
  sort?: SearchSort;
  cursor?: string;
}

// ---------------------------------------------------------------------------------------------
// The cursor of a search page: the sort key of the page's last rider and their id, opaque.

interface SearchCursor {
  key: number | string;
  id: string;
}

function encodeSearchCursor(sort: SearchSort, cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify([sort, cursor.key, cursor.id])).toString('base64url');
}

/** A cursor made for another sort, or tampered with, is a 400 under 'cursor'. */
function decodeSearchCursor(sort: SearchSort, value: string | undefined): SearchCursor | null {
  if (value === undefined || value === '') return null;
  try {
    const [madeFor, key, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (madeFor === sort && typeof id === 'string' && UUID.test(id)) {
      if (sort === 'newest' && typeof key === 'string' && key.length < 64 && !Number.isNaN(Date.parse(key))) return { key, id };
      if (sort !== 'newest' && typeof key === 'number' && Number.isInteger(key) && key >= -1 && key <= 100_000) return { key, id };
    }
  } catch {
    // fall through
  }
  throw AppError.invalid('cursor', messages.invalidRequest);
}

/**
 * The order of each sort, spelled as its index is built (schema.ts riderCards), and the keyset
 * condition that starts the next page: `key <= last` first, so the index scan starts there.
 */
const SORTS: Record<SearchSort, { key: SQL; order: SQL; after: (c: SearchCursor) => SQL }> = {
  job_success: {
    key: sql`coalesce(c.job_success, -1)`,
    order: sql`coalesce(c.job_success, -1) desc, c.user_id`,
    after: (c) => sql`coalesce(c.job_success, -1) <= ${c.key} and (coalesce(c.job_success, -1) < ${c.key} or c.user_id > ${c.id}::uuid)`,
  },
  rating: {
    key: sql`coalesce(c.rating_average_x100, -1)`,
    order: sql`coalesce(c.rating_average_x100, -1) desc, c.user_id`,
    after: (c) =>
      sql`coalesce(c.rating_average_x100, -1) <= ${c.key} and (coalesce(c.rating_average_x100, -1) < ${c.key} or c.user_id > ${c.id}::uuid)`,
  },
  newest: {
    key: sql`c.completed_at::text`,
    order: sql`c.completed_at desc nulls last, c.user_id`,
    after: (c) => sql`c.completed_at <= ${c.key}::timestamptz and (c.completed_at < ${c.key}::timestamptz or c.user_id > ${c.id}::uuid)`,
  },
};

interface RawResult {
  user_id: string;
  username: string;
  display_name: string;
  introduction: string | null;
  state: string | null;
  town: string | null;
  experience: string | null;
  id_verified: boolean;
  picture_file_id: string | null;
  thumb_file_id: string | null;
  job_success: number | null;
  jobs_counted: number;
  review_count: number;
  rating_average_x100: number | null;
  deliveries_completed: number;
  deliveries_on_time: number;
  delivery_rating_count: number;
  delivery_rating_average_x100: number | null;
  shortlisted: boolean;
  sort_key: number | string;
}

/** The columns of a result: the card, its thumbnail and whether this company shortlisted the rider. */
const resultColumns = (companyId: string, sortKey: SQL) => sql`
  c.user_id, c.username, c.display_name, c.introduction, c.state, c.town, c.experience, c.id_verified,
  c.picture_file_id,
  (select f.id from files f where f.owner_id = c.user_id and f.kind = 'profile_thumb' and f.is_public limit 1) as thumb_file_id,
  c.job_success, c.jobs_counted, c.review_count, c.rating_average_x100, ${deliveryRecordColumns('c')},
  exists(select 1 from shortlists s where s.company_id = ${companyId} and s.rider_id = c.user_id) as shortlisted,
  ${sortKey} as sort_key`;

function toResult(row: RawResult): RiderSearchResult {
  const pictureId = row.thumb_file_id ?? row.picture_file_id;
  return {
    username: row.username,
    display_name: row.display_name,
    introduction: row.introduction,
    state: row.state,
    town: row.town,
    experience: row.experience,
    id_verified: row.id_verified === true,
    picture: pictureId ? { url: fileUrl(pictureId) } : null,
    job_success: row.job_success === null ? null : Number(row.job_success),
    jobs_counted: Number(row.jobs_counted),
    review_count: Number(row.review_count),
    rating_average_x100: row.rating_average_x100 === null ? null : Number(row.rating_average_x100),
    ...toDeliveryRecord(row),
    shortlisted: row.shortlisted === true,
  };
}

/**
 * GET /api/companies/riders: listed riders matching every filter given, in the chosen order,
 * SEARCH_PAGE_SIZE a page. Free text is PostgreSQL full-text search (English stemming) over the
 * introduction, bio and work history, or a part of the display name or username; languages must
 * all be spoken. Only for a company whose e-mail is verified.
 */
export async function searchRiders(db: Db, companyId: string, query: RiderSearchQuery): Promise<RiderSearchPage> {
  await assertCompanyEmailVerified(db, companyId);
  const sort: SearchSort = query.sort ?? 'job_success';
  const order = SORTS[sort];
  const cursor = decodeSearchCursor(sort, query.cursor);
  const where: SQL[] = [sql`c.listed`];
  const state = query.state?.trim();
  if (state) {
    where.push(sql`c.state = ${state}`);
    const town = query.town?.trim();
    if (town) where.push(sql`c.town = ${town}`);
  }
  if (query.experience) where.push(sql`c.experience = ${query.experience}`);
  if (query.education) where.push(sql`c.education = ${query.education}`);
  if (query.languages) {
    const languages = splitLanguages(query.languages);
    if (languages.length > SEARCH_LANGUAGES_COUNT_MAX) throw AppError.invalid('languages', messages.invalidRequest);
    if (languages.length > 0) {
      where.push(sql`c.languages @> array[${sql.join(languages.map((l) => sql`${l}`), sql`, `)}]::text[]`);
    }
  }
  if (query.verified === '1' || query.verified === 'true') where.push(sql`c.id_verified`);
  if (query.min_rating) where.push(sql`c.rating_average_x100 >= ${Number(query.min_rating) * 100}`);
  const text = query.q?.trim();
  if (text) {
    // The words of the profile (stemmed), or a piece of the name a company knows the rider by:
    // the display name ("Ada O.") or the username, any case, anywhere in it (a rider told them
    // "ada_rides" or just "ada"). Never the full last name: a company learns it only once hired.
    const name = text.toLowerCase();
    where.push(
      name.length >= NAME_MATCH_MIN
        ? // The names' matches as a list of ids, so the planner can join them to the text index
          // (a BitmapOr of the GIN index and the primary key) instead of scanning every card.
          sql`(c.search @@ websearch_to_tsquery('english', ${text})
            or c.user_id = any(array(
              select n.user_id from rider_cards n
              where n.listed and (${nameMatch(sql`lower(n.display_name)`, name)} or ${nameMatch(sql`lower(n.username)`, name)}))))`
        : sql`c.search @@ websearch_to_tsquery('english', ${text})`,
    );
  }
  // The first page says how many match (a phone shows it above the list); counting stops past
  // SEARCH_COUNT_MAX so a broad search over every rider stays as cheap as a page.
  const counted = cursor
    ? null
    : rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from (
            select 1 from rider_cards c where ${sql.join(where, sql` and `)} limit ${SEARCH_COUNT_MAX + 1}) matching`),
      )[0];
  if (cursor) where.push(order.after(cursor));

  const rows = rowsOf<RawResult>(
    await db.execute(sql`
      select ${resultColumns(companyId, order.key)}
      from rider_cards c
      where ${sql.join(where, sql` and `)}
      order by ${order.order}
      limit ${SEARCH_PAGE_SIZE + 1}`),
  );
  const more = rows.length > SEARCH_PAGE_SIZE;
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map(toResult),
    next:
      more && last
        ? encodeSearchCursor(sort, { key: sort === 'newest' ? String(last.sort_key) : Number(last.sort_key), id: last.user_id })
        : null,

    ...(counted ? { total: Number(counted.n) } : {}),
  };
}

interface ListedRider {
  user_id: string;
  display_name: string;
  job_success: number | null;
  jobs_counted: number;
  review_count: number;
  rating_average_x100: number | null;
  deliveries_completed: number;
  deliveries_on_time: number;
  delivery_rating_count: number;
  delivery_rating_average_x100: number | null;
}

/** A listed rider's card by username (without regard to case), or null. */
async function listedRider(db: Db, username: string): Promise<ListedRider | null> {
  if (!USERNAME.test(username)) return null;
  const [row] = rowsOf<ListedRider>(
    await db.execute(sql`
      select c.user_id, c.display_name, c.job_success, c.jobs_counted, c.review_count, c.rating_average_x100,
        ${deliveryRecordColumns('c')}
      from users u join rider_cards c on c.user_id = u.id
      where lower(u.username) = lower(${username}) and u.user_type = 1 and c.listed
      limit 1`),
  );
  return row ?? null;
}

const riderNotFound = () => new AppError('NOT_FOUND', messages.riderPageNotFound);

/**
 * GET /api/companies/riders/:username: the rider's public profile (never a phone or an e-mail),
 * the card's reputation, whether this company shortlisted them, and their full name once they
 * accepted this company's request. A rider who is suspended or
 * has not finished sign-up is the same 404 as no rider.
 */
export async function readRiderForCompany(db: Db, companyId: string, username: string): Promise<CompanyRiderProfile> {
  const rider = await listedRider(db, username);
  const profile = rider ? await readPublicProfile(db, username) : null;
  if (!rider || !profile) throw riderNotFound();
  // The full name only to a company the rider accepted: never before, never to another company.
  const [facts] = rowsOf<{ shortlisted: boolean; full_name: string | null }>(
    await db.execute(sql`
      select exists(select 1 from shortlists where company_id = ${companyId} and rider_id = u.id) as shortlisted,
        case when exists(select 1 from engagements e where e.company_id = ${companyId} and e.rider_id = u.id and e.status in ${HIRED_STATUSES})
          then ${fullNameOf('u')} end as full_name
      from users u where u.id = ${rider.user_id}`),
  );
  return {
    ...profile,
    display_name: rider.display_name,
    full_name: facts?.full_name ?? null,
    job_success: rider.job_success === null ? null : Number(rider.job_success),
    jobs_counted: Number(rider.jobs_counted),
    review_count: Number(rider.review_count),
    rating_average_x100: rider.rating_average_x100 === null ? null : Number(rider.rating_average_x100),
    ...toDeliveryRecord(rider),
    shortlisted: facts?.shortlisted === true,
  };
}

/** PUT /api/companies/shortlist/:username: adds a listed rider (again is no change). */
export async function shortlistRider(db: Db, companyId: string, username: string): Promise<ShortlistResponse> {
  const rider = await listedRider(db, username);
  if (!rider) throw riderNotFound();
  await db.execute(sql`
    insert into shortlists (company_id, rider_id) values (${companyId}, ${rider.user_id})
    on conflict (company_id, rider_id) do nothing`);
  return { message: messages.shortlistAdded, shortlisted: true };
}

/**
 * DELETE /api/companies/shortlist/:username: removes the rider from this company's shortlist
 * (also one who has since been suspended); removing one who is not there is no change.
 */
export async function unshortlistRider(db: Db, companyId: string, username: string): Promise<ShortlistResponse> {
  if (!USERNAME.test(username)) throw riderNotFound();
  const [rider] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where lower(username) = lower(${username}) and user_type = 1 limit 1`),
  );
  if (!rider) throw riderNotFound();
  await db.execute(sql`delete from shortlists where company_id = ${companyId} and rider_id = ${rider.id}`);
  return { message: messages.shortlistRemoved, shortlisted: false };
}

/** GET /api/companies/shortlist: this company's listed shortlisted riders, the latest added first. */
export async function listShortlist(db: Db, companyId: string, query: { cursor?: string }): Promise<RiderSearchPage> {
  const cursor = decodeCursor(query.cursor);
  const rows = rowsOf<RawResult & { added_at: string }>(
    await db.execute(sql`
      select ${resultColumns(companyId, sql`0`)}, s.created_at::text as added_at
      from shortlists s join rider_cards c on c.user_id = s.rider_id
      where s.company_id = ${companyId} and c.listed
        ${cursor ? sql`and (s.created_at, s.rider_id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
      order by s.created_at desc nulls last, s.rider_id desc
      limit ${SEARCH_PAGE_SIZE + 1}`),
  );
  const more = rows.length > SEARCH_PAGE_SIZE;
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map(toResult),
    next: more && last ? encodeCursor({ at: last.added_at, id: last.user_id }) : null,
  };
}
