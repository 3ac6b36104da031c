/**
 * The staff token in the browser: its own localStorage key (never the riders' authToken), so
 * the public site never sees a staff member as signed in, let alone as a company (issue 11).
 * Components subscribe through useSyncExternalStore; the API client reads it for each request.
 */
import { useSyncExternalStore } from 'react';
import { OPS_TOKEN_KEY } from '../../../shared/opsForms';

const listeners = new Set<() => void>();
let memoryToken: string | null = null;

function read(): string | null {
  try {
    return window.localStorage.getItem(OPS_TOKEN_KEY);
  } catch {
    return memoryToken;
  }
}

export const opsSession = {
  token(): string | null {
    if (typeof window === 'undefined') return null;
    return read();
  },
  set(token: string | null): void {
    memoryToken = token;
    try {
      if (token === null) window.localStorage.removeItem(OPS_TOKEN_KEY);
      else window.localStorage.setItem(OPS_TOKEN_KEY, token);
    } catch {
      // Storage refused (private mode): the sign-in lasts as long as the page.
    }
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === OPS_TOKEN_KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** The current staff token, re-rendering when it changes (another tab signing out too). */
export function useOpsToken(): string | null {
  return useSyncExternalStore(opsSession.subscribe, opsSession.token, () => null);
}
