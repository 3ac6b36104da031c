/**
 * The events the dispatch board machine (machines/ops/dispatchBoardMachine.ts) is explored with,
 * shared by its model-based test, its view test, its stories and its test plan: what the
 * dispatcher does (open a delivery, choose a move, a rider, a reason, confirm, send, go back, close), what
 * the network answers (the delivery, the riders, a move accepted or refused) and what the live
 * feed does (opens, reports a move, goes down) and the clocks (the debounce, the 20 s poll).
 *
 * To keep the graph small, the riders' answers come while no delivery is open, and the feed speaks
 * only while a delivery is closed or at rest.
 */
import type { BoardDetail, RiderToday } from '../../src/shared/deliveries/dispatch';
import type { DeliveryAction, DeliveryStatus } from '../../src/shared/deliveries/moves';
import { deliveryActionsFor } from '../../src/shared/deliveries/moves';
import { dispatchTexts } from '../../src/shared/deliveries/dispatch';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { SubmitError } from '../../machines/kit/errors';
import { messages } from '../../src/shared/messages';
import type { DispatchBoardEvent, DispatchBoardSnapshot } from '../../machines/ops/dispatchBoardMachine';

export const DELIVERY_ID = '5d1c7a30-0000-4000-8000-000000000001';
export const RIDER_A = '9a000000-0000-4000-8000-00000000000a';
export const RIDER_B = '9b000000-0000-4000-8000-00000000000b';

export function boardDetail(status: DeliveryStatus, overrides: Partial<BoardDetail> = {}): BoardDetail {
  const assigned = !['booked', 'offered'].includes(status);
  return {
    id: DELIVERY_ID,
    reference: 'OGB-7Q2K4',
    status,
    attention: status === 'failed' ? 'failed' : status === 'booked' ? 'unassigned' : null,
    no_rider_found: false,
    pickup_area: 'Yaba',
    dropoff_area: 'Ikeja',
    pickup_at: null,
    created_at: '2026-11-28T09:00:00.000Z',
    price_kobo: 350_000,
    rider_pay_kobo: 245_000,
    payment: 'cash_on_pickup',
    rider: assigned ? { id: RIDER_A, name: 'Tunde Bakare', username: 'tunde' } : null,
    sender: { name: 'Ada Obi', phone: '+2348030000001' },
    pickup: { address: '12 Herbert Macaulay Way', area: 'Yaba', name: 'Ada Obi', phone: '+2348030000001' },
    dropoff: { address: '4 Allen Avenue', area: 'Ikeja', name: 'Bola Ade', phone: '+2348030000002' },
    parcel: { size: 'small' },
    description: 'A box of documents',
    cash_collected_kobo: null,
    failure_reason: status === 'failed' ? 'recipient_absent' : null,
    failure_note: null,
    cancel_reason: null,
    assigned_at: assigned ? '2026-11-28T09:05:00.000Z' : null,
    picked_up_at: null,
    delivered_at: null,
    actions: deliveryActionsFor(status, 'staff').filter((a): a is DeliveryAction => ['offer', 'assign', 'reassign', 'cancel', 'retry', 'return', 'returned'].includes(a)),
    offers: [],
    events: [{ at: '2026-11-28T09:00:00.000Z', status: 'booked', action: 'book', actor: 'sender', staff_email: null, rider_id: null, note: '', client_at: null }],
    ...overrides,
  };
}

export const ridersToday: RiderToday[] = [
  { id: RIDER_A, name: 'Tunde Bakare', username: 'tunde', phone: '+2348031111111', available: true, areas: ['Yaba'], jobs: [], cash_to_collect_kobo: 0 },
  {
    id: RIDER_B,
    name: 'Chioma Eze',
    username: 'chioma',
    phone: null,
    available: true,
    areas: ['Surulere'],
    jobs: [{ id: 'job-1', reference: 'OGB-3HX9P', status: 'delivered', payment: 'cash_on_delivery', cash_collected_kobo: 1_250_000 }],
    cash_to_collect_kobo: 1_250_000,
  },
];

