/**
 * The hiring deadlines kept by the server: every minute, requests past their 7 days
 * are expired and their companies e-mailed (expireDueRequests). Safe with several instances on
 * one database: each batch is claimed with FOR UPDATE SKIP LOCKED. Started by buildApp only
 * when background workers are on; tests call expireDueRequests directly.
 */
import type { FastifyInstance } from 'fastify';
import { expireDueRequests } from './service';

const SWEEP_INTERVAL_MS = 60 * 1000;

export function startHiringSweeper(app: FastifyInstance, intervalMs: number = SWEEP_INTERVAL_MS): void {
  let running: Promise<void> | null = null;
  let closing = false;
  const sweep = () => {
    if (closing || running) return;
    running = expireDueRequests(app.database.db, app.config)
      .then((expired) => {
        if (expired > 0) app.mailer.kick();
      })
      .catch((err: unknown) => app.log.error({ err }, 'hire request expiry sweep failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
