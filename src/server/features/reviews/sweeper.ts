/**
 * The review publish sweeper (issue 12): every minute, engagements whose 14-day review window
 * closed are marked published, their riders' reputations recomputed and the parties e-mailed
 * (service.ts publishDueReviews; safe with several instances). Started by buildApp only when
 * background workers are on; reads never depend on it, since they read the deadline too.
 */
import type { FastifyInstance } from 'fastify';
import { publishDueReviews } from './service';

export const REVIEW_SWEEP_INTERVAL_MS = 60_000;

export function startReviewSweeper(app: FastifyInstance, intervalMs = REVIEW_SWEEP_INTERVAL_MS): void {
  let running: Promise<void> | null = null;
  let closing = false;
  const tick = () => {
    if (running || closing) return;
    running = publishDueReviews(app.database.db, app.config)
      .then((published) => {
        if (published > 0) {
          app.log.info({ published }, 'review windows closed: reviews published');
          app.mailer.kick();
        }
      })
      .catch((err: unknown) => app.log.error({ err }, 'review publish sweep failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
