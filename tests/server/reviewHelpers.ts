/**
 * Shared steps of the review API tests (tests/server/reviews.test.ts, opsReviews.test.ts): an
 * ended engagement made directly in the database (the hiring API is tested on its own), review
 * writes and reads as a party, and the rider's card.
 */
import { eq } from 'drizzle-orm';
import { engagements, riderCards } from '../../src/server/db/schema';
import { DAY_MS } from '../../src/shared/hiring';
import type { ReviewWindowData, ReviewWindowResponse } from '../../src/shared/reviews';
import { nextIp, type TestApp } from './helper';
import { signedInUser } from './opsHelpers';

export type Party = { id: string; email: string; token: string };

export async function parties(t: TestApp, label: string): Promise<{ company: Party; rider: Party }> {
  return { company: await signedInUser(t, 2, `${label}-co`), rider: await signedInUser(t, 1, `${label}-rider`) };
}

/** An engagement between the two, ended `endedDaysAgo` days ago (or still active). */
export async function engagementOf(
  t: TestApp,
  company: Party,
  rider: Party,
  options: { endedDaysAgo?: number; status?: 'ended' | 'active' } = {},
): Promise<string> {
  const status = options.status ?? 'ended';
  const endedAt = status === 'ended' ? new Date(Date.now() - (options.endedDaysAgo ?? 1) * DAY_MS) : null;
  const [row] = await t.database.db
    .insert(engagements)
    .values({
      companyId: company.id,
      riderId: rider.id,
      role: 'Dispatch rider',
      state: 'Lagos',
      town: 'Ikeja',
      startDate: '2026-10-01',
      payNote: '₦6,000 a day',
      status,
      expiresAt: new Date(Date.now() + 7 * DAY_MS),
      respondedAt: new Date(Date.now() - 30 * DAY_MS),
      endedAt,
      endedBy: endedAt ? 'company' : null,
      endOutcome: endedAt ? 'completed' : null,
      reviewDeadline: endedAt ? new Date(endedAt.getTime() + 14 * DAY_MS) : null,
    })
    .returning({ id: engagements.id });
  return row!.id;
}

/** Moves the engagement's end (and deadline) into the past: the 14 days are over. */
export async function closeWindow(t: TestApp, engagementId: string): Promise<void> {
  const endedAt = new Date(Date.now() - 15 * DAY_MS);
  await t.database.db
    .update(engagements)
    .set({ endedAt, reviewDeadline: new Date(endedAt.getTime() + 14 * DAY_MS) })
    .where(eq(engagements.id, engagementId));
}

export const companyReview = (rating = 5, comment = 'On time every day, careful with parcels.', again = 'yes') => ({
  rating: String(rating),
  comment,
  would_hire_again: again,
});
export const riderReview = (rating = 4, comment = 'Paid on time, clear instructions.') => ({ rating: String(rating), comment });

export function readWindow(t: TestApp, token: string | null, engagementId: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/engagements/${engagementId}/reviews`,
    headers: { ...(token ? { 'x-auth-token': token } : {}), ...headers },
    remoteAddress: nextIp(),
  });
}

export function writeReview(t: TestApp, token: string | null, engagementId: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/engagements/${engagementId}/reviews/mine`,
    headers: { ...(token ? { 'x-auth-token': token } : {}), ...headers },
    payload,
    remoteAddress: nextIp(),
  });
}

export function postReply(t: TestApp, token: string | null, reviewId: string, reply: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/reviews/${reviewId}/reply`,
    headers: { ...(token ? { 'x-auth-token': token } : {}), ...headers },
    payload: { reply },
    remoteAddress: nextIp(),
  });
}

export async function windowOf(t: TestApp, party: Party, engagementId: string): Promise<ReviewWindowData> {
  const res = await readWindow(t, party.token, engagementId);
  if (res.statusCode !== 200) throw new Error(`GET reviews: ${res.statusCode} ${res.body}`);
  return res.json<ReviewWindowData>();
}

export async function written(t: TestApp, party: Party, engagementId: string, payload: object): Promise<ReviewWindowResponse> {
  const res = await writeReview(t, party.token, engagementId, payload);
  if (res.statusCode !== 200) throw new Error(`PUT review: ${res.statusCode} ${res.body}`);
  return res.json<ReviewWindowResponse>();
}

export async function cardOf(t: TestApp, riderId: string) {
  const [card] = await t.database.db.select().from(riderCards).where(eq(riderCards.userId, riderId));
  return card ?? null;
}
