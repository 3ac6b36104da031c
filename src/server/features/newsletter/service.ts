import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';
import { enqueueEmail } from '../../plugins/mail';
import { renderSubscriberEmail } from '../../domain/unsubscribe';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Stores a subscription. Subscribing twice is a success that keeps the one row. A new
 * subscription gets a short "You're subscribed" e-mail (with the unsubscribe link and headers),
 * written in the same transaction as the row; a repeat gets nothing, so the form cannot be used
 * to flood someone's inbox. Resolves only once committed; returns whether an e-mail was queued.
 */
export async function subscribeNewsletter(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>,
  input: { email: string; sourcePath: string | null },
): Promise<{ emailQueued: boolean }> {
  const email = normaliseEmail(input.email);
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(newsletterSubscriptions)
      .values({ email, sourcePath: input.sourcePath })
      .onConflictDoNothing({ target: newsletterSubscriptions.email })
      .returning({ id: newsletterSubscriptions.id });
    if (created.length === 0) return { emailQueued: false };
    await enqueueEmail(
      tx,
      renderSubscriberEmail(config, {
        to: email,
        subject: messages.newsletterWelcomeSubject,
        heading: messages.newsletterWelcomeHeading,
        paragraphs: [messages.newsletterWelcomeBody, messages.newsletterWelcomeNotYou],
      }),
    );
    return { emailQueued: true };
  });
}

/** One-click unsubscribe: the row goes; an address not on the list is a success too. */
export async function unsubscribeNewsletter(db: Db, email: string): Promise<void> {
  await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, normaliseEmail(email)));
}
