/**
 * View models of the console's waitlist and newsletter screens for stories, from real machine
 * snapshots (pagedListMachine, rowActionMachine) resolved in the state each story claims.
 */
import { pagedListMachine, pagedListView, type PagedListContext, type PagedListView } from '../../machines/kit/pagedListMachine';
import { rowActionMachine, rowActionView, type RowActionRequest, type RowActionView } from '../../machines/kit/rowActionMachine';
import type { OpsWaitlistEntry } from '../../src/shared/invitations';
import { messages } from '../../src/shared/messages';
import type { OpsSubscriber } from '../../src/shared/opsNewsletter';

export type ListState = PagedListView<unknown>['state'];

export function listSnapshot<T>(state: ListState, items: T[], extra: Partial<PagedListContext> = {}): PagedListView<T> {
  const value = state === 'loading' || state === 'failed' ? state : { ready: state };
  const context: PagedListContext = {
    filters: {},
    items: state === 'loading' || state === 'failed' ? [] : items,
    next: state === 'loadingMore' ? 'cursor' : null,
    error: state === 'failed' ? messages.submitFailed : null,
    poll: false,
    ...extra,
  };
  return pagedListView<T>(pagedListMachine.resolveState({ value, context }));
}

export function actionSnapshot(state: 'idle' | 'confirming' | 'working', request: RowActionRequest | null, error: string | null = null): RowActionView {
  return rowActionView(rowActionMachine.resolveState({ value: state, context: { request: state === 'idle' ? null : request, confirmation: null, error } }));
}

const inDays = (days: number) => new Date(Date.parse('2026-11-21T09:00:00Z') + days * 86_400_000).toISOString();

export const waitlistRows: OpsWaitlistEntry[] = [
  {
    id: 'a0000000-0000-4000-8000-000000000001',
    companyName: 'Mama Put Foods',
    email: 'orders@mamaput.ng',
    features: 'Same-day delivery across the mainland',
    status: 'waiting',
    createdAt: inDays(-1),
    invitation: { state: 'none', sentAt: null, expiresAt: null },
  },
  {
    id: 'a0000000-0000-4000-8000-000000000002',
    companyName: 'Ikeja Pharmacy',
    email: 'hello@ikejapharm.ng',
    features: null,
    status: 'invited',
    createdAt: inDays(-9),
    invitation: { state: 'pending', sentAt: inDays(-2), expiresAt: inDays(5) },
  },
  {
    id: 'a0000000-0000-4000-8000-000000000003',
    companyName: 'Yaba Prints',
    email: 'studio@yabaprints.ng',
    features: 'Bulk pickups',
    status: 'invited',
    createdAt: inDays(-30),
    invitation: { state: 'expired', sentAt: inDays(-12), expiresAt: inDays(-5) },
  },
  {
    id: 'a0000000-0000-4000-8000-000000000004',
    companyName: 'Lekki Florals',
    email: 'bloom@lekkiflorals.ng',
    features: null,
    status: 'waiting',
    createdAt: inDays(-40),
    invitation: { state: 'revoked', sentAt: inDays(-20), expiresAt: inDays(-13) },
  },
  {
    id: 'a0000000-0000-4000-8000-000000000005',
    companyName: 'Surulere Supplies',
    email: 'buy@surulere.ng',
    features: null,
    status: 'joined',
    createdAt: inDays(-60),
    invitation: { state: 'used', sentAt: inDays(-50), expiresAt: inDays(-43) },
  },
];

export const subscriberRows: OpsSubscriber[] = [
  { id: 'b0000000-0000-4000-8000-000000000001', email: 'ada@example.com', sourcePath: '/', createdAt: inDays(-1) },
  { id: 'b0000000-0000-4000-8000-000000000002', email: 'tunde@shop.ng', sourcePath: '/contact-us', createdAt: inDays(-3) },
  { id: 'b0000000-0000-4000-8000-000000000003', email: 'chioma@mail.ng', sourcePath: null, createdAt: inDays(-8) },
];

export const inviteRequest: RowActionRequest = { rowId: waitlistRows[0]!.id, action: 'invite', confirm: 'none', subject: waitlistRows[0]!.companyName };
export const revokeRequest: RowActionRequest = { rowId: waitlistRows[1]!.id, action: 'revoke', confirm: 'plain', subject: waitlistRows[1]!.companyName };
export const unsubscribeRequest: RowActionRequest = { rowId: subscriberRows[0]!.id, action: 'unsubscribe', confirm: 'stepUp', subject: subscriberRows[0]!.email };
