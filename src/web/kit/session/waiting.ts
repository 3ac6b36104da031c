/**
 * What waits for the signed-in rider (GET /api/users/waiting), kept once for the page: the
 * dashboard's "Waiting for you" list loads it and the header's count reads the same answer, so a
 * page shows one number and asks once. A page without the list (any other) asks for the header.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { WaitingResponse } from '../../../shared/waiting';
import { api } from '../http/client';

let count: number | null = null;
let inFlight: Promise<WaitingResponse> | null = null;
/** The last answer and when it came, for the list's first load (`waiting.first`). */
let kept: { answer: WaitingResponse; at: number } | null = null;
/** How old an answer the list's first load still takes: the page's own first requests'. */
const FIRST_LOAD_FRESH_MS = 30_000;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());
const staleListeners = new Set<() => void>();

export const waiting = {
  /** Asks the server (once at a time) and keeps the count. */
  load(): Promise<WaitingResponse> {
    inFlight ??= api<WaitingResponse>('/users/waiting')
      .then((answer) => {
        count = answer.items.length;
        kept = { answer, at: Date.now() };
        tell();
        return answer;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
  /**
   * The list's first load: the answer the header's count has just had (the dashboard's shell asks
   * for it with the page's first requests), taken once and when at most 30 s old, else asked
   * anew. The list mounts only with the profile, after the header had taken that answer, and it
   * asked again: a second request and a second render on a slow phone's busiest moment.
   */
  first(): Promise<WaitingResponse> {
    if (inFlight) {
      // Shared with the header's request: taken, as if it had come first.
      return inFlight.then((answer) => {
        kept = null;
        return answer;
      });
    }
    const last = kept;
    kept = null;
    return last && Date.now() - last.at <= FIRST_LOAD_FRESH_MS ? Promise.resolve(last.answer) : waiting.load();
  },
  /** Signed out (or another user): nothing is known. */
  forget(): void {
    kept = null;
    if (count === null) return;
    count = null;
    tell();
  },
  /**
   * The rider just did something that may change what waits (answered a request, wrote a
   * review): the "Waiting for you" list on screen reads again, else the header's count does, so
   * neither keeps offering what is done.
   */
  changed(): void {
    if (staleListeners.size > 0) staleListeners.forEach((listener) => listener());
    else if (count !== null) waiting.load().catch(() => undefined);
  },
  /** The list on screen hears of `changed()`. */
  onChanged(listener: () => void): () => void {
    staleListeners.add(listener);
    return () => staleListeners.delete(listener);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  count: () => count,
};

/** The header's count for a signed-in rider (null: not a rider, or not known yet). */
export function useWaitingCount(rider: boolean): number | null {
  const known = useSyncExternalStore(waiting.subscribe, waiting.count, () => null);
  useEffect(() => {
    if (!rider) {
      waiting.forget();
      return;
    }
    // A failure leaves the count unknown: the header shows none rather than a wrong one.
    if (waiting.count() === null) waiting.load().catch(() => undefined);
  }, [rider]);
  return rider ? known : null;
}
