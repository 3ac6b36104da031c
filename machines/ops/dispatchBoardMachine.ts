/**
 * The dispatch board in the operations console (dispatchers and admins): the deliveries by state,
 * those needing attention first (the console's paged list, composed as the child `list`), one
 * delivery's record and timeline with the staff moves, each rider's day with the cash to collect,
 * and the live feed that keeps all three current without a reload. Four regions side by side:
 *
 *   live:    watching.connecting ──FEED_OPEN──▶ watching.streaming ──FEED_EVENT──▶ watching.settling
 *            watching.settling ──FEED_EVENT──▶ settling (the wait starts again: one re-read per burst)
 *            watching.settling ──after debounce──▶ streaming (the list, the open delivery and the riders re-read)
 *            watching ──FEED_DOWN (404, network)──▶ polling ──after 20 s──▶ watching (re-read, and the stream tried again)
 *   riders:  loading ──▶ ready | failed ──RETRY_RIDERS──▶ loading;  ready ──RIDERS_STALE──▶ loading (the panel kept)
 *   detail:  closed ──OPEN──▶ loading ──▶ open.idle | failed ──RETRY_DETAIL──▶ loading;  any ──CLOSE──▶ closed
 *     open.idle ──PICK_RIDER{move}[the move is allowed]──▶ choosingRider ──SUBMIT[a rider chosen]──▶ moving
 *               ──OFFER_NEARBY[allowed]──▶ moving      (to the nearest available rider not asked yet)
 *               ──START_CANCEL[allowed]──▶ cancelling ──SUBMIT[a reason given]──▶ moving
 *               ──RESOLVE{retry|return}[allowed]──▶ moving
 *               ──START_RETURNED[allowed]──▶ confirmingReturned ──SUBMIT──▶ moving   (final, as a cancel is: asked once more)
 *               ──DETAIL_STALE──▶ refreshing ──▶ idle
 *     choosingRider | cancelling ──SUBMIT (nothing chosen / typed)──▶ itself, the error under the field;  ──BACK──▶ idle
 *     confirmingReturned ──BACK──▶ idle
 *     moving ──done──▶ refreshing (the toast; list and riders re-read)
 *            ──error on rider_id──▶ choosingRider, on reason──▶ cancelling, otherwise──▶ idle (the error on the alert line)
 *
 * Which moves are offered comes from the server's `actions` for the delivery (src/shared/deliveries/moves.ts).
 * Pure: the requests (`list`, `loadDetail`, `loadRiders`, `move`), the feed (`liveFeed`, a callback
 * actor) and the toast (`notify`) come in through .provide().
 */
