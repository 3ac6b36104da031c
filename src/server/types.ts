/** What the app decorates every Fastify instance with. */
import type { Config } from './config';
import type { Database } from './db/client';
import type { LimitStore } from './lib/limits';
import type { Mailer } from './plugins/mail';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    /** Rate-limit counters (lib/limits.ts). */
    limits: LimitStore;
  }
  interface FastifyRequest {
    /** The outbox's write count when this request started (plugins/mail.ts kicks delivery if it moved). */
    outboxWritesAtStart: number;
  }
}

export {};
