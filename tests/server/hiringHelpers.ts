/**
 * Shared steps of the hiring API tests: listed riders and companies made directly in the
 * database (the company sign-up has tests of its own), a request sent through the API, and
 * requests as each party.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies, users } from '../../src/server/db/schema';
import { refreshRiderCard } from '../../src/server/domain/riderCards';
import type { HireActionResponse } from '../../src/shared/hiring';
import { lagosToday } from '../../src/shared/hiring';
import { createUser, freshEmail } from './authHelpers';
import type { TestApp } from './helper';
import { signedInUser } from './opsHelpers';

export interface Party {
  id: string;
  email: string;
  token: string;
  username: string;
  phone: string;
}

let seq = 0;

/** A rider who finished sign-up (listed on rider_cards), with a phone and both names. */
export async function listedRider(t: TestApp, label: string): Promise<Party> {
  seq += 1;
  const user = await signedInUser(t, 1, `hire-${label}`);
  const phone = `+23480${String(30000000 + seq * 7919 + Math.floor(Math.random() * 1000)).padStart(8, '0')}`;
  await t.database.db
    .update(users)
    .set({ phone, firstName: 'Ada', lastName: `Okafor${seq}`, state: 'Lagos', town: 'Ikeja', profileCompleted: 1 })
    .where(eq(users.id, user.id));
  await refreshRiderCard(t.database.db, user.id);
  const [row] = await t.database.db.select({ username: users.username }).from(users).where(eq(users.id, user.id));
  return { ...user, username: row!.username, phone };
}

/** A rider who has not finished sign-up: not listed, so not requestable. */
export async function unlistedRider(t: TestApp): Promise<{ id: string; username: string }> {
  const user = await createUser(t, { email: freshEmail('hire-unlisted'), userType: 1, profileCompleted: 0 });
  await refreshRiderCard(t.database.db, user.id);
  return user;
}

/** A signed-in company (user_type 2) with its companies row. */
export async function company(t: TestApp, label: string, name = `Yaba Foods ${label}`): Promise<Party & { name: string }> {
  seq += 1;
  const user = await signedInUser(t, 2, `hire-co-${label}`);
  const phone = `+23470${String(40000000 + seq * 6007 + Math.floor(Math.random() * 1000)).padStart(8, '0')}`;
  await t.database.db.update(users).set({ phone }).where(eq(users.id, user.id));
  await t.database.db.insert(companies).values({ userId: user.id, companyName: name, contactPerson: 'Bisi Ade' });
  const [row] = await t.database.db.select({ username: users.username }).from(users).where(eq(users.id, user.id));
  return { ...user, username: row!.username, phone, name };
}

export const auth = (party: { token: string } | null) => (party ? { 'x-auth-token': party.token } : {});

export function requestBody(rider: { username: string }, overrides: Record<string, string> = {}) {
  return {
    rider: rider.username,
    role: 'Dispatch rider',
    state: 'Lagos',
    town: 'Ikeja',
    start_date: lagosToday(),
    pay_note: '₦120,000 a month plus fuel',
    message: 'Mornings, Ikeja to Lekki',
    ...overrides,
  };
}

export function postRequest(t: TestApp, from: { token: string } | null, body: object) {
  return t.app.inject({ method: 'POST', url: '/api/hiring/requests', headers: auth(from), payload: body });
}

/** Sends a request (asserting success) and returns the item. */
export async function sendRequest(t: TestApp, from: { token: string }, rider: { username: string }, overrides: Record<string, string> = {}) {
  const res = await postRequest(t, from, requestBody(rider, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HireActionResponse>().item;
}

export function act(t: TestApp, as: { token: string } | null, id: string, action: string, payload?: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/hiring/requests/${id}/${action}`,
    headers: auth(as),
    ...(payload ? { payload } : {}),
  });
}

export function getItem(t: TestApp, as: { token: string } | null, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/hiring/requests/${id}`, headers: auth(as) });
}

export function list(t: TestApp, as: { token: string } | null, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/hiring/requests${query}`, headers: auth(as) });
}
