/** What the app decorates every Fastify instance with. */
import type { Config } from './config';
import type { Database } from './db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export {};
