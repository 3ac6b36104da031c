/**
 * Idle prefetch: a page that links to a lazy screen (sign-up, the dashboards) fetches
 * that screen's code ahead, so the tap on the link does not wait for it on a slow network. Not
 * while the page itself loads (the first screen's bytes come first, and the home page
 * stays within 150 kB): only once the visitor shows they are there (a touch, a click, a key), or
 * when the page has been loaded for 5 s and the browser is idle. A hover or touch on the link
 * itself preloads its screen at once (the router's `defaultPreload: 'intent'`). Never when the
 * visitor asked to save data or the connection is 2G.
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

/** How long after the load event the prefetch waits for the visitor before going ahead. */
export const PREFETCH_AFTER_LOAD_MS = 5_000;
/** Without requestIdleCallback (Safari), this long after that wait. */
const IDLE_FALLBACK_MS = 1_500;
/** What a visitor does that a robot loading the page does not. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown'] as const;

/**
 * Runs `task` once: at the visitor's first touch, click or key after the load event, else
 * PREFETCH_AFTER_LOAD_MS after it when the browser is idle. Returns a cancel function.
 */
function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let done = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled || done) return;
    done = true;
    stopListening();
    task();
  };
  const stopListening = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, run, true);
  };
  const idleNow = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 10_000 });
    else timer = setTimeout(run, IDLE_FALLBACK_MS);
  };
  const schedule = () => {
    if (cancelled) return;
    for (const type of INTENT_EVENTS) window.addEventListener(type, run, { capture: true, passive: true, once: true });
    timer = setTimeout(idleNow, PREFETCH_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    stopListening();
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
