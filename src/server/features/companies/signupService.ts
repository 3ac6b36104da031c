/**
 * The invited company sign-up: one transaction spends the invitation, makes the
 * account (user_type 2) and its companies row, puts the verification code's e-mail in the
 * outbox and starts a session. The e-mail is then verified with the 4-digit code, by the same
 * rules as a rider's (src/shared/signup.ts): random, kept as an HMAC, once, for 10 minutes,
 * dead after 5 wrong tries, a new one at most every 60 seconds and ten an hour.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { companySignupForm, normaliseCac } from '../../../shared/company';
import { RESEND_COOLDOWN_SECONDS, USER_TYPE_COMPANY } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { normalisePhone } from '../../../shared/profile';
import { paths } from '../../../shared/routes';
import type { FormValues } from '../../../shared/validation';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { companies, users } from '../../db/schema';
import { AppError } from '../../errors';
import { startSession } from '../../plugins/auth';
import { consumeInvitation } from '../../domain/invitations';
import { checkPlace } from '../../domain/locations';
import { renderEmail } from '../../plugins/mail';
import { assertPasswordNotCommon, hashPassword } from '../../lib/passwords';
import {
  assertResendAllowed,
  checkVerificationCode,
  CODE_FIELD,
  CooldownError,
  issueVerificationCode,
  spendVerificationCode,
} from '../../domain/verificationCodes';
import { uniqueViolation } from '../../lib/uniqueViolation';

export interface CompanyDeps {
  db: Db;
  config: Config;
}

/** The resend's 429 with Retry-After (the same error as the rider's). */
export { CooldownError as CompanyCooldownError, CODE_FIELD };

/** Puts a new code's e-mail for a company in the outbox (the code's rules: domain/verificationCodes.ts). */
function issueCode(tx: Db, config: Config, user: { id: string; email: string; companyName: string }): Promise<void> {
  return issueVerificationCode(tx, config, user.id, (code) =>
    renderEmail({
      to: user.email,
      // The code in the subject, as on the rider's sign-up.
      subject: messages.verificationCodeEmailSubject(code),
      heading: messages.companyCodeEmailHeading(user.companyName),
      paragraphs: [messages.companyCodeEmailBody, messages.companyCodeEmailIgnore],
      code,
      action: { label: messages.companyCodeEmailAction, url: `${config.publicUrl}${paths.companySignup}` },
    }),
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
 * link, exactly one gets past it, the other is told its address now has an account. The e-mail must be the
 * one the invitation was sent to.
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
      if (!invitation) {
        // Of two sign-ups with one link the loser finds it spent by the account the winner just
        // made for the same address: "log in instead" helps that person more than "no longer valid".
        const [made] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
        if (made) throw new AppError('CONFLICT', messages.emailTaken, 'email');
        throw new AppError('CONFLICT', messages.invitationInvalid, 'invite');
      }
      // The link was sent to one inbox: it opens an account for that address only (thrown here,
      // the transaction rolls back and the invitation stays live).
      if (invitation.email.trim().toLowerCase() !== email) throw AppError.invalid('email', messages.companyEmailNotInvited);
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
    await assertResendAllowed(tx, userId);
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
  const codeId = await checkVerificationCode(deps.db, deps.config, userId, code);
  return deps.db.transaction(async (tx) => {
    await spendVerificationCode(tx, codeId);
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return messages.companyVerified;
  });
}
