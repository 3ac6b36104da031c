/**
 * The item an e-mail linked to (/rider-dashboard?item=request-<id>), kept through the login: a
 * signed-out rider is sent to /login, and the login then sends them to the dashboard without
 * the link's query. The guard keeps the item for this tab; the dashboard reads it without
 * taking it (the route may mount twice: a second mount must find it too) and forgets it once the
 * item has been focused.
 */
import { isWaitingItemKey, WAITING_ITEM_PARAM } from '../../../shared/waiting';

const KEY = 'ogba.waitingItem';

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (a locked-down browser): the link then opens the dashboard at the top.
    return null;
  }
}

/** Keeps the link's item, if it names one, for after the login. */
export function keepWaitingItem(search: Record<string, unknown> | undefined): void {
  const item = search?.[WAITING_ITEM_PARAM];
  if (isWaitingItemKey(item)) store()?.setItem(KEY, item);
}

/** The item to show: the link's own, else one kept before a login. Reading keeps it. */
export function waitingItemOf(search: Record<string, unknown> | undefined): string | null {
  const item = search?.[WAITING_ITEM_PARAM];
  if (isWaitingItemKey(item)) return item;
  const kept = store()?.getItem(KEY) ?? null;
  return isWaitingItemKey(kept) ? kept : null;
}

/** Forgets the kept item: the dashboard has shown and focused it, so a later visit starts at the top. */
export function forgetWaitingItem(): void {
  store()?.removeItem(KEY);
}
