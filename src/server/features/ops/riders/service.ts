/**
 * The console's riders: the list, a rider's whole profile, the ID review and
 * suspension. Each action is one transaction with its audit entry (and its e-mail, when it
 * sends one), so none is ever committed without the other.
 */
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { USER_TYPE_RIDER } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import type { OpsPage } from '../../../../shared/opsForms';
import type {
  IdReviewDecision,
  IdReviewStatus,
  OpsRiderDetail,
  OpsRiderDocument,
  OpsRiderListItem,
  OpsRiderQuery,
} from '../../../../shared/opsRiders';
import type { PastEmployee, WorkHistory } from '../../../../shared/profile';
import { paths } from '../../../../shared/routes';
import { site } from '../../../../shared/site';
import { waitingItemPath } from '../../../../shared/waiting';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { files, pastEmployees, personalInfo, staff, users, workHistories } from '../../../db/schema';
import { AppError } from '../../../errors';
import { writeAudit, type AuditActor } from '../../../domain/audit';
import { endAllSessions } from '../../../plugins/auth';
import { fileUrl, readStoredFile, type StoredFile } from '../../../plugins/files';
import { after, cursorText, decodeCursor, newestFirst, PAGE_SIZE, prefixQuery, toPage } from '../../../lib/keyset';
import { enqueueEmail, renderEmail } from '../../../plugins/mail';
import { refreshRiderCard } from '../../../domain/riderCards';
import { refreshProfileDocument } from '../../../domain/profileDocument';

const DOCUMENT_KINDS = ['valid_id', 'rider_id_card'] as const;

const notFound = () => new AppError('NOT_FOUND', messages.notFound);

const isRider = (id: string) => and(eq(users.id, id), eq(users.userType, USER_TYPE_RIDER));

/** The review status of a rider with no personal_info row yet is 'none'. */
const reviewStatus = sql<IdReviewStatus>`coalesce(${personalInfo.idReviewStatus}, 'none')`;

