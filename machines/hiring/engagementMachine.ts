/**
 * One hire request or engagement as one side sees it (DESIGN.md §10), driven by the
 * shared table src/shared/hiring.ts ENGAGEMENT_MOVES (the server checks the same table):
 *
 *   sorting ──▶ <the status the server answered>
 *   requested.idle ──ACCEPT (rider)──▶ accepting ──▶ sorting ─▶ active
 *                  ──DECLINE (rider)─▶ declining ──▶ sorting ─▶ declined
 *                  ──WITHDRAW (company)▶ withdrawing ▶ sorting ─▶ withdrawn
 *                  ──EXPIRE──▶ expired               (the 7 days ran out while on screen)
 *   active.idle ──END──▶ confirmingEnd ──CHOOSE_OUTCOME──▶ (completed | early)
 *                          ──CONFIRM_END [early, the company]──▶ confirmingEarlyEnd ──CONFIRM_END──▶ ending
 *                          ──CONFIRM_END [outcome chosen]──▶ ending ──▶ sorting ─▶ ended      └─CANCEL──▶ idle
 *                          ──CANCEL──▶ idle
 *   'completed' is not offered (CHOOSE_OUTCOME ignored) before the job's start date (input.today).
 *   <moving> ──409 (someone moved first)──▶ reloading ──▶ sorting (the latest, the message kept)
 *            ──any other failure──▶ idle             (the server's message shown)
 *   declined, expired, withdrawn, ended: nothing more to do here (reviews have their own machine)
 *
 * Pure: the requests are the `moveEngagement` and `loadEngagement` actors and the success notice
 * the `announce` action, supplied with .provide().
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import {
  ENGAGEMENT_STATUSES,
  canMove,
  endOutcomesOn,
  movesFor,
  type EndOutcome,
  type EngagementAction,
  type EngagementSide,
  type EngagementStatus,
  type HireActionResponse,
  type HireItem,
} from '../../src/shared/hiring';
import { messages } from '../../src/shared/messages';
import { fieldErrorOf, SubmitError } from '../kit/errors';

export interface EngagementInput {
  side: EngagementSide;
  item: HireItem;
  /** Today in Lagos (YYYY-MM-DD): 'completed' is offered from the start date on. '' offers both. */
  today?: string;
}

export interface EngagementContext {
  side: EngagementSide;
  item: HireItem;
  today: string;
  /** The outcome chosen in the end dialog. */
  outcome: EndOutcome | null;
  /** The last failure: 'conflict' when the server said someone moved first (409), else 'failed'. */
  error: (FieldError & { kind: 'failed' | 'conflict' }) | null;
}

export type EngagementEvent =
  | { type: 'ACCEPT' }
  | { type: 'DECLINE' }
  | { type: 'WITHDRAW' }
  | { type: 'END' }
  | { type: 'CHOOSE_OUTCOME'; outcome: EndOutcome }
  | { type: 'CONFIRM_END' }
  | { type: 'CANCEL' }
  | { type: 'EXPIRE' };

/** What a move request is given. */
export interface EngagementMoveRequest {
  id: string;
  action: EngagementAction;
  outcome: EndOutcome | null;
}

/** A refusal the server explains under 'status' (a 409): someone else moved the request first. */
const isConflict = (error: unknown): boolean => error instanceof SubmitError && error.fieldError.field === 'status';


const SUCCESS: Record<EngagementAction, (item: HireItem) => string> = {
  accept: (item) => messages.hireAccepted(item.company.name),
  decline: () => messages.hireDeclined,
  withdraw: () => messages.hireWithdrawn,
  end: () => messages.hireEnded,
};

type Ctx = { context: EngagementContext };

