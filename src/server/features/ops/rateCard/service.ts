/**
 * The console's rate card: staff read the card in force and its versions; an admin saves a
 * new version (the route has asked for the step-up first). The versions themselves, their cache
 * and their audit entry live with the prices (domain/rateCards.ts).
 */
import { inArray } from 'drizzle-orm';
import type { OpsRateCard, OpsRateCardSave } from '../../../../shared/deliveries/rateCardForm';
import type { Db } from '../../../db/client';
import { staff } from '../../../db/schema';
import type { AuditActor } from '../../../domain/audit';
import { findRateCard, latestRateCard, listRateCardVersions, saveRateCardVersion } from '../../../domain/rateCards';

export async function getRateCard(db: Db): Promise<OpsRateCard> {
  // Reading the latest first writes version 1 on an empty table, so the list is never empty.
  await latestRateCard(db);
  const rows = await listRateCardVersions(db);
  const ids = [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => id !== null))];
  const emails = new Map(
    ids.length === 0 ? [] : (await db.select({ id: staff.id, email: staff.email }).from(staff).where(inArray(staff.id, ids))).map((s) => [s.id, s.email]),
  );
  const versions = rows.map((r) => ({ version: r.version, savedBy: r.createdBy ? (emails.get(r.createdBy) ?? null) : null, savedAt: r.createdAt.toISOString() }));
  // The card of the newest row, read now: the cache may be a moment behind another instance's save.
  const card = (await findRateCard(db, versions[0]!.version))!;
  return { current: { ...versions[0]!, card }, versions };
}

export async function saveRateCard(db: Db, actor: AuditActor, body: Omit<OpsRateCardSave, 'confirmation'>): Promise<OpsRateCard> {
  await saveRateCardVersion(db, actor, body.card, body.baseVersion);
  return getRateCard(db);
}
