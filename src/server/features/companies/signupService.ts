/**
 * The invited company sign-up (issue 12): one transaction spends the invitation, makes the
 * account (user_type 2) and its companies row, puts the verification code's e-mail in the
 * outbox and starts a session. The e-mail is then verified with the 4-digit code, by the same
 * rules as a rider's (src/shared/signup.ts): random, kept as an HMAC, once, for 10 minutes,
 * dead after 5 wrong tries, a new one at most every 60 seconds and ten an hour.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { companySignupForm, normaliseCac } from '../../../shared/company';
import { RESEND_COOLDOWN_SECONDS, USER_TYPE_COMPANY, VERIFY_CODE_LENGTH } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { normalisePhone } from '../../../shared/profile';
import { paths } from '../../../shared/routes';
import { VERIFY_CODE_LIFETIME_MS, VERIFY_CODE_MAX_ATTEMPTS, VERIFY_CODES_PER_HOUR } from '../../../shared/signup';
import type { FormValues } from '../../../shared/validation';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { companies, emailVerificationCodes, users } from '../../db/schema';
import { AppError } from '../../errors';
import { startSession } from '../../plugins/auth';
import { consumeInvitation } from '../../plugins/invitations';
import { checkPlace } from '../../plugins/locations';
import { enqueueEmail, renderEmail } from '../../plugins/mail';
import { assertPasswordNotCommon, hashPassword } from '../../plugins/passwords';

export interface CompanyDeps {
  db: Db;
  config: Config;
}

/** A 429 that says, in Retry-After, when to ask again. */
export class CompanyCooldownError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
    field: string,
  ) {
    super('RATE_LIMITED', message, field);
  }
}

export const CODE_FIELD = 'verify_email_code';

/** The constraint a unique violation names, or null when the error is something else. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, constraint_name: constraintName, message } = e as Record<string, unknown>;
    if (code === '23505') return String(constraint ?? constraintName ?? message ?? '');
  }
  return null;
}

// The same keyed hash as the rider's codes (one key derived from JWT_SECRET for this purpose).
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

/** Makes a new code (ending any earlier one) and puts its e-mail in the outbox, inside `tx`. */
async function issueCode(tx: Db, config: Config, user: { id: string; email: string; companyName: string }): Promise<void> {
  const code = String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
  await tx
    .update(emailVerificationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerificationCodes.userId, user.id), isNull(emailVerificationCodes.usedAt)));
  await tx.insert(emailVerificationCodes).values({
    userId: user.id,
    codeHash: codeHash(config, user.id, code),
    expiresAt: new Date(Date.now() + VERIFY_CODE_LIFETIME_MS),
  });
  await enqueueEmail(
    tx,
    renderEmail({
      to: user.email,
      subject: messages.companyCodeEmailSubject,
      heading: messages.companyCodeEmailHeading(user.companyName),
      paragraphs: [messages.companyCodeEmailBody, messages.companyCodeEmailIgnore],
      code,
      action: { label: messages.companyCodeEmailAction, url: `${config.publicUrl}${paths.companySignup}` },
    }),
    'urgent',
  );
}

/** A username nobody types: the company's name as a slug and a random tail (unique, not guessable). */
function companyUsername(companyName: string): string {
  const slug = companyName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 20);
  return `${slug || 'company'}-${randomBytes(3).toString('hex')}`;
}

/**
 * POST /api/companies/signup. The fields were checked by the shared rules; here the e-mail
 * must be free, the password not common and the place in the location data, then everything
 * is written in one transaction that first spends the invitation: of two sign-ups with one
 * link, exactly one gets past it, the other is refused under 'invite'.
 */
export async function signUpCompany(deps: CompanyDeps, input: FormValues<typeof companySignupForm>): Promise<string> {
  const email = input.email.trim().toLowerCase();
  const place = checkPlace({ state: input.state, town: input.town });
  const phone = normalisePhone(input.phone);
  if (!phone) throw AppError.invalid('phone', messages.invalidPhone);
  const cac = input.cac_number.trim() === '' ? null : normaliseCac(input.cac_number);
  if (input.cac_number.trim() !== '' && !cac) throw AppError.invalid('cac_number', messages.companyCacInvalid);
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw new AppError('CONFLICT', messages.emailTaken, 'email');
  assertPasswordNotCommon('password', input.password, { email });
  const passwordHash = await hashPassword(input.password);
  const companyName = input.company_name.trim();

  try {
    return await deps.db.transaction(async (tx) => {
      const invitation = await consumeInvitation(tx, input.invite);
      if (!invitation) throw new AppError('CONFLICT', messages.invitationInvalid, 'invite');
      const [created] = await tx
        .insert(users)
        .values({
          username: companyUsername(companyName),
          email,
          passwordHash,
          userType: USER_TYPE_COMPANY,
          phone,
          address: input.address.trim(),
          state: place.state,
          town: place.town,
          // A company has no wizard: its profile is complete once made; the e-mail is checked apart.
          profileCompleted: 1,
          currentTab: 5,
        })
        .returning({ id: users.id, userType: users.userType });
      await tx.insert(companies).values({
        userId: created!.id,
        companyName,
        contactPerson: input.contact_person.trim(),
        cacNumber: cac,
        waitlistEntryId: invitation.waitlistEntryId,
      });
      await issueCode(tx, deps.config, { id: created!.id, email, companyName });
      return startSession(tx, deps.config, created!, 'password');
    });
  } catch (err) {
    // Someone took the address between the look and the insert.
    if (uniqueViolation(err)?.includes('email')) throw new AppError('CONFLICT', messages.emailTaken, 'email');
    throw err;
  }
}

