/**
 * The rider's names as each reader may see them. A stranger (the public page, search, a company
 * before its request is accepted) sees the display name, "Ada O." (riderCards.ts builds it on the
 * card); the company a rider accepted sees the full name, while the engagement is active or
 * after it ended, as it also sees the phone and e-mail then.
 */
import { sql, type SQL } from 'drizzle-orm';

/** "Ada Obi" from the users row `alias` when both names were given, else null. */
export const fullNameOf = (alias: string): SQL =>
  sql.raw(`case when coalesce(trim(${alias}.first_name), '') <> '' and coalesce(trim(${alias}.last_name), '') <> ''
    then trim(${alias}.first_name) || ' ' || trim(${alias}.last_name) end`);

/** An engagement status at which the company has been let in: the rider accepted. */
export const HIRED_STATUSES = sql.raw(`('active', 'ended')`);
