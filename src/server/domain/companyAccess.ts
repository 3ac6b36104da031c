/**
 * What a company may do before it has verified its e-mail: look after its own account, but not
 * search riders nor send hire requests (an accepted request hands it a rider's phone number), so
 * that every company riders deal with has shown it owns its inbox.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../shared/messages';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors';

/** A 403 under 'alert' telling the company to verify its e-mail first, unless it has. */
export async function assertCompanyEmailVerified(db: Db, companyId: string): Promise<void> {
  const [row] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, companyId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.notFound);
  if (row.verifiedAt === null) throw new AppError('FORBIDDEN', messages.companyVerifyEmailFirst);
}
