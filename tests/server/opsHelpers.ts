/**
 * Shared steps of the operations console's API tests: staff members at each role with a
 * complete session (made the way the sign-in makes them), the other roles of the
 * authorization matrix, and requests as each of them.
 */
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { staff, users } from '../../src/server/db/schema';
import { startStaffSession, STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';
import { encryptSecret, newTotpSecret } from '../../src/server/lib/totp';
import { createUser, freshEmail, GOOD_PASSWORD, loginToken, storedHash } from './authHelpers';
import { nextIp, type TestApp } from './helper';

export interface StaffMember {
  id: string;
  email: string;
  role: 'admin' | 'dispatcher';
  /** The TOTP secret (base32), for tests that answer a code. */
  secret: string;
  token: string;
}

/** A staff member with a password (GOOD_PASSWORD), TOTP enrolled and a complete session. */
export async function signedInStaff(t: TestApp, role: 'admin' | 'dispatcher', label: string = role): Promise<StaffMember> {
  const email = freshEmail(`staff-${label}`).toLowerCase();
  const secret = newTotpSecret();
  const [row] = await t.database.db
    .insert(staff)
    .values({ email, role, passwordHash: await storedHash(GOOD_PASSWORD), totpSecret: encryptSecret(t.config, secret), totpEnabledAt: new Date() })
    .returning({ id: staff.id });
  const token = await startStaffSession(t.database.db, t.config, row!.id, 'complete');
  return { id: row!.id, email, role, secret, token };
}

/**
 * A signed-in rider's or company's token (user_type 1 or 2), for the matrix. A company's e-mail
 * is verified (as every company that searches and hires has it) unless `unverified` says not.
 */
export async function signedInUser(
  t: TestApp,
  userType: 1 | 2,
  label: string,
  options: { unverified?: boolean } = {},
): Promise<{ id: string; email: string; token: string }> {
  const user = await createUser(t, { email: freshEmail(label), userType, profileCompleted: 1, currentTab: 5 });
  if (userType === 2 && !options.unverified) await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  const token = await loginToken(t, user.email, GOOD_PASSWORD, nextIp()).catch(async () => {
    // A company cannot log in through the rider login type; make its session directly.
    const { startSession } = await import('../../src/server/plugins/auth');
    return startSession(t.database.db, t.config, { id: user.id, userType }, 'password');
  });
  return { id: user.id, email: user.email, token };
}

/** A request to a console route as a staff member (or as nobody). */
export function asStaff(t: TestApp, member: { token: string } | null, options: InjectOptions) {
  return t.app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(member ? { [STAFF_TOKEN_HEADER]: member.token } : {}) },
  });
}

/**
 * The callers of the authorization matrix: every console endpoint × these. Only
 * the ones named in `allowed` may get anything but the 404 of a missing page.
 */
export type Caller = 'no token' | 'rider' | 'company' | 'rider token as staff' | 'dispatcher' | 'admin';

export async function matrixCallers(t: TestApp): Promise<Record<Caller, Record<string, string>>> {
  const rider = await signedInUser(t, 1, 'matrix-rider');
  const company = await signedInUser(t, 2, 'matrix-company');
  const dispatcher = await signedInStaff(t, 'dispatcher', 'matrix');
  const admin = await signedInStaff(t, 'admin', 'matrix');
  return {
    'no token': {},
    rider: { 'x-auth-token': rider.token },
    company: { 'x-auth-token': company.token },
    // A rider's token in the staff header must not open the console either.
    'rider token as staff': { [STAFF_TOKEN_HEADER]: rider.token },
    dispatcher: { [STAFF_TOKEN_HEADER]: dispatcher.token },
    admin: { [STAFF_TOKEN_HEADER]: admin.token },
  };
}
