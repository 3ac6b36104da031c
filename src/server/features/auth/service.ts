/**
 * Accounts: password login, logout, forgot and reset password, Google sign-in and
 * the signed-in user's basics. Routes pass work here; writes that belong together share a
 * transaction (a reset: the password, the used link, the ended sessions and the notice e-mail).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/api';
import { USER_TYPE_RIDER } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { paths } from '../../../shared/routes';
import { site } from '../../../shared/site';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { GRANT_LIFETIME_MS, type GrantReading } from './google';
import { AppError } from '../../errors';
import { endAllSessions, endSession, readSession, startSession } from '../../plugins/auth';
import { refreshProfileDocument } from '../../domain/profileDocument';
import { authLimits, countAgainstLimits, type LimitStore } from '../../lib/limits';
import { enqueueEmail, renderEmail } from '../../plugins/mail';
import {
  assertPasswordNotCommon,
  hashPassword,
  needsRehash,
  verifyAgainstNothing,
  verifyPassword,
} from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/uniqueViolation';

export interface AuthDeps {
  db: Db;
  config: Config;
  limits: LimitStore;
}

/** A reset link works once, for an hour. */
const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** The wizard step a rider made through Google resumes at: the e-mail is verified already. */
const GOOGLE_SIGNUP_TAB = 3;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const loginKeys = (email: string, ip: string) => ({
  account: { key: `login:account:${email}`, limit: authLimits.loginPerAccount },
  address: { key: `login:address:${ip}`, limit: authLimits.loginPerAddress },
});

/**
 * Checks an e-mail and password and starts a session. An unknown e-mail, a wrong password, an
 * account without a password and a login type that is not the account's all get the same
 * answer in the same time. Failures count per account and per address; at the limit the
 * answer is 429 until the window ends.
 */
export async function loginWithPassword(
  deps: AuthDeps,
  input: { email: string; password: string; userType: string; ip: string },
): Promise<string> {
  const email = normaliseEmail(input.email);
  const keys = loginKeys(email, input.ip);
  // Counted before the password is checked, atomically: a burst of concurrent attempts gets at
  // most the limit checked. A good password takes its attempt back below.
  await countAgainstLimits(deps.limits, [keys.account, keys.address]);

  const [user] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash, userType: users.userType, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !passwordOk || user.userType !== Number(input.userType)) {
    throw AppError.invalid('alert', messages.invalidCredentials);
  }

  await Promise.all([deps.limits.reset(keys.account.key), deps.limits.unhit(keys.address.key)]);
  // Said only to someone who knows the password: the address alone reveals nothing.
  if (user.suspendedAt) throw suspended();
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(input.password);
    await deps.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }
  return startSession(deps.db, deps.config, user, 'password');
}

/** The answer to a suspended account's sign-in. */
export function suspended(): AppError {
  return new AppError('FORBIDDEN', messages.accountSuspended(site.email));
}

export async function logoutSession(db: Db, sessionId: string): Promise<void> {
  await endSession(db, sessionId);
}

/**
 * Sends a reset link when the address has an account, and does nothing visible otherwise:
 * the caller answers the same in both cases. Requests count per e-mail and per address.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: { email: string; ip: string },
): Promise<{ emailQueued: boolean }> {
  const email = normaliseEmail(input.email);
  await countAgainstLimits(deps.limits, [
    { key: `forgot:email:${email}`, limit: authLimits.forgotPerEmail },
    { key: `forgot:address:${input.ip}`, limit: authLimits.forgotPerAddress },
  ]);
  const started = performance.now();
  try {
    return await queuePasswordReset(deps, email);
  } finally {
    // A known address costs a token and an e-mail in the outbox, an unknown one nothing: the
    // answer waits for a fixed floor either way, so its timing does not tell which addresses
    // have accounts.
    const wait = FORGOT_ANSWER_FLOOR_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** The shortest time a forgot-password answer takes, known address or not. */
export const FORGOT_ANSWER_FLOOR_MS = 250;

async function queuePasswordReset(deps: AuthDeps, email: string): Promise<{ emailQueued: boolean }> {
  const [user] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return { emailQueued: false };

  const token = randomBytes(32).toString('base64url');
  const link = `${deps.config.publicUrl}${paths.resetPassword}?token=${token}`;
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_LINK_LIFETIME_MS),
    });
    await enqueueEmail(
      tx,
      renderEmail({
        to: user.email,
        subject: 'Reset your password',
        heading: 'Reset your password',
        paragraphs: [
          'We received a request to reset the password of your account. Choose a new password with the button below.',
          'The link works once and expires in one hour. If you did not ask for it, ignore this e-mail: your password stays the same.',
        ],
        action: { label: 'Reset Password', url: link },
      }),
      'urgent',
    );
  });
  return { emailQueued: true };
}

