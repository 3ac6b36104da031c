/**
 * Idle prefetch (issue 13): a page that links to a lazy screen (sign-up, the dashboards) fetches
 * that screen's code once the page has loaded and the browser is idle, so the tap on the link
 * does not wait for it on a slow network. Never before the load event (the page itself comes
 * first), and never when the visitor asked to save data or the connection is 2G.
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** False when the browser says data is dear: Save-Data on, or a 2G or slower connection. */
export function prefetchAllowed(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  const connection = (nav as (Navigator & { connection?: NetworkInformation }) | undefined)?.connection;
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

/** Without requestIdleCallback (Safari), this long after the load event. */
const IDLE_FALLBACK_MS = 1_500;

/** Runs `task` once, after the load event, when the browser is idle; returns a cancel function. */
function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 10_000 });
    else timer = setTimeout(run, IDLE_FALLBACK_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Fetches the code of the routes at `routePaths` when the browser is idle after load. */
export function useIdlePrefetch(routePaths: readonly string[]): void {
  const router = useRouter();
  const key = routePaths.join(' ');
  useEffect(() => {
    if (!prefetchAllowed()) return;
    return whenIdle(() => {
      // Every route the path matches (a frame and its page); guards let a preload through.
      // A failed prefetch costs nothing: the navigation loads the code again.
      for (const to of key.split(' ')) void router.preloadRoute({ to }).catch(() => {});
    });
  }, [router, key]);
}
