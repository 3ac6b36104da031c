/** The console's inbox (issue 11): not built yet. */
import type { FastifyInstance } from 'fastify';

export async function opsInboxRoutes(_app: FastifyInstance): Promise<void> {}
