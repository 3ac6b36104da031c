/** The console's waitlist (issue 11): not built yet. */
import type { FastifyInstance } from 'fastify';

export async function opsWaitlistRoutes(_app: FastifyInstance): Promise<void> {}