/** The statuses a delivery is opened in: one for each kind of move. */
export const OPENED_IN: DeliveryStatus[] = ['booked', 'assigned', 'failed', 'returning'];
/** What the delivery is after a move (the re-read). */
export const AFTER_MOVE: Record<string, DeliveryStatus> = { offer: 'offered', assign: 'assigned', reassign: 'assigned', cancel: 'cancelled', retry: 'picked_up', return: 'returning', returned: 'returned' };

export const failure = () => new SubmitError({ field: 'alert', message: messages.submitFailed });
export const refusedRider = () => new SubmitError({ field: 'rider_id', message: dispatchTexts.board.riderNotAvailable });
export const refusedReason = () => new SubmitError({ field: 'reason', message: dispatchTexts.board.cancelReasonTooLong(300) });
export const conflict = () => new SubmitError({ field: 'alert', message: dispatchMessages.moveRefused('Picked up') });

export const feedMessage = { id: DELIVERY_ID, reference: 'OGB-7Q2K4', status: 'assigned', at: '2026-11-28T09:05:00.000Z' };

export const AFTER_DEBOUNCE = 'xstate.after.debounce.dispatchBoard.live.watching.settling';
export const AFTER_POLL = 'xstate.after.pollInterval.dispatchBoard.live.polling';

export type BoardModelEvent =
  | DispatchBoardEvent
  | { type: typeof AFTER_DEBOUNCE | typeof AFTER_POLL }
  | { type: 'xstate.done.actor.loadDetail' | 'xstate.done.actor.reloadDetail'; output: BoardDetail }
  | { type: 'xstate.done.actor.loadRiders'; output: RiderToday[] }
  | { type: 'xstate.done.actor.move'; output: { message: string } }
  | { type: 'xstate.error.actor.loadDetail' | 'xstate.error.actor.reloadDetail' | 'xstate.error.actor.loadRiders' | 'xstate.error.actor.move'; error: unknown };

type Snapshot = DispatchBoardSnapshot;

const detailLeaf = (s: Snapshot): string => {
  const v = (s.value as { detail: unknown }).detail;
  return typeof v === 'string' ? v : `open.${(v as { open: string }).open}`;
};

