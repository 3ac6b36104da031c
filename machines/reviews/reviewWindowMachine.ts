/**
 * The review window of one ended engagement, as one side works it (Airbnb's
 * double-blind reviews, src/shared/reviews.ts):
 *
 *   loading ─┬─▶ sorting ──▶ open | written | published | closed   (GET …/reviews answered)
 *            └─▶ failed ──RETRY──▶ loading
 *   open.editing ──EDIT──▶ (the form)      ──SUBMIT [a rule fails]──▶ (its message, no request)
 *                ──SUBMIT──▶ submitting ──done──▶ sorting (written, or published when the other
 *                                                  side had written)
 *                                       ──error [409: deadline passed, published]──▶ loading
 *                                       ──error──▶ editing (the message under its field, else an alert)
 *   written.viewing ──EDIT_AGAIN──▶ editing ──CANCEL_EDIT──▶ viewing
 *                                           ──SUBMIT──▶ saving ──done──▶ sorting  (as submitting)
 *   published | closed, each:
 *     sorting ──▶ replyable (the rider, the company's review visible and unanswered)
 *             ──▶ replied   (the rider's reply is there)
 *             ──▶ reading   (nothing to do)
 *     replyable ──EDIT_REPLY──▶ (the draft) ──SEND_REPLY [empty]──▶ (its message)
 *               ──SEND_REPLY──▶ replying ──done──▶ sorting ──▶ replied
 *                                        ──error [409: already replied]──▶ loading
 *                                        ──error──▶ replyable (the message)
 *
 * Deadlines are the server's: a 409 means the window moved on (closed or published by the other
 * side), so the machine reloads it and shows the server's message. Pure: requests are the named
 * actors, the success notice an action, supplied with .provide().
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import {
  companyReviewForm,
  reviewDaysLeft,
  reviewReplyForm,
  riderReviewForm,
  REVIEW_WINDOW_STATES,
  type ReviewShown,
  type ReviewSide,
  type ReviewWindowData,
  type ReviewWindowResponse,
  type ReviewWindowState,
} from '../../src/shared/reviews';
import { validateForm } from '../../src/shared/validation';
import { fieldErrorOf, ReviewWindowStale } from '../kit/errors';

export { ReviewWindowStale };

export type ReviewField = 'rating' | 'comment' | 'would_hire_again';
export type ReviewValues = Record<ReviewField, string>;

export interface ReviewWindowContext {
  engagementId: string;
  side: ReviewSide;
  window: ReviewWindowData | null;
  values: ReviewValues;
  reply: string;
  /** The last failure: under a field of the review form, 'reply', or 'alert'. */
  error: FieldError | null;
  /** The server's word after a reload it caused (a 409). */
  notice: string | null;
}

export type ReviewWindowEvent =
  | { type: 'RETRY' }
  | { type: 'EDIT'; field: ReviewField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'EDIT_AGAIN' }
  | { type: 'CANCEL_EDIT' }
  | { type: 'EDIT_REPLY'; value: string }
  | { type: 'SEND_REPLY' };

export interface ReviewWindowInput {
  engagementId: string;
  side: ReviewSide;
}

/** What the save request sends: the side's form only (a rider's has no would_hire_again). */
export interface ReviewSaveRequest {
  engagementId: string;
  side: ReviewSide;
  values: { rating: string; comment: string; would_hire_again?: string };
}
export interface ReviewReplyRequest {
  reviewId: string;
  reply: string;
}

const reviewFormOf = (side: ReviewSide) => (side === 'company' ? companyReviewForm : riderReviewForm);

const emptyValues: ReviewValues = { rating: '', comment: '', would_hire_again: '' };

/** The form's values from my review (what an edit starts from). */
function valuesOf(mine: ReviewShown | null): ReviewValues {
  if (!mine || mine.hidden) return { ...emptyValues };
  return {
    rating: mine.rating === null ? '' : String(mine.rating),
    comment: mine.comment ?? '',
    would_hire_again: mine.wouldHireAgain === null ? '' : mine.wouldHireAgain ? 'yes' : 'no',
  };
}


type Ctx = { context: ReviewWindowContext };

/** The server's message of a write ("Review saved", "Both reviews are published", "Reply posted"). */
const announceResponse = {
  type: 'announce' as const,
  params: ({ event }: { event: { output: ReviewWindowResponse } }) => ({ message: event.output.message }),
};

const saveRequest = ({ context }: Ctx): ReviewSaveRequest => ({
  engagementId: context.engagementId,
  side: context.side,
  values:
    context.side === 'company'
      ? { rating: context.values.rating, comment: context.values.comment.trim(), would_hire_again: context.values.would_hire_again }
      : { rating: context.values.rating, comment: context.values.comment.trim() },
});

