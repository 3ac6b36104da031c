/**
 * The callers of the generated hostile input (scripts/faults/hostile.mjs), made directly in the
 * database the way the sign-ups and the console's sign-in leave them: a rider who finished
 * sign-up (listed, its ID approved so it may deliver), a company with its companies row, staff at each role with TOTP and a complete
 * session, a staff session that still owes its second factor, and a rider still signing up
 * (sent to every rider operation besides the finished rider). Each kind also gets a spare
 * session, used only by the operations that end the session they are called with (logouts), and
 * there is a spare rider and a spare staff member for the console's operations that act on a
 * person (suspend, remove), so the callers themselves stay usable to the end of a run.
 *
 * Used by tests/server/hostileDoc.test.ts (on the test app's database) and by the fault suite
 * (scripts/faults/db.ts hostile, before the server starts). Returns plain JSON.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { companies, personalInfo, staff, users } from '../../src/server/db/schema';
import { refreshRiderCard } from '../../src/server/domain/riderCards';
import { hashPassword } from '../../src/server/lib/passwords';
import { encryptSecret, newTotpSecret } from '../../src/server/lib/totp';
import { startSession } from '../../src/server/plugins/auth';
import { startStaffSession } from '../../src/server/plugins/staffAuth';

export const HOSTILE_PASSWORD = 'Hostile-Input-Password-9';

export interface HostileCaller {
  /** The request headers that make this caller. */
  headers: Record<string, string>;
  /** A second session of the same person, for the operations that end their own session. */
  spare: Record<string, string>;
}

export interface HostileCallers {
  callers: Record<'public' | 'rider' | 'company' | 'dispatcher' | 'admin' | 'staffPending', HostileCaller> & {
    /** A rider still at sign-up step 2 (e-mail not verified): the sign-up routes' other branch. */
    riderSigningUp: HostileCaller;
  };
  rider: { id: string; username: string; email: string };
  company: { id: string; username: string; email: string };
  /** Records the console acts on, other than the callers. */
  spareRiderId: string;
  /** The spare rider's session, to give it a picture and an ID document for the console to look at. */
  spareRiderHeaders: Record<string, string>;
  spareStaffId: string;
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function user(db: Db, label: string, userType: 1 | 2, passwordHash: string, finished = true) {
  const t = tag();
  const [row] = await db
    .insert(users)
    .values({
      username: `h_${label}_${t}`.slice(0, 30),
      email: `hostile.${label}.${t}@example.com`,
      passwordHash,
      emailVerifiedAt: finished ? new Date() : null,
      userType,
      profileCompleted: finished ? 1 : 0,
      currentTab: finished ? 5 : 2,
    })
    .returning({ id: users.id, username: users.username, email: users.email });
  return row!;
}

async function staffMember(db: Db, config: Config, label: string, role: 'admin' | 'dispatcher', passwordHash: string, enrolled: boolean) {
  const [row] = await db
    .insert(staff)
    .values({
      email: `hostile.staff.${label}.${tag()}@example.com`,
      role,
      passwordHash,
      ...(enrolled ? { totpSecret: encryptSecret(config, newTotpSecret()), totpEnabledAt: new Date() } : {}),
    })
    .returning({ id: staff.id });
  return row!.id;
}

export async function hostileCallers(db: Db, config: Config): Promise<HostileCallers> {
  const passwordHash = await hashPassword(HOSTILE_PASSWORD);
  const userHeaders = async (u: { id: string }, userType: 1 | 2) => ({ 'x-auth-token': await startSession(db, config, { id: u.id, userType }, 'password') });
  const staffHeaders = async (id: string, stage: 'password' | 'complete') => ({ 'x-ops-token': await startStaffSession(db, config, id, stage) });

  // A listed rider: both names, a phone and a place, on rider_cards (companies can find and hire it).
  const rider = await user(db, 'rider', 1, passwordHash);
  await db
    .update(users)
    .set({ firstName: 'Ada', lastName: 'Hostile', phone: `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, state: 'Lagos', town: 'Ikeja' })
    .where(eq(users.id, rider.id));
  // Its ID approved, as the console's review leaves it, so it may switch deliveries on and be given jobs.
  await db.insert(personalInfo).values({ userId: rider.id, idReviewStatus: 'approved' });
  await refreshRiderCard(db, rider.id);
  const company = await user(db, 'company', 2, passwordHash);
  await db.update(users).set({ phone: `+23470${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }).where(eq(users.id, company.id));
  await db.insert(companies).values({ userId: company.id, companyName: 'Hostile Foods Ltd', contactPerson: 'Bisi Ade' });
  const spareRider = await user(db, 'spare', 1, passwordHash);
  const signingUp = await user(db, 'signup', 1, passwordHash, false);
  await refreshRiderCard(db, spareRider.id);

  const dispatcher = await staffMember(db, config, 'dispatcher', 'dispatcher', passwordHash, true);
  const admin = await staffMember(db, config, 'admin', 'admin', passwordHash, true);
  // Password accepted, TOTP not yet enrolled: the enrolment routes answer it.
  const pending = await staffMember(db, config, 'pending', 'dispatcher', passwordHash, false);
  const spareStaffId = await staffMember(db, config, 'spare', 'dispatcher', passwordHash, true);

  return {
    callers: {
      public: { headers: {}, spare: {} },
      rider: { headers: await userHeaders(rider, 1), spare: await userHeaders(rider, 1) },
      riderSigningUp: { headers: await userHeaders(signingUp, 1), spare: await userHeaders(signingUp, 1) },
      company: { headers: await userHeaders(company, 2), spare: await userHeaders(company, 2) },
      dispatcher: { headers: await staffHeaders(dispatcher, 'complete'), spare: await staffHeaders(dispatcher, 'complete') },
      admin: { headers: await staffHeaders(admin, 'complete'), spare: await staffHeaders(admin, 'complete') },
      staffPending: { headers: await staffHeaders(pending, 'password'), spare: await staffHeaders(pending, 'password') },
    },
    rider,
    company,
    spareRiderId: spareRider.id,
    spareRiderHeaders: await userHeaders(spareRider, 1),
    spareStaffId,
  };
}
