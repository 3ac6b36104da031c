/**
 * The fault suite's direct database steps (scripts/faults), run as a child process with tsx
 * while no server holds the database (PGlite admits one process):
 *
 *   node --import tsx scripts/faults/db.ts seed '{"sets":2,"writers":12}'   → fixtures as JSON
 *   node --import tsx scripts/faults/db.ts check '{"enquiries":[...],...}'   → what was found
 *   node --import tsx scripts/faults/db.ts hostile                           → the hostile input's callers (hostileCallers.ts)
 *   node --import tsx scripts/faults/db.ts dispatch '{"riders":6}'           → riders who may deliver (switched on in Ikeja) and a dispatcher
 *   node --import tsx scripts/faults/db.ts moves '{"moves":[...]}'           → each acknowledged move's events, each delivery's timeline
 *
 * The database is the one the server would open with the same environment (DATABASE_URL or
 * DATA_DIR), so the fixtures' tokens are valid for the server started next (same JWT_SECRET).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { companies, deliveries, deliveryEvents, enquiries, inboxItems, personalInfo, riderAvailability, staff, users } from '../../src/server/db/schema';
import { startSession } from '../../src/server/plugins/auth';
import { hashPassword } from '../../src/server/lib/passwords';
import { startStaffSession } from '../../src/server/plugins/staffAuth';
import { encryptSecret, newTotpSecret } from '../../src/server/lib/totp';
import { hostileCallers } from './hostileCallers';

const PASSWORD = 'Correct-Horse-Battery-9';

const [command, rawArgs] = process.argv.slice(2);
const args = JSON.parse(rawArgs ?? '{}') as Record<string, unknown>;

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const db = database.db;
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function user(label: string, userType: 1 | 2, options: { password?: boolean; verified?: boolean } = {}) {
  const t = tag();
  const email = `${label}.${t}@faults.example.com`;
  const [row] = await db
    .insert(users)
    .values({
      username: `f_${label.slice(0, 10)}_${t}`.slice(0, 30),
      email,
      passwordHash: options.password === false ? null : await hashPassword(PASSWORD),
      emailVerifiedAt: options.verified === false ? null : new Date(),
      userType,
      profileCompleted: options.verified === false ? 0 : 1,
      currentTab: options.verified === false ? 2 : 5,
    })
    .returning({ id: users.id, username: users.username });
  const token = await startSession(db, config, { id: row!.id, userType }, 'password');
  return { id: row!.id, username: row!.username, email, token };
}

async function seed() {
  const sets = Number(args.sets ?? 1);
  const writers = Number(args.writers ?? 0);
  const out: Record<string, unknown> = { password: PASSWORD, sets: [] as unknown[], writers: [] as unknown[] };
  for (let i = 0; i < sets; i += 1) {
    const co = await user('company', 2);
    await db.insert(companies).values({ userId: co.id, companyName: `Faults Foods ${i}`, contactPerson: 'Bisi Ade' });
    const staffEmail = `staff.${tag()}@faults.example.com`;
    const [member] = await db
      .insert(staff)
      .values({ email: staffEmail, role: 'admin', passwordHash: await hashPassword(PASSWORD), totpSecret: encryptSecret(config, newTotpSecret()), totpEnabledAt: new Date() })
      .returning({ id: staff.id });
    (out.sets as unknown[]).push({
      loginRider: await user('login', 1),
      deleteRider: await user('delete', 1),
      unverified: await user('unverified', 1, { password: false, verified: false }),
      company: co,
      staff: { id: member!.id, email: staffEmail, token: await startStaffSession(db, config, member!.id, 'complete') },
    });
  }
  for (let i = 0; i < writers; i += 1) (out.writers as unknown[]).push(await user(`writer${i}`, 1, { password: false }));
  return out;
}

/** Looks up acknowledged writes: which enquiries and sign-ups are missing, each writer's bio. */
async function check() {
  const wantedEnquiries = (args.enquiries as string[] | undefined) ?? [];
  const wantedUsers = ((args.users as string[] | undefined) ?? []).map((e) => e.toLowerCase());
  const writerIds = (args.writers as string[] | undefined) ?? [];
  const found = new Set<string>();
  for (let i = 0; i < wantedEnquiries.length; i += 500) {
    const rows = await db.select({ email: enquiries.email }).from(enquiries).where(inArray(enquiries.email, wantedEnquiries.slice(i, i + 500)));
    for (const r of rows) found.add(r.email);
  }
  const foundUsers = new Set<string>();
  for (let i = 0; i < wantedUsers.length; i += 500) {
    const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, wantedUsers.slice(i, i + 500)));
    for (const r of rows) foundUsers.add(r.email);
  }
  const bios: Record<string, string | null> = {};
  if (writerIds.length > 0) {
    const rows = await db.select({ id: users.id, bio: users.bio }).from(users).where(inArray(users.id, writerIds));
    for (const r of rows) bios[r.id] = r.bio;
  }
  // A booking answered 201 is its delivery with its 'booked' event and its inbox item (one transaction).
  const wantedDeliveries = (args.deliveries as string[] | undefined) ?? [];
  const whole = new Set<string>();
  for (let i = 0; i < wantedDeliveries.length; i += 500) {
    const rows = await db
      .select({ id: deliveries.id })
      .from(deliveries)
      .innerJoin(deliveryEvents, and(eq(deliveryEvents.deliveryId, deliveries.id), eq(deliveryEvents.status, 'booked')))
      .innerJoin(inboxItems, eq(inboxItems.deliveryId, deliveries.id))
      .where(inArray(deliveries.id, wantedDeliveries.slice(i, i + 500)));
    for (const r of rows) whole.add(r.id);
  }
  const integrity = await db.execute(sql`select count(*)::int as n from users`);
  return {
    missingEnquiries: wantedEnquiries.filter((e) => !found.has(e)),
    missingUsers: wantedUsers.filter((e) => !foundUsers.has(e)),
    missingDeliveries: wantedDeliveries.filter((id) => !whole.has(id)),
    bios,
    users: (integrity as unknown as { rows: Array<{ n: number }> }).rows?.[0]?.n ?? null,
  };
}

