/**
 * The rider's "Available for deliveries" switch and the areas they cover. Only a rider who
 * finished sign-up, has an approved ID and is not suspended may switch it on; anyone may switch
 * it off (and change their areas) at any time.
 */
import { eq, sql } from 'drizzle-orm';
import {
  AVAILABILITY_FIELDS,
  availabilityBlock,
  checkAvailability,
  dispatchTexts,
  type AvailabilityResponse,
} from '../../../shared/deliveries/dispatch';
import { messages } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { personalInfo, riderAvailability, users } from '../../db/schema';
import { AppError } from '../../errors';

const t = dispatchTexts.availability;

async function riderState(db: Db, riderId: string) {
  const [row] = await db
    .select({
      completed: users.profileCompleted,
      suspendedAt: users.suspendedAt,
      idReviewStatus: personalInfo.idReviewStatus,
      available: riderAvailability.available,
      areas: riderAvailability.areas,
    })
    .from(users)
    .leftJoin(personalInfo, eq(personalInfo.userId, users.id))
    .leftJoin(riderAvailability, eq(riderAvailability.userId, users.id))
    .where(eq(users.id, riderId));
  if (!row) throw new AppError('NOT_FOUND', messages.notFound);
  const block = availabilityBlock({ completed: row.completed === 1, idReviewStatus: row.idReviewStatus, suspended: row.suspendedAt !== null });
  return { block, available: row.available === true && block === null, areas: row.areas ?? [] };
}

export async function readAvailability(db: Db, riderId: string): Promise<AvailabilityResponse> {
  const state = await riderState(db, riderId);
  return { available: state.available, areas: state.areas, blocked: state.block ? t.blocked[state.block] : null };
}

export async function setAvailability(db: Db, riderId: string, body: { available: boolean; areas: string[] }): Promise<AvailabilityResponse> {
  const checked = checkAvailability(body.available, body.areas);
  if ('message' in checked) throw AppError.invalid(AVAILABILITY_FIELDS.areas, checked.message);
  const { block } = await riderState(db, riderId);
  if (body.available && block) throw new AppError('FORBIDDEN', t.blocked[block], AVAILABILITY_FIELDS.available);
  await db
    .insert(riderAvailability)
    .values({ userId: riderId, available: body.available, areas: checked.areas })
    .onConflictDoUpdate({ target: riderAvailability.userId, set: { available: body.available, areas: checked.areas, updatedAt: sql`now()` } });
  return {
    available: body.available,
    areas: checked.areas,
    blocked: block ? t.blocked[block] : null,
    message: body.available ? t.switchedOn : t.switchedOff,
  };
}
