/**
 * What waits for a rider ("Waiting for you" at the top of /rider-dashboard, and the count beside
 * Dashboard in the header): hire requests to answer, reviews to write while the window is open,
 * and an ID to upload again after staff could not accept it. GET /api/users/waiting answers it;
 * each e-mail about one of them links to it (`waitingItemPath`), and the dashboard scrolls to
 * the item and focuses it, after the login too when the rider was signed out.
 */
import { paths } from './routes';

export type WaitingItem =
  | { kind: 'request'; id: string; company: string; role: string; expires_at: string }
  | { kind: 'review'; id: string; company: string; deadline: string }
  | { kind: 'id'; reason: string | null };

export interface WaitingResponse {
  items: WaitingItem[];
}

/** The search parameter of /rider-dashboard that names the item a link was for. */
export const WAITING_ITEM_PARAM = 'item';

/** An item's key: `request-<id>`, `review-<id>` or `id` (the rider's ID). */
export function waitingItemKey(item: Pick<WaitingItem, 'kind'> & { id?: string }): string {
  return item.kind === 'id' ? 'id' : `${item.kind}-${item.id ?? ''}`;
}

/** The element id of an item in the "Waiting for you" list. */
export const waitingElementId = (key: string) => `waiting-${key}`;

/** Keys are made by waitingItemKey; anything else in a link is ignored. */
const KEY = /^(?:id|(?:request|review)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function isWaitingItemKey(value: unknown): value is string {
  return typeof value === 'string' && KEY.test(value);
}

/** The dashboard at one item: what an e-mail about it links to (relative; the server adds its origin). */
export function waitingItemPath(key: string): string {
  return `${paths.riderDashboard}?${WAITING_ITEM_PARAM}=${encodeURIComponent(key)}`;
}
