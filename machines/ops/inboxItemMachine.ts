/**
 * One inbox item in the operations console, as staff work it:
 *
 *   loading ─┬─▶ loaded.sorting ──▶ loaded.<status>      (GET /api/ops/inbox/:id answered)
 *            └─▶ failed ──RETRY──▶ loading
 *   loaded.<status> is new | open | answered | closed, each with:
 *     idle ──MOVE {to} [the move is in src/shared/inbox.ts's table]──▶ changingStatus
 *          ──ASSIGN {staffId|null}──▶ assigning
 *          ──ADD_NOTE──▶ addingNote                    (an empty note: its message, no request)
 *          ──SEND_REPLY──▶ sendingReply                (not from closed; an invalid reply: its message)
 *          ──REFRESH──▶ refreshing
 *     <busy> ──done──▶ loaded.sorting ──▶ loaded.<the status the server answered>
 *            ──error──▶ idle                           (the message under its field, else an alert)
 *   loaded ──EDIT_NOTE / EDIT_REPLY──▶ (the drafts)
 *
 * Every action answers the item as it now is, so the machine never guesses a status: it sorts
 * itself into the one the server says. Pure: the requests are named actors and the success
 * notice an action, supplied with .provide().
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import {
  canMove,
  canReply,
  inboxMoves,
  inboxNoteForm,
  inboxReplyForm,
  INBOX_STATUSES,
  moveLabel,
  replySubjectFor,
  type InboxItemDetail,
  type InboxStatus,
} from '../../src/shared/inbox';
import { messages } from '../../src/shared/messages';
import { validateForm } from '../../src/shared/validation';
import { fieldErrorOf } from '../kit/errors';

/** Which action a failure belongs to (its message shows by that action's controls). */
export type InboxAction = 'load' | 'status' | 'assign' | 'note' | 'reply' | 'refresh';

export interface InboxItemContext {
  id: string;
  detail: InboxItemDetail | null;
  note: string;
  reply: { subject: string; body: string };
  /** The last failure, and the action it belongs to. */
  error: (FieldError & { action: InboxAction }) | null;
  /** What the request in flight asks for (shown on its button). */
  pendingMove: InboxStatus | null;
  pendingAssignee: string | null;
}

export type InboxItemEvent =
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  | { type: 'MOVE'; to: InboxStatus }
  | { type: 'ASSIGN'; staffId: string | null }
  | { type: 'EDIT_NOTE'; value: string }
  | { type: 'ADD_NOTE' }
  | { type: 'EDIT_REPLY'; field: 'subject' | 'body'; value: string }
  | { type: 'SEND_REPLY' };

export interface InboxItemInput {
  id: string;
}


const statusOf = (context: InboxItemContext): InboxStatus | null => context.detail?.item.status ?? null;

type Ctx = { context: InboxItemContext };

type DoneAction = 'clearNote' | 'clearReply' | { type: 'announce'; params: { message: string } };
const announce = (message: string) => ({ type: 'announce' as const, params: { message } });

/**
 * What each request actor is given: the item and what the action asks for (a request reads only
 * its own fields: status for a move, staffId for an assignment, body for a note, subject and
 * body for a reply).
 */
export interface InboxRequest {
  id: string;
  status: InboxStatus | null;
  staffId: string | null;
  subject: string;
  body: string;
}

const requestOf = (context: InboxItemContext, action: InboxAction): InboxRequest => ({
  id: context.id,
  status: context.pendingMove,
  staffId: context.pendingAssignee,
  subject: context.reply.subject.trim(),
  body: action === 'note' ? context.note.trim() : context.reply.body.trim(),
});

type RequestActor = 'changeStatus' | 'assignItem' | 'addNote' | 'sendReply' | 'loadItem';

const busyState = <S extends RequestActor>(src: S, action: InboxAction, done: DoneAction[] = []) => ({
  tags: ['busy'],
  invoke: {
    // The actor's name is its id, so its answer is 'xstate.done.actor.<name>' in every state.
    id: src,
    src,
    input: ({ context }: Ctx) => requestOf(context, action),
    onDone: { target: '#inboxItem.loaded.sorting', actions: ['applyDetail', ...done] },
    onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => ({ action, error: event.error }) } },
  },
}) as const;

const sendReply = {
  SEND_REPLY: [
    { guard: 'replyInvalid', actions: 'showReplyRule' },
    { target: 'sendingReply', actions: 'clearError' },
  ],
} as const;

