/**
 * The database schema (Drizzle). Migrations in ./migrations are generated from it with
 * `npm run db:generate`; they run at start-up.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DELIVERY_FAILURE_REASONS, DELIVERY_STATUSES } from '../../shared/deliveries/moves';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A PostgreSQL text-search vector (full-text search works the same on PGlite). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The words staff search by: the 'simple' configuration keeps names and addresses as they are
 * (no English stemming of Yoruba or Igbo names); an address is also split at '@' and '.' so
 * "gmail" or "ada" finds ada@gmail.com.
 */
const searchWords = (...columns: string[]) =>
  sql.raw(
    `to_tsvector('simple', ${columns
      .map((c) => (c.startsWith('email:') ? `coalesce(${c.slice(6)}, '') || ' ' || translate(coalesce(${c.slice(6)}, ''), '@.', '  ')` : `coalesce(${c}, '')`))
      .join(` || ' ' || `)})`,
  );

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
  (table) => [
    uniqueIndex('newsletter_subscriptions_email_key').on(table.email),
    index('newsletter_subscriptions_created_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
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
    /** waiting → invited (an invitation link is out) → joined (the company signed up). */
    status: text('status', { enum: ['waiting', 'invited', 'joined'] }).notNull().default('waiting'),
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
    /** Reply-To (a staff answer is replied to OPS_EMAIL). */
    replyTo: text('reply_to'),
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post for subscribers (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * pending → sending (claimed by one worker until leaseUntil) → sent, or back to pending for
     * a retry, or failed after the last attempt. A 'sending' row whose lease expired (its
     * worker died mid-send) is claimed again.
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull().default('pending'),
    /** Until when the worker that claimed the row owns it (status 'sending'). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Lower goes first: 0 for codes and links (plugins/mail.ts EMAIL_PRIORITY), 1 for notices. */
    priority: smallint('priority').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_emails_due_idx').on(table.status, table.priority, table.nextAttemptAt)],
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
    /** Optional: companies see "Ada O." when both are given, else the username. */
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** The file id of the display-size picture; the API shows it as picture.url. */
    pictureFileId: uuid('picture_file_id'),
    /** 1 = rider; any other value is a company (spec §1). */
    userType: integer('user_type').notNull().default(1),
    profileCompleted: integer('profile_completed').notNull().default(0),
    /** The sign-up step (1-5) to resume at. */
    currentTab: integer('current_tab').notNull().default(1),
    riderAgreementAt: timestamp('rider_agreement_at', { withTimezone: true }),
    riderAgreementVersion: text('rider_agreement_version'),
    /** Set by staff: sessions ended, public page gone, log-in refused until lifted. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** What staff search riders by (the operations console). */
    opsSearch: tsvector('ops_search').generatedAlwaysAs(searchWords('username', 'email:email', 'state', 'town')),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_type_created_idx').on(table.userType, table.createdAt.desc(), table.id.desc()),
    index('users_ops_search_idx').using('gin', table.opsSearch),
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
    kind: text('kind', { enum: ['profile_image', 'profile_thumb', 'valid_id', 'rider_id_card', 'company_logo', 'delivery_proof'] }).notNull(),
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
  /**
   * The staff check of the ID documents (DESIGN.md §10): none → pending on upload →
   * approved | rejected. Only 'approved' shows as "ID verified".
   */
  /** The kind of ID the rider uploaded (src/shared ID_KINDS): NIN slip, driver's licence, voter's card, passport. */
  idKind: text('id_kind'),
  idReviewStatus: text('id_review_status', { enum: ['none', 'pending', 'approved', 'rejected'] })
    .notNull()
    .default('none'),
  idReviewReason: text('id_review_reason'),
  idReviewedAt: timestamp('id_reviewed_at', { withTimezone: true }),
  idReviewedBy: uuid('id_reviewed_by'),
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

// ── Operations console ─────────────────────────────────────────────────────────

/**
 * Staff who work the desk: a role of their own, never a rider or a company (DESIGN.md §10).
 * An admin manages staff; a dispatcher works the inbox, the waitlist, riders and subscribers.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'dispatcher'] }).notNull(),
    /** Null until the member sets one through their one-time link. */
    passwordHash: text('password_hash'),
    /** The TOTP secret, encrypted (AES-256-GCM with a key derived from JWT_SECRET). */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code works once (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    invitedBy: uuid('invited_by'),
    createdAt: createdAt(),
    /** Removed members keep their row so the audit log still names them. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_email_key').on(table.email)],
);

/** Staff sessions: 12 hours at most; 'password' means the second factor is still owed. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['password', 'complete'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/** One-time links to set a staff password: 24 hours, once. Only the SHA-256 is kept. */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('staff_password_links_hash_key').on(table.tokenHash)],
);

/** One-time recovery codes, given once at TOTP enrolment; only their SHA-256 is kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('staff_recovery_codes_staff_idx').on(table.staffId)],
);

/**
 * Every staff action, written in the same transaction as the action (DESIGN.md §10). Nothing
 * in the console edits or deletes it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id'),
    /** The member's address at the time, so the log reads the same after a removal. */
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
    index('audit_log_staff_idx').on(table.staffId, table.createdAt.desc()),
  ],
);

