/**
 * The company's own account: its profile and logo, the password change, the data
 * export and the deletion (NDPA 2023, as riders have them). Every query is scoped to the
 * signed-in company's id; nothing here takes another account's id.
 */
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { normaliseCac, type CompanyProfile, type CompanyProfileResponse } from '../../../shared/company';
import { messages } from '../../../shared/messages';
import { normalisePhone } from '../../../shared/profile';
import type { Db } from '../../db/client';
import { companies, engagements, files, newsletterSubscriptions, outboxEmails, reviews, sessions, shortlists, users } from '../../db/schema';
import { AppError } from '../../errors';
import { deleteFilesOf, fileUrl, storeFile } from '../../plugins/files';
import { processProfileImage } from '../../lib/images';
import { authLimits, countAgainstLimits, type LimitStore } from '../../lib/limits';
import { checkPlace } from '../../domain/locations';
import { listApiKeys } from '../../domain/apiKeys';
import { assertPasswordNotCommon, hashPassword, verifyPassword } from '../../lib/passwords';
import { recomputeRiderReputation } from '../../domain/reputation';
import { forgetSessions } from '../../plugins/sessionCache';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The company's profile; a 404 when the account is not a company's (a guard already said so). */
export async function getCompanyProfile(db: Db, userId: string): Promise<CompanyProfile> {
  const [row] = await db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      address: users.address,
      state: users.state,
      town: users.town,
      companyName: companies.companyName,
      contactPerson: companies.contactPerson,
      cacNumber: companies.cacNumber,
      logoFileId: companies.logoFileId,
      createdAt: companies.createdAt,
    })
    .from(users)
    .innerJoin(companies, eq(companies.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.notFound);
  return {
    company_name: row.companyName,
    contact_person: row.contactPerson,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    phone: row.phone,
    address: row.address,
    state: row.state,
    town: row.town,
    cac_number: row.cacNumber,
    logo: row.logoFileId ? { url: fileUrl(row.logoFileId) } : null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface CompanyProfileUpdate {
  company_name: string;
  contact_person: string;
  phone: string;
  address: string;
  state: string;
  town: string;
  cac_number: string;
}

/** PUT /api/companies/me: the profile; the phone kept as +234…, the CAC number as RC123456. */
export async function updateCompanyProfile(db: Db, userId: string, input: CompanyProfileUpdate): Promise<CompanyProfileResponse> {
  const place = checkPlace({ state: input.state, town: input.town });
  const phone = normalisePhone(input.phone);
  if (!phone) throw AppError.invalid('phone', messages.invalidPhone);
  const cac = input.cac_number.trim() === '' ? null : normaliseCac(input.cac_number);
  if (input.cac_number.trim() !== '' && !cac) throw AppError.invalid('cac_number', messages.companyCacInvalid);
  await db.transaction(async (tx) => {
    const [company] = await tx
      .update(companies)
      .set({ companyName: input.company_name.trim(), contactPerson: input.contact_person.trim(), cacNumber: cac, updatedAt: sql`now()` })
      .where(eq(companies.userId, userId))
      .returning({ userId: companies.userId });
    if (!company) throw new AppError('NOT_FOUND', messages.notFound);
    await tx
      .update(users)
      .set({ phone, address: input.address.trim(), state: place.state, town: place.town, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  });
  return { message: messages.companyProfileSaved, profile: await getCompanyProfile(db, userId) };
}

/**
 * POST /api/companies/me/logo: judged by its bytes and re-encoded without metadata (outside any
 * transaction: the slow part), then the old logo is replaced in one transaction. Public.
 */
export async function uploadCompanyLogo(db: Db, userId: string, upload: { data: Buffer; filename: string }): Promise<CompanyProfileResponse> {
  await getCompanyProfile(db, userId);
  const { display } = await processProfileImage(upload.data, 'logo');
  const baseName = upload.filename.replace(/\.[^.]*$/, '') || 'logo';
  await db.transaction(async (tx) => {
    await deleteFilesOf(tx, userId, ['company_logo']);
    const logoId = await storeFile(tx, {
      ownerId: userId,
      isPublic: true,
      kind: 'company_logo',
      contentType: display.contentType,
      extension: display.extension,
      originalName: `${baseName}.webp`,
      data: display.data,
    });
    await tx.update(companies).set({ logoFileId: logoId, updatedAt: sql`now()` }).where(eq(companies.userId, userId));
  });
  return { message: messages.companyLogoSaved, profile: await getCompanyProfile(db, userId) };
}

export interface PasswordDeps {
  db: Db;
  limits: LimitStore;
}

/** Failed confirmations of one account (password change, deletion): the login's limit, 5 in 15 minutes. */
const confirmLimit = (userId: string) => ({ key: `company-confirm:${userId}`, limit: authLimits.loginPerAccount });

/** Checks the account's password, counted against the limit before the check. */
async function confirmPassword(deps: PasswordDeps, userId: string, password: string, field: string, wrong: string): Promise<{ email: string }> {
  const [user] = await deps.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError('UNAUTHORIZED', messages.signInAgain);
  const limit = confirmLimit(userId);
  await countAgainstLimits(deps.limits, [limit]);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) throw AppError.invalid(field, wrong);
  await deps.limits.reset(limit.key);
  return user;
}

/** PUT /api/companies/me/password: the current password, then the new one; other sessions end. */
export async function changeCompanyPassword(
  deps: PasswordDeps,
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
): Promise<{ message: string }> {
  const { email } = await confirmPassword(deps, input.userId, input.currentPassword, 'current_password', messages.companyCurrentPasswordWrong);
  assertPasswordNotCommon('new_password', input.newPassword, { email });
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, input.userId));
    forgetSessions(input.userId);
    await tx
      .update(sessions)
      .set({ endedAt: sql`now()` })
      .where(and(eq(sessions.userId, input.userId), ne(sessions.id, input.sessionId), isNull(sessions.endedAt)));
  });
  return { message: messages.companyPasswordChanged };
}