/** The same work in every status; only the moves (by guard) and the reply (not when closed) differ. */
const statusState = (status: InboxStatus) => ({
  initial: 'idle',
  states: {
    idle: {
      on: {
        MOVE: { guard: 'allowedMove', target: 'changingStatus', actions: 'startMove' },
        ASSIGN: { target: 'assigning', actions: 'startAssign' },
        ADD_NOTE: [
          { guard: 'noteInvalid', actions: 'showNoteRule' },
          { target: 'addingNote', actions: 'clearError' },
        ],
        ...(canReply(status) ? sendReply : {}),
        REFRESH: { target: 'refreshing', actions: 'clearError' },
      },
    },
    changingStatus: busyState('changeStatus', 'status', [announce(messages.opsSaved)]),
    assigning: busyState('assignItem', 'assign', [announce(messages.opsSaved)]),
    addingNote: busyState('addNote', 'note', ['clearNote', announce(messages.opsInboxNoteAdded)]),
    ...(canReply(status) ? { sendingReply: busyState('sendReply', 'reply', ['clearReply', announce(messages.opsInboxReplySent)]) } : {}),
    refreshing: busyState('loadItem', 'refresh'),
  },
}) as const;

export const inboxItemMachine = setup({
  types: {
    context: {} as InboxItemContext,
    events: {} as InboxItemEvent,
    input: {} as InboxItemInput,
  },
  actors: {
    /** GET /api/ops/inbox/:id. */
    loadItem: fromPromise<InboxItemDetail, InboxRequest>(async () => {
      throw new Error('loadItem not provided');
    }),
    /** POST /api/ops/inbox/:id/status {status}. */
    changeStatus: fromPromise<InboxItemDetail, InboxRequest>(async () => {
      throw new Error('changeStatus not provided');
    }),
    /** POST /api/ops/inbox/:id/assign {staffId}. */
    assignItem: fromPromise<InboxItemDetail, InboxRequest>(async () => {
      throw new Error('assignItem not provided');
    }),
    /** POST /api/ops/inbox/:id/notes {body}. */
    addNote: fromPromise<InboxItemDetail, InboxRequest>(async () => {
      throw new Error('addNote not provided');
    }),
    /** POST /api/ops/inbox/:id/reply {subject, body}. */
    sendReply: fromPromise<InboxItemDetail, InboxRequest>(async () => {
      throw new Error('sendReply not provided');
    }),
  },
  actions: {
    /** A success notice (a toast in the app). */
    announce: (_, _params: { message: string }) => {},
    applyDetail: assign(({ context, event }) => {
      const detail = (event as unknown as { output: InboxItemDetail }).output;
      return {
        detail,
        error: null,
        pendingMove: null,
        pendingAssignee: null,
        // The first answer fills in the subject a reply starts with.
        reply: context.detail === null && context.reply.subject === '' ? { ...context.reply, subject: replySubjectFor(detail.item.kind) } : context.reply,
      };
    }),
    startMove: assign(({ event }) => {
      assertEvent(event, 'MOVE');
      return { pendingMove: event.to, error: null };
    }),
    startAssign: assign(({ event }) => {
      assertEvent(event, 'ASSIGN');
      return { pendingAssignee: event.staffId, error: null };
    }),
    clearError: assign({ error: null }),
    showFailure: assign((_, params: { action: InboxAction; error: unknown }) => ({
      error: { ...fieldErrorOf(params.error), action: params.action },
      pendingMove: null,
      pendingAssignee: null,
    })),
    showNoteRule: assign(({ context }) => ({ error: { ...validateForm(inboxNoteForm, { body: context.note })!, action: 'note' as const } })),
    showReplyRule: assign(({ context }) => ({ error: { ...validateForm(inboxReplyForm, context.reply)!, action: 'reply' as const } })),
    clearNote: assign({ note: '' }),
    clearReply: assign(({ context }) => ({ reply: { subject: context.detail ? replySubjectFor(context.detail.item.kind) : '', body: '' } })),
  },
  guards: {
    allowedMove: ({ context, event }) => {
      assertEvent(event, 'MOVE');
      const from = statusOf(context);
      return from !== null && canMove(from, event.to);
    },
    noteInvalid: ({ context }) => validateForm(inboxNoteForm, { body: context.note }) !== null,
    replyInvalid: ({ context }) => validateForm(inboxReplyForm, context.reply) !== null,
    is: ({ context }, params: { status: InboxStatus }) => statusOf(context) === params.status,
  },
}).createMachine({
  id: 'inboxItem',
  context: ({ input }) => ({
    id: input.id,
    detail: null,
    note: '',
    reply: { subject: '', body: '' },
    error: null,
    pendingMove: null,
    pendingAssignee: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadItem',
        src: 'loadItem',
        input: ({ context }) => requestOf(context, 'load'),
        onDone: { target: 'loaded', actions: 'applyDetail' },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ action: 'load' as const, error: event.error }) } },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    loaded: {
      initial: 'sorting',
      on: {
        EDIT_NOTE: {
          actions: assign(({ context, event }) => ({ note: event.value, error: context.error?.action === 'note' ? null : context.error })),
        },
        EDIT_REPLY: {
          actions: assign(({ context, event }) => ({
            reply: { ...context.reply, [event.field]: event.value },
            error: context.error?.action === 'reply' && context.error.field === event.field ? null : context.error,
          })),
        },
      },
      states: {
        sorting: {
          always: INBOX_STATUSES.map((status) => ({ guard: { type: 'is' as const, params: { status } }, target: status })),
        },
        new: statusState('new'),
        open: statusState('open'),
        answered: statusState('answered'),
        closed: statusState('closed'),
      },
    },
  },
});

