/**
 * The rider's account on the dashboard: the profile content and bio, the data export
 * and the deletion of the account (NDPA 2023: the right to take one's data and to erase it).
 * Every query is scoped to the signed-in user's id; nothing here takes another user's id.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { normalisePhone, type Profile } from '../../../shared/profile';
import type { WaitingItem, WaitingResponse } from '../../../shared/waiting';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  files,
  newsletterSubscriptions,
  outboxEmails,
  pastEmployees,
  personalInfo,
  sessions,
  users,
  workHistories,
} from '../../db/schema';
import { AppError } from '../../errors';
import { authLimits, countAgainstLimits, type LimitStore } from '../../lib/limits';
import { checkPlace } from '../../domain/locations';
import { verifyPassword } from '../../lib/passwords';
import { fileUrl } from '../../plugins/files';
import { etagMatches, readProfileDocument, readSignedInProfileDocument } from '../../domain/profileDocument';
import { readProfile } from '../../domain/riderProfile';
import { writeRiderFields, type RiderFields } from '../../domain/riderFieldsWrite';
import { tokenSession, type AuthContext } from '../../plugins/auth';
import { forgetSessions } from '../../plugins/sessionCache';
import { cachedProfile, keepProfile, profileReadBegins } from '../../plugins/profileCache';
import { isUniqueViolation } from '../../lib/uniqueViolation';
import { rowsOf } from '../../lib/rows';

/** A Google account (no password) confirms deletion with a Google sign-in at most this old. */
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

const emptyToNull = (value: string | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const profile = await readProfile(db, userId);
  if (!profile) throw new AppError('UNAUTHORIZED', messages.signInAgain);
  return profile;
}

/**
 * GET /api/users/profile: what the signed-in rider's own profile read answers. `body` is the
 * stored JSON text, sent as it is; null when the client's If-None-Match names `etag` (a 304).
 */
export interface OwnProfileDocument {
  auth: AuthContext;
  etag: string;
  body: string | null;
}

/**
 * The signed-in rider's profile document for GET /api/users/profile: the session is
 * checked here rather than by requireAuth so that, when the session cache does not vouch for
 * the token, the check is joined into the document read (one database round trip). When it
 * does, the document kept by the profile cache is sent without any (plugins/profileCache.ts).
 * 401 when the token or the session is not good, or the account is gone.
 */
export async function readOwnProfileDocument(
  deps: { db: Db; config: Config },
  input: { token: string | null; ifNoneMatch: string | undefined },
): Promise<OwnProfileDocument> {
  const claims = input.token ? tokenSession(deps.config, input.token) : null;
  if (!claims) throw new AppError('UNAUTHORIZED', messages.signInAgain);
  const { cached, ...auth } = claims;
  const kept = cached ? cachedProfile(auth.userId) : null;
  const began = profileReadBegins();
  const read = kept
    ? { document: kept }
    : cached
      ? { document: await readProfileDocument(deps.db, auth.userId) }
      : await readSignedInProfileDocument(deps.db, auth);
  const document = read?.document;
  if (!document) throw new AppError('UNAUTHORIZED', messages.signInAgain);
  // Only a stored document read as it was (one that was just built has no `freshUntil` here).
  if (!kept && 'freshUntil' in document) keepProfile(auth.userId, began, document);
  const notModified = etagMatches(input.ifNoneMatch, document.etag);
  return { auth, etag: document.etag, body: notModified ? null : document.body };
}

export type ProfileUpdate =
  | { kind: 'content'; username: string; first_name?: string; last_name?: string; phone: string; state: string; town: string; introduction: string }
  | { kind: 'bio'; username: string; bio: string };

/**
 * PUT /api/users/profile-update: the Edit Profile Content form or the Edit Bio form. The
 * username stays unique without regard to case; the phone is kept as +234…; the state and town
 * must be in the location data (domain/locations.ts); empty texts clear.
 */
