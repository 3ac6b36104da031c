/**
 * A write of a user's own fields (the profile and bio forms), with the rider's card
 * and profile document patched in the same statement: one round trip and one commit, where the
 * update and a full rebuild of both (riderCards.ts, profileDocument.ts) took five round trips.
 *
 * Only what the users row feeds is recomputed, by the expressions the full builds use
 * (cardUserColumns, userJson), so a patched card or document is what a rebuild would make:
 *  - the card's users columns and its `search` (which also reads the work history), written
 *    only when one of them differs; a rider without a card yet gets a whole one (cardSelect);
 *  - the document's `user` part, replaced in place (jsonb_set on the stored text, whose jsonb
 *    text form is the one the build makes, so its ETag is the build's md5 too). The other parts
 *    (lists, personal information, reputation) and `fresh_until` do not depend on the users
 *    row, so they stay. A document gone stale (`fresh_until` passed) or missing is not patched:
 *    the next read rebuilds it whole, and the caller reads it that way (body null).
 * tests/server/profileDocument.test.ts compares both with a fresh build after each such write.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { executePrepared } from '../lib/preparedSql';
import { cardColumns, cardSelect, cardUserColumnList, cardUserColumns } from './riderCards';
import { userJson } from './profileDocument';
import { rowsOf } from '../lib/rows';
import { forgetProfile, keepWrittenProfile, profileReadBegins } from '../plugins/profileCache';

/** The users columns a profile form writes (null clears). */
export interface RiderFields {
  username?: string;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  state?: string | null;
  town?: string | null;
  introduction?: string | null;
  bio?: string | null;
}

const FIELD_NAMES = ['username', 'first_name', 'last_name', 'phone', 'state', 'town', 'introduction', 'bio'] as const;

/**
 * Sets `fields` on the user (and `updated_at`), patching the rider's card and document. Null
 * when the user does not exist; else the document's new JSON text, or null as `body` when no
 * stored document was patched (a company, a stale or missing document). A username taken by
 * another account fails with PostgreSQL's unique violation (23505), changing nothing.
 */
export async function writeRiderFields(db: Db, userId: string, fields: RiderFields): Promise<{ body: string | null } | null> {
  const names = FIELD_NAMES.filter((name) => fields[name] !== undefined);
  const assignments = () => sql.join(names.map((name) => sql`, ${sql.raw(name)} = ${sql.placeholder(name)}`));
  // The statement's text depends only on which fields are set: one prepared statement for each
  // set, named by its bits (a name is at most 63 characters).
  const set = names.reduce((bits, name) => bits | (1 << FIELD_NAMES.indexOf(name)), 0);
  const began = profileReadBegins();
  const [row] = rowsOf<{ body: string | null; etag: string | null; fresh_until: Date | string | null }>(
    await executePrepared(
      db,
      `rider_fields_write_${set}`,
      () => sql`
        with written as (
          update users set updated_at = now()${assignments()} where id = ${sql.placeholder('userId')} returning *
        ),
        card as (
          select u.id, ${cardUserColumns}
          from written u join rider_cards c on c.user_id = u.id
        ),
        card_patched as (
          update rider_cards c set (${cardUserColumnList()}, updated_at) = (${cardUserColumnList('n')}, now())
          from card n
          where c.user_id = n.id and (${cardUserColumnList('c')}) is distinct from (${cardUserColumnList('n')})
          returning 1
        ),
        card_made as (
          insert into rider_cards (${cardColumns}) ${cardSelect(sql`c.user_id is null`, sql`written`)}
          -- Made meanwhile by another write of the same rider (which our users update waited for).
          on conflict (user_id) do update set (${cardUserColumnList()}, updated_at) = (${cardUserColumnList('excluded')}, now())
          returning 1
        ),
        document as (
          update profile_documents d set (body, etag, updated_at) = (
            select patched.body, '"' || md5(patched.body) || '"', now()
            from (select jsonb_set(d.body::jsonb, '{user}', ${userJson})::text as body) as patched
          )
          from written u
          where d.user_id = u.id and (d.fresh_until is null or d.fresh_until > now())
          returning d.body, d.etag, d.fresh_until
        )
        select doc.body, doc.etag, doc.fresh_until from written left join document doc on true`,
      { ...fields, userId },
    ),
  );
  // Forgotten everywhere; the patched document is kept here, so the rider's next read (the
  // dashboard after a save) needs no round trip (plugins/profileCache.ts keepWrittenProfile).
  if (row?.body && row.etag) keepWrittenProfile(db, userId, began, { body: row.body, etag: row.etag, freshUntil: row.fresh_until });
  else forgetProfile(db, userId);
  return row ? { body: row.body } : null;
}
