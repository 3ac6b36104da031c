/**
 * A rider in the operations console (DESIGN.md §10): the ID review and the account's
 * suspension, side by side once the rider is loaded.
 *
 *   loading ─┬─▶ ready            (GET /api/ops/riders/:id answered)
 *            └─▶ failed ──RETRY──▶ loading
 *   ready.review (the ID check: uploaded → approved | rejected), entered at the server's status:
 *     none                     (no document: nothing to check)
 *     pending ──APPROVE──▶ approving ──▶ approved | pending (the refusal said)
 *             ──START_REJECT──▶ rejecting ──SUBMIT_REJECT[reason given]──▶ sendingRejection ──▶ rejected | rejecting
 *                              rejecting ──CANCEL_REJECT──▶ pending
 *   ready.account, entered at the server's suspension:
 *     active ──START_SUSPEND──▶ confirmingSuspend ──CONFIRM_SUSPEND[reason and confirmation]──▶ suspending ──▶ suspended | confirmingSuspend
 *                               confirmingSuspend ──CANCEL_SUSPEND──▶ active
 *     suspended ──LIFT──▶ lifting ──▶ active | suspended (the refusal said)
 *   ready.documents, the ID documents shown inline beside the rider's name and picture:
 *     none (no document) | loading ──▶ shown | failed ──RETRY_DOCUMENTS──▶ loading
 *
 * A suspension asks for the staff member's password or a fresh code (the step-up); the server
 * checks it. Every answer of an action carries the rider as they now are. Pure: the requests and
 * the success notice come in through .provide().
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { messages } from '../../src/shared/messages';
import type { IdReviewDecision, OpsRiderActionResponse, OpsRiderDetail } from '../../src/shared/opsRiders';
import { fieldErrorOf } from '../kit/errors';

export interface IdReviewContext {
  riderId: string;
  rider: OpsRiderDetail | null;
  /** The rejection's reason as typed (shown to the rider). */
  reason: string;
  /** The suspension's reason as typed (for the audit log and the desk). */
  suspendReason: string;
  /** The step-up secret, held only while the suspension is sent. */
  confirmation: string;
  reviewError: FieldError | null;
  accountError: FieldError | null;
  loadError: string | null;
  /** Each shown document's address for an <img> or <iframe> (made by the effect that loaded it), by id. */
  documentUrls: Record<string, string>;
}

export type IdReviewEvent =
  | { type: 'RETRY' }
  | { type: 'APPROVE' }
  | { type: 'START_REJECT' }
  | { type: 'REASON_CHANGED'; value: string }
  | { type: 'SUBMIT_REJECT' }
  | { type: 'CANCEL_REJECT' }
  | { type: 'START_SUSPEND' }
  | { type: 'SUSPEND_REASON_CHANGED'; value: string }
  | { type: 'CONFIRM_SUSPEND'; confirmation: string }
  | { type: 'CANCEL_SUSPEND' }
  | { type: 'LIFT' }
  | { type: 'RETRY_DOCUMENTS' };

export interface IdReviewInput {
  riderId: string;
}

/** A refusal as the view shows it: the server's {field, message}, or the generic failure as a toast-like alert. */
export const failureOf = fieldErrorOf;

const blank = (value: string) => value.trim() === '';
const documentIds = (rider: OpsRiderDetail | null) => (rider?.documents ?? []).map((d) => d.id);