import { assign, fromCallback, fromPromise, raise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { boardMessages } from '../../src/shared/deliveries/boardMessages';
import { NEARBY_KM, nearestAreaKm, type BoardDetail, type RiderToday } from '../../src/shared/deliveries/dispatch';
import type { DeliveryAction } from '../../src/shared/deliveries/moves';
import { fieldErrorOf } from '../kit/errors';
import { pagedListMachine } from '../kit/pagedListMachine';

/** The staff moves the board makes. */
export type BoardMoveKind = Extract<DeliveryAction, 'offer' | 'assign' | 'reassign' | 'cancel' | 'retry' | 'return' | 'returned'>;
/** The moves made by choosing a rider. */
export type RiderMoveKind = Extract<BoardMoveKind, 'offer' | 'assign' | 'reassign'>;

export interface BoardMoveRequest {
  deliveryId: string;
  move: BoardMoveKind;
  riderId?: string;
  reason?: string;
}

export interface DispatchBoardContext {
  /** The delivery open beside the list. */
  selectedId: string | null;
  detail: BoardDetail | null;
  detailError: string | null;
  riders: RiderToday[];
  ridersError: string | null;
  /** The move being prepared or sent. */
  move: BoardMoveKind | null;
  riderId: string;
  reason: string;
  /** A refusal under its field ('rider_id', 'reason') or on the alert line. */
  error: FieldError | null;
}

/** What the live feed reports: a delivery moved (or was booked). */
export interface DeliveryFeedMessage {
  id: string;
  reference: string;
  status: string;
  at: string;
}

export type DispatchBoardEvent =
  | { type: 'OPEN'; id: string }
  | { type: 'CLOSE' }
  | { type: 'RETRY_DETAIL' }
  | { type: 'RETRY_RIDERS' }
  | { type: 'PICK_RIDER'; move: RiderMoveKind }
  | { type: 'RIDER_CHOSEN'; riderId: string }
  | { type: 'OFFER_NEARBY' }
  | { type: 'START_CANCEL' }
  | { type: 'REASON_CHANGED'; value: string }
  | { type: 'RESOLVE'; move: 'retry' | 'return' }
  | { type: 'START_RETURNED' }
  | { type: 'SUBMIT' }
  | { type: 'BACK' }
  | { type: 'FEED_OPEN' }
  | { type: 'FEED_EVENT'; message: DeliveryFeedMessage }
  | { type: 'FEED_DOWN' }
  | { type: 'DETAIL_STALE' }
  | { type: 'RIDERS_STALE' };

export interface DispatchBoardInput {
  /** The delivery to open at once (the /ops/deliveries/$id address). */
  selectedId?: string | null;
}

const unprepared = { move: null, riderId: '', reason: '', error: null } as const;
const allowed = (context: DispatchBoardContext, action: DeliveryAction) => context.detail?.actions.includes(action) ?? false;

export const dispatchBoardMachine = setup({
  types: {
    context: {} as DispatchBoardContext,
    events: {} as DispatchBoardEvent,
    input: {} as DispatchBoardInput,
  },
  actors: {
    /** The board's list: the console's paged list, its page request pointed at GET /api/ops/deliveries. */
    list: pagedListMachine,
    /** GET /api/ops/deliveries/:id. */
    loadDetail: fromPromise<BoardDetail, { id: string }>(async () => {
      throw new Error('loadDetail not provided');
    }),
    /** GET /api/ops/riders/today. */
    loadRiders: fromPromise<RiderToday[], void>(async () => {
      throw new Error('loadRiders not provided');
    }),
    /** POST /api/ops/deliveries/:id/<move>: the server's message. */
    move: fromPromise<{ message: string }, BoardMoveRequest>(async () => {
      throw new Error('move not provided');
    }),
    /** GET /api/ops/deliveries/events: sends FEED_OPEN, FEED_EVENT for each message, FEED_DOWN when it cannot (or no longer) stream. */
    liveFeed: fromCallback<DispatchBoardEvent>(() => () => {}),
  },
  actions: {
    notify: (_, _params: { message: string }) => {},
    refreshList: sendTo('list', { type: 'REFRESH' }),
    staleDetail: raise({ type: 'DETAIL_STALE' }),
    staleRiders: raise({ type: 'RIDERS_STALE' }),
  },
  delays: { debounce: 1_000, pollInterval: 20_000 },
  guards: {
    canPick: ({ context, event }) => event.type === 'PICK_RIDER' && allowed(context, event.move),
    canOffer: ({ context }) => allowed(context, 'offer'),
    canCancel: ({ context }) => allowed(context, 'cancel'),
    canMarkReturned: ({ context }) => allowed(context, 'returned'),
    canResolve: ({ context, event }) => event.type === 'RESOLVE' && allowed(context, event.move),
    hasSelection: ({ context }) => context.selectedId !== null,
    riderChosen: ({ context }) => context.riderId !== '',
    reasonGiven: ({ context }) => context.reason.trim() !== '',
    onRider: ({ event }) => fieldErrorOf((event as { error?: unknown }).error).field === 'rider_id',
    onReason: ({ event }) => fieldErrorOf((event as { error?: unknown }).error).field === 'reason',
  },
}).createMachine({
  id: 'dispatchBoard',
  type: 'parallel',
  context: ({ input }) => ({
    selectedId: input?.selectedId ?? null,
    detail: null,
    detailError: null,
    riders: [],
    ridersError: null,
    ...unprepared,
  }),
  invoke: { id: 'list', src: 'list', input: { filters: {} } },
  states: {
    live: {
      initial: 'watching',
      states: {
        watching: {
          initial: 'connecting',
          invoke: { id: 'liveFeed', src: 'liveFeed' },
          on: { FEED_DOWN: 'polling' },
          states: {
            connecting: {
              on: { FEED_OPEN: 'streaming' },
            },
            streaming: {
              on: { FEED_EVENT: 'settling' },
            },
            // A burst of moves is one re-read: every message starts the wait again.
            settling: {
              on: { FEED_EVENT: { target: 'settling', reenter: true } },
              after: { debounce: { target: 'streaming', actions: ['refreshList', 'staleDetail', 'staleRiders'] } },
            },
          },
        },
        polling: {
          after: { pollInterval: { target: 'watching', actions: ['refreshList', 'staleDetail', 'staleRiders'] } },
        },
      },
    },
    riders: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadRiders',
            src: 'loadRiders',
            onDone: { target: 'ready', actions: assign({ riders: ({ event }) => event.output, ridersError: null }) },
            onError: { target: 'failed', actions: assign({ ridersError: ({ event }) => fieldErrorOf(event.error).message }) },
          },
        },
        ready: { on: { RIDERS_STALE: 'loading' } },
        failed: { on: { RETRY_RIDERS: 'loading', RIDERS_STALE: 'loading' } },
      },
    },
    detail: {
      initial: 'choosing',
      on: {
        OPEN: { target: '.loading', actions: assign({ selectedId: ({ event }) => event.id, detail: null, detailError: null, ...unprepared }) },
        CLOSE: { target: '.closed', actions: assign({ selectedId: null, detail: null, detailError: null, ...unprepared }) },
      },
      states: {
        // Opened at an address with an id: straight to it.
        choosing: {
          always: [{ guard: 'hasSelection', target: 'loading' }, { target: 'closed' }],
        },
        closed: {},
        loading: {
          invoke: {
            id: 'loadDetail',
            src: 'loadDetail',
            input: ({ context }) => ({ id: context.selectedId! }),
            onDone: { target: 'open', actions: assign({ detail: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ detailError: ({ event }) => fieldErrorOf(event.error).message }) },
          },
        },
        failed: { on: { RETRY_DETAIL: 'loading' } },
        open: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                PICK_RIDER: { guard: 'canPick', target: 'choosingRider', actions: assign({ move: ({ event }) => event.move, riderId: '', error: null }) },
                OFFER_NEARBY: { guard: 'canOffer', target: 'moving', actions: assign({ move: 'offer', riderId: '', error: null }) },
                START_CANCEL: { guard: 'canCancel', target: 'cancelling', actions: assign({ move: 'cancel', reason: '', error: null }) },
                RESOLVE: { guard: 'canResolve', target: 'moving', actions: assign({ move: ({ event }) => event.move, error: null }) },
                START_RETURNED: { guard: 'canMarkReturned', target: 'confirmingReturned', actions: assign({ move: 'returned', error: null }) },
                DETAIL_STALE: 'refreshing',
              },
            },
            choosingRider: {
              on: {
                RIDER_CHOSEN: { actions: assign({ riderId: ({ event }) => event.riderId, error: null }) },
                SUBMIT: [
                  { guard: 'riderChosen', target: 'moving' },
                  { actions: assign({ error: { field: 'rider_id', message: boardMessages.chooseRider } }) },
                ],
                BACK: { target: 'idle', actions: assign(unprepared) },
              },
            },
            cancelling: {
              on: {
                REASON_CHANGED: { actions: assign({ reason: ({ event }) => event.value, error: null }) },
                SUBMIT: [
                  { guard: 'reasonGiven', target: 'moving' },
                  { actions: assign({ error: { field: 'reason', message: dispatchMessages.cancelReasonRequired } }) },
                ],
                BACK: { target: 'idle', actions: assign(unprepared) },
              },
            },
            // Nothing moves a returned delivery again: the dispatcher says yes once more.
            confirmingReturned: {
              on: {
                SUBMIT: 'moving',
                BACK: { target: 'idle', actions: assign(unprepared) },
              },
            },
            moving: {
              invoke: {
                id: 'move',
                src: 'move',
                input: ({ context }) => ({
                  deliveryId: context.selectedId!,
                  move: context.move!,
                  ...(context.riderId ? { riderId: context.riderId } : {}),
                  ...(context.move === 'cancel' ? { reason: context.reason.trim() } : {}),
                }),
                onDone: {
                  target: 'refreshing',
                  actions: [{ type: 'notify', params: ({ event }) => ({ message: event.output.message }) }, assign(unprepared), 'refreshList', 'staleRiders'],
                },
                onError: [
                  { guard: 'onRider', target: 'choosingRider', actions: assign({ error: ({ event }) => fieldErrorOf(event.error) }) },
                  { guard: 'onReason', target: 'cancelling', actions: assign({ error: ({ event }) => fieldErrorOf(event.error) }) },
                  // A 409 (someone else moved it first) or a failure: said on the alert line, the record re-read.
                  { target: 'refreshing', actions: assign({ move: null, riderId: '', reason: '', error: ({ event }) => fieldErrorOf(event.error) }) },
                ],
              },
            },
            refreshing: {
              invoke: {
                id: 'reloadDetail',
                src: 'loadDetail',
                input: ({ context }) => ({ id: context.selectedId! }),
                onDone: { target: 'idle', actions: assign({ detail: ({ event }) => event.output }) },
                // What is shown is the last good answer: keep it.
                onError: 'idle',
              },
            },
          },
        },
      },
    },
  },
});

