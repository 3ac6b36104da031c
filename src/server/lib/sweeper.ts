/**
 * A background job that runs every `intervalMs` on one instance: never two runs at once (a slow
 * run makes the next tick skip), a failure logged and retried at the next tick, and the app's
 * close waits for the run under way. Started by buildApp only when background workers are on.
 */
import type { FastifyInstance } from 'fastify';

export function startSweeper(app: FastifyInstance, name: string, intervalMs: number, work: () => Promise<unknown>, { onReady = false } = {}): void {
  let running: Promise<void> | null = null;
  let closing = false;
  const sweep = () => {
    if (closing || running) return;
    running = work()
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
      .finally(() => (running = null));
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  // A run at start-up too, for a job whose deadlines may have passed while no instance ran.
  if (onReady) app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
