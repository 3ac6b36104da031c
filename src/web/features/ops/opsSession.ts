/**
 * The staff token in the browser: its own localStorage key (never the riders' authToken), so
 * the public site never sees a staff member as signed in, let alone as a company.
 * Components subscribe through useSyncExternalStore; the API client reads it for each request.
 */
import { useSyncExternalStore } from 'react';
import { OPS_TOKEN_KEY } from '../../../shared/opsForms';

const listeners = new Set<() => void>();
let memoryToken: string | null = null;
/** Whether the last sign-out was the server ending the session (the sign-in page says so). */
let endedByServer = false;

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
  /** The server no longer honours the token (12 hours passed, signed out elsewhere, removed). */
  expire(): void {
    if (this.token() === null) return;
    endedByServer = true;
    this.set(null);
  },
  /** True once after expire(): the sign-in page shows why the member is there. */
  takeExpired(): boolean {
    const was = endedByServer;
    endedByServer = false;
    return was;
  },
  set(token: string | null): void {
    if (token !== null) endedByServer = false;
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