export type DispatchBoardSnapshot = SnapshotFrom<typeof dispatchBoardMachine>;

export const dispatchDetailViewStates = ['closed', 'loading', 'failed', 'idle', 'choosingRider', 'cancelling', 'confirmingReturned', 'moving', 'refreshing'] as const;
export type DispatchDetailViewState = (typeof dispatchDetailViewStates)[number];
export type DispatchLiveViewState = 'connecting' | 'streaming' | 'polling';

/** A rider the dispatcher may choose, nearest to the pickup first. */
export interface RiderChoice {
  id: string;
  name: string;
  username: string;
  areas: string[];
  /** From the nearest area they cover to the pickup area; null when unknown. */
  km: number | null;
  jobsToday: number;
}

export interface DispatchBoardView {
  live: DispatchLiveViewState;
  riders: { state: 'loading' | 'ready' | 'failed'; items: RiderToday[]; error: string | null };
  detail: {
    state: DispatchDetailViewState;
    id: string | null;
    delivery: BoardDetail | null;
    error: string | null;
    move: BoardMoveKind | null;
    riderId: string;
    reason: string;
    /** The refusal under a field, or on the alert line. */
    fieldError: FieldError | null;
    /** Available riders near the pickup (within NEARBY_KM), nearest first; the rider who has it left out. */
    choices: RiderChoice[];
    busy: boolean;
  };
}