export async function updateProfile(db: Db, userId: string, update: ProfileUpdate): Promise<{ message: string; profile: Profile }> {
  const changes: RiderFields =
    update.kind === 'content'
      ? {
          username: update.username.trim(),
          // Optional: what companies see as "Ada O.".
          first_name: emptyToNull(update.first_name),
          last_name: emptyToNull(update.last_name),
          phone: update.phone.trim() === '' ? null : normalisePhone(update.phone),
          // A state of the location data and one of its areas, in the data's spelling.
          ...checkPlace({ state: update.state, town: update.town }),
          introduction: emptyToNull(update.introduction),
        }
      : { username: update.username.trim(), bio: emptyToNull(update.bio) };
  let written: { body: string | null } | null;
  try {
    // One statement: the user, what companies see (the rider card) and the profile document.
    written = await writeRiderFields(db, userId, changes);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', messages.usernameTaken, 'username');
    throw err;
  }
  if (!written) throw new AppError('UNAUTHORIZED', messages.signInAgain);
  return {
    message: update.kind === 'content' ? messages.profileUpdated : messages.bioUpdated,
    // The document the write patched: no second read (else read, and rebuilt when stale or missing).
    profile: written.body === null ? await getProfile(db, userId) : (JSON.parse(written.body) as Profile),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything the product keeps about the rider, as one JSON document (GET /api/users/export):
 * the account, personal information, work history, past employees, the stored files' details
 * (the files themselves are downloaded from their urls), sessions and any newsletter subscription.
 * Secrets are left out: the password hash, reset links and verification codes are not the
 * rider's data but keys to it.
 */
export async function exportUserData(db: Db, userId: string, publicUrl: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED', messages.signInAgain);
  const [profile, fileRows, sessionRows, subscriptions, info, histories, employees] = await Promise.all([
    getProfile(db, userId),
    db
      .select({
        id: files.id,
        kind: files.kind,
        isPublic: files.isPublic,
        contentType: files.contentType,
        extension: files.extension,
        originalName: files.originalName,
        size: files.size,
        createdAt: files.createdAt,
      })
      .from(files)
      .where(eq(files.ownerId, userId))
      .orderBy(files.createdAt),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, endedAt: sessions.endedAt, method: sessions.method })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(sessions.createdAt),
    db
      .select({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, user.email)),
    db.select({ updatedAt: personalInfo.updatedAt }).from(personalInfo).where(eq(personalInfo.userId, userId)),
    db.select({ id: workHistories.id, createdAt: workHistories.createdAt }).from(workHistories).where(eq(workHistories.userId, userId)),
    db.select({ id: pastEmployees.id, createdAt: pastEmployees.createdAt }).from(pastEmployees).where(eq(pastEmployees.userId, userId)),
  ]);
  const created = new Map([...histories, ...employees].map((r) => [r.id, iso(r.createdAt)]));
  return {
    format: 'ogba-dispatch-export/1',
    exported_at: new Date().toISOString(),
    account: {
      username: user.username,
      email: user.email,
      email_verified_at: iso(user.emailVerifiedAt),
      phone: user.phone,
      address: user.address,
      state: user.state,
      town: user.town,
      introduction: user.introduction,
      bio: user.bio,
      user_type: user.userType,
      profile_completed: user.profileCompleted,
      current_tab: user.currentTab,
      sign_in: { password: user.passwordHash !== null, google: user.googleSubject !== null },
      rider_agreement: user.riderAgreementAt
        ? { accepted_at: iso(user.riderAgreementAt), version: user.riderAgreementVersion }
        : null,
      picture: profile.user.picture,
      public_profile_url: profile.user.profile_completed === 1 ? `${publicUrl}/riders/${encodeURIComponent(user.username)}` : null,
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    personal_info: profile.personalInfo ? { ...profile.personalInfo, updated_at: iso(info[0]?.updatedAt ?? null) } : null,
    work_histories: profile.workHistories.map((w) => ({ ...w, created_at: created.get(w._id) ?? null })),
    past_employees: profile.pastEmployees.map((e) => ({ ...e, created_at: created.get(e._id) ?? null })),
    files: fileRows.map((f) => ({
      id: f.id,
      kind: f.kind,
      public: f.isPublic,
      content_type: f.contentType,
      extension: f.extension,
      original_name: f.originalName,
      size_bytes: f.size,
      created_at: iso(f.createdAt),
      /** Relative to the site: private files answer their owner's x-auth-token only. */
      url: `/api${fileUrl(f.id)}`,
    })),
    sessions: sessionRows.map((s) => ({
      method: s.method,
      started_at: iso(s.createdAt),
      expires_at: iso(s.expiresAt),
      ended_at: iso(s.endedAt),
    })),
    newsletter_subscription: subscriptions[0] ? { email: subscriptions[0].email, subscribed_at: iso(subscriptions[0].createdAt) } : null,
  };
}

export interface DeleteAccountDeps {
  db: Db;
  limits: LimitStore;
}

/** Failed confirmations of one account: the login's limit (5 in 15 minutes). */
const deleteLimit = (userId: string) => ({ key: `delete-account:${userId}`, limit: authLimits.loginPerAccount });

/**
 * Deletes the signed-in account after a confirmation: the password when the account has one,
 * or, for an account that signs in with Google only, a Google sign-in of the last 10 minutes
 * (the session's method and age tell). The user row goes with everything that hangs on it
 * (sessions, so every token stops working, files, personal information, lists, codes and reset
 * links), and so do the outbox's e-mails to the address (sent or waiting) and a newsletter
 * subscription with it, in one transaction.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  input: { userId: string; sessionId: string; password: string },
): Promise<void> {
  const { db, limits } = deps;
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) throw new AppError('UNAUTHORIZED', messages.signInAgain);
  const [recentGoogle] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, input.sessionId),
        eq(sessions.method, 'google'),
        isNull(sessions.endedAt),
        gt(sessions.createdAt, sql`now() - make_interval(secs => ${RECENT_SIGN_IN_MS / 1000})`),
      ),
    )
    .limit(1);

  if (!recentGoogle) {
    if (!user.passwordHash) throw new AppError('FORBIDDEN', messages.googleReauthNeeded);
    if (input.password === '') throw AppError.invalid('password', messages.passwordToConfirm);
    const limit = deleteLimit(user.id);
    // Counted before the check, atomically, so a burst checks at most the limit.
    await countAgainstLimits(limits, [limit]);
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw AppError.invalid('password', messages.wrongPassword);
    }
    await limits.reset(limit.key);
  }

  await db.transaction(async (tx) => {
    await tx.delete(outboxEmails).where(sql`lower(${outboxEmails.to}) = ${user.email}`);
    await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, user.email));
    // Files, sessions, personal information, lists, codes and reset links go with the user
    // (ON DELETE CASCADE); the files explicitly first so a storage change cannot leave them.
    await tx.delete(files).where(eq(files.ownerId, user.id));
    forgetSessions(user.id);
    await tx.delete(users).where(eq(users.id, user.id));
  });
}

/**
 * GET /api/users/waiting: what waits for the rider, the most pressing first: hire requests still
 * inside their 7 days (the soonest to expire first), reviews the rider has not written while the
 * window is open (the soonest to close first), then an ID staff could not accept. One statement.
 */
export async function listWaitingForRider(db: Db, riderId: string): Promise<WaitingResponse> {
  const rows = rowsOf<{ kind: 'request' | 'review' | 'id'; id: string | null; company: string | null; role: string | null; due: Date | string | null; reason: string | null }>(
    await db.execute(sql`
      select * from (
        select 'request' as kind, e.id::text as id, coalesce(c.company_name, cu.username) as company, e.role, e.expires_at as due, null as reason, 0 as rank
        from engagements e join users cu on cu.id = e.company_id left join companies c on c.user_id = e.company_id
        where e.rider_id = ${riderId} and e.status = 'requested' and e.expires_at > now()
        union all
        select 'review', e.id::text, coalesce(c.company_name, cu.username), e.role, e.review_deadline, null, 1
        from engagements e join users cu on cu.id = e.company_id left join companies c on c.user_id = e.company_id
        where e.rider_id = ${riderId} and e.status = 'ended' and e.review_deadline > now() and e.reviews_published_at is null
          and not exists (select 1 from reviews r where r.engagement_id = e.id and r.author_role = 'rider')
        union all
        select 'id', null, null, null, null, p.id_review_reason, 2
        from personal_info p where p.user_id = ${riderId} and p.id_review_status = 'rejected'
      ) waiting
      order by rank, due nulls last, id
      limit ${WAITING_MAX}`),
  );
  const iso = (value: Date | string | null) => new Date(value ?? 0).toISOString();
  return {
    items: rows.map((row): WaitingItem =>
      row.kind === 'request'
        ? { kind: 'request', id: row.id!, company: row.company!, role: row.role!, expires_at: iso(row.due) }
        : row.kind === 'review'
          ? { kind: 'review', id: row.id!, company: row.company!, deadline: iso(row.due) }
          : { kind: 'id', reason: row.reason },
    ),
  };
}

/** At most this many items are listed (a rider with more has more than a list can help with). */
const WAITING_MAX = 50;
