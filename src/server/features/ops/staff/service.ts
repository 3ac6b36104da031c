/**
 * Staff accounts and the console's sign-in. One function per use case; writes that
 * belong together (a member and their link and its e-mail and the audit entry) share a
 * transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages } from '../../../../shared/messages';
import { type OpsEnrolment, type OpsStaffMember, type StaffRole } from '../../../../shared/opsForms';
import { opsPaths } from '../../../../shared/opsPaths';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { staff, staffPasswordLinks, staffRecoveryCodes } from '../../../db/schema';
import { AppError } from '../../../errors';
import { writeAudit, type AuditActor } from '../../../domain/audit';
import { countAgainstLimits, type LimitStore } from '../../../lib/limits';
import { enqueueEmail, renderEmail } from '../../../plugins/mail';
import { assertPasswordNotCommon, hashPassword, verifyAgainstNothing, verifyPassword } from '../../../lib/passwords';
import {
  completeStaffSession,
  endAllStaffSessions,
  startStaffSession,
  type StaffContext,
} from '../../../plugins/staffAuth';
import {
  acceptedStep,
  decryptSecret,
  encryptSecret,
  enrolmentDetails,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
} from '../../../lib/totp';

export interface StaffDeps {
  db: Db;
  config: Config;
  limits: LimitStore;
}

/** A staff member's set-password link works once, for 24 hours. */
export const STAFF_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Failed staff sign-ins: 5 per account and 20 per address in 15 minutes; codes: 5 per member. */
const staffLimits = {
  perAccount: { max: 5, windowMs: 15 * 60 * 1000 },
  perAddress: { max: 20, windowMs: 15 * 60 * 1000 },
  codes: { max: 5, windowMs: 15 * 60 * 1000 },
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Adds a staff member (or brings back a removed one with a fresh start) and makes their one-time
 * set-password link. The console e-mails the link; the command line prints it.
 */
export async function addStaffMember(
  deps: Pick<StaffDeps, 'db' | 'config'>,
  actor: AuditActor,
  input: { email: string; role: StaffRole; sendEmail: boolean },
): Promise<{ staffId: string; link: string }> {
  const email = normaliseEmail(input.email);
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.config.publicUrl}${opsPaths.setPassword}?token=${token}`;
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(staff).where(eq(staff.email, email)).limit(1);
    if (existing && !existing.removedAt) throw AppError.invalid('email', messages.opsStaffExists);
    let staffId: string;
    if (existing) {
      await tx
        .update(staff)
        .set({ role: input.role, removedAt: null, passwordHash: null, totpSecret: null, totpEnabledAt: null, totpLastStep: null, invitedBy: actor.staffId })
        .where(eq(staff.id, existing.id));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, existing.id));
      staffId = existing.id;
    } else {
      const [created] = await tx.insert(staff).values({ email, role: input.role, invitedBy: actor.staffId }).returning({ id: staff.id });
      staffId = created!.id;
    }
    await tx.insert(staffPasswordLinks).values({
      staffId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + STAFF_LINK_LIFETIME_MS),
    });
    await writeAudit(tx, actor, {
      action: 'staff.invite',
      entityType: 'staff',
      entityId: staffId,
      before: existing ? { email, role: existing.role, status: 'removed' } : null,
      after: { email, role: input.role, status: 'invited' },
    });
    if (input.sendEmail) {
      await enqueueEmail(
        tx,
        renderEmail({
          to: email,
          subject: `You are invited to the ${messages.opsTitle}`,
          heading: `Join the ${messages.opsTitle}`,
          paragraphs: [
            `${actor.email} added you to the Ogba Dispatch operations console as ${input.role === 'admin' ? 'an admin' : 'a dispatcher'}.`,
            'Set your password with the button below, then set up a second factor with an authenticator app. The link works once, for 24 hours.',
          ],
          action: { label: messages.opsSetPassword, url: link },
        }),
        'urgent',
      );
    }
    return { staffId, link };
  });
}

/** Sets a staff password with a one-time link; every session of the member ends. */
export async function setStaffPassword(deps: StaffDeps, input: { token: string; password: string }): Promise<void> {
  const tokenHash = sha256(input.token);
  const usable = and(eq(staffPasswordLinks.tokenHash, tokenHash), isNull(staffPasswordLinks.usedAt), gt(staffPasswordLinks.expiresAt, sql`now()`));
  const [found] = await deps.db
    .select({ staffId: staffPasswordLinks.staffId, email: staff.email })
    .from(staffPasswordLinks)
    .innerJoin(staff, eq(staff.id, staffPasswordLinks.staffId))
    .where(usable)
    .limit(1);
  if (!found) throw AppError.invalid('alert', messages.opsLinkInvalid);
  assertPasswordNotCommon('password', input.password, found);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    // The conditional update makes the link work once, even for two requests at the same moment.
    const [used] = await tx.update(staffPasswordLinks).set({ usedAt: sql`now()` }).where(usable).returning({ staffId: staffPasswordLinks.staffId });
    if (!used) throw AppError.invalid('alert', messages.opsLinkInvalid);
    const [member] = await tx
      .update(staff)
      .set({ passwordHash })
      .where(and(eq(staff.id, used.staffId), isNull(staff.removedAt)))
      .returning({ email: staff.email });
    if (!member) throw AppError.invalid('alert', messages.opsLinkInvalid);
    await endAllStaffSessions(tx, used.staffId);
    await writeAudit(tx, { staffId: used.staffId, email: member.email }, { action: 'staff.set_password', entityType: 'staff', entityId: used.staffId });
  });
}

/**
 * The first factor: e-mail and password. Answers a token for the second-factor step and which
 * step it is. Attempts are counted before the password is checked.
 */
export async function signInStaff(
  deps: StaffDeps,
  input: { email: string; password: string; ip: string },
): Promise<{ token: string; next: 'code' | 'enrol' }> {
  const email = normaliseEmail(input.email);
  await countAgainstLimits(deps.limits, [
    { key: `ops-login:account:${email}`, limit: staffLimits.perAccount },
    { key: `ops-login:address:${input.ip}`, limit: staffLimits.perAddress },
  ]);
  const [member] = await deps.db
    .select({ id: staff.id, passwordHash: staff.passwordHash, totpEnabledAt: staff.totpEnabledAt })
    .from(staff)
    .where(and(eq(staff.email, email), isNull(staff.removedAt)))
    .limit(1);
  const ok = member?.passwordHash ? await verifyPassword(member.passwordHash, input.password) : await verifyAgainstNothing(input.password);
  if (!member || !ok) throw AppError.invalid('alert', messages.invalidCredentials);
  await deps.limits.reset(`ops-login:account:${email}`);
  const token = await startStaffSession(deps.db, deps.config, member.id, 'password');
  return { token, next: member.totpEnabledAt ? 'code' : 'enrol' };
}

/** The QR code and key to enrol; the secret is made on the first ask and kept until enrolled. */
export async function getEnrolment(deps: StaffDeps, context: StaffContext): Promise<OpsEnrolment> {
  if (context.totpEnabled) throw new AppError('NOT_FOUND', messages.notFound);
  const [member] = await deps.db.select({ totpSecret: staff.totpSecret }).from(staff).where(eq(staff.id, context.staffId)).limit(1);
  let secret = member?.totpSecret ? decryptSecret(deps.config, member.totpSecret) : null;
  if (!secret) {
    secret = newTotpSecret();
    await deps.db.update(staff).set({ totpSecret: encryptSecret(deps.config, secret) }).where(eq(staff.id, context.staffId));
  }
  return enrolmentDetails(secret, context.email);
}

/** Pass the transaction when inside one: PGlite has one connection, and a query beside an open transaction waits for it forever. */
async function readSecret(deps: StaffDeps, staffId: string, db: Db = deps.db): Promise<{ secret: string | null; lastStep: number | null }> {
  const [member] = await db
    .select({ totpSecret: staff.totpSecret, totpLastStep: staff.totpLastStep })
    .from(staff)
    .where(eq(staff.id, staffId))
    .limit(1);
  return { secret: member?.totpSecret ? decryptSecret(deps.config, member.totpSecret) : null, lastStep: member?.totpLastStep ?? null };
}

const codeAttempt = (context: StaffContext) => [{ key: `ops-code:${context.staffId}`, limit: staffLimits.codes }];

/**
 * Confirms enrolment with a first code: TOTP is on, ten recovery codes are made (shown once)
 * and the session becomes complete.
 */
export async function enrolTotp(deps: StaffDeps, context: StaffContext, code: string): Promise<{ token: string; recoveryCodes: string[] }> {
  if (context.totpEnabled) throw new AppError('NOT_FOUND', messages.notFound);
  await countAgainstLimits(deps.limits, codeAttempt(context));
  const { secret } = await readSecret(deps, context.staffId);
  const step = secret ? acceptedStep(secret, code.replace(/\s+/g, ''), null) : null;
  if (step === null) throw AppError.invalid('code', messages.opsCodeInvalid);
  const recoveryCodes = newRecoveryCodes();
  const token = await deps.db.transaction(async (tx) => {
    await tx.update(staff).set({ totpEnabledAt: sql`now()`, totpLastStep: step }).where(eq(staff.id, context.staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, context.staffId));
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((c) => ({ staffId: context.staffId, codeHash: hashRecoveryCode(c) })));
    await writeAudit(tx, { staffId: context.staffId, email: context.email }, { action: 'staff.enrol_totp', entityType: 'staff', entityId: context.staffId });
    return completeStaffSession(tx, deps.config, context);
  });
  await deps.limits.reset(codeAttempt(context)[0]!.key);
  return { token, recoveryCodes };
}

/** The second factor: a TOTP code (once) or a recovery code (once). */
export async function verifyStaffCode(
  deps: StaffDeps,
  context: StaffContext,
  input: { code?: string; recoveryCode?: string },
): Promise<string> {
  if (!context.totpEnabled) throw new AppError('NOT_FOUND', messages.notFound);
  await countAgainstLimits(deps.limits, codeAttempt(context));
  const token = await deps.db.transaction(async (tx) => {
    if (input.recoveryCode !== undefined) {
      const [used] = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(staffRecoveryCodes.staffId, context.staffId),
            eq(staffRecoveryCodes.codeHash, hashRecoveryCode(input.recoveryCode)),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      if (!used) throw AppError.invalid('recoveryCode', messages.opsRecoveryCodeInvalid);
      await writeAudit(tx, { staffId: context.staffId, email: context.email }, { action: 'staff.use_recovery_code', entityType: 'staff', entityId: context.staffId });
    } else {
      const { secret, lastStep } = await readSecret(deps, context.staffId, tx);
      const step = secret ? acceptedStep(secret, (input.code ?? '').replace(/\s+/g, ''), lastStep) : null;
      if (step === null) throw AppError.invalid('code', messages.opsCodeInvalid);
      // Spent once, even for two requests with the same code at the same moment.
      const spent = await tx
        .update(staff)
        .set({ totpLastStep: step })
        .where(and(eq(staff.id, context.staffId), sql`coalesce(${staff.totpLastStep}, -1) < ${step}`))
        .returning({ id: staff.id });
      if (spent.length !== 1) throw AppError.invalid('code', messages.opsCodeInvalid);
    }
    return completeStaffSession(tx, deps.config, context);
  });
  await deps.limits.reset(codeAttempt(context)[0]!.key);
  return token;
}

export async function listStaff(db: Db): Promise<OpsStaffMember[]> {
  const rows = await db
    .select({
      id: staff.id,
      email: staff.email,
      role: staff.role,
      passwordHash: staff.passwordHash,
      totpEnabledAt: staff.totpEnabledAt,
      removedAt: staff.removedAt,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .orderBy(asc(staff.removedAt), asc(staff.email));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    status: r.removedAt ? 'removed' : r.passwordHash ? 'active' : 'invited',
    twoFactor: r.totpEnabledAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Removes a staff member: every session ends at once; the row stays for the audit log. */
export async function removeStaffMember(db: Db, actor: StaffContext, staffId: string): Promise<string> {
  if (staffId === actor.staffId) throw AppError.invalid('alert', messages.opsStaffNotYourself);
  return db.transaction(async (tx) => {
    const [member] = await tx
      .update(staff)
      .set({ removedAt: sql`now()` })
      .where(and(eq(staff.id, staffId), isNull(staff.removedAt)))
      .returning({ email: staff.email, role: staff.role });
    if (!member) throw new AppError('NOT_FOUND', messages.notFound);
    await endAllStaffSessions(tx, staffId);
    await tx.update(staffPasswordLinks).set({ usedAt: sql`now()` }).where(and(eq(staffPasswordLinks.staffId, staffId), isNull(staffPasswordLinks.usedAt)));
    await writeAudit(tx, { staffId: actor.staffId, email: actor.email }, {
      action: 'staff.remove',
      entityType: 'staff',
      entityId: staffId,
      before: { email: member.email, role: member.role, status: 'active' },
      after: { email: member.email, role: member.role, status: 'removed' },
    });
    return member.email;
  });
}

/**
 * For a member who lost their phone (the server command `reset-2fa`): the TOTP secret and the
 * recovery codes go, every session ends, and the next sign-in enrols a new authenticator.
 */
export async function resetStaffTwoFactor(db: Db, actor: AuditActor, emailAddress: string): Promise<{ staffId: string; email: string }> {
  const email = normaliseEmail(emailAddress);
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: staff.id, totpEnabledAt: staff.totpEnabledAt })
      .from(staff)
      .where(and(eq(staff.email, email), isNull(staff.removedAt)))
      .limit(1);
    if (!member) throw AppError.invalid('email', messages.opsStaffUnknown);
    await tx.update(staff).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(staff.id, member.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id));
    await endAllStaffSessions(tx, member.id);
    await writeAudit(tx, actor, {
      action: 'staff.reset_2fa',
      entityType: 'staff',
      entityId: member.id,
      before: { email, twoFactor: member.totpEnabledAt !== null },
      after: { email, twoFactor: false },
    });
    return { staffId: member.id, email };
  });
}
