/**
 * The offer clock kept by the server: every 15 seconds, offers past their 3 minutes go to the
 * next rider (domain/deliveryOffers.ts expireDueOffers). Safe with several instances on one
 * database (each offer is re-checked under its delivery's lock). Started by buildApp only when
 * background workers are on; tests call expireDueOffers directly.
 */
import type { FastifyInstance } from 'fastify';
import { startSweeper } from '../../lib/sweeper';
import { expireDueOffers } from '../../domain/deliveryOffers';

/** An offer runs 3 minutes; a quarter of a minute late at most is fair to the next rider. */
const SWEEP_INTERVAL_MS = 15 * 1000;

export function startOfferSweeper(app: FastifyInstance, intervalMs: number = SWEEP_INTERVAL_MS): void {
  startSweeper(app, 'delivery offer expiry sweep', intervalMs, () => expireDueOffers(app.database.db));
}