export function boardEvents(s: Snapshot): BoardModelEvent[] {
  const events: BoardModelEvent[] = [];
  const detail = detailLeaf(s);
  const c = s.context;
  const quiet = detail === 'closed' || detail === 'open.idle';
  if (quiet) {
    if (s.matches({ live: { watching: 'connecting' } })) events.push({ type: 'FEED_OPEN' }, { type: 'FEED_DOWN' });
    if (s.matches({ live: { watching: 'streaming' } })) events.push({ type: 'FEED_EVENT', message: feedMessage }, { type: 'FEED_DOWN' });
    if (s.matches({ live: { watching: 'settling' } })) events.push({ type: 'FEED_EVENT', message: feedMessage }, { type: AFTER_DEBOUNCE });
    if (s.matches({ live: 'polling' })) events.push({ type: AFTER_POLL });
  }
  if (detail === 'closed') {
    if (s.matches({ riders: 'loading' })) events.push({ type: 'xstate.done.actor.loadRiders', output: ridersToday }, { type: 'xstate.error.actor.loadRiders', error: failure() });
    if (s.matches({ riders: 'failed' })) events.push({ type: 'RETRY_RIDERS' });
    events.push({ type: 'OPEN', id: DELIVERY_ID });
  }
  if (detail === 'loading') {
    for (const status of OPENED_IN) events.push({ type: 'xstate.done.actor.loadDetail', output: boardDetail(status) });
    events.push({ type: 'xstate.error.actor.loadDetail', error: failure() });
  }
  if (detail === 'failed') events.push({ type: 'RETRY_DETAIL' }, { type: 'CLOSE' });
  if (detail === 'open.idle') {
    const actions = c.detail?.actions ?? [];
    if (actions.includes('assign')) events.push({ type: 'PICK_RIDER', move: 'assign' });
    if (actions.includes('reassign')) events.push({ type: 'PICK_RIDER', move: 'reassign' });
    if (actions.includes('offer')) events.push({ type: 'OFFER_NEARBY' });
    if (actions.includes('cancel')) events.push({ type: 'START_CANCEL' });
    if (actions.includes('retry')) events.push({ type: 'RESOLVE', move: 'retry' });
    if (actions.includes('return')) events.push({ type: 'RESOLVE', move: 'return' });
    if (actions.includes('returned')) events.push({ type: 'START_RETURNED' });
    events.push({ type: 'CLOSE' });
  }
  if (detail === 'open.choosingRider') {
    if (c.riderId === '') events.push({ type: 'RIDER_CHOSEN', riderId: c.detail?.rider?.id === RIDER_A ? RIDER_B : RIDER_A });
    events.push({ type: 'SUBMIT' }, { type: 'BACK' });
  }
  if (detail === 'open.cancelling') {
    if (c.reason === '') events.push({ type: 'REASON_CHANGED', value: 'The sender called to cancel' });
    events.push({ type: 'SUBMIT' }, { type: 'BACK' });
  }
  if (detail === 'open.confirmingReturned') events.push({ type: 'SUBMIT' }, { type: 'BACK' });
  if (detail === 'open.moving') {
    events.push({ type: 'xstate.done.actor.move', output: { message: `${c.detail?.reference} done.` } });
    if (c.move === 'cancel') events.push({ type: 'xstate.error.actor.move', error: refusedReason() });
    else if (c.riderId !== '') events.push({ type: 'xstate.error.actor.move', error: refusedRider() });
    else events.push({ type: 'xstate.error.actor.move', error: conflict() });
  }
  if (detail === 'open.refreshing') {
    const status = c.move ? AFTER_MOVE[c.move] : c.detail?.status;
    // After a move the context's move is cleared: the re-read shows the delivery as it now is.
    events.push({ type: 'xstate.done.actor.reloadDetail', output: boardDetail((status ?? c.detail?.status ?? 'booked') as DeliveryStatus) });
    events.push({ type: 'xstate.error.actor.reloadDetail', error: failure() });
  }
  return events;
}

/** Where each region is and what the dispatcher has prepared (what the next events depend on). */
export function serializeBoard(s: Snapshot): string {
  const c = s.context;
  return JSON.stringify([s.value, c.detail?.status ?? null, c.move, c.riderId !== '', c.reason !== '']);
}

interface PathStep {
  event: { type: string };
  state: unknown;
}

/**
 * The regions run side by side, so the graph holds every combination of them; one path for each
 * (state of the region an event is for, event, what was prepared) is enough to take every
 * transition: the shortest such path is kept.
 */
export function distinctEdges<P extends PathStep[]>(paths: readonly P[]): P[] {
  const best = new Map<string, P>();
  for (const path of paths) {
    const last = path.at(-1)!;
    const before = (path.length > 1 ? path.at(-2)!.state : null) as Snapshot | null;
    const key = before ? `${JSON.stringify([before.value, before.context.detail?.status ?? null, before.context.move])}|${JSON.stringify(last.event)}` : 'init';
    const region = /FEED|after\.(debounce|poll)/.test(last.event.type) ? JSON.stringify((before?.value as { live?: unknown } | undefined)?.live) : /Riders|RIDERS/.test(last.event.type) ? JSON.stringify((before?.value as { riders?: unknown } | undefined)?.riders) : key;
    const coarse = `${region}|${last.event.type}|${before?.context.detail?.status ?? ''}|${before?.context.move ?? ''}`;
    const kept = best.get(coarse);
    if (!kept || kept.length > path.length) best.set(coarse, path);
  }
  return [...best.values()];
}
