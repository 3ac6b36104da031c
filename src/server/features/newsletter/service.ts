import type { Db } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Stores a subscription. Subscribing twice is a success that keeps the one row.
 * Resolves only once the row is committed.
 */
export async function subscribeNewsletter(
  db: Db,
  input: { email: string; sourcePath: string | null },
): Promise<void> {
  await db
    .insert(newsletterSubscriptions)
    .values({ email: normaliseEmail(input.email), sourcePath: input.sourcePath })
    .onConflictDoNothing({ target: newsletterSubscriptions.email });
}
