/**
 * The review publish sweeper: every minute, engagements whose 14-day review window
 * closed are marked published, their riders' reputations recomputed and the parties e-mailed
 * (service.ts publishDueReviews; safe with several instances). Once an hour it also recomputes
 * the riders whose jobs left the 24-month Job Success window (domain/reputation.ts
 * recomputeAgedReputations, which looks 48 hours back, so a missed hour loses nothing). Started
 * by buildApp only when background workers are on; reads never depend on it, since they read the
 * deadline too.
 */
import type { FastifyInstance } from 'fastify';
import { recomputeAgedReputations } from '../../domain/reputation';
import { startSweeper } from '../../lib/sweeper';
import { publishDueReviews } from './service';

const REVIEW_SWEEP_INTERVAL_MS = 60_000;
const AGED_REPUTATION_INTERVAL_MS = 60 * 60_000;

export function startReviewSweeper(app: FastifyInstance, intervalMs = REVIEW_SWEEP_INTERVAL_MS): void {
  let agedAt = 0;
  const sweep = async () => {
    const published = await publishDueReviews(app.database.db, app.config);
    if (published > 0) {
      app.log.info({ published }, 'review windows closed: reviews published');
      app.mailer.kick();
    }
    if (Date.now() - agedAt >= AGED_REPUTATION_INTERVAL_MS) {
      agedAt = Date.now();
      const riders = await recomputeAgedReputations(app.database.db);
      if (riders > 0) app.log.info({ riders }, 'Job Success recomputed for jobs leaving the 24-month window');
    }
  };
  startSweeper(app, 'review publish sweep', intervalMs, sweep, { onReady: true });
}