/** The request of a save (first or edit): done → sorting; 409 → reload; else back to the form. */
const savingState = (back: 'editing') => ({
  tags: ['busy'],
  invoke: {
    id: 'saveReview',
    src: 'saveReview',
    input: saveRequest,
    onDone: { target: '#reviewWindow.sorting', actions: ['applyResponse', announceResponse] },
    onError: [
      { guard: 'stale', target: '#reviewWindow.loading', actions: 'noteStale' },
      { target: back, actions: 'showFailure' },
    ],
  },
}) as const;

const editingOn = {
  SUBMIT: [{ guard: 'formInvalid', actions: 'showRule' }, { target: 'saving' }],
} as const;

/** Reading the published reviews, with the rider's one reply. The same after the window closed. */
const readingStates = () =>
  ({
    initial: 'sorting',
    states: {
      sorting: {
        always: [{ guard: 'canReply', target: 'replyable' }, { guard: 'hasReply', target: 'replied' }, { target: 'reading' }],
      },
      reading: {},
      replied: {},
      replyable: {
        on: {
          EDIT_REPLY: { actions: 'editReply' },
          SEND_REPLY: [{ guard: 'replyInvalid', actions: 'showReplyRule' }, { target: 'replying' }],
        },
      },
      replying: {
        tags: ['busy'],
        invoke: {
          id: 'postReply',
          src: 'postReply',
          input: ({ context }: Ctx): ReviewReplyRequest => ({ reviewId: context.window!.theirs!.id, reply: context.reply.trim() }),
          onDone: { target: '#reviewWindow.sorting', actions: ['applyResponse', 'clearReply', announceResponse] },
          onError: [
            { guard: 'stale', target: '#reviewWindow.loading', actions: 'noteStale' },
            { target: 'replyable', actions: 'showFailure' },
          ],
        },
      },
    },
  }) as const;

