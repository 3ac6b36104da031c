/** The database schema (Drizzle). Migrations in ./migrations are generated from it with `npm run db:generate`. */
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Normalised: trimmed and lower-cased, so one address is one row. */
    email: text('email').notNull(),
    /** The page the form was sent from. */
    sourcePath: text('source_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_key').on(table.email)],
);
