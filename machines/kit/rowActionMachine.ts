/**
 * One action on one row of a console list: invite a waitlist company, send it a new
 * link, revoke its link, unsubscribe a newsletter reader. One at a time per screen:
 *
 *   idle ──START[needsConfirm]──▶ confirming ──CONFIRM──▶ working
 *        ──START──────────────────────────────────────────▶ working
 *   confirming ──CANCEL──▶ idle
 *   working ──done──▶ idle                      (applied: the list refreshes; the message is told)
 *           ──error[confirmationRefused]──▶ confirming   (the step-up's message under its field)
 *           ──error──▶ idle                     (the message is told)
 *
 * Pure: the request is the `perform` actor; `applied`, `announceDone` and `announceFailure` are
 * supplied with .provide() (refresh the list, toasts).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorText, SubmitError } from './errors';

/** How an action is confirmed: not at all, a plain yes/no, or the password or a fresh code. */
export type ConfirmKind = 'none' | 'plain' | 'stepUp';

export interface RowActionRequest {
  rowId: string;
  /** The screen's name for it, e.g. 'invite', 'revoke', 'unsubscribe'. */
  action: string;
  confirm: ConfirmKind;
  /** Who or what the action is about, for the dialog's words (a company, an address). */
  subject: string;
}

export interface RowActionContext {
  request: RowActionRequest | null;
  confirmation: string | null;
  /** The step-up's refusal, shown under the confirmation field. */
  error: string | null;
}

export type RowActionEvent =
  | { type: 'START'; request: RowActionRequest }
  | { type: 'CONFIRM'; confirmation?: string }
  | { type: 'CANCEL' };

export interface RowActionOutput {
  message: string;
}

const cleared = { request: null, confirmation: null, error: null };

export const rowActionMachine = setup({
  types: {
    context: {} as RowActionContext,
    events: {} as RowActionEvent,
  },
  actors: {
    perform: fromPromise<RowActionOutput, { request: RowActionRequest; confirmation: string | null }>(async () => {
      throw new Error('perform not provided');
    }),
  },
  actions: {
    /** The change is made: e.g. ask the list for its first page again. */
    applied: (_, _params: { request: RowActionRequest; output: RowActionOutput }) => {},
    announceDone: (_, _params: { message: string }) => {},
    announceFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    needsConfirm: ({ event }) => event.type === 'START' && event.request.confirm !== 'none',
    confirmationRefused: ({ context, event }) => {
      const error = (event as unknown as { error?: unknown }).error;
      return context.request?.confirm === 'stepUp' && error instanceof SubmitError && error.fieldError.field === 'confirmation';
    },
  },
}).createMachine({
  id: 'rowAction',
  context: { ...cleared },
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: [
          { guard: 'needsConfirm', target: 'confirming', actions: assign({ request: ({ event }) => event.request, confirmation: null, error: null }) },
          { target: 'working', actions: assign({ request: ({ event }) => event.request, confirmation: null, error: null }) },
        ],
      },
    },
    confirming: {
      on: {
        CONFIRM: {
          target: 'working',
          actions: assign({
            confirmation: ({ event }) => {
              assertEvent(event, 'CONFIRM');
              return event.confirmation ?? null;
            },
            error: null,
          }),
        },
        CANCEL: { target: 'idle', actions: assign(cleared) },
      },
    },
    working: {
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => ({ request: context.request!, confirmation: context.confirmation }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'applied', params: ({ context, event }) => ({ request: context.request!, output: event.output }) },
            { type: 'announceDone', params: ({ event }) => ({ message: event.output.message }) },
            assign(cleared),
          ],
        },
        onError: [
          {
            guard: 'confirmationRefused',
            target: 'confirming',
            actions: assign({ error: ({ event }) => (event.error as SubmitError).message, confirmation: null }),
          },
          {
            target: 'idle',
            actions: [{ type: 'announceFailure', params: ({ event }) => ({ message: errorText(event.error) }) }, assign(cleared)],
          },
        ],
      },
    },
  },
});


export type RowActionViewState = 'idle' | 'confirming' | 'working';
export const rowActionViewStates: readonly RowActionViewState[] = ['idle', 'confirming', 'working'];

export interface RowActionView {
  state: RowActionViewState;
  request: RowActionRequest | null;
  error: string | null;
  /** The dialog is open: asking, or sending what it asked for. */
  dialogOpen: boolean;
  /** The row whose action is in flight (its buttons are busy). */
  busyRowId: string | null;
}

interface RowActionSnapshotLike {
  value: unknown;
  context: RowActionContext;
}

export function rowActionView(snapshot: RowActionSnapshotLike): RowActionView {
  const state = snapshot.value as RowActionViewState;
  const request = snapshot.context.request;
  return {
    state,
    request,
    error: snapshot.context.error,
    dialogOpen: state === 'confirming' || (state === 'working' && request !== null && request.confirm !== 'none'),
    busyRowId: state === 'working' ? (request?.rowId ?? null) : null,
  };
}