const usableToken = (tokenHash: string) =>
  and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`));

/**
 * Sets a new password with a reset link's token. The token works once and for an hour; the
 * reset ends every session of the account and every other link, lifts the login lock, and
 * tells the owner by e-mail, all in one transaction.
 */
export async function resetPassword(deps: AuthDeps, input: { token: string; newPassword: string }): Promise<void> {
  const tokenHash = sha256(input.token);
  const [found] = await deps.db
    .select({ userId: passwordResetTokens.userId, email: users.email, username: users.username })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(usableToken(tokenHash))
    .limit(1);
  if (!found) throw AppError.invalid('alert', messages.resetLinkInvalid);
  assertPasswordNotCommon('newPassword', input.newPassword, found);
  const passwordHash = await hashPassword(input.newPassword);

  const email = await deps.db.transaction(async (tx) => {
    // The conditional update is what makes the link work once, even for two requests at a time.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(usableToken(tokenHash))
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw AppError.invalid('alert', messages.resetLinkInvalid);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    await refreshProfileDocument(tx, used.userId);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await endAllSessions(tx, used.userId);
    await enqueueEmail(
      tx,
      renderEmail({
        to: user!.email,
        subject: 'Your password was changed',
        heading: 'Your password was changed',
        paragraphs: [
          'The password of your account was just reset, and every device that was signed in has been signed out.',
          'If this was not you, ask for a new reset link from the login page at once, or write to us.',
        ],
        action: { label: 'Log in', url: `${deps.config.publicUrl}${paths.login}` },
      }),
    );
    return user!.email;
  });
  await deps.limits.reset(loginKeys(email, '').account.key);
}

/** A username for a new Google rider: from the name or the e-mail, made unique. */
function usernameBase(name: string | undefined, email: string): string {
  const source = name && /[a-z0-9]/i.test(name) ? name : email.split('@')[0]!;
  const base = source
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 20);
  return base.length >= 3 ? base : `rider_${base}`.replace(/_+$/, '');
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  name?: string;
}

/**
 * Signs in the account with this Google identity or verified e-mail, linking the two on the
 * first Google sign-in; otherwise creates a rider whose e-mail counts as verified and who
 * resumes the sign-up wizard at the location step. Returns a session token.
 */
export async function signInWithGoogle(deps: AuthDeps, identity: GoogleIdentity): Promise<string> {
  const email = normaliseEmail(identity.email);
  const [existing] = await deps.db
    .select({ id: users.id, userType: users.userType, googleSubject: users.googleSubject, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(or(eq(users.googleSubject, identity.subject), eq(users.email, email)))
    .orderBy(sql`${users.googleSubject} = ${identity.subject} desc nulls last`)
    .limit(1);
  if (existing) {
    if (existing.googleSubject && existing.googleSubject !== identity.subject) {
      // Another Google account already signs in to the account with this address.
      throw new AppError('CONFLICT', messages.googleFailed);
    }
    if (existing.suspendedAt) throw suspended();
    if (!existing.googleSubject) {
      await deps.db
        .update(users)
        .set({
          googleSubject: identity.subject,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, existing.id));
    }
    return startSession(deps.db, deps.config, existing, 'google');
  }

  const base = usernameBase(identity.name, email);
  for (let attempt = 0; attempt < 6; attempt++) {
    const username = attempt === 0 ? base : `${base.slice(0, 15)}_${randomBytes(3).readUIntBE(0, 3) % 10000}`;
    try {
      return await deps.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            username,
            email,
            emailVerifiedAt: sql`now()`,
            googleSubject: identity.subject,
            userType: USER_TYPE_RIDER,
            profileCompleted: 0,
            currentTab: GOOGLE_SIGNUP_TAB,
          })
          .returning({ id: users.id, userType: users.userType });
        await refreshProfileDocument(tx, created!.id);
        return startSession(tx, deps.config, created!, 'google');
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // The username was taken, or the same person signed up at the same moment: look again.
      const [raced] = await deps.db
        .select({ id: users.id, userType: users.userType })
        .from(users)
        .where(or(eq(users.googleSubject, identity.subject), eq(users.email, email)))
        .limit(1);
      if (raced) return startSession(deps.db, deps.config, raced, 'google');
    }
  }
  throw AppError.internal();
}

/** The API's url of a stored file, relative to the API base (spec §3 'picture'). */
export function fileUrl(fileId: string): string {
  return `/files/${fileId}`;
}

export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUser | null> {
  const [user] = await db
    .select({
      username: users.username,
      email: users.email,
      userType: users.userType,
      pictureFileId: users.pictureFileId,
      profileCompleted: users.profileCompleted,
      currentTab: users.currentTab,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  return {
    username: user.username,
    email: user.email,
    user_type: user.userType,
    picture: user.pictureFileId ? { url: fileUrl(user.pictureFileId) } : null,
    profile_completed: user.profileCompleted,
    current_tab: user.currentTab,
  };
}

/**
 * Hands the session of a finished Google sign-in to the page that exchanges its one-time code
 * (features/auth/google.ts issueGoogleGrant). The grant must be this
 * browser's, unexpired and unused (counted in the shared limit store, so a code works once
 * across instances). A browser already signed in to another account is not switched silently:
 * 409, log out first.
 */
export async function exchangeGoogleGrant(
  deps: AuthDeps,
  input: { reading: GrantReading; currentToken: string | null },
): Promise<string> {
  const { reading } = input;
  if (reading.status === 'expired') throw AppError.invalid('alert', messages.tokenExpired);
  if (reading.status !== 'ok') throw AppError.invalid('alert', messages.invalidToken);
  const uses = await deps.limits.hit(`google-grant:${reading.codeHash}`, GRANT_LIFETIME_MS);
  if (uses.count > 1) throw AppError.invalid('alert', messages.invalidToken);
  const granted = await readSession(deps.db, deps.config, reading.token);
  if (!granted) throw AppError.invalid('alert', messages.invalidToken);
  const current = input.currentToken ? await readSession(deps.db, deps.config, input.currentToken) : null;
  if (current && current.userId !== granted.userId) {
    await endSession(deps.db, granted.sessionId);
    throw new AppError('CONFLICT', messages.googleOtherAccount);
  }
  return reading.token;
}
