/**
 * The database schema (Drizzle). Migrations in ./migrations are generated from it with
 * `npm run db:generate`; they run at start-up.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Normalised: trimmed and lower-cased, so one address is one row. */
    email: text('email').notNull(),
    /** The page the form was sent from. */
    sourcePath: text('source_path'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_key').on(table.email)],
);

/** Quick Enquiry (home) and Get Quote (contact) messages, told apart by kind. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['enquiry', 'quote'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    sourcePath: text('source_path'),
    createdAt: createdAt(),
  },
  (table) => [index('enquiries_created_at_idx').on(table.createdAt)],
);

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    /** Normalised like the newsletter's; joining again updates the entry. */
    email: text('email').notNull(),
    features: text('features'),
    sourcePath: text('source_path'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [uniqueIndex('waitlist_entries_email_key').on(table.email)],
);

/**
 * E-mails waiting to be delivered (DESIGN.md §5): written in the same transaction as the
 * change that sends them, delivered by a worker with retries.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** pending → sent, or failed after the last attempt. */
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_emails_due_idx').on(table.status, table.nextAttemptAt)],
);

/** Spec §3 'User', plus what a real account needs. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Stored trimmed and lower-cased: unique without regard to case. */
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Null for an account made through Google sign-in that never set a password. */
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject'),
    phone: text('phone'),
    address: text('address'),
    town: text('town'),
    state: text('state'),
    introduction: text('introduction'),
    bio: text('bio'),
    /** The file id of the display-size picture; the API shows it as picture.url. */
    pictureFileId: uuid('picture_file_id'),
    /** 1 = rider; any other value is a company (spec §1). */
    userType: integer('user_type').notNull().default(1),
    profileCompleted: integer('profile_completed').notNull().default(0),
    /** The sign-up step (1-5) to resume at. */
    currentTab: integer('current_tab').notNull().default(1),
    riderAgreementAt: timestamp('rider_agreement_at', { withTimezone: true }),
    riderAgreementVersion: text('rider_agreement_version'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_google_subject_key').on(table.googleSubject),
  ],
);

/** Server-kept sessions: a token names one; logout and a password reset end them for real. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** How the session began: 'password' or 'google' (a recent Google sign-in confirms deletion). */
    method: text('method').notNull().default('password'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: the token itself travels only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_key').on(table.tokenHash)],
);

export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_verification_codes_user_idx').on(table.userId)],
);

/**
 * Uploaded files, kept in the database so every app instance can serve them (DESIGN.md §6).
 * Private files (ID documents) are served to their owner only.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['profile_image', 'profile_thumb', 'valid_id', 'rider_id_card'] }).notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    contentType: text('content_type').notNull(),
    extension: text('extension').notNull(),
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('files_owner_idx').on(table.ownerId)],
);

/** Spec §3 'PersonalInfo': one row per rider. */
export const personalInfo = pgTable('personal_info', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totalYearsOfExperience: text('total_years_of_experience'),
  languagesSpoken: text('languages_spoken'),
  education: text('education'),
  validIdFileId: uuid('valid_id_file_id'),
  riderIdCardFileId: uuid('rider_id_card_file_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export const workHistories = pgTable(
  'work_histories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: text('position').notNull(),
    companyName: text('company_name').notNull(),
    numberOfYears: text('number_of_years').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    createdAt: createdAt(),
  },
  (table) => [index('work_histories_user_idx').on(table.userId)],
);

export const pastEmployees = pgTable(
  'past_employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    companyContact: text('company_contact'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('past_employees_user_idx').on(table.userId)],
);
