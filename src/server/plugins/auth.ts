/**
 * Sessions and the auth token (DESIGN.md §5). The server keeps sessions; the token
 * the browser stores is a JWT signed with HS256 (the one algorithm accepted) that names its
 * session (`sid`), its user (`sub`) and the user's type, and carries `exp`. A token is honoured
 * only while its session is neither ended (logout, password reset) nor past its expiry, so
 * logging out and resetting a password end sessions for real.
 *
 * Routes say who may call them (plugins/access.ts) and read `request.auth`.
 */
import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { signJwt, verifyJwt } from '../lib/jwt';
import { cachedSession, forgetSessions, keepSession } from './sessionCache';

export const AUTH_HEADER = 'x-auth-token';
/** How long a sign-in lasts: a rider on a shared phone logs out, others stay in for a week. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const ISSUER = 'ogba-dispatch';

export interface AuthContext {
  userId: string;
  sessionId: string;
  userType: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the access guard; null on routes that do not ask for it. */
    auth: AuthContext | null;
  }
}

const keys = new WeakMap<Config, Uint8Array>();
/** The signing key: derived from JWT_SECRET for this one purpose (the cookie key is another). */
function signingKey(config: Config): Uint8Array {
  let key = keys.get(config);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', config.jwtSecret).update('auth-token').digest());
    keys.set(config, key);
  }
  return key;
}

export type SessionMethod = 'password' | 'google';

/** The signed token of a session (also for seeding benchmarks, which insert sessions in bulk). */
export function sessionToken(
  config: Config,
  session: { id: string; userId: string; userType: number; expiresAt: Date },
): string {
  return signJwt(
    {
      sid: session.id,
      user_type: session.userType,
      sub: session.userId,
      iss: ISSUER,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(session.expiresAt.getTime() / 1000),
    },
    signingKey(config),
  );
}

/** Starts a session and returns its signed token. Pass the transaction of the sign-in when there is one. */
export async function startSession(
  db: Db,
  config: Config,
  user: { id: string; userType: number },
  method: SessionMethod,
): Promise<string> {
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, expiresAt, method })
    .returning({ id: sessions.id });
  return sessionToken(config, { id: session!.id, userId: user.id, userType: user.userType, expiresAt });
}

/**
 * The session a token names, when the token is genuine, the session still open and its user not
 * suspended (a suspension refuses a token at once, even one whose session a race kept
 * open); else null. One indexed join, and none at all while the session is in the cache
 * (plugins/sessionCache.ts: whatever ends a session or suspends a user forgets it first).
 */
export async function readSession(db: Db, config: Config, token: string): Promise<AuthContext | null> {
  const claims = tokenSession(config, token);
  if (!claims) return null;
  const { cached, ...auth } = claims;
  if (cached) return auth;
  const [open] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(openSession(auth))
    .limit(1);
  if (!open) return null;
  sessionFoundOpen(auth, open.expiresAt);
  return auth;
}

/**
 * What a token says without asking the database: its session, user and type when the token is
 * genuine (else null), and whether the session cache vouches that the session is open. A route
 * that joins the session check into its own query (one round trip) checks
 * `openSession` there when `cached` is false, and then calls `sessionFoundOpen`.
 */
export function tokenSession(config: Config, token: string): (AuthContext & { cached: boolean }) | null {
  const claims = tokenClaims(signingKey(config), token);
  if (!claims) return null;
  return { userId: claims.userId, sessionId: claims.sessionId, userType: claims.userType, cached: cachedSession(claims.sessionId, claims.userId) !== null };
}

interface TokenClaims extends AuthContext {
  /** The token's `exp`, ms since the epoch. */
  expiresAt: number;
}

/**
 * Tokens already found genuine, per signing key. Checking a token's HMAC (lib/jwt.ts) was the
 * largest piece of a cached profile read's own work (8-11 µs of ~0.1 ms); a token seen
 * before is found here in under 1 µs. What a token says is fixed by its bytes and the key, so
 * only its expiry is checked again; whether its session is still open is the session cache's
 * and the database's question, as before. Only genuine tokens get in, and at most
 * MAX_VERIFIED_TOKENS (~0.45 kB each; the oldest go first, and are checked again if they return).
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, TokenClaims>>();
const MAX_VERIFIED_TOKENS = 20_000;

function tokenClaims(key: Uint8Array, token: string): TokenClaims | null {
  let verified = verifiedTokens.get(key);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(key, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt > Date.now()) return known;
    verified.delete(token);
    return null;
  }
  const payload = verifyJwt(token, key, { issuer: ISSUER });
  if (!payload) return null;
  const { sub, sid, user_type: userType } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof userType !== 'number') return null;
  if (!/^[0-9a-f-]{36}$/i.test(sid)) return null;
  const claims: TokenClaims = { userId: sub, sessionId: sid, userType, expiresAt: payload.exp * 1000 };
  if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
  verified.set(token, claims);
  return claims;
}

/**
 * SQL over `sessions` joined with `users`: the session is open and its user not suspended. The
 * ids may be placeholders (a prepared statement's parameters).
 */
export function openSession(auth: { sessionId: string | Placeholder; userId: string | Placeholder }): SQL {
  return and(
    eq(sessions.id, auth.sessionId),
    eq(sessions.userId, auth.userId),
    isNull(sessions.endedAt),
    gt(sessions.expiresAt, sql`now()`),
    isNull(users.suspendedAt),
  )!;
}

/** The database just found the session open: the session cache keeps it. */
export function sessionFoundOpen(auth: AuthContext, expiresAt: Date): void {
  keepSession(auth.sessionId, { userId: auth.userId, userType: auth.userType, expiresAt: expiresAt.getTime() });
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  forgetSessions(sessionId);
  await db.update(sessions).set({ endedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a user (a password reset). Pass the reset's transaction. */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  forgetSessions(userId);
  await db.update(sessions).set({ endedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/** The token in the request's x-auth-token header, or null. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[AUTH_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : null;
}

/** Call once in buildApp before the routes. */
export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/** The 401 answer of a protected route, for its response schema. */
export const unauthorizedResponse = { 401: { $ref: 'ErrorBody#' } } as const;
