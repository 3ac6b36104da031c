/** The console's audit (issue 11): not built yet. */
import type { FastifyInstance } from 'fastify';

export async function opsAuditRoutes(_app: FastifyInstance): Promise<void> {}