/** Riders to choose from for a delivery: available, near its pickup area, nearest first. */
export function riderChoices(riders: readonly RiderToday[], delivery: BoardDetail | null): RiderChoice[] {
  if (!delivery) return [];
  const choices: RiderChoice[] = [];
  for (const rider of riders) {
    if (!rider.available || rider.id === delivery.rider?.id) continue;
    const km = delivery.pickup_area ? nearestAreaKm(rider.areas, delivery.pickup_area) : null;
    if (km !== null && km > NEARBY_KM) continue;
    choices.push({ id: rider.id, name: rider.name, username: rider.username, areas: rider.areas, km, jobsToday: rider.jobs.length });
  }
  return choices.sort((a, b) => (a.km ?? Infinity) - (b.km ?? Infinity) || a.jobsToday - b.jobsToday || a.name.localeCompare(b.name));
}

function leaf(value: unknown): string {
  let node = value;
  let name = '';
  while (node && typeof node === 'object') {
    const [key, child] = Object.entries(node as Record<string, unknown>)[0]!;
    name = key;
    node = child;
  }
  return typeof node === 'string' ? node : name;
}

export function dispatchBoardSnapshotToView(snapshot: DispatchBoardSnapshot): DispatchBoardView {
  const value = snapshot.value as { live: unknown; riders: string; detail: unknown };
  const c = snapshot.context;
  const live = leaf(value.live);
  const detailState = leaf(value.detail) as DispatchDetailViewState | 'choosing';
  const state: DispatchDetailViewState = detailState === 'choosing' ? 'loading' : detailState;
  return {
    live: live === 'polling' ? 'polling' : live === 'connecting' ? 'connecting' : 'streaming',
    riders: { state: value.riders as 'loading' | 'ready' | 'failed', items: c.riders, error: c.ridersError },
    detail: {
      state,
      id: c.selectedId,
      delivery: c.detail,
      error: c.detailError,
      move: c.move,
      riderId: c.riderId,
      reason: c.reason,
      fieldError: c.error,
      choices: riderChoices(c.riders, c.detail),
      busy: state === 'moving' || state === 'loading',
    },
  };
}