export type InboxItemMachine = typeof inboxItemMachine;
export type InboxItemSnapshot = SnapshotFrom<typeof inboxItemMachine>;

/** What the item is doing while loaded. */
export const inboxActivities = ['idle', 'changingStatus', 'assigning', 'addingNote', 'sendingReply', 'refreshing'] as const;
export type InboxActivity = (typeof inboxActivities)[number];

/**
 * Every state the item screen can show; stories and view tests must cover each one. A status
 * is shown at rest; 'invalid' is a rule or a server message under a field; 'actionFailed' a
 * failure under no field.
 */
export const inboxItemViewStates = [
  'loading',
  'failed',
  ...INBOX_STATUSES,
  'changingStatus',
  'assigning',
  'addingNote',
  'sendingReply',
  'refreshing',
  'invalid',
  'actionFailed',
] as const;
export type InboxItemViewState = (typeof inboxItemViewStates)[number];

export interface InboxItemView {
  state: InboxItemViewState;
  detail: InboxItemDetail | null;
  status: InboxStatus | null;
  activity: InboxActivity | null;
  busy: boolean;
  /** The moves staff may make from here, in the table's order, with their button text. */
  moves: Array<{ to: InboxStatus; label: string }>;
  canReply: boolean;
  note: string;
  reply: { subject: string; body: string };
  pendingMove: InboxStatus | null;
  pendingAssignee: string | null;
  /** A message under a field of an action's form ('note.body', 'reply.subject', 'reply.body', 'assign.staffId', 'status.status'). */
  fieldError: (action: InboxAction, field: string) => string | null;
  /** A failure under no field. */
  alert: string | null;
  /** The failure of the first load. */
  loadError: string | null;
}

export function inboxItemSnapshotToView(snapshot: Pick<InboxItemSnapshot, 'value' | 'context' | 'hasTag'>): InboxItemView {
  const { context } = snapshot;
  const value = snapshot.value as 'loading' | 'failed' | { loaded: 'sorting' | Record<InboxStatus, InboxActivity> };
  const status = typeof value === 'object' && typeof value.loaded === 'object' ? (Object.keys(value.loaded)[0] as InboxStatus) : null;
  const activity = status && typeof value === 'object' && typeof value.loaded === 'object' ? value.loaded[status] : null;
  const error = context.error;
  const fieldFailure = error !== null && error.field !== 'alert' && error.action !== 'load';
  const state: InboxItemViewState =
    value === 'loading' || value === 'failed'
      ? value
      : activity && activity !== 'idle'
        ? activity
        : fieldFailure
          ? 'invalid'
          : error
            ? 'actionFailed'
            : (status ?? 'loading');
  return {
    state,
    detail: context.detail,
    status,
    activity,
    busy: snapshot.hasTag('busy'),
    moves: status ? inboxMoves[status].map((to) => ({ to, label: moveLabel(status, to) })) : [],
    canReply: status !== null && canReply(status),
    note: context.note,
    reply: context.reply,
    pendingMove: context.pendingMove,
    pendingAssignee: context.pendingAssignee,
    fieldError: (action, field) => (error && error.action === action && error.field === field ? error.message : null),
    alert: error && error.action !== 'load' && !fieldFailure ? error.message : null,
    loadError: value === 'failed' && error ? error.message : null,
  };
}