/**
 * The inbox: one row per enquiry, quote, waitlist entry or booked delivery, written in the same transaction as
 * the form's row. Its lifecycle is machines/ops/inboxItemMachine.ts: new → open → answered → closed.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['enquiry', 'quote', 'waitlist', 'delivery'] }).notNull(),
    enquiryId: uuid('enquiry_id').references(() => enquiries.id, { onDelete: 'cascade' }),
    waitlistEntryId: uuid('waitlist_entry_id').references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id').references((): AnyPgColumn => deliveries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['new', 'open', 'answered', 'closed'] }).notNull().default('new'),
    assigneeId: uuid('assignee_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
    search: tsvector('search').generatedAlwaysAs(searchWords('name', 'email:email', 'message')),
  },
  (table) => [
    index('inbox_items_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('inbox_items_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('inbox_items_kind_created_idx').on(table.kind, table.createdAt.desc(), table.id.desc()),
    index('inbox_items_search_idx').using('gin', table.search),
    uniqueIndex('inbox_items_enquiry_key').on(table.enquiryId),
    uniqueIndex('inbox_items_waitlist_key').on(table.waitlistEntryId),
    uniqueIndex('inbox_items_delivery_key').on(table.deliveryId),
  ],
);

/** An item's timeline: internal notes and the answers e-mailed from the console. */
export const inboxEntries = pgTable(
  'inbox_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inboxItems.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['note', 'reply'] }).notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    /** A reply's subject; null for a note. */
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('inbox_entries_item_idx').on(table.itemId, table.createdAt)],
);

/**
 * Invitations off the waitlist: a single-use link to /company-signup?invite=… valid 7 days.
 * Re-sending makes a new link and revokes the old one. Only the SHA-256 of the token is kept.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    waitlistEntryId: uuid('waitlist_entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('company_invitations_hash_key').on(table.tokenHash),
    index('company_invitations_entry_idx').on(table.waitlistEntryId),
  ],
);

// ── The company side ───────────────────────────────────────────────────────────

/**
 * A company's own facts, one row per company account (users.user_type 2). The account's
 * e-mail, phone, address, state and town live on users like a rider's.
 */