export const reviewWindowMachine = setup({
  types: {
    context: {} as ReviewWindowContext,
    events: {} as ReviewWindowEvent,
    input: {} as ReviewWindowInput,
  },
  actors: {
    /** GET /api/engagements/:id/reviews. */
    loadWindow: fromPromise<ReviewWindowData, { engagementId: string }>(async () => {
      throw new Error('loadWindow not provided');
    }),
    /** PUT /api/engagements/:id/reviews/mine. */
    saveReview: fromPromise<ReviewWindowResponse, ReviewSaveRequest>(async () => {
      throw new Error('saveReview not provided');
    }),
    /** POST /api/reviews/:id/reply. */
    postReply: fromPromise<ReviewWindowResponse, ReviewReplyRequest>(async () => {
      throw new Error('postReply not provided');
    }),
  },
  actions: {
    /** A success notice (a toast in the app). */
    announce: (_, _params: { message: string }) => {},
    applyWindow: assign(({ event }) => {
      const window = (event as unknown as { output: ReviewWindowData }).output;
      return { window, values: valuesOf(window.mine), error: null };
    }),
    applyResponse: assign(({ event }) => {
      const { window } = (event as unknown as { output: ReviewWindowResponse }).output;
      return { window, values: valuesOf(window.mine), error: null, notice: null };
    }),
    showFailure: assign(({ event }) => ({ error: fieldErrorOf((event as unknown as { error: unknown }).error) })),
    noteStale: assign(({ event }) => ({ notice: fieldErrorOf((event as unknown as { error: unknown }).error).message, error: null })),
    showRule: assign(({ context }) => ({ error: validateForm(reviewFormOf(context.side), context.values), notice: null })),
    showReplyRule: assign(({ context }) => ({ error: { ...validateForm(reviewReplyForm, { reply: context.reply })!, field: 'reply' }, notice: null })),
    editValue: assign(({ context, event }) => {
      assertEvent(event, 'EDIT');
      return {
        values: { ...context.values, [event.field]: event.value },
        error: context.error?.field === event.field || context.error?.field === 'alert' ? null : context.error,
        notice: null,
      };
    }),
    editReply: assign(({ context, event }) => {
      assertEvent(event, 'EDIT_REPLY');
      return { reply: event.value, error: context.error?.field === 'reply' || context.error?.field === 'alert' ? null : context.error, notice: null };
    }),
    restoreValues: assign(({ context }) => ({ values: valuesOf(context.window?.mine ?? null), error: null })),
    clearReply: assign({ reply: '' }),
    clearError: assign({ error: null, notice: null }),
  },
  guards: {
    is: ({ context }, params: { state: ReviewWindowState }) => context.window?.state === params.state,
    formInvalid: ({ context }) => validateForm(reviewFormOf(context.side), context.values) !== null,
    replyInvalid: ({ context }) => validateForm(reviewReplyForm, { reply: context.reply }) !== null,
    canReply: ({ context }) => context.window?.canReply === true,
    hasReply: ({ context }) => context.side === 'rider' && (context.window?.theirs?.reply ?? null) !== null,
    stale: ({ event }) => (event as unknown as { error: unknown }).error instanceof ReviewWindowStale,
  },
}).createMachine({
  id: 'reviewWindow',
  context: ({ input }) => ({
    engagementId: input.engagementId,
    side: input.side,
    window: null,
    values: { ...emptyValues },
    reply: '',
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadWindow',
        src: 'loadWindow',
        input: ({ context }) => ({ engagementId: context.engagementId }),
        onDone: { target: 'sorting', actions: 'applyWindow' },
        onError: { target: 'failed', actions: 'showFailure' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    sorting: {
      always: REVIEW_WINDOW_STATES.map((state) => ({ guard: { type: 'is' as const, params: { state } }, target: state })),
    },
    open: {
      initial: 'editing',
      states: {
        editing: { on: { EDIT: { actions: 'editValue' }, ...editingOn } },
        saving: savingState('editing'),
      },
    },
    written: {
      initial: 'viewing',
      states: {
        viewing: { on: { EDIT_AGAIN: { target: 'editing', actions: 'restoreValues' } } },
        editing: {
          on: {
            EDIT: { actions: 'editValue' },
            CANCEL_EDIT: { target: 'viewing', actions: 'restoreValues' },
            ...editingOn,
          },
        },
        saving: savingState('editing'),
      },
    },
    published: readingStates(),
    closed: readingStates(),
  },
});

export type ReviewWindowMachine = typeof reviewWindowMachine;
export type ReviewWindowSnapshot = SnapshotFrom<typeof reviewWindowMachine>;

/**
 * Every state the review window can show; stories and view tests must cover each one.
 * 'invalid' is a rule or a server message under a field, 'actionFailed' a failure under none.
 */
export const reviewWindowViewStates = [
  'loading',
  'failed',
  'open',
  'submitting',
  'written',
  'editing',
  'saving',
  'invalid',
  'actionFailed',
  'published',
  'replyable',
  'replying',
  'replied',
  'closed',
] as const;
export type ReviewWindowViewState = (typeof reviewWindowViewStates)[number];

export interface ReviewWindowView {
  state: ReviewWindowViewState;
  side: ReviewSide;
  window: ReviewWindowData | null;
  /** The form is on screen (open, or editing a written review). */
  formShown: boolean;
  /** Editing a written review (Save changes and Cancel instead of Submit review). */
  editingWritten: boolean;
  /** The reply form is on screen. */
  replyShown: boolean;
  values: ReviewValues;
  reply: string;
  busy: boolean;
  /** Whole days left to write or edit (0 once the deadline passed). */
  daysLeft: number;
  fieldError: (field: ReviewField | 'reply') => string | null;
  alert: string | null;
  /** The server's word after a reload (the window moved on). */
  notice: string | null;
  loadError: string | null;
}

type ValueOf = 'loading' | 'failed' | 'sorting' | Partial<Record<ReviewWindowState, string>>;

export function reviewWindowSnapshotToView(
  snapshot: Pick<ReviewWindowSnapshot, 'value' | 'context' | 'hasTag'>,
  now: Date = new Date(),
): ReviewWindowView {
  const { context } = snapshot;
  const value = snapshot.value as ValueOf;
  const top = typeof value === 'string' ? value : (Object.keys(value)[0] as ReviewWindowState);
  const sub = typeof value === 'object' ? value[top as ReviewWindowState]! : null;
  const error = context.error;
  const fieldFailure = error !== null && error.field !== 'alert';
  const editingForm = (top === 'open' && sub === 'editing') || (top === 'written' && sub === 'editing') || sub === 'replyable';
  let state: ReviewWindowViewState;
  if (top === 'loading' || top === 'sorting') state = 'loading';
  else if (top === 'failed') state = 'failed';
  else if (editingForm && fieldFailure) state = 'invalid';
  else if (editingForm && error) state = 'actionFailed';
  else if (top === 'open') state = sub === 'saving' ? 'submitting' : 'open';
  else if (top === 'written') state = sub === 'viewing' ? 'written' : sub === 'saving' ? 'saving' : 'editing';
  else if (sub === 'replyable' || sub === 'replying' || sub === 'replied') state = sub;
  else state = top === 'closed' ? 'closed' : 'published';
  const formShown = top === 'open' || (top === 'written' && sub !== 'viewing');
  return {
    state,
    side: context.side,
    window: context.window,
    formShown,
    editingWritten: top === 'written' && sub !== 'viewing',
    replyShown: sub === 'replyable' || sub === 'replying',
    values: context.values,
    reply: context.reply,
    busy: snapshot.hasTag('busy'),
    daysLeft: context.window ? reviewDaysLeft(context.window.deadline, now) : 0,
    fieldError: (field) => (error && error.field === field ? error.message : null),
    alert: error && top !== 'failed' && !fieldFailure ? error.message : null,
    notice: context.notice,
    loadError: top === 'failed' && error ? error.message : null,
  };
}
