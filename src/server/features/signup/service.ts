/**
 * The rider sign-up wizard's server side. Each step saves the rider's place in
 * users.current_tab, so a rider who signs in on another phone resumes at the right step:
 *   1 create account      → current_tab 2 (a code goes out by e-mail in the same transaction)
 *   2 verify the e-mail   → 3             3 location → 4
 *   4 picture or Skip     → 5             5 agreement → profile_completed 1
 * A step never moves a rider backwards, and a step whose turn has not come is refused.
 *
 * The e-mail code: four random digits, stored as an HMAC (keyed from JWT_SECRET) so a copy of
 * the database does not give codes away; valid for ten minutes, once; dead after five wrong
 * tries; a new one at most every 60 seconds (and ten an hour), enforced here whatever the
 * browser shows. Sending a new code ends the old one.
 */
import { eq, sql } from 'drizzle-orm';
import { RESEND_COOLDOWN_SECONDS, USER_TYPE_RIDER } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { paths } from '../../../shared/routes';
import {
  RIDER_AGREEMENT_VERSION,
  type SignupProgressResponse,
  type UploadProfileImageResponse,
} from '../../../shared/signup';
import { CENTRE_FOCUS, type FocalPoint } from '../../../shared/uploads';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { startSession } from '../../plugins/auth';
import { deleteFilesOf, fileUrl, storeFile } from '../../plugins/files';
import { processProfileImage } from '../../lib/images';
import { checkPlace } from '../../domain/locations';
import { renderEmail } from '../../plugins/mail';
import { assertPasswordNotCommon, hashPassword } from '../../lib/passwords';
import { refreshRiderCard } from '../../domain/riderCards';
import { refreshProfileDocument } from '../../domain/profileDocument';
import {
  assertResendAllowed,
  checkVerificationCode,
  CODE_FIELD,
  CooldownError,
  issueVerificationCode,
  spendVerificationCode,
} from '../../domain/verificationCodes';
import { uniqueViolation } from '../../lib/uniqueViolation';

export interface SignupDeps {
  db: Db;
  config: Config;
}

export { CooldownError };

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Puts a new code's e-mail for a rider in the outbox (the code's rules: domain/verificationCodes.ts). */
function issueCode(tx: Db, config: Config, user: { id: string; email: string; username: string }): Promise<void> {
  return issueVerificationCode(tx, config, user.id, (code) =>
    renderEmail({
      to: user.email,
      // The code in the subject, so a phone's notification shows it.
      subject: messages.verificationCodeEmailSubject(code),
      heading: `Welcome, ${user.username}`,
      paragraphs: [
        'Enter this code in the sign-up page to verify your email address. It works once, for 10 minutes.',
        'If you did not sign up as a rider, ignore this e-mail: no account is used without this code.',
      ],
      code,
      action: { label: 'Continue sign-up', url: `${config.publicUrl}${paths.riderSignup}?step=2` },
    }),
  );
}

/**
 * Step 1: creates a rider with a password, sends the code and starts a session. A taken
 * e-mail or username is answered under its field; so is a password on the common list.
 */
export async function createRiderAccount(
  deps: SignupDeps,
  input: { email: string; username: string; password: string; userType: string },
): Promise<string> {
  if (input.userType !== String(USER_TYPE_RIDER)) throw AppError.invalid('user_type', messages.riderSignupOnly);
  const email = normaliseEmail(input.email);
  const username = input.username.trim();
  const taken = await deps.db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(sql`${users.email} = ${email} or lower(${users.username}) = lower(${username})`)
    .limit(2);
  if (taken.some((u) => u.email === email)) throw new AppError('CONFLICT', messages.emailTaken, 'email');
  if (taken.length > 0) throw new AppError('CONFLICT', messages.usernameTaken, 'username');
  assertPasswordNotCommon('password', input.password, { email, username });
  const passwordHash = await hashPassword(input.password);

  try {
    return await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ username, email, passwordHash, userType: USER_TYPE_RIDER, profileCompleted: 0, currentTab: 2 })
        .returning({ id: users.id, userType: users.userType });
      await refreshProfileDocument(tx, created!.id);
      await issueCode(tx, deps.config, { id: created!.id, email, username });
      return startSession(tx, deps.config, created!, 'password');
    });
  } catch (err) {
    // Someone took the address or the name between the look and the insert.
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    if (constraint.includes('email')) throw new AppError('CONFLICT', messages.emailTaken, 'email');
    throw new AppError('CONFLICT', messages.usernameTaken, 'username');
  }
}

