/**
 * The operations console's API, under /api/ops. Every route but the sign-in ones
 * asks for a complete staff session (plugins/staffAuth.ts) and answers anyone else with the
 * same 404 as a missing page.
 */
import type { FastifyInstance } from 'fastify';
import { opsAuditRoutes } from './audit/routes';
import { opsDeliveriesRoutes } from './deliveries/routes';
import { opsInboxRoutes } from './inbox/routes';
import { opsNewsletterRoutes } from './newsletter/routes';
import { opsRateCardRoutes } from './rateCard/routes';
import { opsReviewsRoutes } from './reviews/routes';
import { opsRidersRoutes } from './riders/routes';
import { staffRoutes } from './staff/routes';
import { opsWaitlistRoutes } from './waitlist/routes';

export async function opsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(staffRoutes);
  await app.register(opsInboxRoutes);
  await app.register(opsWaitlistRoutes);
  await app.register(opsRidersRoutes);
  await app.register(opsNewsletterRoutes);
  await app.register(opsAuditRoutes);
  await app.register(opsReviewsRoutes);
  await app.register(opsRateCardRoutes);
  await app.register(opsDeliveriesRoutes);
}