export const companies = pgTable('companies', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  contactPerson: text('contact_person').notNull(),
  /** The CAC registration number (RC or BN followed by digits), when given. */
  cacNumber: text('cac_number'),
  /** A public file of kind 'company_logo', when given. */
  logoFileId: uuid('logo_file_id'),
  /** The waitlist entry whose invitation made this account. */
  waitlistEntryId: uuid('waitlist_entry_id').references(() => waitlistEntries.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * What company search reads: one row per rider, kept by domain/riderCards.ts
 * (refreshRiderCard) whenever the rider's profile, ID check, suspension or reviews change, so a
 * search is one indexed table scan however many tables the facts come from. `listed` is true
 * only for a rider who finished sign-up and is not suspended.
 */
export const riderCards = pgTable(
  'rider_cards',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    listed: boolean('listed').notNull().default(false),
    username: text('username').notNull(),
    /** "Ada O." when the rider gave a first and last name, else the username. */
    displayName: text('display_name').notNull(),
    introduction: text('introduction'),
    state: text('state'),
    town: text('town'),
    /** The experience band of personal info (spec: 1-2, 3-5, 6-10, 10+). */
    experience: text('experience'),
    /** Lower-cased languages, one per element, for `languages @> array[...]`. */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    education: text('education'),
    idVerified: boolean('id_verified').notNull().default(false),
    pictureFileId: uuid('picture_file_id'),
    /** Job Success 0-100, or null while the rider is a "New rider" (src/shared/jobSuccess.ts). */
    jobSuccess: smallint('job_success'),
    /** The engagements the score is based on (last 24 months). */
    jobsCounted: integer('jobs_counted').notNull().default(0),
    /** Published, visible reviews by companies; their average (null with none). */
    reviewCount: integer('review_count').notNull().default(0),
    ratingAverage: integer('rating_average_x100'),
    /** The delivery record (updated in the transaction of each move): completed, on time, senders' ratings. */
    deliveriesCompleted: integer('deliveries_completed').notNull().default(0),
    deliveriesOnTime: integer('deliveries_on_time').notNull().default(0),
    deliveryRatingCount: integer('delivery_rating_count').notNull().default(0),
    deliveryRatingSum: integer('delivery_rating_sum').notNull().default(0),
    /** When the rider finished sign-up (the "newest" sort). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Free text: introduction, bio and work history (English stemming: "delivering" finds "delivery"). */
    search: tsvector('search'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('rider_cards_search_idx').using('gin', table.search),
    index('rider_cards_languages_idx').using('gin', table.languages),
    index('rider_cards_success_idx').on(table.listed, sql`coalesce(${table.jobSuccess}, -1) desc`, table.userId),
    index('rider_cards_rating_idx').on(table.listed, sql`coalesce(${table.ratingAverage}, -1) desc`, table.userId),
    index('rider_cards_newest_idx').on(table.listed, table.completedAt.desc(), table.userId),
    index('rider_cards_place_idx').on(table.listed, table.state, table.town),
    // A company finds a rider by a piece of the name ("ada", "ada_rides"): trigram indexes answer
    // `lower(name) like '%piece%'` without reading every card (pg_trgm: a trusted extension, so a
    // database owner may create it; PGlite loads it in db/client.ts).
    index('rider_cards_display_name_trgm_idx').using('gin', sql`lower(${table.displayName}) gin_trgm_ops`),
    index('rider_cards_username_trgm_idx').using('gin', sql`lower(${table.username}) gin_trgm_ops`),
  ],
);

/**
 * The signed-in rider's profile kept ready: GET /api/users/profile's answer as JSON
 * text with its ETag, rebuilt by domain/profileDocument.ts (refreshProfileDocument) in the
 * transaction of every write that changes it, and sent as stored. `fresh_until` is the next
 * moment the clock alone changes it (a review window closing, a job leaving the 24-month
 * window); a read at or after it rebuilds the row first.
 */
export const profileDocuments = pgTable('profile_documents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  etag: text('etag').notNull(),
  freshUntil: timestamp('fresh_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** A company's shortlist of riders. */
export const shortlists = pgTable(
  'shortlists',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('shortlists_pair_key').on(table.companyId, table.riderId), index('shortlists_company_idx').on(table.companyId, table.createdAt.desc())],
);

/**
 * A hire request and, once accepted, the engagement: one row, one lifecycle
 * (machines/hiring/engagementMachine.ts, src/shared/hiring.ts): requested → active | declined |
 * expired | withdrawn; active → ended. The 7-day expiry and the 14-day review window are kept
 * by the server (a request past expiresAt reads as expired even before the sweeper writes it).
 */
export const engagements = pgTable(
  'engagements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    state: text('state').notNull(),
    town: text('town').notNull(),
    startDate: date('start_date').notNull(),
    payNote: text('pay_note').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['requested', 'active', 'declined', 'expired', 'withdrawn', 'ended'] })
      .notNull()
      .default('requested'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by', { enum: ['company', 'rider'] }),
    /** How it ended: 'completed' or 'early' (an early end by the company counts against Job Success). */
    endOutcome: text('end_outcome', { enum: ['completed', 'early'] }),
    /** endedAt + 14 days: reviews can be written until then, and are published then at the latest. */
    reviewDeadline: timestamp('review_deadline', { withTimezone: true }),
    /** When both reviews became visible (both written, or the window closed). */
    reviewsPublishedAt: timestamp('reviews_published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('engagements_rider_idx').on(table.riderId, table.createdAt.desc(), table.id.desc()),
    index('engagements_company_idx').on(table.companyId, table.createdAt.desc(), table.id.desc()),
    index('engagements_due_idx').on(table.status, table.expiresAt),
    index('engagements_review_due_idx').on(table.reviewDeadline).where(sql`reviews_published_at is null and review_deadline is not null`),
    // One open request or engagement per company and rider at a time.
    uniqueIndex('engagements_open_pair_key').on(table.companyId, table.riderId).where(sql`status in ('requested', 'active')`),
  ],
);

/**
 * Reviews of an ended engagement, one per side (double-blind: hidden until both are written or
 * the window closes, then published together and no longer editable). The rider may reply once
 * to the company's review. Staff can hide an abusive review; a hidden review stops counting.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    /** Who wrote it: the company (about the rider) or the rider (about the company). */
    authorRole: text('author_role', { enum: ['company', 'rider'] }).notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    /** The company's answer to "Would you hire this rider again?"; null on a rider's review. */
    wouldHireAgain: boolean('would_hire_again'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by'),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('reviews_engagement_author_key').on(table.engagementId, table.authorRole),
    index('reviews_subject_idx').on(table.subjectId, table.createdAt.desc()),
  ],
);

/**
 * The delivery rate card (DESIGN.md §11), one row per version: a change is a new row
 * with the next version, never an update, so a quote can always show the card it was priced with.
 * Version 1 is the shipped defaultRateCard, written at start-up when the table is empty.
 */
export const rateCards = pgTable('rate_cards', {
  version: integer('version').primaryKey(),
  /** The whole RateCard (src/shared/deliveries/rateCard.ts), its `version` equal to the row's. */
  card: jsonb('card').notNull(),
  createdAt: createdAt(),
  /** The staff member who saved it; null for the shipped version 1. */
  createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
});

/**
 * A priced delivery quote, held 15 minutes: what was asked, the price and its
 * breakdown, and the rate card version it was priced with. The id is the quote's public handle
 * (a random UUID, unguessable); a booking takes the price from here, never recomputes it.
 */
export const deliveryQuotes = pgTable(
  'delivery_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The request as priced: {pickup, dropoff, parcel, pickup_at, payment}. */
    request: jsonb('request').notNull(),
    priceKobo: integer('price_kobo').notNull(),
    breakdown: jsonb('breakdown').notNull(),
    /** Road distance in km to 0.1 (Lagos, or the international first mile). */
    distanceKm: numeric('distance_km', { precision: 7, scale: 1, mode: 'number' }),
    /** International only: the chargeable weight in kg, to 0.5. */
    chargeableWeightKg: numeric('chargeable_weight_kg', { precision: 7, scale: 1, mode: 'number' }),
    rateCardVersion: integer('rate_card_version')
      .notNull()
      .references(() => rateCards.version),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** HMAC of the caller's address (never the address itself); null when an API key called. */
    clientIpHash: text('client_ip_hash'),
    /** The business API key that asked (its table comes with the keys); null from a browser. */
    apiKeyId: uuid('api_key_id'),
  },
  (table) => [index('delivery_quotes_expires_idx').on(table.expiresAt)],
);

