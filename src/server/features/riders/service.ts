/**
 * A rider's records on the dashboard: personal information with the ID documents,
 * work history and past employees. Every query
 * is scoped to the signed-in rider: an id that is not one of theirs (another rider's, a deleted
 * one, or no id at all) is answered 404 and nothing changes.
 */
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Profile } from '../../../shared/profile';
import type { Db } from '../../db/client';
import { pastEmployees, personalInfo, workHistories } from '../../db/schema';
import { AppError } from '../../errors';
import { deleteFilesOf, storeFile } from '../../plugins/files';
import { refreshRiderCard } from '../../domain/riderCards';
import { refreshProfileDocument } from '../../domain/profileDocument';
import { findPublicRiderId, readPublishedReviews } from '../../domain/publishedReviews';
import { readProfile } from '../../domain/riderProfile';
import type { PublicReviewsPage } from '../../../shared/publicReviews';
import type { CleanDocument } from './documents';

/** At most this many entries in each list: a CV, not a log. */
export const MAX_ENTRIES = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError('NOT_FOUND', messages.entryNotFound);

/** An id the database may look up; anything else cannot be the rider's. */
function entryId(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}

export async function profileAfterWrite(db: Db, userId: string, message: string): Promise<{ message: string; profile: Profile }> {
  const profile = await readProfile(db, userId);
  if (!profile) throw new AppError('UNAUTHORIZED', messages.signInAgain);
  return { message, profile };
}

const tooMany = () => AppError.invalid('alert', `You can keep up to ${MAX_ENTRIES} entries in this list.`);

export interface WorkHistoryInput {
  position: string;
  company_name: string;
  number_of_years: string;
  start_date: string;
  /** Optional: empty or left out is 'Present'. */
  end_date?: string;
}

const workHistoryRow = (input: WorkHistoryInput) => ({
  position: input.position.trim(),
  companyName: input.company_name.trim(),
  numberOfYears: input.number_of_years,
  startDate: input.start_date,
  endDate: input.end_date || null,
});

export async function createWorkHistory(db: Db, userId: string, input: WorkHistoryInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(workHistories).where(eq(workHistories.userId, userId));
    if (n >= MAX_ENTRIES) throw tooMany();
    await tx.insert(workHistories).values({ userId, ...workHistoryRow(input) });
    await refreshRiderCard(tx, userId);
    await refreshProfileDocument(tx, userId);
  });
}

export async function updateWorkHistory(db: Db, userId: string, id: string, input: WorkHistoryInput): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(workHistories)
      .set(workHistoryRow(input))
      .where(and(eq(workHistories.id, entryId(id)), eq(workHistories.userId, userId)))
      .returning({ id: workHistories.id });
    if (updated.length === 0) throw notFound();
    await refreshRiderCard(tx, userId);
    await refreshProfileDocument(tx, userId);
  });
}

export async function deleteWorkHistory(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(workHistories)
      .where(and(eq(workHistories.id, entryId(id)), eq(workHistories.userId, userId)))
      .returning({ id: workHistories.id });
    if (deleted.length === 0) throw notFound();
    await refreshRiderCard(tx, userId);
    await refreshProfileDocument(tx, userId);
  });
}

export interface PastEmployeeInput {
  company_name: string;
  /** Optional: a body may leave it out. */
  company_contact?: string;
  start_date: string;
  end_date: string;
}

const pastEmployeeRow = (input: PastEmployeeInput) => ({
  companyName: input.company_name.trim(),
  companyContact: (input.company_contact ?? '').trim() || null,
  startDate: input.start_date,
  endDate: input.end_date,
});

export async function createPastEmployee(db: Db, userId: string, input: PastEmployeeInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(pastEmployees).where(eq(pastEmployees.userId, userId));
    if (n >= MAX_ENTRIES) throw tooMany();
    await tx.insert(pastEmployees).values({ userId, ...pastEmployeeRow(input) });
    await refreshProfileDocument(tx, userId);
  });
}

