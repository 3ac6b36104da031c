/**
 * Shared steps of the dispatch tests: riders in each state of "may deliver" (sign-up finished or
 * not, ID approved or not, switched on with their areas or not), made directly in the database,
 * and requests as a rider or a staff member.
 */
import { eq, sql } from 'drizzle-orm';
import { personalInfo, riderAvailability, users } from '../../src/server/db/schema';
import { nextIp, type TestApp } from './helper';
import { signedInUser } from './opsHelpers';

export interface DispatchRider {
  id: string;
  token: string;
  username: string;
}

let seq = 0;

/** A signed-in rider; by default one who may deliver (sign-up finished, ID approved), switched on for `areas`. */
export async function dispatchRider(
  t: TestApp,
  areas: string[],
  options: { completed?: boolean; idReviewStatus?: 'none' | 'pending' | 'approved' | 'rejected'; available?: boolean } = {},
): Promise<DispatchRider> {
  seq += 1;
  const user = await signedInUser(t, 1, `dispatch-${seq}`);
  const { db } = t.database;
  await db
    .update(users)
    .set({ firstName: 'Rider', lastName: `Number${seq}`, phone: `+2348031${String(100000 + seq).slice(-6)}`, profileCompleted: options.completed === false ? 0 : 1 })
    .where(eq(users.id, user.id));
  await db.insert(personalInfo).values({ userId: user.id, idReviewStatus: options.idReviewStatus ?? 'approved' });
  if (options.available !== undefined || areas.length > 0) {
    await db.insert(riderAvailability).values({ userId: user.id, available: options.available ?? true, areas });
  }
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, user.id));
  return { id: user.id, token: user.token, username: row!.username };
}

/** Every rider of earlier tests switched off, so a test's offers go only to its own riders. */
export async function everyoneOff(t: TestApp): Promise<void> {
  await t.database.db.update(riderAvailability).set({ available: false, updatedAt: sql`now()` });
}

export function asRider(t: TestApp, rider: { token: string } | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: rider ? { 'x-auth-token': rider.token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
