/**
 * The dispatch board's actor (machines/ops/dispatchBoardMachine.ts) with its effects: the console
 * API's requests, the live feed read from GET /api/ops/deliveries/events with the staff token, and
 * a toast for each move made. The list is the machine's child (the console's paged list).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import {
  dispatchBoardMachine,
  dispatchBoardSnapshotToView,
  type BoardMoveRequest,
  type DispatchBoardEvent,
  type DispatchBoardView,
} from '../../../../machines/ops/dispatchBoardMachine';
import { pagedListMachine, pagedListView, type ListFilters, type ListPage, type PagedListView } from '../../../../machines/kit/pagedListMachine';
import type { BoardDetail, BoardItem, RiderToday } from '../../../shared/deliveries/dispatch';
import { toast } from '../../kit/components/toast';
import { readEventStream } from '../../kit/http/eventStream';
import { OPS_TOKEN_HEADER, opsApi, withQuery } from './opsApi';
import { opsSession } from './opsSession';

export const DELIVERIES_LIST_PATH = '/deliveries';
export const DELIVERY_EVENTS_URL = '/api/ops/deliveries/events';
const deliveryPath = (id: string) => `${DELIVERIES_LIST_PATH}/${encodeURIComponent(id)}`;

/** The board's live feed: FEED_OPEN once streaming, FEED_EVENT per delivery message, FEED_DOWN when it cannot or no longer streams. */
export const deliveryFeed = fromCallback<DispatchBoardEvent>(({ sendBack }) => {
  const controller = new AbortController();
  const token = opsSession.token();
  readEventStream(DELIVERY_EVENTS_URL, {
    headers: token ? { [OPS_TOKEN_HEADER]: token } : {},
    signal: controller.signal,
    onOpen: () => sendBack({ type: 'FEED_OPEN' }),
    onMessage: (message) => {
      if (message.event !== 'delivery') return;
      try {
        const data = JSON.parse(message.data) as { id?: unknown; reference?: unknown; status?: unknown; at?: unknown };
        if (typeof data.id !== 'string') return;
        sendBack({ type: 'FEED_EVENT', message: { id: data.id, reference: String(data.reference ?? ''), status: String(data.status ?? ''), at: String(data.at ?? '') } });
      } catch {
        // A message we cannot read is skipped: the next one re-reads the board anyway.
      }
    },
  }).then(
    () => !controller.signal.aborted && sendBack({ type: 'FEED_DOWN' }),
    () => !controller.signal.aborted && sendBack({ type: 'FEED_DOWN' }),
  );
  return () => controller.abort();
});

function moveBody(request: BoardMoveRequest): Record<string, string> {
  if (request.move === 'cancel') return { reason: request.reason ?? '' };
  return request.riderId ? { rider_id: request.riderId } : {};
}

export function dispatchBoardLogic() {
  return dispatchBoardMachine.provide({
    actors: {
      list: pagedListMachine.provide({
        actors: {
          fetchPage: fromPromise<ListPage<unknown>, { filters: ListFilters; cursor: string | null }>(({ input }) =>
            opsApi<ListPage<BoardItem>>(withQuery(DELIVERIES_LIST_PATH, { ...input.filters, cursor: input.cursor })),
          ),
        },
      }),
      loadDetail: fromPromise<BoardDetail, { id: string }>(({ input }) => opsApi<BoardDetail>(deliveryPath(input.id))),
      loadRiders: fromPromise<RiderToday[], void>(async () => (await opsApi<{ items: RiderToday[] }>('/riders/today')).items),
      move: fromPromise<{ message: string }, BoardMoveRequest>(({ input }) =>
        opsApi<{ message: string }>(`${deliveryPath(input.deliveryId)}/${input.move}`, { method: 'POST', body: moveBody(input) }),
      ),
      liveFeed: deliveryFeed,
    },
    actions: {
      notify: (_, params) => {
        toast.success(params.message);
      },
    },
  });
}

export type DispatchBoardSend = (event: DispatchBoardEvent) => void;
export type DispatchListSend = ActorRefFrom<typeof pagedListMachine>['send'];

export interface DispatchBoardOptions {
  selectedId: string | null;
  inspect?: (event: InspectionEvent) => void;
  /** The feed's debounce and the fallback poll, in ms (tests shorten them). */
  delays?: { debounce?: number; pollInterval?: number };
}

export function useDispatchBoard(options: DispatchBoardOptions): {
  view: DispatchBoardView;
  list: PagedListView<BoardItem>;
  send: DispatchBoardSend;
  sendList: DispatchListSend;
  selectedId: () => string | null;
} {
  const logic = dispatchBoardLogic();
  const actor = useActorRef(options.delays ? logic.provide({ delays: options.delays }) : logic, { input: { selectedId: options.selectedId }, inspect: options.inspect });
  const view = useSelector(actor, dispatchBoardSnapshotToView, sameBoard);
  const listRef = actor.getSnapshot().children.list as ActorRefFrom<typeof pagedListMachine>;
  const list = useSelector(listRef, (snapshot) => pagedListView<BoardItem>(snapshot), sameList);
  return { view, list, send: actor.send, sendList: listRef.send, selectedId: () => actor.getSnapshot().context.selectedId };
}

function sameBoard(a: DispatchBoardView, b: DispatchBoardView): boolean {
  return (
    a.live === b.live &&
    a.riders.state === b.riders.state &&
    a.riders.items === b.riders.items &&
    a.riders.error === b.riders.error &&
    a.detail.state === b.detail.state &&
    a.detail.delivery === b.detail.delivery &&
    a.detail.id === b.detail.id &&
    a.detail.error === b.detail.error &&
    a.detail.move === b.detail.move &&
    a.detail.riderId === b.detail.riderId &&
    a.detail.reason === b.detail.reason &&
    a.detail.fieldError === b.detail.fieldError
  );
}

function sameList<T>(a: PagedListView<T>, b: PagedListView<T>): boolean {
  return a.state === b.state && a.items === b.items && a.filters === b.filters && a.error === b.error && a.canLoadMore === b.canLoadMore;
}
