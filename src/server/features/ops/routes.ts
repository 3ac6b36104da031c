/**
 * The operations console's API (issue 11), under /api/ops. Every route but the sign-in ones
 * asks for a complete staff session (plugins/staffAuth.ts) and answers anyone else with the
 * same 404 as a missing page.
 */
import type { FastifyInstance } from 'fastify';
import { opsAuditRoutes } from './auditRoutes';
import { opsInboxRoutes } from './inboxRoutes';
import { opsNewsletterRoutes } from './newsletterRoutes';
import { opsReviewsRoutes } from './reviewsRoutes';
import { opsRidersRoutes } from './ridersRoutes';
import { staffRoutes } from './staffRoutes';
import { opsWaitlistRoutes } from './waitlistRoutes';

export async function opsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(staffRoutes);
  await app.register(opsInboxRoutes);
  await app.register(opsWaitlistRoutes);
  await app.register(opsRidersRoutes);
  await app.register(opsNewsletterRoutes);
  await app.register(opsAuditRoutes);
  await app.register(opsReviewsRoutes);
}
