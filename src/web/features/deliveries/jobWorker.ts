/**
 * The job screen registers its service worker (jobWorker.sw.ts, served at /sw-jobs.js), and only
 * it: the worker's scope is the job screen's address, so the public pages, the dashboard and the
 * console are never under a worker. Registered once the screen is up and the browser is idle, so
 * the worker's start (and its install, which reads the screen's files from the HTTP cache) never
 * competes with the screen's first render on a mid-range phone. Not in development (Vite serves
 * no worker) nor where the browser has none (jsdom, an old WebView).
 */
import { jobWorkerPath, riderPaths } from '../../../shared/routes';

/** Without requestIdleCallback (Safari), this long after the load event. */
const IDLE_FALLBACK_MS = 2_000;

/** Registers the worker when the browser is next idle after the page's load; returns a cancel. */
export function registerJobWorker(): () => void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const register = () => {
    if (cancelled) return;
    // A failed registration (no network now, a private window) costs nothing: the next visit tries again.
    navigator.serviceWorker.register(jobWorkerPath, { scope: riderPaths.jobs }).catch(() => {});
  };
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(register, { timeout: 5_000 });
    else timer = setTimeout(register, IDLE_FALLBACK_MS);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
