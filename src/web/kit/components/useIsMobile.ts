/**
 * The 'mobile flag' (spec §2): true when the window is 789px wide or less. It follows
 * matchMedia, so it changes as the window is resized; during prerendering and hydration it
 * is false (the wide layout), and CSS media queries at the same width do the visual part.
 */
import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../shared/constants';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isMobileNow = () => media()?.matches ?? false;
const onServer = () => false;

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, onServer);
}
