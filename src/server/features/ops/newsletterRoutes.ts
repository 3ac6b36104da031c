/** The console's newsletter (issue 11): not built yet. */
import type { FastifyInstance } from 'fastify';

export async function opsNewsletterRoutes(_app: FastifyInstance): Promise<void> {}
