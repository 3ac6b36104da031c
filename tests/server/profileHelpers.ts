/** Shared steps of the dashboard API tests: a signed-in rider and requests as them. */
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { profileDocuments, users } from '../../src/server/db/schema';
import { startSession, type SessionMethod } from '../../src/server/plugins/auth';
import type { Profile } from '../../src/shared/profile';
import { createUser, freshEmail } from './authHelpers';
import { nextIp, type TestApp } from './helper';

export interface Rider {
  id: string;
  email: string;
  username: string;
  token: string;
  /** The rider's own client address, so one test's requests never count against another's limits. */
  ip: string;
}

/** A rider who finished sign-up (in Lagos, Ikeja), signed in with a password unless told otherwise. */
export async function signedInRider(
  t: TestApp,
  options: { password?: string | null; method?: SessionMethod; profileCompleted?: number } = {},
): Promise<Rider> {
  const user = await createUser(t, {
    email: freshEmail('dash'),
    password: options.password,
    profileCompleted: options.profileCompleted ?? 1,
    currentTab: 5,
  });
  await t.database.db.update(users).set({ state: 'Lagos', town: 'Ikeja' }).where(eq(users.id, user.id));
  const token = await startSession(t.database.db, t.config, { id: user.id, userType: 1 }, options.method ?? 'password');
  return { ...user, token, ip: nextIp() };
}

/** An inject as the rider (their token in x-auth-token). */
export function as(t: TestApp, rider: Rider | null, options: InjectOptions) {
  return t.app.inject({
    remoteAddress: rider?.ip ?? nextIp(),
    ...options,
    headers: { ...(options.headers ?? {}), ...(rider ? { 'x-auth-token': rider.token } : {}) },
  });
}

export async function profileOf(t: TestApp, rider: Rider): Promise<Profile> {
  const res = await as(t, rider, { method: 'GET', url: '/api/users/profile' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Profile>();
}

/** A date n days before today (YYYY-MM-DD). */
export function daysAgo(n: number): string {
  return new Date(Date.now() + 3600_000 - n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Sets the bio in the rider's stored profile document to "behind" without the app: a read that
 * still sends the document as it was came from the profile cache, not the database.
 */
export async function changeDocumentBehindTheAppsBack(t: TestApp, userId: string): Promise<void> {
  await t.database.db
    .update(profileDocuments)
    .set({ body: sql`jsonb_set(${profileDocuments.body}::jsonb, '{user,bio}', '"behind"')::text` })
    .where(eq(profileDocuments.userId, userId));
}