export async function listRiders(db: Db, query: OpsRiderQuery): Promise<OpsPage<OpsRiderListItem>> {
  const cursor = decodeCursor(query.cursor);
  const conditions: Array<SQL | undefined> = [eq(users.userType, USER_TYPE_RIDER), after(users.createdAt, users.id, cursor)];
  const words = query.q ? prefixQuery(query.q) : null;
  if (words) conditions.push(sql`${users.opsSearch} @@ to_tsquery('simple', ${words})`);
  if (query.completed) conditions.push(eq(users.profileCompleted, query.completed === 'yes' ? 1 : 0));
  if (query.suspended) conditions.push(query.suspended === 'yes' ? isNotNull(users.suspendedAt) : isNull(users.suspendedAt));
  if (query.review) conditions.push(sql`${reviewStatus} = ${query.review}`);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      state: users.state,
      town: users.town,
      profileCompleted: users.profileCompleted,
      idReviewStatus: reviewStatus,
      suspendedAt: users.suspendedAt,
      createdAt: users.createdAt,
      cursorAt: cursorText(users.createdAt),
    })
    .from(users)
    .leftJoin(personalInfo, eq(personalInfo.userId, users.id))
    .where(and(...conditions))
    .orderBy(...newestFirst(users.createdAt, users.id))
    .limit(PAGE_SIZE + 1);
  const page = toPage(rows);
  return {
    next: page.next,
    items: page.items.map((r) => ({
      id: r.id,
      username: r.username,
      email: r.email,
      state: r.state,
      town: r.town,
      completed: r.profileCompleted === 1,
      idReviewStatus: r.idReviewStatus,
      suspended: r.suspendedAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Dates of the lists as the rider's own profile gives them (YYYY-MM-DD). */
const day = (d: string | Date | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** A rider's whole profile as staff see it; 404 for anyone who is not a rider. */
export async function readRider(db: Db, id: string): Promise<OpsRiderDetail> {
  const [row] = await db
    .select({
      user: users,
      info: personalInfo,
      reviewedBy: staff.email,
    })
    .from(users)
    .leftJoin(personalInfo, eq(personalInfo.userId, users.id))
    .leftJoin(staff, eq(staff.id, personalInfo.idReviewedBy))
    .where(isRider(id))
    .limit(1);
  if (!row) throw notFound();
  const { user, info } = row;
  const documentIds = [info?.validIdFileId, info?.riderIdCardFileId].filter((v): v is string => typeof v === 'string');
  const [works, employers, documents] = await Promise.all([
    db.select().from(workHistories).where(eq(workHistories.userId, id)).orderBy(sql`${workHistories.endDate} desc nulls first`, desc(workHistories.startDate), desc(workHistories.createdAt)),
    db.select().from(pastEmployees).where(eq(pastEmployees.userId, id)).orderBy(desc(pastEmployees.endDate), desc(pastEmployees.startDate), desc(pastEmployees.createdAt)),
    documentIds.length
      ? db
          .select({
            id: files.id,
            kind: files.kind,
            contentType: files.contentType,
            extension: files.extension,
            originalName: files.originalName,
            size: files.size,
            createdAt: files.createdAt,
          })
          .from(files)
          .where(and(eq(files.ownerId, id), inArray(files.id, documentIds)))
      : Promise.resolve([]),
  ]);
  return {
    id: user.id,
    username: user.username,
    // Staff compare the name with the one on the document: as the rider typed it, when given.
    fullName: [user.firstName, user.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' ') || null,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    phone: user.phone,
    address: user.address,
    town: user.town,
    state: user.state,
    introduction: user.introduction,
    bio: user.bio,
    picture: user.pictureFileId ? { url: fileUrl(user.pictureFileId) } : null,
    completed: user.profileCompleted === 1,
    currentTab: user.currentTab,
    signIn: { password: user.passwordHash !== null, google: user.googleSubject !== null },
    createdAt: user.createdAt.toISOString(),
    personalInfo: info
      ? { totalYearsOfExperience: info.totalYearsOfExperience, languagesSpoken: info.languagesSpoken, education: info.education }
      : null,
    workHistories: works.map(
      (w): WorkHistory => ({
        _id: w.id,
        position: w.position,
        company_name: w.companyName,
        number_of_years: w.numberOfYears as WorkHistory['number_of_years'],
        start_date: day(w.startDate)!,
        end_date: day(w.endDate),
      }),
    ),
    pastEmployees: employers.map(
      (e): PastEmployee => ({
        _id: e.id,
        company_name: e.companyName,
        company_contact: e.companyContact,
        start_date: day(e.startDate)!,
        end_date: day(e.endDate)!,
      }),
    ),
    documents: documents
      .flatMap((d) => {
        const kind = DOCUMENT_KINDS.find((k) => k === d.kind);
        return kind ? [{ ...d, kind }] : [];
      })
      .sort((a, b) => DOCUMENT_KINDS.indexOf(a.kind) - DOCUMENT_KINDS.indexOf(b.kind))
      .map((d): OpsRiderDocument => ({
        id: d.id,
        kind: d.kind,
        contentType: d.contentType,
        extension: d.extension,
        originalName: d.originalName,
        size: d.size,
        uploadedAt: d.createdAt.toISOString(),
      })),
    review: {
      status: info?.idReviewStatus ?? 'none',
      reason: info?.idReviewReason ?? null,
      reviewedAt: iso(info?.idReviewedAt ?? null),
      reviewedBy: row.reviewedBy ?? null,
    },
    suspension: user.suspendedAt ? { at: user.suspendedAt.toISOString(), reason: user.suspendedReason ?? '' } : null,
  };
}

/**
 * One of a rider's ID documents for staff: only a file that is the rider's current valid ID or
 * rider ID card; anything else is the 404 of a missing page. The view is written to the audit log
 * (who looked at whose ID, and when: an ID document is personal data under the NDPA).
 */
export async function readRiderDocument(db: Db, actor: AuditActor, riderId: string, fileId: string): Promise<StoredFile> {
  const [current] = await db
    .select({ validId: personalInfo.validIdFileId, riderIdCard: personalInfo.riderIdCardFileId })
    .from(personalInfo)
    .innerJoin(users, eq(users.id, personalInfo.userId))
    .where(isRider(riderId))
    .limit(1);
  if (!current || (current.validId !== fileId && current.riderIdCard !== fileId)) throw notFound();
  const file = await readStoredFile(db, fileId);
  if (!file || file.ownerId !== riderId) throw notFound();
  await writeAudit(db, actor, { action: 'rider.view_document', entityType: 'rider', entityId: riderId, after: { file: fileId, kind: file.kind } });
  return file;
}

function reviewEmail(config: Config, to: string, username: string, decision: IdReviewDecision, reason: string | null) {
  const dashboard = `${config.publicUrl}${paths.riderDashboard}`;
  return decision === 'approve'
    ? renderEmail({
        to,
        subject: 'Your ID is verified',
        heading: `${username}, your ID is verified`,
        paragraphs: [
          'We checked the ID documents you uploaded and they are in order.',
          'Your profile and your public page now show the "ID verified" badge that companies look for.',
        ],
        action: { label: 'Open my dashboard', url: dashboard },
      })
    : renderEmail({
        to,
        subject: 'Your ID could not be verified',
        heading: `${username}, we could not verify your ID`,
        paragraphs: [
          'We checked the ID documents you uploaded and could not accept them, for this reason:',
          reason ?? '',
          messages.idRejectedHelp,
        ],
        action: { label: 'Upload my ID again', url: `${config.publicUrl}${waitingItemPath('id')}` },
      });
}

/**
 * Approves or rejects the documents waiting for a check. Only a pending review is decided (the
 * update is conditional, so two staff deciding at once decide it once); `files`, when given, are
 * the documents the staff member saw, so a decision never covers a document uploaded since.
 */
export async function reviewRiderId(
  db: Db,
  config: Config,
  actor: AuditActor,
  riderId: string,
  input: { decision: IdReviewDecision; reason: string | null; files?: string[] },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [rider] = await tx
      .select({
        username: users.username,
        email: users.email,
        status: personalInfo.idReviewStatus,
        reason: personalInfo.idReviewReason,
        validId: personalInfo.validIdFileId,
        riderIdCard: personalInfo.riderIdCardFileId,
      })
      .from(users)
      .leftJoin(personalInfo, eq(personalInfo.userId, users.id))
      .where(isRider(riderId))
      .limit(1)
      .for('update', { of: users });
    if (!rider) throw notFound();
    if (rider.status !== 'pending') throw new AppError('CONFLICT', messages.opsIdNothingToReview);
    const current = [rider.validId, rider.riderIdCard].filter((v): v is string => v !== null).sort();
    if (input.files && JSON.stringify([...input.files].sort()) !== JSON.stringify(current)) {
      throw new AppError('CONFLICT', messages.opsIdDocumentsChanged);
    }
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    const reason = input.decision === 'approve' ? null : input.reason;
    const [updated] = await tx
      .update(personalInfo)
      .set({ idReviewStatus: status, idReviewReason: reason, idReviewedAt: sql`now()`, idReviewedBy: actor.staffId })
      .where(and(eq(personalInfo.userId, riderId), eq(personalInfo.idReviewStatus, 'pending')))
      .returning({ userId: personalInfo.userId });
    if (!updated) throw new AppError('CONFLICT', messages.opsIdNothingToReview);
    await refreshRiderCard(tx, riderId);
    await refreshProfileDocument(tx, riderId);
    await enqueueEmail(tx, reviewEmail(config, rider.email, rider.username, input.decision, reason));
    await writeAudit(tx, actor, {
      action: input.decision === 'approve' ? 'rider.id_approve' : 'rider.id_reject',
      entityType: 'rider',
      entityId: riderId,
      before: { idReviewStatus: rider.status, idReviewReason: rider.reason, documents: current },
      after: { idReviewStatus: status, idReviewReason: reason, documents: current, username: rider.username },
    });
    return input.decision === 'approve' ? messages.opsIdApproved(rider.username) : messages.opsIdRejected(rider.username);
  });
}

/** The rider hears of a suspension, with its reason, and of its lift, by e-mail. */
function suspensionEmail(config: Config, to: string, username: string, reason: string | null) {
  return reason !== null
    ? renderEmail({
        to,
        subject: messages.suspendedEmailSubject,
        heading: messages.suspendedEmailHeading(username),
        paragraphs: [messages.suspendedEmailReason, reason, messages.suspendedEmailMeaning, messages.suspendedEmailContact(site.email)],
      })
    : renderEmail({
        to,
        subject: messages.reinstatedEmailSubject,
        heading: messages.reinstatedEmailHeading(username),
        paragraphs: [messages.reinstatedEmailBody],
        action: { label: messages.reinstatedEmailAction, url: `${config.publicUrl}${paths.login}` },
      });
}

/**
 * Suspends a rider: every session ends at once, the public page and log-in are refused, and
 * the rider is told why by e-mail.
 */
export async function suspendRider(db: Db, config: Config, actor: AuditActor, riderId: string, reason: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [rider] = await tx
      .select({ username: users.username, email: users.email, suspendedAt: users.suspendedAt })
      .from(users)
      .where(isRider(riderId))
      .limit(1)
      .for('update');
    if (!rider) throw notFound();
    if (rider.suspendedAt) throw new AppError('CONFLICT', messages.opsRiderAlreadySuspended);
    await tx.update(users).set({ suspendedAt: sql`now()`, suspendedReason: reason, updatedAt: sql`now()` }).where(eq(users.id, riderId));
    await refreshRiderCard(tx, riderId);
    await endAllSessions(tx, riderId);
    await enqueueEmail(tx, suspensionEmail(config, rider.email, rider.username, reason));
    await writeAudit(tx, actor, {
      action: 'rider.suspend',
      entityType: 'rider',
      entityId: riderId,
      before: { suspended: false },
      after: { suspended: true, reason, username: rider.username },
    });
    return messages.opsRiderSuspended(rider.username);
  });
}

/** Lifts a suspension: the rider may sign in again (their old sessions stay ended), and is told so. */
export async function unsuspendRider(db: Db, config: Config, actor: AuditActor, riderId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [rider] = await tx
      .select({ username: users.username, email: users.email, suspendedAt: users.suspendedAt, reason: users.suspendedReason })
      .from(users)
      .where(isRider(riderId))
      .limit(1)
      .for('update');
    if (!rider) throw notFound();
    if (!rider.suspendedAt) throw new AppError('CONFLICT', messages.opsRiderNotSuspended);
    await tx.update(users).set({ suspendedAt: null, suspendedReason: null, updatedAt: sql`now()` }).where(eq(users.id, riderId));
    await refreshRiderCard(tx, riderId);
    await enqueueEmail(tx, suspensionEmail(config, rider.email, rider.username, null));
    await writeAudit(tx, actor, {
      action: 'rider.unsuspend',
      entityType: 'rider',
      entityId: riderId,
      before: { suspended: true, reason: rider.reason, since: rider.suspendedAt.toISOString() },
      after: { suspended: false, username: rider.username },
    });
    return messages.opsRiderUnsuspended(rider.username);
  });
}
