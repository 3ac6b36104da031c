/**
 * The console's dispatch board in every state it can show. The view models come from real
 * snapshots of machines/ops/dispatchBoardMachine.ts (and of the console's paged list it composes)
 * reached with the events named in each story; `parameters.boardState` is the delivery panel's
 * state (one of dispatchDetailViewStates), `parameters.live` the feed's. Look at them at 375 px too.
 * tests/storybook/opsDispatchBoardStories.test.tsx checks each.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { getInitialSnapshot, getNextSnapshot, type EventObject } from 'xstate';
import { SubmitError } from '../../machines/kit/errors';
import { pagedListMachine, pagedListView, type PagedListView } from '../../machines/kit/pagedListMachine';
import { dispatchBoardMachine, dispatchBoardSnapshotToView, type DispatchBoardSnapshot, type DispatchBoardView } from '../../machines/ops/dispatchBoardMachine';
import { boardMessages as m } from '../../src/shared/deliveries/boardMessages';
import { dispatchTexts, type BoardItem } from '../../src/shared/deliveries/dispatch';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { DispatchBoardView as Board } from '../../src/web/features/ops/DispatchBoardView';
import { boardDetail, DELIVERY_ID, RIDER_B, ridersToday } from '../../tests/machines/dispatchBoardModel';
import { withRouter } from '../support/StoryRouter';

const item = (n: number, reference: string, status: BoardItem['status'], attention: BoardItem['attention'], from: string, to: string, rider: BoardItem['rider'] = null): BoardItem => ({
  id: n === 1 ? DELIVERY_ID : `5d1c7a30-0000-4000-8000-00000000000${n}`,
  reference,
  status,
  attention,
  no_rider_found: n === 3,
  pickup_area: from,
  dropoff_area: to,
  pickup_at: n === 2 ? '2026-11-28T08:00:00.000Z' : null,
  created_at: '2026-11-28T07:30:00.000Z',
  price_kobo: 350_000 + n * 50_000,
  rider_pay_kobo: null,
  payment: 'cash_on_pickup',
  rider,
});
const items: BoardItem[] = [
  item(4, 'OGB-F41LD', 'failed', 'failed', 'Ikeja', 'Lekki Phase 1', { id: 'r', name: 'Tunde Bakare', username: 'tunde' }),
  item(2, 'OGB-L4T3P', 'offered', 'late_pickup', 'Surulere', 'Yaba'),
  item(1, 'OGB-7Q2K4', 'booked', 'unassigned', 'Yaba', 'Ikeja'),
  item(3, 'OGB-N0R1D', 'booked', 'unassigned', 'Ikoyi', 'Victoria Island'),
  item(5, 'OGB-0NW4Y', 'picked_up', null, 'Yaba', 'Surulere', { id: 'r2', name: 'Chioma Eze', username: 'chioma' }),
];

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;
const fail = (field: string, message: string) => ({ error: new SubmitError({ field, message }) });
const on = {
  riders: ev('xstate.done.actor.loadRiders', { output: ridersToday }),
  ridersFailed: ev('xstate.error.actor.loadRiders', { error: new Error('Network down') }),
  open: ev('OPEN', { id: DELIVERY_ID }),
  loaded: (status: Parameters<typeof boardDetail>[0]) => ev('xstate.done.actor.loadDetail', { output: boardDetail(status) }),
  loadFailed: ev('xstate.error.actor.loadDetail', { error: new Error('Network down') }),
  feedOpen: ev('FEED_OPEN'),
  feedDown: ev('FEED_DOWN'),
  pick: ev('PICK_RIDER', { move: 'assign' }),
  choose: ev('RIDER_CHOSEN', { riderId: RIDER_B }),
  submit: ev('SUBMIT'),
  cancel: ev('START_CANCEL'),
  reason: ev('REASON_CHANGED', { value: 'The sender called to cancel' }),
  refusedRider: ev('xstate.error.actor.move', fail('rider_id', dispatchTexts.board.riderNotAvailable)),
  conflict: ev('xstate.error.actor.move', fail('alert', dispatchMessages.moveRefused('Picked up'))),
  offer: ev('OFFER_NEARBY'),
  markReturned: ev('START_RETURNED'),
  reloaded: (status: Parameters<typeof boardDetail>[0]) => ev('xstate.done.actor.reloadDetail', { output: boardDetail(status) }),
};

function boardAfter(events: readonly EventObject[]): DispatchBoardView {
  let snapshot = getInitialSnapshot(dispatchBoardMachine, {}) as DispatchBoardSnapshot;
  for (const event of events) snapshot = getNextSnapshot(dispatchBoardMachine, snapshot, event as never) as DispatchBoardSnapshot;
  return dispatchBoardSnapshotToView(snapshot);
}

function listAfter(loaded: boolean | 'failed'): PagedListView<BoardItem> {
  let snapshot = getInitialSnapshot(pagedListMachine, {});
  if (loaded === true) snapshot = getNextSnapshot(pagedListMachine, snapshot, ev('xstate.done.actor.firstPage', { output: { items, next: 'more' } }) as never);
  if (loaded === 'failed') snapshot = getNextSnapshot(pagedListMachine, snapshot, ev('xstate.error.actor.firstPage', { error: new Error('Network down') }) as never);
  return pagedListView<BoardItem>(snapshot);
}

function Screen({ view, list }: { view: DispatchBoardView; list: PagedListView<BoardItem> }) {
  return (
    <main className="ops-main" style={{ padding: 16 }}>
      <Board view={view} list={list} send={fn()} sendList={fn()} />
    </main>
  );
}

const meta = {
  title: 'Console/Dispatch board',
  component: Screen,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

function boardStory(events: readonly EventObject[], keyText: readonly string[], loaded: boolean | 'failed' = true): Story {
  const view = boardAfter(events);
  return { args: { view, list: listAfter(loaded) }, parameters: { boardState: view.detail.state, live: view.live, keyText } };
}

const ready = [on.riders, on.feedOpen];
const openBooked = [...ready, on.open, on.loaded('booked')];

export const BoardLoading = boardStory([], [m.heading, m.live.connecting, m.ridersHeading], false);
export const BoardLoadFailed = boardStory([on.ridersFailed], [m.ridersFailed], 'failed');
export const Live = boardStory(ready, [m.live.streaming, 'OGB-F41LD', m.attention.failed, m.attention.late_pickup, m.attention.unassigned, m.noRiderFound, 'Chioma Eze', '₦12,500']);
export const Polling = boardStory([on.riders, on.feedDown], [m.live.polling, 'OGB-7Q2K4']);
export const DeliveryLoading = boardStory([...ready, on.open], [m.detailLabel, m.close]);
export const DeliveryLoadFailed = boardStory([...ready, on.open, on.loadFailed], [m.detailFailed, m.tryAgain]);
export const DeliveryBooked = boardStory(openBooked, ['OGB-7Q2K4 · Booked', m.moves.assign, m.moves.offerNearby, m.moves.cancel, m.timeline, 'A box of documents']);
export const DeliveryFailed = boardStory([...ready, on.open, on.loaded('failed')], [dispatchMessages.failureReasons.recipient_absent, m.moves.retry, m.moves.return]);
export const DeliveryReturning = boardStory([...ready, on.open, on.loaded('returning')], [`OGB-7Q2K4 · ${dispatchMessages.statusNames.returning}`, m.moves.returned, m.moves.cancel]);
export const ConfirmingReturned = boardStory([...ready, on.open, on.loaded('returning'), on.markReturned], [m.moves.returned, m.returnedConfirm, m.submit.returned, m.back]);
export const MarkingReturned = boardStory([...ready, on.open, on.loaded('returning'), on.markReturned, on.submit], [m.returnedConfirm, m.working]);
export const ChoosingRider = boardStory([...openBooked, on.pick], [m.moves.assign, m.riderHelp, m.submit.assign]);
export const RiderRefused = boardStory([...openBooked, on.pick, on.choose, on.submit, on.refusedRider], [dispatchTexts.board.riderNotAvailable]);
export const Cancelling = boardStory([...openBooked, on.cancel, on.submit], [m.reasonLabel, dispatchMessages.cancelReasonRequired]);
export const Moving = boardStory([...openBooked, on.cancel, on.reason, on.submit], [m.working]);
export const Refreshing = boardStory([...openBooked, on.offer, on.conflict], [dispatchMessages.moveRefused('Picked up')]);
export const MoveRefused = boardStory([...openBooked, on.offer, on.conflict, on.reloaded('booked')], [dispatchMessages.moveRefused('Picked up'), m.moves.assign]);