/**
 * A business's API key, made and revoked on the company's Account tab. Shown once when made;
 * only its SHA-256 is kept (a key is 32 random bytes, so a plain hash is enough: nothing to
 * guess). The prefix ("ogb_live_ab12…") is what the Account tab shows to tell keys apart.
 */
export const companyApiKeys = pgTable(
  'company_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('company_api_keys_hash_key').on(table.keyHash), index('company_api_keys_company_idx').on(table.companyId, table.createdAt.desc())],
);

/**
 * A booked delivery. The price, breakdown and rate card version are copied from its quote (held
 * 15 minutes; a booking never reprices). The reference (OGB-7K2Q9) is what people read out on
 * the phone; the id is the API's handle; the tracking token (only its SHA-256 here) is in the
 * link sent to the sender. Status runs booked → assigned → picked_up → delivered, or to
 * failed / cancelled (dispatch and proof of delivery fill the later ones).
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    /** src/shared/deliveries/moves.ts DELIVERY_STATUSES; moved only through DELIVERY_MOVES. */
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('booked'),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => deliveryQuotes.id),
    priceKobo: integer('price_kobo').notNull(),
    breakdown: jsonb('breakdown').notNull(),
    rateCardVersion: integer('rate_card_version')
      .notNull()
      .references(() => rateCards.version),
    /** {name, phone, email} */
    sender: jsonb('sender').notNull(),
    /** {state, area, address, landmark, contact_name, contact_phone} (dropoff abroad: {country, city, …}) */
    pickup: jsonb('pickup').notNull(),
    dropoff: jsonb('dropoff').notNull(),
    /**
     * The recipient's e-mail, when the sender gave one: the booking, pickup (code), delivery and
     * failure e-mails go there too. Its own column, not in `dropoff`, so no answer that passes the
     * drop-off on (the rider's job) can carry it; only staff and the booking company read it.
     */
    recipientEmail: text('recipient_email'),
    /** As quoted: {size} or {weight_kg, length_cm, width_cm, height_cm}. */
    parcel: jsonb('parcel').notNull(),
    description: text('description').notNull(),
    payment: text('payment', { enum: ['cash_on_pickup', 'cash_on_delivery', 'transfer'] }).notNull(),
    /** When the sender wants it collected; null for "now". */
    pickupAt: timestamp('pickup_at', { withTimezone: true }),
    /** The company that booked it (signed in, or through one of its API keys); null for a visitor. */
    companyId: uuid('company_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').references(() => companyApiKeys.id, { onDelete: 'set null' }),
    /** The rider dispatched to it (an accepted offer or the dispatch board sets it). */
    riderId: uuid('rider_id').references(() => users.id, { onDelete: 'set null' }),
    /** The rider's pay for the job: the rate card's share of the price, fixed when offered or assigned. */
    riderPayKobo: integer('rider_pay_kobo'),
    /** The end of the promised delivery window (on time = delivered by then). */
    deliverBy: timestamp('deliver_by', { withTimezone: true }),
    /** The recipient's 4-digit code (only its hash), made at pickup; wrong tries counted, 5 then staff. */
    deliveryCodeHash: text('delivery_code_hash'),
    deliveryCodeTries: smallint('delivery_code_tries').notNull().default(0),
    /** The photo of the parcel handed over (files.id, private to the sender, the rider and staff). */
    proofFileId: uuid('proof_file_id'),
    /** Cash the rider collected, when the payment was cash: reported with pick_up (cash_on_pickup) or deliver (cash_on_delivery). */
    cashCollectedKobo: integer('cash_collected_kobo'),
    failureReason: text('failure_reason', { enum: DELIVERY_FAILURE_REASONS }),
    failureNote: text('failure_note'),
    cancelReason: text('cancel_reason'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The sender's rating after delivery, once: 1-5 and a comment. */
    senderRating: smallint('sender_rating'),
    senderComment: text('sender_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    trackingTokenHash: text('tracking_token_hash').notNull(),
    /** HMAC of the booking browser's address; null when an API key booked. */
    clientIpHash: text('client_ip_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('deliveries_reference_key').on(table.reference),
    uniqueIndex('deliveries_tracking_key').on(table.trackingTokenHash),
    // A quote books once: a second booking of the same quote is the first one again or a refusal.
    uniqueIndex('deliveries_quote_key').on(table.quoteId),
    index('deliveries_company_idx').on(table.companyId, table.createdAt.desc(), table.id.desc()),
    index('deliveries_status_created_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
  ],
);

/** A delivery's timeline: booked, assigned, picked up, delivered…, with who did it. */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    /** The status after the move. */
    status: text('status').notNull(),
    /** DELIVERY_ACTIONS ('booked' for the booking itself). */
    action: text('action').notNull().default('booked'),
    actor: text('actor', { enum: ['sender', 'rider', 'staff', 'system'] }).notNull().default('sender'),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    riderId: uuid('rider_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    /** The phone's clock when the rider tapped (a move sent later from the offline queue). */
    clientAt: timestamp('client_at', { withTimezone: true }),
    /** The phone's Idempotency-Key: a move sent twice is applied once. */
    clientKey: text('client_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('delivery_events_delivery_idx').on(table.deliveryId, table.createdAt),
    uniqueIndex('delivery_events_client_key').on(table.deliveryId, table.clientKey),
  ],
);

/**
 * An offer of a delivery to one available rider: open for OFFER_TTL_MS; the first accept wins
 * (the delivery row is locked), and the others' offers close at once.
 */
export const deliveryOffers = pgTable(
  'delivery_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'accepted', 'declined', 'expired', 'closed'] }).notNull().default('open'),
    /** Who made it: a dispatcher, or the server offering to the next rider. */
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('delivery_offers_pair_key').on(table.deliveryId, table.riderId),
    index('delivery_offers_rider_open_idx').on(table.riderId, table.status, table.expiresAt),
    index('delivery_offers_due_idx').on(table.status, table.expiresAt),
  ],
);

/** A rider's "Available for deliveries" switch and the Lagos areas they cover (src/shared/deliveries/areas.ts). */
export const riderAvailability = pgTable(
  'rider_availability',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    available: boolean('available').notNull().default(false),
    areas: text('areas').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('rider_availability_areas_idx').using('gin', table.areas)],
);

/**
 * A booking request's Idempotency-Key: the same key from the same caller (a company, an API
 * key, or a browser's address) within 24 hours answers with the delivery it booked, once.
 * request_hash is the SHA-256 of the body: the same key with a different body is refused.
 */
export const deliveryIdempotencyKeys = pgTable(
  'delivery_idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('delivery_idempotency_scope_key').on(table.scope, table.key), index('delivery_idempotency_created_idx').on(table.createdAt)],
);

/** A company's saved pickup and drop-off addresses, offered when it books from its dashboard. */
export const companySavedAddresses = pgTable(
  'company_saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    state: text('state').notNull(),
    area: text('area').notNull(),
    address: text('address').notNull(),
    landmark: text('landmark').notNull().default(''),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** A drop-off's recipient e-mail (lower-cased), filled into the booking with the place; null when none. */
    contactEmail: text('contact_email'),
    createdAt: createdAt(),
  },
  (table) => [index('company_saved_addresses_company_idx').on(table.companyId, table.createdAt.desc())],
);