const moving = (action: EngagementAction) =>
  ({
    tags: ['busy'],
    invoke: {
      id: 'moveEngagement',
      src: 'moveEngagement',
      input: ({ context }: Ctx): EngagementMoveRequest => ({ id: context.item.id, action, outcome: action === 'end' ? context.outcome : null }),
      onDone: {
        target: '#engagement.sorting',
        actions: [
          'applyAnswer',
          { type: 'announce', params: ({ event }: { event: { output: HireActionResponse } }) => ({ message: event.output.message ?? SUCCESS[action](event.output.item) }) },
        ],
      },
      onError: [
        { guard: 'conflict', target: '#engagement.reloading', actions: 'showConflict' },
        { target: 'idle', actions: 'showFailure' },
      ],
    },
  }) as const;

/** A move the table allows this side from the status at hand. */
const move = (action: EngagementAction, target: string) => ({ guard: { type: 'may' as const, params: { action } }, target, actions: 'clearError' as const });

export const engagementMachine = setup({
  types: {
    context: {} as EngagementContext,
    events: {} as EngagementEvent,
    input: {} as EngagementInput,
  },
  actors: {
    /** POST /api/hiring/requests/:id/{accept|decline|withdraw|end}. */
    moveEngagement: fromPromise<HireActionResponse, EngagementMoveRequest>(async () => {
      throw new Error('moveEngagement not provided');
    }),
    /** GET /api/hiring/requests/:id: the latest, after a 409. */
    loadEngagement: fromPromise<HireItem, { id: string }>(async () => {
      throw new Error('loadEngagement not provided');
    }),
  },
  actions: {
    /** A success notice (a toast in the app). */
    announce: (_, _params: { message: string }) => {},
    applyAnswer: assign(({ event }) => ({ item: (event as unknown as { output: HireActionResponse }).output.item, outcome: null, error: null })),
    applyItem: assign(({ event }) => ({ item: (event as unknown as { output: HireItem }).output, outcome: null })),
    markExpired: assign(({ context }) => ({ item: { ...context.item, status: 'expired' as const } })),
    clearError: assign({ error: null }),
    chooseOutcome: assign(({ event }) => {
      assertEvent(event, 'CHOOSE_OUTCOME');
      return { outcome: event.outcome };
    }),
    forgetOutcome: assign({ outcome: null }),
    showFailure: assign(({ event }) => ({ error: { ...fieldErrorOf((event as { error?: unknown }).error), kind: 'failed' as const } })),
    showConflict: assign(({ event }) => ({ error: { ...fieldErrorOf((event as { error?: unknown }).error), kind: 'conflict' as const } })),
  },
  guards: {
    is: ({ context }, params: { status: EngagementStatus }) => context.item.status === params.status,
    may: ({ context }, params: { action: EngagementAction }) => canMove(context.item.status, params.action, context.side),
    outcomeChosen: ({ context }) => context.outcome !== null,
    outcomeOffered: ({ context, event }) => {
      assertEvent(event, 'CHOOSE_OUTCOME');
      return endOutcomesOn(context.item.start_date, context.today).includes(event.outcome);
    },
    // Only the company's early end counts against the rider's Job Success: it is said first.
    earlyByCompany: ({ context }) => context.outcome === 'early' && context.side === 'company',
    conflict: ({ event }) => isConflict((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'engagement',
  context: ({ input }) => ({ side: input.side, item: input.item, today: input.today ?? '', outcome: null, error: null }),
  initial: 'sorting',
  states: {
    sorting: {
      always: ENGAGEMENT_STATUSES.map((status) => ({ guard: { type: 'is' as const, params: { status } }, target: status })),
    },
    requested: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            ACCEPT: move('accept', 'accepting'),
            DECLINE: move('decline', 'declining'),
            WITHDRAW: move('withdraw', 'withdrawing'),
            EXPIRE: { target: '#engagement.sorting', actions: ['markExpired', 'clearError'] },
          },
        },
        accepting: moving('accept'),
        declining: moving('decline'),
        withdrawing: moving('withdraw'),
      },
    },
    active: {
      initial: 'idle',
      states: {
        idle: {
          on: { END: move('end', 'confirmingEnd') },
        },
        confirmingEnd: {
          on: {
            CHOOSE_OUTCOME: { guard: 'outcomeOffered', actions: 'chooseOutcome' },
            CONFIRM_END: [
              { guard: 'earlyByCompany', target: 'confirmingEarlyEnd' },
              { guard: 'outcomeChosen', target: 'ending' },
            ],
            CANCEL: { target: 'idle', actions: 'forgetOutcome' },
          },
        },
        confirmingEarlyEnd: {
          on: {
            CONFIRM_END: 'ending',
            CANCEL: { target: 'idle', actions: 'forgetOutcome' },
          },
        },
        ending: moving('end'),
      },
    },
    declined: {},
    expired: {},
    withdrawn: {},
    ended: {},
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'loadEngagement',
        src: 'loadEngagement',
        input: ({ context }) => ({ id: context.item.id }),
        // The 409's message stays on screen with the latest status.
        onDone: { target: 'sorting', actions: 'applyItem' },
        onError: { target: 'sorting' },
      },
    },
  },
});