/**
 * GET /api/companies/me/export: everything the product keeps about the company, as one JSON
 * document: the account, the company row, stored files' details, sessions, the shortlist, hire
 * requests and engagements, the reviews it wrote and the published reviews about it (a review
 * still blind is the rider's until both are visible), and any newsletter subscription. Secrets
 * (password hash, codes, reset links) are left out.
 */
export async function exportCompanyData(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const [company] = await db.select().from(companies).where(eq(companies.userId, userId)).limit(1);
  if (!user || !company) throw new AppError('NOT_FOUND', messages.notFound);
  const [fileRows, sessionRows, subscriptions, shortlistRows, engagementRows, apiKeyRows] = await Promise.all([
    db
      .select({ id: files.id, kind: files.kind, isPublic: files.isPublic, contentType: files.contentType, originalName: files.originalName, size: files.size, createdAt: files.createdAt })
      .from(files)
      .where(eq(files.ownerId, userId))
      .orderBy(files.createdAt),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, endedAt: sessions.endedAt, method: sessions.method })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(sessions.createdAt),
    db.select({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, user.email)),
    db
      .select({ rider: users.username, createdAt: shortlists.createdAt })
      .from(shortlists)
      .innerJoin(users, eq(users.id, shortlists.riderId))
      .where(eq(shortlists.companyId, userId))
      .orderBy(shortlists.createdAt),
    db
      .select({ engagement: engagements, rider: users.username })
      .from(engagements)
      .innerJoin(users, eq(users.id, engagements.riderId))
      .where(eq(engagements.companyId, userId))
      .orderBy(engagements.createdAt),
    // Its API keys as the Account tab lists them: never a key or its hash.
    listApiKeys(db, userId),
  ]);
  const engagementIds = engagementRows.map((r) => r.engagement.id);
  const published = new Set(engagementRows.filter((r) => r.engagement.reviewsPublishedAt || (r.engagement.reviewDeadline && r.engagement.reviewDeadline <= new Date())).map((r) => r.engagement.id));
  const reviewRows =
    engagementIds.length === 0
      ? []
      : await db
          .select()
          .from(reviews)
          .where(and(inArray(reviews.engagementId, engagementIds), or(eq(reviews.authorId, userId), eq(reviews.subjectId, userId))))
          .orderBy(reviews.createdAt);
  return {
    format: 'ogba-dispatch-company-export/1',
    exported_at: new Date().toISOString(),
    account: {
      username: user.username,
      email: user.email,
      email_verified_at: iso(user.emailVerifiedAt),
      phone: user.phone,
      address: user.address,
      state: user.state,
      town: user.town,
      user_type: user.userType,
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    company: {
      company_name: company.companyName,
      contact_person: company.contactPerson,
      cac_number: company.cacNumber,
      logo: company.logoFileId ? { url: `/api${fileUrl(company.logoFileId)}` } : null,
      created_at: iso(company.createdAt),
      updated_at: iso(company.updatedAt),
    },
    files: fileRows.map((f) => ({
      id: f.id,
      kind: f.kind,
      public: f.isPublic,
      content_type: f.contentType,
      original_name: f.originalName,
      size_bytes: f.size,
      created_at: iso(f.createdAt),
      url: `/api${fileUrl(f.id)}`,
    })),
    sessions: sessionRows.map((s) => ({ method: s.method, started_at: iso(s.createdAt), expires_at: iso(s.expiresAt), ended_at: iso(s.endedAt) })),
    shortlist: shortlistRows.map((s) => ({ rider: s.rider, added_at: iso(s.createdAt) })),
    api_keys: apiKeyRows,
    engagements: engagementRows.map(({ engagement: e, rider }) => ({
      id: e.id,
      rider,
      role: e.role,
      state: e.state,
      town: e.town,
      start_date: e.startDate,
      pay_note: e.payNote,
      message: e.message,
      status: e.status,
      expires_at: iso(e.expiresAt),
      responded_at: iso(e.respondedAt),
      ended_at: iso(e.endedAt),
      ended_by: e.endedBy,
      end_outcome: e.endOutcome,
      created_at: iso(e.createdAt),
    })),
    reviews: reviewRows
      .filter((r) => r.authorId === userId || (published.has(r.engagementId) && !r.hiddenAt))
      .map((r) => ({
        engagement_id: r.engagementId,
        written_by: r.authorId === userId ? 'company' : 'rider',
        rating: r.rating,
        comment: r.comment,
        would_hire_again: r.wouldHireAgain,
        reply: r.reply,
        created_at: iso(r.createdAt),
      })),
    newsletter_subscription: subscriptions[0] ? { email: subscriptions[0].email, subscribed_at: iso(subscriptions[0].createdAt) } : null,
  };
}

/**
 * DELETE /api/companies/me {password}: removes the account with everything that hangs on it
 * (the companies row, logo, sessions, shortlist, engagements and their reviews: ON DELETE
 * CASCADE), the outbox's e-mails to the address and a newsletter subscription, in one
 * transaction; the riders it had engagements with get their reputation recomputed in it, as
 * the reviews it wrote stop counting.
 */
export async function deleteCompanyAccount(deps: PasswordDeps, input: { userId: string; password: string }): Promise<{ message: string }> {
  const user = await confirmPassword(deps, input.userId, input.password, 'password', messages.wrongPassword);
  await deps.db.transaction(async (tx) => {
    const riders = await tx.selectDistinct({ riderId: engagements.riderId }).from(engagements).where(eq(engagements.companyId, input.userId));
    await tx.delete(outboxEmails).where(sql`lower(${outboxEmails.to}) = ${user.email}`);
    await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, user.email));
    await tx.delete(files).where(eq(files.ownerId, input.userId));
    forgetSessions(input.userId);
    await tx.delete(users).where(eq(users.id, input.userId));
    for (const { riderId } of riders) await recomputeRiderReputation(tx, riderId);
  });
  return { message: messages.accountDeleted };
}