export async function updatePastEmployee(db: Db, userId: string, id: string, input: PastEmployeeInput): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(pastEmployees)
      .set(pastEmployeeRow(input))
      .where(and(eq(pastEmployees.id, entryId(id)), eq(pastEmployees.userId, userId)))
      .returning({ id: pastEmployees.id });
    if (updated.length === 0) throw notFound();
    await refreshProfileDocument(tx, userId);
  });
}

export async function deletePastEmployee(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(pastEmployees)
      .where(and(eq(pastEmployees.id, entryId(id)), eq(pastEmployees.userId, userId)))
      .returning({ id: pastEmployees.id });
    if (deleted.length === 0) throw notFound();
    await refreshProfileDocument(tx, userId);
  });
}

export interface PersonalInfoInput {
  total_years_of_experience: string;
  languages_spoken: string;
  education: string;
  /** One of ID_KINDS, or '' to keep the kind on file. */
  id_kind: string;
}

/** 'english,  Yoruba ,,Pidgin' → 'english, Yoruba, Pidgin': the comma-separated text of spec §3, tidied. */
function tidyLanguages(text: string): string {
  const seen = new Map<string, string>();
  for (const part of text.split(',')) {
    const name = part.trim().replace(/\s+/g, ' ');
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()].join(', ');
}

/**
 * POST /api/riders/personal-info/save: the fields, and any new ID document in place of the old
 * one (the old file is deleted in the same transaction, so a rider never has two of a kind and
 * a failed save leaves the old one in place). Documents are stored private.
 */
export async function savePersonalInfo(
  db: Db,
  userId: string,
  input: PersonalInfoInput,
  documents: readonly CleanDocument[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const fileIds: { validIdFileId?: string; riderIdCardFileId?: string } = {};
    for (const doc of documents) {
      await deleteFilesOf(tx, userId, [doc.kind]);
      const id = await storeFile(tx, {
        ownerId: userId,
        kind: doc.kind,
        isPublic: false,
        contentType: doc.contentType,
        extension: doc.extension,
        originalName: doc.originalName,
        data: doc.data,
      });
      if (doc.kind === 'valid_id') fileIds.validIdFileId = id;
      else fileIds.riderIdCardFileId = id;
    }
    // A new document waits for a staff check, whatever the last decision was: only
    // an approval of what is on file now ever shows as verified.
    const review =
      documents.length > 0 ? { idReviewStatus: 'pending' as const, idReviewReason: null, idReviewedAt: null, idReviewedBy: null } : {};
    const values = {
      totalYearsOfExperience: input.total_years_of_experience,
      languagesSpoken: tidyLanguages(input.languages_spoken),
      education: input.education,
      // The kind names the valid ID on file: given, it is stored; a new valid ID without one (the
      // spec's API has no such field) leaves it unknown rather than keep the old file's kind.
      ...(input.id_kind ? { idKind: input.id_kind } : documents.some((doc) => doc.kind === 'valid_id') ? { idKind: null } : {}),
      ...fileIds,
      ...review,
      updatedAt: sql`now()`,
    };
    await tx.insert(personalInfo).values({ userId, ...values }).onConflictDoUpdate({ target: personalInfo.userId, set: values });
    // No document left: nothing to review.
    await tx
      .update(personalInfo)
      .set({ idReviewStatus: 'none', idReviewReason: null, idReviewedAt: null, idReviewedBy: null })
      .where(
        and(
          eq(personalInfo.userId, userId),
          isNull(personalInfo.validIdFileId),
          isNull(personalInfo.riderIdCardFileId),
          ne(personalInfo.idReviewStatus, 'none'),
        ),
      );
    await refreshRiderCard(tx, userId);
    await refreshProfileDocument(tx, userId);
  });
}

/**
 * GET /api/riders/:username/reviews: one page of the rider's published reviews, for anyone. No
 * such rider, one who has not finished sign-up, or a suspended one: the public page's 404.
 */
export async function listRiderReviews(db: Db, username: string, cursor?: string): Promise<PublicReviewsPage> {
  const riderId = await findPublicRiderId(db, username);
  if (!riderId) throw new AppError('NOT_FOUND', messages.riderNotFound);
  return readPublishedReviews(db, riderId, cursor);
}
