/**
 * Navigation feedback: a thin bar at the top of the page while a route change takes
 * longer than NAVIGATION_PROGRESS_DELAY_MS (a screen's code or data on a slow network). A quick
 * change shows nothing, so it never flickers. It reads the router's own pending state; whether
 * it shows yet is presentation, not workflow state.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { messages } from '../../../shared/messages';
import './navigationProgress.css';

export const NAVIGATION_PROGRESS_DELAY_MS = 300;

/** The bar itself: an indeterminate progress bar with a label for screen readers. */
export function NavigationProgressBar() {
  return (
    <div className="nav-progress" role="progressbar" aria-label={messages.navigationLoading}>
      <span className="nav-progress-bar" />
    </div>
  );
}

/** True once `on` has stayed true for `delayMs`; false again as soon as it is false. */
function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  return shown;
}

export function NavigationProgress({ delayMs = NAVIGATION_PROGRESS_DELAY_MS }: { delayMs?: number }) {
  const pending = useRouterState({ select: (s) => s.status === 'pending' });
  return useDelayedFlag(pending, delayMs) ? <NavigationProgressBar /> : null;
}