export const idReviewMachine = setup({
  types: {
    context: {} as IdReviewContext,
    events: {} as IdReviewEvent,
    input: {} as IdReviewInput,
  },
  actors: {
    /** GET /api/ops/riders/:id. */
    loadRider: fromPromise<OpsRiderDetail, { riderId: string }>(async () => {
      throw new Error('loadRider not provided');
    }),
    /** POST /api/ops/riders/:id/id-review {decision, reason?, files}. */
    decide: fromPromise<OpsRiderActionResponse, { riderId: string; decision: IdReviewDecision; reason: string | null; files: string[] }>(async () => {
      throw new Error('decide not provided');
    }),
    /** POST /api/ops/riders/:id/suspend {reason, confirmation}. */
    suspend: fromPromise<OpsRiderActionResponse, { riderId: string; reason: string; confirmation: string }>(async () => {
      throw new Error('suspend not provided');
    }),
    /**
     * GET /api/ops/riders/:id/files/:fileId for each document, with the staff token in its header:
     * answers an address the page can show each one at (never one carrying the token).
     */
    loadDocuments: fromPromise<Record<string, string>, { riderId: string; documents: OpsRiderDetail['documents'] }>(async () => {
      throw new Error('loadDocuments not provided');
    }),
    /** POST /api/ops/riders/:id/unsuspend. */
    lift: fromPromise<OpsRiderActionResponse, { riderId: string }>(async () => {
      throw new Error('lift not provided');
    }),
  },
  actions: {
    /** A success's message (a toast in the console). */
    notify: (_, _params: { message: string }) => {},
  },
  guards: {
    reviewIs: ({ context }, params: { status: OpsRiderDetail['review']['status'] }) => context.rider?.review.status === params.status,
    hasDocuments: ({ context }) => documentIds(context.rider).length > 0,
    isSuspended: ({ context }) => context.rider?.suspension !== null && context.rider?.suspension !== undefined,
    reasonBlank: ({ context }) => blank(context.reason),
    suspendReasonBlank: ({ context }) => blank(context.suspendReason),
    confirmationBlank: ({ event }) => event.type === 'CONFIRM_SUSPEND' && blank(event.confirmation),
  },
}).createMachine({
  id: 'idReview',
  context: ({ input }) => ({
    riderId: input.riderId,
    rider: null,
    reason: '',
    suspendReason: '',
    confirmation: '',
    reviewError: null,
    accountError: null,
    loadError: null,
    documentUrls: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRider',
        src: 'loadRider',
        input: ({ context }) => ({ riderId: context.riderId }),
        onDone: { target: 'ready', actions: assign({ rider: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => failureOf(event.error).message }) },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        review: {
          initial: 'entering',
          states: {
            // Where the server says the check stands.
            entering: {
              always: [
                { guard: { type: 'reviewIs', params: { status: 'pending' } }, target: 'pending' },
                { guard: { type: 'reviewIs', params: { status: 'approved' } }, target: 'approved' },
                { guard: { type: 'reviewIs', params: { status: 'rejected' } }, target: 'rejected' },
                { target: 'none' },
              ],
            },
            none: {},
            pending: {
              on: {
                APPROVE: { target: 'approving', actions: assign({ reviewError: null }) },
                START_REJECT: { target: 'rejecting', actions: assign({ reviewError: null, reason: '' }) },
              },
            },
            approving: {
              tags: ['busy', 'reviewBusy'],
              invoke: {
                id: 'approve',
                src: 'decide',
                input: ({ context }) => ({ riderId: context.riderId, decision: 'approve' as const, reason: null, files: documentIds(context.rider) }),
                onDone: {
                  target: 'approved',
                  actions: [
                    assign({ rider: ({ event }) => event.output.rider }),
                    { type: 'notify', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: { target: 'pending', actions: assign({ reviewError: ({ event }) => failureOf(event.error) }) },
              },
            },
            rejecting: {
              on: {
                REASON_CHANGED: {
                  actions: assign({
                    reason: ({ event }) => {
                      assertEvent(event, 'REASON_CHANGED');
                      return event.value;
                    },
                  }),
                },
                SUBMIT_REJECT: [
                  { guard: 'reasonBlank', actions: assign({ reviewError: { field: 'reason', message: messages.opsIdReasonRequired } }) },
                  { target: 'sendingRejection', actions: assign({ reviewError: null }) },
                ],
                CANCEL_REJECT: { target: 'pending', actions: assign({ reviewError: null, reason: '' }) },
              },
            },
            sendingRejection: {
              tags: ['busy', 'reviewBusy'],
              invoke: {
                id: 'reject',
                src: 'decide',
                input: ({ context }) => ({ riderId: context.riderId, decision: 'reject' as const, reason: context.reason.trim(), files: documentIds(context.rider) }),
                onDone: {
                  target: 'rejected',
                  actions: [
                    assign({ rider: ({ event }) => event.output.rider, reason: '' }),
                    { type: 'notify', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: { target: 'rejecting', actions: assign({ reviewError: ({ event }) => failureOf(event.error) }) },
              },
            },
            approved: {},
            rejected: {},
          },
        },
        account: {
          initial: 'entering',
          states: {
            entering: {
              always: [{ guard: 'isSuspended', target: 'suspended' }, { target: 'active' }],
            },
            active: {
              on: {
                START_SUSPEND: {
                  target: 'confirmingSuspend',
                  actions: assign({ accountError: null, suspendReason: '' }),
                },
              },
            },
            confirmingSuspend: {
              on: {
                SUSPEND_REASON_CHANGED: {
                  actions: assign({
                    suspendReason: ({ event }) => {
                      assertEvent(event, 'SUSPEND_REASON_CHANGED');
                      return event.value;
                    },
                  }),
                },
                CONFIRM_SUSPEND: [
                  { guard: 'suspendReasonBlank', actions: assign({ accountError: { field: 'reason', message: messages.opsSuspendReasonRequired } }) },
                  { guard: 'confirmationBlank', actions: assign({ accountError: { field: 'confirmation', message: messages.opsConfirmRequired } }) },
                  {
                    target: 'suspending',
                    actions: assign({
                      accountError: null,
                      confirmation: ({ event }) => {
                        assertEvent(event, 'CONFIRM_SUSPEND');
                        return event.confirmation;
                      },
                    }),
                  },
                ],
                CANCEL_SUSPEND: { target: 'active', actions: assign({ accountError: null, suspendReason: '' }) },
              },
            },
            suspending: {
              tags: ['busy', 'accountBusy'],
              invoke: {
                id: 'suspend',
                src: 'suspend',
                input: ({ context }) => ({ riderId: context.riderId, reason: context.suspendReason.trim(), confirmation: context.confirmation }),
                onDone: {
                  target: 'suspended',
                  actions: [
                    assign({ rider: ({ event }) => event.output.rider, confirmation: '', suspendReason: '' }),
                    { type: 'notify', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: { target: 'confirmingSuspend', actions: assign({ accountError: ({ event }) => failureOf(event.error), confirmation: '' }) },
              },
            },
            suspended: {
              on: {
                LIFT: { target: 'lifting', actions: assign({ accountError: null }) },
              },
            },
            lifting: {
              tags: ['busy', 'accountBusy'],
              invoke: {
                id: 'lift',
                src: 'lift',
                input: ({ context }) => ({ riderId: context.riderId }),
                onDone: {
                  target: 'active',
                  actions: [
                    assign({ rider: ({ event }) => event.output.rider }),
                    { type: 'notify', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: { target: 'suspended', actions: assign({ accountError: ({ event }) => failureOf(event.error) }) },
              },
            },
          },
        },
        documents: {
          initial: 'entering',
          states: {
            entering: {
              always: [{ guard: 'hasDocuments', target: 'loading' }, { target: 'none' }],
            },
            none: {},
            // Not 'busy': the check's buttons stay usable while a large scan arrives.
            loading: {
              invoke: {
                id: 'loadDocuments',
                src: 'loadDocuments',
                input: ({ context }) => ({ riderId: context.riderId, documents: context.rider?.documents ?? [] }),
                onDone: { target: 'shown', actions: assign({ documentUrls: ({ event }) => event.output }) },
                onError: { target: 'failed', actions: assign({ documentUrls: {} }) },
              },
            },
            shown: {},
            failed: {
              on: { RETRY_DOCUMENTS: 'loading' },
            },
          },
        },
      },
    },
  },
});

export type IdReviewMachine = typeof idReviewMachine;

export const reviewViewStates = ['none', 'pending', 'approving', 'rejecting', 'sendingRejection', 'approved', 'rejected'] as const;
export const accountViewStates = ['active', 'confirmingSuspend', 'suspending', 'suspended', 'lifting'] as const;
export const documentsViewStates = ['none', 'loading', 'shown', 'failed'] as const;
export type DocumentsViewState = (typeof documentsViewStates)[number];
export type ReviewViewState = (typeof reviewViewStates)[number];
export type AccountViewState = (typeof accountViewStates)[number];

export interface IdReviewView {
  state: 'loading' | 'failed' | 'ready';
  rider: OpsRiderDetail | null;
  review: ReviewViewState | null;
  account: AccountViewState | null;
  documents: DocumentsViewState | null;
  /** Each shown document's address, by id (empty unless documents is 'shown'). */
  documentUrls: Record<string, string>;
  reason: string;
  suspendReason: string;
  reviewError: FieldError | null;
  accountError: FieldError | null;
  loadError: string | null;
  /** Anything on its way to the server. */
  busy: boolean;
  reviewBusy: boolean;
  accountBusy: boolean;
}

interface SnapshotLike {
  value: unknown;
  context: IdReviewContext;
  hasTag(tag: string): boolean;
}

/** The one mapper from a snapshot to what the rider's console page shows. */
export function idReviewSnapshotToView(snapshot: SnapshotLike): IdReviewView {
  const value = snapshot.value;
  const ready = typeof value === 'object' && value !== null ? (value as { ready: { review: string; account: string; documents: string } }).ready : null;
  const pick = <T extends string>(states: readonly T[], v: string | undefined): T | null => (states as readonly string[]).includes(v ?? '') ? (v as T) : null;
  const c = snapshot.context;
  return {
    state: ready ? 'ready' : (value as 'loading' | 'failed'),
    rider: c.rider,
    review: ready ? pick(reviewViewStates, ready.review) : null,
    account: ready ? pick(accountViewStates, ready.account) : null,
    documents: ready ? pick(documentsViewStates, ready.documents) : null,
    documentUrls: c.documentUrls,
    reason: c.reason,
    suspendReason: c.suspendReason,
    reviewError: c.reviewError,
    accountError: c.accountError,
    loadError: c.loadError,
    busy: snapshot.hasTag('busy'),
    reviewBusy: snapshot.hasTag('reviewBusy'),
    accountBusy: snapshot.hasTag('accountBusy'),
  };
}
