/** The console's riders (issue 11): not built yet. */
import type { FastifyInstance } from 'fastify';

export async function opsRidersRoutes(_app: FastifyInstance): Promise<void> {}