export type EngagementMachine = typeof engagementMachine;
export type EngagementSnapshot = SnapshotFrom<typeof engagementMachine>;

export type EngagementActivity = 'idle' | 'accepting' | 'declining' | 'withdrawing' | 'confirmingEnd' | 'confirmingEarlyEnd' | 'ending';

/**
 * Every state a request's card can show; stories and view tests must cover each one. A status
 * at rest; an action in flight; 'reloading' after a 409; 'failed' (a failure told at rest) and
 * 'conflict' (someone moved first: the latest status with the server's message).
 */
export const engagementViewStates = [
  ...ENGAGEMENT_STATUSES,
  'accepting',
  'declining',
  'withdrawing',
  'confirmingEnd',
  'confirmingEarlyEnd',
  'ending',
  'reloading',
  'failed',
  'conflict',
] as const;
export type EngagementViewState = (typeof engagementViewStates)[number];

export interface EngagementView {
  state: EngagementViewState;
  side: EngagementSide;
  item: HireItem;
  status: EngagementStatus;
  activity: EngagementActivity | null;
  busy: boolean;
  /** The moves this side may make now (at rest), in the table's order. */
  actions: EngagementAction[];
  /** The outcome chosen in the end dialog, and whether it may be confirmed. */
  outcome: EndOutcome | null;
  /** The outcomes the end dialog offers (no 'completed' before the start date). */
  outcomes: EndOutcome[];
  canConfirmEnd: boolean;
  /** 'Ending early counts against … Job Success': the step before an early end by the company. */
  earlyEndWarning: string | null;
  /** The failure to show (a 409's message stays after the reload). */
  alert: string | null;
}

export function engagementSnapshotToView(snapshot: Pick<EngagementSnapshot, 'value' | 'context' | 'hasTag'>): EngagementView {
  const { context } = snapshot;
  const value = snapshot.value as string | Partial<Record<'requested' | 'active', EngagementActivity>>;
  const activity: EngagementActivity | null = typeof value === 'object' ? (value.requested ?? value.active ?? null) : null;
  const status = context.item.status;
  const atRest = value !== 'reloading' && (activity === null || activity === 'idle');
  const state: EngagementViewState =
    value === 'reloading'
      ? 'reloading'
      : !atRest
        ? (activity as EngagementViewState)
        : context.error
          ? context.error.kind
          : status;
  return {
    state,
    side: context.side,
    item: context.item,
    status,
    activity,
    busy: snapshot.hasTag('busy'),
    actions: atRest ? movesFor(status, context.side) : [],
    outcome: context.outcome,
    outcomes: endOutcomesOn(context.item.start_date, context.today),
    canConfirmEnd: (activity === 'confirmingEnd' && context.outcome !== null) || activity === 'confirmingEarlyEnd',
    earlyEndWarning: activity === 'confirmingEarlyEnd' ? messages.hireEarlyEndWarning(context.item.rider.full_name ?? context.item.rider.display_name) : null,
    alert: context.error?.message ?? null,
  };
}
