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
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());
const staleListeners = new Set<() => void>();

export const waiting = {
  /** Asks the server (once at a time) and keeps the count. */
  load(): Promise<WaitingResponse> {
    inFlight ??= api<WaitingResponse>('/users/waiting')
      .then((answer) => {
        count = answer.items.length;
        tell();
        return answer;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
  /** Signed out (or another user): nothing is known. */
  forget(): void {
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
