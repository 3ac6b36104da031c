/**
 * The hiring deadlines kept by the server: every minute, requests past their 7 days
 * are expired and their companies e-mailed (expireDueRequests). Safe with several instances on
 * one database: each batch is claimed with FOR UPDATE SKIP LOCKED. Started by buildApp only
 * when background workers are on; tests call expireDueRequests directly.
 */
import type { FastifyInstance } from 'fastify';
import { startSweeper } from '../../lib/sweeper';
import { expireDueRequests } from './service';

const SWEEP_INTERVAL_MS = 60 * 1000;

export function startHiringSweeper(app: FastifyInstance, intervalMs: number = SWEEP_INTERVAL_MS): void {
  startSweeper(app, 'hire request expiry sweep', intervalMs, async () => {
    if ((await expireDueRequests(app.database.db, app.config)) > 0) app.mailer.kick();
  });
}
