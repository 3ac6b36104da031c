/**
 * The e-mail verification code, one set of rules for riders (features/signup) and invited
 * companies (features/companies), src/shared/signup.ts: four random digits, stored as an HMAC
 * keyed from JWT_SECRET (a copy of the database gives no codes away), valid for ten minutes,
 * once; dead after five wrong tries; a new one at most every 60 seconds and ten an hour,
 * enforced here whatever the browser shows. Sending a new code ends the old one.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { RESEND_COOLDOWN_SECONDS, VERIFY_CODE_LENGTH } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { VERIFY_CODE_LIFETIME_MS, VERIFY_CODE_MAX_ATTEMPTS, VERIFY_CODES_PER_HOUR } from '../../shared/signup';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { emailVerificationCodes } from '../db/schema';
import { AppError } from '../errors';
import { enqueueEmail, type EmailMessage } from '../plugins/mail';

/** The field the code's messages show under, on both sign-ups. */
export const CODE_FIELD = 'verify_email_code';

/** A 429 that says, in Retry-After, when to ask again. */
export class CooldownError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
    field: string = CODE_FIELD,
  ) {
    super('RATE_LIMITED', message, field);
  }
}

const codeKeys = new WeakMap<Config, Buffer>();
function codeHash(config: Config, userId: string, code: string): string {
  let key = codeKeys.get(config);
  if (!key) {
    key = createHmac('sha256', config.jwtSecret).update('email-verification-code').digest();
    codeKeys.set(config, key);
  }
  return createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Makes a new code for a user (ending any earlier one) and puts its e-mail, as `render` writes
 * it around the code, in the outbox. Pass the transaction of the change that sends it.
 */
export async function issueVerificationCode(tx: Db, config: Config, userId: string, render: (code: string) => EmailMessage): Promise<void> {
  const code = String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
  await tx
    .update(emailVerificationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerificationCodes.userId, userId), isNull(emailVerificationCodes.usedAt)));
  await tx.insert(emailVerificationCodes).values({
    userId,
    codeHash: codeHash(config, userId, code),
    expiresAt: new Date(Date.now() + VERIFY_CODE_LIFETIME_MS),
  });
  await enqueueEmail(tx, render(code), 'urgent');
}

/**
 * The resend's limits: one every 60 seconds (CooldownError with the seconds left) and ten an
 * hour. Call inside a transaction that holds the user's row locked, so two requests at once
 * cannot both pass. `field`: where the wait is shown (the code, or the address being changed).
 */
export async function assertResendAllowed(tx: Db, userId: string, field: string = CODE_FIELD): Promise<void> {
  const [latest] = await tx
    .select({ ageMs: sql<number>`(extract(epoch from (now() - ${emailVerificationCodes.createdAt})) * 1000)::float8` })
    .from(emailVerificationCodes)
    .where(eq(emailVerificationCodes.userId, userId))
    .orderBy(desc(emailVerificationCodes.createdAt))
    .limit(1);
  const cooldownMs = RESEND_COOLDOWN_SECONDS * 1000;
  if (latest && Number(latest.ageMs) < cooldownMs) {
    const seconds = Math.max(1, Math.ceil((cooldownMs - Number(latest.ageMs)) / 1000));
    throw new CooldownError(seconds, messages.resendWait(seconds), field);
  }
  const [recent] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(emailVerificationCodes)
    .where(and(eq(emailVerificationCodes.userId, userId), gt(emailVerificationCodes.createdAt, sql`now() - interval '1 hour'`)));
  if ((recent?.count ?? 0) >= VERIFY_CODES_PER_HOUR) throw new CooldownError(3600, messages.tooManyRequests(3600), field);
}

/**
 * Checks a code. Every try, right or wrong, is counted first (one conditional update), so
 * however many requests arrive at once a code is compared at most five times. Returns the
 * code's id for spendVerificationCode; a wrong, used-up or expired code is a 400 under the code.
 */
export async function checkVerificationCode(db: Db, config: Config, userId: string, code: string): Promise<string> {
  const newest = db
    .select({ id: emailVerificationCodes.id })
    .from(emailVerificationCodes)
    .where(and(eq(emailVerificationCodes.userId, userId), isNull(emailVerificationCodes.usedAt)))
    .orderBy(desc(emailVerificationCodes.createdAt))
    .limit(1);
  const [claimed] = await db
    .update(emailVerificationCodes)
    .set({ attempts: sql`${emailVerificationCodes.attempts} + 1` })
    .where(
      and(
        eq(emailVerificationCodes.id, sql`(${newest})`),
        lt(emailVerificationCodes.attempts, VERIFY_CODE_MAX_ATTEMPTS),
        gt(emailVerificationCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: emailVerificationCodes.id, codeHash: emailVerificationCodes.codeHash, attempts: emailVerificationCodes.attempts });
  if (!claimed) {
    const [latest] = await db
      .select({ attempts: emailVerificationCodes.attempts })
      .from(emailVerificationCodes)
      .where(and(eq(emailVerificationCodes.userId, userId), isNull(emailVerificationCodes.usedAt)))
      .orderBy(desc(emailVerificationCodes.createdAt))
      .limit(1);
    const usedUp = latest && latest.attempts >= VERIFY_CODE_MAX_ATTEMPTS;
    throw AppError.invalid(CODE_FIELD, usedUp ? messages.codeUsedUp : messages.codeExpired);
  }
  if (!sameHash(claimed.codeHash, codeHash(config, userId, code))) {
    throw AppError.invalid(CODE_FIELD, messages.codeIncorrect(VERIFY_CODE_MAX_ATTEMPTS - claimed.attempts));
  }
  return claimed.id;
}

/** Spends a checked code inside the verification's transaction: once, even for two at the same moment. */
export async function spendVerificationCode(tx: Db, codeId: string): Promise<void> {
  const [used] = await tx
    .update(emailVerificationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerificationCodes.id, codeId), isNull(emailVerificationCodes.usedAt)))
    .returning({ id: emailVerificationCodes.id });
  if (!used) throw AppError.invalid(CODE_FIELD, messages.codeExpired);
}