/**
 * Riders who may deliver (sign-up finished, ID approved, switched on in Ikeja), as the ID review
 * and the availability switch leave them, and a dispatcher with a complete console session.
 */
async function dispatch() {
  const riders: unknown[] = [];
  for (let i = 0; i < Number(args.riders ?? 2); i += 1) {
    const rider = await user(`rider${i}`, 1, { password: false });
    await db.update(users).set({ firstName: 'Rider', lastName: `Faults${i}`, phone: `+2348031${String(100000 + i).slice(-6)}` }).where(eq(users.id, rider.id));
    await db.insert(personalInfo).values({ userId: rider.id, idReviewStatus: 'approved' });
    await db.insert(riderAvailability).values({ userId: rider.id, available: true, areas: ['Ikeja'] });
    riders.push(rider);
  }
  const [member] = await db
    .insert(staff)
    .values({ email: `dispatcher.${tag()}@faults.example.com`, role: 'dispatcher', passwordHash: await hashPassword(PASSWORD), totpSecret: encryptSecret(config, newTotpSecret()), totpEnabledAt: new Date() })
    .returning({ id: staff.id });
  return { riders, dispatcher: { id: member!.id, token: await startStaffSession(db, config, member!.id, 'complete') } };
}

/**
 * The acknowledged moves looked up: for each Idempotency-Key, how many events of its delivery
 * carry it and with which action; for each delivery, its status, the status of its last event and
 * how many events it has.
 */
async function moves() {
  const wanted = (args.moves as Array<{ deliveryId: string; key: string; action: string }> | undefined) ?? [];
  const ids = [...new Set(wanted.map((m) => m.deliveryId))];
  const events: Array<{ deliveryId: string; clientKey: string | null; action: string; status: string; createdAt: Date }> = [];
  const rows: Array<{ id: string; status: string }> = [];
  for (let i = 0; i < ids.length; i += 200) {
    const slice = ids.slice(i, i + 200);
    events.push(
      ...(await db
        .select({ deliveryId: deliveryEvents.deliveryId, clientKey: deliveryEvents.clientKey, action: deliveryEvents.action, status: deliveryEvents.status, createdAt: deliveryEvents.createdAt })
        .from(deliveryEvents)
        .where(inArray(deliveryEvents.deliveryId, slice))),
    );
    rows.push(...(await db.select({ id: deliveries.id, status: deliveries.status }).from(deliveries).where(inArray(deliveries.id, slice))));
  }
  const byKey = new Map<string, string[]>();
  for (const e of events) if (e.clientKey) byKey.set(`${e.deliveryId} ${e.clientKey}`, [...(byKey.get(`${e.deliveryId} ${e.clientKey}`) ?? []), e.action]);
  const keys = wanted.map((m) => {
    const actions = byKey.get(`${m.deliveryId} ${m.key}`) ?? [];
    return { key: m.key, count: actions.length, sameAction: actions.every((a) => a === m.action) };
  });
  const perDelivery = rows.map((r) => {
    const mine = events.filter((e) => e.deliveryId === r.id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return { id: r.id, status: r.status, lastEventStatus: mine.at(-1)?.status ?? null, events: mine.length };
  });
  return { keys, deliveries: perDelivery, events: events.length };
}

/** The outbox's state: how many messages are sent, pending or failed. */
async function outbox() {
  const result = await db.execute(sql`select status, count(*)::int as n from outbox_emails group by status`);
  const rows = (result as unknown as { rows: Array<{ status: string; n: number }> }).rows ?? [];
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

try {
  const result = command === 'seed' ? await seed() : command === 'check' ? await check() : command === 'outbox' ? await outbox() : command === 'hostile' ? await hostileCallers(db, config) : command === 'dispatch' ? await dispatch() : command === 'moves' ? await moves() : null;
  if (result === null) throw new Error(`unknown command ${command}`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await database.close();
}
