/**
 * Staff sessions for the operations console. Staff are a role of their own
 * (DESIGN.md §10): their token travels in `x-ops-token`, is signed with a key of its own and
 * names a row of staff_sessions, so a rider's or a company's token never opens the console and
 * a staff member is never taken for a company by the public site.
 *
 * A session starts at stage 'password' (the second factor is still owed; it lives 10 minutes)
 * and becomes 'complete' after a TOTP or recovery code. A complete session lasts 12 hours.
 * Which routes admit which staff sessions is each route's declaration (plugins/access.ts); a
 * console route answers anyone it does not admit with the same 404 as a missing page.
 */
import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { staff, staffSessions } from '../db/schema';
import { AppError } from '../errors';
import { signJwt, verifyJwt } from '../lib/jwt';

export const STAFF_TOKEN_HEADER = 'x-ops-token';
/** Staff sessions last 12 hours at most. */
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;
/** Between the password and the second factor. */
const STAFF_PENDING_MS = 10 * 60 * 1000;
const ISSUER = 'ogba-dispatch-ops';

export type StaffRole = 'admin' | 'dispatcher';
export type StaffStage = 'password' | 'complete';

export interface StaffContext {
  staffId: string;
  sessionId: string;
  email: string;
  role: StaffRole;
  stage: StaffStage;
  /** Whether a TOTP secret is enrolled (a 'password' session enrols one or answers it). */
  totpEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a console request, set by the access guard; null elsewhere. */
    staff: StaffContext | null;
  }
}

const keys = new WeakMap<Config, Uint8Array>();
function signingKey(config: Config): Uint8Array {
  let key = keys.get(config);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', config.jwtSecret).update('ops-token').digest());
    keys.set(config, key);
  }
  return key;
}

/** Starts a staff session at the given stage and returns its token. */
export async function startStaffSession(db: Db, config: Config, staffId: string, stage: StaffStage): Promise<string> {
  const expiresAt = new Date(Date.now() + (stage === 'complete' ? STAFF_SESSION_MS : STAFF_PENDING_MS));
  const [session] = await db
    .insert(staffSessions)
    .values({ staffId, stage, expiresAt })
    .returning({ id: staffSessions.id });
  return signStaffToken(config, staffId, session!.id, expiresAt);
}

function signStaffToken(config: Config, staffId: string, sessionId: string, expiresAt: Date): string {
  return signJwt(
    { sid: sessionId, sub: staffId, iss: ISSUER, iat: Math.floor(Date.now() / 1000), exp: Math.floor(expiresAt.getTime() / 1000) },
    signingKey(config),
  );
}

/**
 * Completes a 'password' session once the second factor is given: the pending session ends
 * and a complete one of 12 hours starts (a new id, so a token seen before the code is worthless).
 */
export async function completeStaffSession(db: Db, config: Config, context: StaffContext): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.update(staffSessions).set({ endedAt: sql`now()` }).where(eq(staffSessions.id, context.sessionId));
    return startStaffSession(tx, config, context.staffId, 'complete');
  });
}

/** The staff member and session a token names, while both are live; else null. */
export async function readStaffSession(db: Db, config: Config, token: string): Promise<StaffContext | null> {
  const payload = verifyJwt(token, signingKey(config), { issuer: ISSUER });
  if (!payload) return null;
  const { sub, sid } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || !/^[0-9a-f-]{36}$/i.test(sid) || !/^[0-9a-f-]{36}$/i.test(sub)) return null;
  const [row] = await db
    .select({
      email: staff.email,
      role: staff.role,
      stage: staffSessions.stage,
      totpEnabledAt: staff.totpEnabledAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.id, sid),
        eq(staffSessions.staffId, sub),
        isNull(staffSessions.endedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staff.removedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { staffId: sub, sessionId: sid, email: row.email, role: row.role, stage: row.stage, totpEnabled: row.totpEnabledAt !== null };
}

export async function endStaffSession(db: Db, sessionId: string): Promise<void> {
  await db.update(staffSessions).set({ endedAt: sql`now()` }).where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)));
}

/** Ends every open session of a staff member (removal, a new password). Pass the action's transaction. */
export async function endAllStaffSessions(db: Db, staffId: string): Promise<void> {
  await db.update(staffSessions).set({ endedAt: sql`now()` }).where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)));
}

/** The one answer to anyone who may not see a console route: the API's own 404. */
export function consoleNotFound(): AppError {
  return new AppError('NOT_FOUND', messages.notFound);
}

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[STAFF_TOKEN_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : null;
}

/** The staff session the x-ops-token header names, while live; else null (plugins/access.ts decides). */
export async function staffOf(request: FastifyRequest): Promise<StaffContext | null> {
  const token = tokenOf(request);
  return token ? readStaffSession(request.server.database.db, request.server.config, token) : null;
}

export function installStaffAuth(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
}

/** The 404 every console route declares. */
export const consoleNotFoundResponse = { 404: { $ref: 'ErrorBody#' } } as const;