interface Progress {
  id: string;
  email: string;
  username: string;
  emailVerifiedAt: Date | null;
  state: string | null;
  currentTab: number;
  profileCompleted: number;
}

async function progressOf(db: Db, userId: string, lock = false): Promise<Progress> {
  const query = db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      emailVerifiedAt: users.emailVerifiedAt,
      state: users.state,
      currentTab: users.currentTab,
      profileCompleted: users.profileCompleted,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [user] = lock ? await query.for('update') : await query;
  if (!user) throw new AppError('UNAUTHORIZED', messages.signInAgain);
  return user;
}

const answer = (message: string, user: { currentTab: number; profileCompleted: number }): SignupProgressResponse => ({
  message,
  current_tab: user.currentTab,
  profile_completed: user.profileCompleted,
});

/**
 * Step 2's resend: a new code by e-mail. At most one every 60 seconds (CooldownError with the
 * seconds left) and ten an hour. The user's row is locked meanwhile, so two requests at once
 * cannot both pass the cooldown.
 */
export async function sendVerificationCode(deps: SignupDeps, userId: string): Promise<{ resendAfterSeconds: number }> {
  return deps.db.transaction(async (tx) => {
    const user = await progressOf(tx, userId, true);
    if (user.emailVerifiedAt) throw new AppError('CONFLICT', messages.emailAlreadyVerified, CODE_FIELD);
    await assertResendAllowed(tx, userId);
    await issueCode(tx, deps.config, user);
    return { resendAfterSeconds: RESEND_COOLDOWN_SECONDS };
  });
}

/**
 * Step 2's 'Wrong e-mail? Change it': a rider who mistyped the address corrects it
 * before verifying. The address is checked as at step 1 (one already in use is refused under
 * email); the change and a new code to the new address are one transaction, under the resend's
 * cooldown and hourly limit (the row locked meanwhile); the new code ends the old one.
 */
export async function changeSignupEmail(
  deps: SignupDeps,
  userId: string,
  input: { email: string },
): Promise<{ email: string; resendAfterSeconds: number }> {
  const email = normaliseEmail(input.email);
  try {
    return await deps.db.transaction(async (tx) => {
      const user = await progressOf(tx, userId, true);
      if (user.emailVerifiedAt) throw new AppError('CONFLICT', messages.emailAlreadyVerified, 'email');
      if (email !== user.email) {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
        if (taken) throw new AppError('CONFLICT', messages.emailTaken, 'email');
      }
      await assertResendAllowed(tx, userId, 'email');
      await tx.update(users).set({ email, updatedAt: sql`now()` }).where(eq(users.id, userId));
      await refreshProfileDocument(tx, userId);
      await issueCode(tx, deps.config, { ...user, email });
      return { email, resendAfterSeconds: RESEND_COOLDOWN_SECONDS };
    });
  } catch (err) {
    // Someone took the address between the look and the update.
    if (uniqueViolation(err)?.includes('email')) throw new AppError('CONFLICT', messages.emailTaken, 'email');
    throw err;
  }
}

/**
 * Step 2: checks the code. Every try, right or wrong, is counted first (one conditional
 * update), so however many requests arrive at once a code is compared at most five times.
 */
export async function verifyEmailCode(deps: SignupDeps, userId: string, code: string): Promise<SignupProgressResponse> {
  const user = await progressOf(deps.db, userId);
  if (user.emailVerifiedAt) return answer(messages.emailAlreadyVerified, user);

  const codeId = await checkVerificationCode(deps.db, deps.config, userId, code);

  return deps.db.transaction(async (tx) => {
    await spendVerificationCode(tx, codeId);
    const [updated] = await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        currentTab: sql`greatest(${users.currentTab}, 3)`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning({ currentTab: users.currentTab, profileCompleted: users.profileCompleted });
    await refreshProfileDocument(tx, userId);
    return answer(messages.emailVerified, updated!);
  });
}

