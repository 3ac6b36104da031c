/**
 * Destructive console actions (suspending a rider, deleting data, removing staff) ask again for
 * the password or a fresh TOTP code: a console left open on a desk cannot be used to
 * do lasting harm. Attempts are counted before anything is checked, so a burst cannot try more
 * than the limit.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import { staff } from '../db/schema';
import { AppError } from '../errors';
import { tooManyRequests } from '../lib/limits';
import { verifyPassword } from '../lib/passwords';
import type { StaffContext } from '../plugins/staffAuth';
import { acceptedStep, decryptSecret } from '../lib/totp';

const stepUpLimit = { max: 5, windowMs: 15 * 60 * 1000 };

/** JSON schema of the `confirmation` field a destructive route's body carries. */
export const confirmationSchema = { type: 'string', minLength: 1, maxLength: 128 } as const;

/**
 * Throws 403 under `confirmation` unless it is the member's password or a TOTP code not used
 * before; 429 after five tries in 15 minutes.
 */
export async function assertConfirmed(request: FastifyRequest, confirmation: string | undefined): Promise<void> {
  const context = request.staff as StaffContext;
  const { database, config, limits } = request.server;
  const count = await limits.hit(`stepup:${context.staffId}`, stepUpLimit.windowMs);
  if (count.count > stepUpLimit.max) throw tooManyRequests(count.resetMs);
  const given = (confirmation ?? '').trim();
  if (given === '') throw new AppError('FORBIDDEN', messages.opsConfirmRequired, 'confirmation');
  const [member] = await database.db
    .select({ passwordHash: staff.passwordHash, totpSecret: staff.totpSecret, totpLastStep: staff.totpLastStep })
    .from(staff)
    .where(eq(staff.id, context.staffId))
    .limit(1);
  let ok = false;
  if (member && /^\d{6}$/.test(given) && member.totpSecret) {
    const step = acceptedStep(decryptSecret(config, member.totpSecret), given, member.totpLastStep);
    if (step !== null) {
      // The conditional update spends the code once, even for two requests at the same moment.
      const spent = await database.db
        .update(staff)
        .set({ totpLastStep: step })
        .where(and(eq(staff.id, context.staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
        .returning({ id: staff.id });
      ok = spent.length === 1;
    }
  } else if (member?.passwordHash) {
    ok = await verifyPassword(member.passwordHash, given);
  }
  if (!ok) throw new AppError('FORBIDDEN', messages.opsConfirmFailed, 'confirmation');
  await limits.reset(`stepup:${context.staffId}`);
}