interface CodeOwner {
  id: string;
  email: string;
  emailVerifiedAt: Date | null;
  companyName: string;
}

async function codeOwner(db: Db, userId: string, lock = false): Promise<CodeOwner> {
  const query = db
    .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt, companyName: companies.companyName })
    .from(users)
    .innerJoin(companies, eq(companies.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const [user] = lock ? await query.for('update', { of: users }) : await query;
  if (!user) throw new AppError('NOT_FOUND', messages.notFound);
  return user;
}

/**
 * POST /api/companies/me/send-verify-email: a new code. At most one every 60 seconds
 * (CompanyCooldownError with the seconds left) and ten an hour; the account's row is locked
 * meanwhile, so two requests at once cannot both pass the cooldown.
 */
export async function resendCompanyCode(deps: CompanyDeps, userId: string): Promise<{ resendAfterSeconds: number }> {
  return deps.db.transaction(async (tx) => {
    const user = await codeOwner(tx, userId, true);
    if (user.emailVerifiedAt) throw new AppError('CONFLICT', messages.emailAlreadyVerified, CODE_FIELD);
    const [latest] = await tx
      .select({ ageMs: sql<number>`(extract(epoch from (now() - ${emailVerificationCodes.createdAt})) * 1000)::float8` })
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.userId, userId))
      .orderBy(desc(emailVerificationCodes.createdAt))
      .limit(1);
    const cooldownMs = RESEND_COOLDOWN_SECONDS * 1000;
    if (latest && Number(latest.ageMs) < cooldownMs) {
      const seconds = Math.max(1, Math.ceil((cooldownMs - Number(latest.ageMs)) / 1000));
      throw new CompanyCooldownError(seconds, messages.resendWait(seconds), CODE_FIELD);
    }
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(emailVerificationCodes)
      .where(and(eq(emailVerificationCodes.userId, userId), gt(emailVerificationCodes.createdAt, sql`now() - interval '1 hour'`)));
    if ((recent?.count ?? 0) >= VERIFY_CODES_PER_HOUR) {
      throw new CompanyCooldownError(3600, messages.tooManyRequests(3600), CODE_FIELD);
    }
    await issueCode(tx, deps.config, user);
    return { resendAfterSeconds: RESEND_COOLDOWN_SECONDS };
  });
}

/**
 * PUT /api/companies/me/verify-email: checks the code. Every try is counted first (one
 * conditional update), so however many requests arrive at once a code is compared at most
 * five times.
 */
export async function verifyCompanyEmail(deps: CompanyDeps, userId: string, code: string): Promise<string> {
  const user = await codeOwner(deps.db, userId);
  if (user.emailVerifiedAt) return messages.emailAlreadyVerified;
  const newest = deps.db
    .select({ id: emailVerificationCodes.id })
    .from(emailVerificationCodes)
    .where(and(eq(emailVerificationCodes.userId, userId), isNull(emailVerificationCodes.usedAt)))
    .orderBy(desc(emailVerificationCodes.createdAt))
    .limit(1);
  const [claimed] = await deps.db
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
    const [latest] = await deps.db
      .select({ attempts: emailVerificationCodes.attempts })
      .from(emailVerificationCodes)
      .where(and(eq(emailVerificationCodes.userId, userId), isNull(emailVerificationCodes.usedAt)))
      .orderBy(desc(emailVerificationCodes.createdAt))
      .limit(1);
    const usedUp = latest && latest.attempts >= VERIFY_CODE_MAX_ATTEMPTS;
    throw AppError.invalid(CODE_FIELD, usedUp ? messages.codeUsedUp : messages.codeExpired);
  }
  if (!sameHash(claimed.codeHash, codeHash(deps.config, userId, code))) {
    throw AppError.invalid(CODE_FIELD, messages.codeIncorrect(VERIFY_CODE_MAX_ATTEMPTS - claimed.attempts));
  }
  return deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerificationCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerificationCodes.id, claimed.id), isNull(emailVerificationCodes.usedAt)))
      .returning({ id: emailVerificationCodes.id });
    if (!used) throw AppError.invalid(CODE_FIELD, messages.codeExpired);
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return messages.companyVerified;
  });
}