function assertVerified(user: Progress, field: string): void {
  if (!user.emailVerifiedAt) throw new AppError('FORBIDDEN', messages.verifyEmailFirst, field);
}

/** Step 3: the state and town, checked against the location data (failures under state or town). */
export async function saveLocation(deps: SignupDeps, userId: string, input: { state: string; town: string }): Promise<SignupProgressResponse> {
  const user = await progressOf(deps.db, userId);
  assertVerified(user, 'state');
  const place = checkPlace(input);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ state: place.state, town: place.town, currentTab: sql`greatest(${users.currentTab}, 4)`, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ currentTab: users.currentTab, profileCompleted: users.profileCompleted });
    await refreshRiderCard(tx, userId);
    await refreshProfileDocument(tx, userId);
    return row;
  });
  return answer(messages.locationSaved, updated!);
}

/** Step 4's Skip: the picture can come later, from the dashboard. */
export async function skipPicture(deps: SignupDeps, userId: string): Promise<SignupProgressResponse> {
  const user = await progressOf(deps.db, userId);
  assertVerified(user, 'alert');
  if (!user.state) throw new AppError('FORBIDDEN', messages.chooseLocationFirst, 'alert');
  const [updated] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ currentTab: sql`greatest(${users.currentTab}, 5)`, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ currentTab: users.currentTab, profileCompleted: users.profileCompleted });
    await refreshProfileDocument(tx, userId);
    return rows;
  });
  return answer(messages.pictureSkipped, updated!);
}

/** Step 5: records when and which version of the agreement was accepted; the profile is complete. */
export async function acceptRiderAgreement(deps: SignupDeps, userId: string): Promise<SignupProgressResponse> {
  const user = await progressOf(deps.db, userId);
  if (user.profileCompleted === 1) return answer(messages.agreementAccepted, user);
  assertVerified(user, 'rider_agreement');
  if (!user.state) throw new AppError('FORBIDDEN', messages.chooseLocationFirst, 'rider_agreement');
  // Sign-up is complete: the rider's card is listed for company search in the same transaction.
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        riderAgreementAt: sql`now()`,
        riderAgreementVersion: RIDER_AGREEMENT_VERSION,
        profileCompleted: 1,
        currentTab: 5,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning({ currentTab: users.currentTab, profileCompleted: users.profileCompleted });
    await refreshRiderCard(tx, userId);
    await refreshProfileDocument(tx, userId);
    return row;
  });
  return answer(messages.agreementAccepted, updated!);
}

/**
 * Step 4 (and the dashboard's picture): checks and re-encodes the image (outside any
 * transaction: it is the slow part), then replaces the rider's picture and thumbnail in one.
 * The picture is stored square, covered at the rider's focal point.
 */
export async function uploadProfilePicture(
  deps: SignupDeps,
  userId: string,
  upload: { data: Buffer; filename: string },
  focus: FocalPoint = CENTRE_FOCUS,
): Promise<UploadProfileImageResponse> {
  const user = await progressOf(deps.db, userId);
  assertVerified(user, 'profile_image');
  const { display, thumb } = await processProfileImage(upload.data, 'profile_image', { square: focus });
  const baseName = upload.filename.replace(/\.[^.]*$/, '') || 'profile';
  return deps.db.transaction(async (tx) => {
    await deleteFilesOf(tx, userId, ['profile_image', 'profile_thumb']);
    const common = { ownerId: userId, isPublic: true, contentType: display.contentType, extension: display.extension };
    const displayId = await storeFile(tx, { ...common, kind: 'profile_image', originalName: `${baseName}.webp`, data: display.data });
    const thumbId = await storeFile(tx, { ...common, kind: 'profile_thumb', originalName: `${baseName}-thumb.webp`, data: thumb.data });
    const [updated] = await tx
      .update(users)
      .set({
        pictureFileId: displayId,
        currentTab: sql`case when ${users.currentTab} = 4 then 5 else ${users.currentTab} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning({ currentTab: users.currentTab });
    await refreshRiderCard(tx, userId);
    await refreshProfileDocument(tx, userId);
    return {
      message: messages.profileImageUploaded,
      picture: { url: fileUrl(displayId), thumb_url: fileUrl(thumbId) },
      current_tab: updated!.currentTab,
    };
  });
}
