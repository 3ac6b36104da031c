/**
 * The rider's job screen (/rider-dashboard/jobs): the "Available for deliveries" switch while
 * there is no work, an offer with its countdown, then one step at a time until the job is done.
 *
 *   loading ─┬─▶ job (an open job, or one with steps still on the phone)
 *            ├─▶ offer ─ACCEPT─▶ accepting ─▶ loading;  ─DECLINE─▶ declining ─▶ loading;  runs out ─▶ loading
 *            ├─▶ idle (the child `availability`, machines/deliveries/availabilityMachine.ts: the switch and
 *            │        the areas; AREAS and SWITCH go to it);  REFRESH ─▶ loading
 *            └─▶ loadFailed ─RETRY─▶ loading
 *   job: step ─MOVE─▶ queueing (kept on the phone first) ─▶ sending ─┬─▶ step, or finished when the job is done
 *                                                                  └─ no network ─▶ waiting ─ONLINE / a while─▶ sending
 *        step or waiting ─PHOTO─▶ keepingPhoto (made small, kept on the phone) ─▶ sending
 *        step ─FAIL─▶ failing ─MOVE fail─▶ queueing
 *        step ─REFRESH[a failed delivery waits for staff]─▶ loading (their answer: retry or return)
 *
 * The steps a rider may tap come from the delivery's one move table (src/shared/deliveries/moves.ts),
 * applied to the server's status and then to each step still queued on the phone, so a step tapped
 * offline moves the screen on at once while it waits for the network. A tap is first written to the
 * phone's outbox (the `enqueue` actor makes its Idempotency-Key and notes the phone's time), then
 * sent; a resend after a lost answer is applied once by the server. The proof photo is an entry of
 * the same queue (its own key), so offline at the door the photo, then "delivered" wait on the phone
 * and go out in that order: "delivered" counts the photo as taken once it is on the phone.
 *
 * Pure: requests, the outbox and the clock's retry are named actors and delays supplied with .provide().
 */
import { assign, forwardTo, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import type { AvailabilityResponse, RiderOffer } from '../../src/shared/deliveries/dispatch';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { CASH_MOVE, DELIVERY_CODE_PATTERN, isCashCollected, RIDER_JOB_ACTIONS, type JobPlace, type RiderJobAction } from '../../src/shared/deliveries/jobs';
import { jobMessages } from '../../src/shared/deliveries/jobMessages';
import {
  DELIVERY_FINAL,
  DELIVERY_MOVES,
  deliveryActionsFor,
  type DeliveryFailureReason,
  type DeliveryStatus,
} from '../../src/shared/deliveries/moves';
import { riderJobMessages as m } from '../../src/shared/deliveries/riderJobMessages';
import { NetworkFailure } from '../../src/shared/requestErrors';
import { fieldErrorOf } from '../kit/errors';
import { availabilityMachine, availabilitySnapshotToView, type AvailabilityEvent, type AvailabilitySnapshot, type AvailabilityView } from './availabilityMachine';

export type { JobPlace };

/** GET /api/users/jobs/{id}: the job as its rider sees it now. */
export interface RiderJob {
  id: string;
  reference: string;
  status: DeliveryStatus;
  actions: string[];
  payment: string;
  price_kobo: number;
  rider_pay_kobo: number | null;
  cash_to_collect_kobo: number | null;
  cash_collect_at: 'pickup' | 'dropoff' | null;
  pickup: JobPlace;
  dropoff: JobPlace;
  pickup_at: string | null;
  deliver_by: string | null;
  code_tries_left: number;
  proof_uploaded: boolean;
  failure_reason?: string | null;
}

/** What a tap sends: POST /api/users/jobs/{id}/moves. */
export interface MoveBody {
  action: RiderJobAction;
  client_at: string;
  reason?: DeliveryFailureReason;
  note?: string;
  code?: string;
  cash_collected_kobo?: number;
}

interface Queued {
  key: string;
  jobId: string;
  /** The job as the server last answered it, so a reload without network still shows the job. */
  job?: RiderJob;
}

/** A tap as the phone keeps it until the server has it: its own key, made when tapped. */
export interface QueuedMove extends Queued {
  body: MoveBody;
}

/** The proof photo as the phone keeps it until the server has it: already made small, its own key. */
export interface QueuedProof extends Queued {
  proof: { photo: Blob; name: string };
}

/** One entry of the phone's queue, sent in the order kept. */
export type QueuedStep = QueuedMove | QueuedProof;

export const isQueuedProof = (entry: QueuedStep): entry is QueuedProof => 'proof' in entry;

/** A tap before it is queued: the step and what goes with it; the key and the time are added when it is kept. */
export type MoveDraft = Omit<MoveBody, 'client_at'>;

export interface JobScreenLoaded {
  /** Null when the screen opened without network on a job kept on the phone. */
  availability: AvailabilityResponse | null;
  offer: RiderOffer | null;
  job: RiderJob | null;
  /** The job's steps still on the phone (the outbox, read at start). */
  pending: QueuedStep[];
}

export interface FlushResult {
  /** The job as the server has it after the queue was sent. */
  job: RiderJob;
  /** What is still queued (nothing, unless a step was refused and later ones wait behind it). */
  pending: QueuedStep[];
  /** A step the server refused (a wrong code, a move the job cannot make now): dropped from the queue. */
  refused: FieldError | null;
}

export interface JobContext {
  /** As loaded: what the switch (the child `availability`) starts from. */
  availability: AvailabilityResponse | null;
  offer: RiderOffer | null;
  job: RiderJob | null;
  pending: QueuedStep[];
  /** Seconds left on the offer, counted down while it is shown. */
  secondsLeft: number;
  draft: MoveDraft | null;
  code: string;
  cash: string;
  reason: DeliveryFailureReason | null;
  note: string;
  error: FieldError | null;
  notice: string | null;
}

export type JobEvent =
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  | Exclude<AvailabilityEvent, { type: 'RETRY' }>
  | { type: 'ACCEPT' }
  | { type: 'DECLINE' }
  | { type: 'MOVE'; action: RiderJobAction }
  | { type: 'FAIL' }
  | { type: 'BACK' }
  | { type: 'REASON'; reason: DeliveryFailureReason }
  | { type: 'NOTE'; value: string }
  | { type: 'CODE'; value: string }
  | { type: 'CASH'; value: string }
  | { type: 'PHOTO'; file: File }
  | { type: 'ONLINE' };

/** The status the screen is at: the server's, moved on by each step still queued on the phone. */
export function statusAfterQueue(job: RiderJob, pending: readonly QueuedStep[]): DeliveryStatus {
  let status = job.status;
  for (const move of pending) {
    if (isQueuedProof(move)) continue;
    const to = DELIVERY_MOVES[move.body.action].to;
    if (to && DELIVERY_MOVES[move.body.action].from.includes(status)) status = to;
  }
  return status;
}

/** The photo is taken as far as the phone knows: on the server, or kept on the phone to be sent before "delivered". */
export const proofOnPhone = (job: RiderJob | null, pending: readonly QueuedStep[]): boolean => !!job?.proof_uploaded || pending.some(isQueuedProof);

/** The steps the rider may tap at a status: the move table's, for a rider, on the job screen. */
export function riderStepsAt(status: DeliveryStatus): RiderJobAction[] {
  return deliveryActionsFor(status, 'rider').filter((a): a is RiderJobAction => (RIDER_JOB_ACTIONS as readonly string[]).includes(a));
}

/** Naira as typed ("4,500", "₦4500.50") → kobo, or null. */
export function cashKobo(text: string): number | null {
  const cleaned = text.trim().replace(/^₦/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Why a tap cannot be queued yet (said under its field), or the draft to queue. */
export function draftOf(context: JobContext, action: RiderJobAction): { draft: MoveDraft } | { error: FieldError } {
  const job = context.job;
  if (action === 'fail') {
    if (!context.reason) return { error: { field: 'reason', message: jobMessages.reasonInvalid } };
    const note = context.note.trim();
    if (context.reason === 'other' && !note) return { error: { field: 'note', message: dispatchMessages.failureNoteRequired } };
    return { draft: { action, reason: context.reason, ...(note ? { note } : {}) } };
  }
  // The cash collected goes with the move made where it is taken: "Picked up" or "Delivered".
  const withCash = (draft: MoveDraft): { draft: MoveDraft } | { error: FieldError } => {
    if (!job || cashStepOf(job) !== action) return { draft };
    const cash = cashKobo(context.cash);
    if (cash === null || !isCashCollected(cash)) return { error: { field: 'cash_collected_kobo', message: m.cashInvalid } };
    return { draft: { ...draft, cash_collected_kobo: cash } };
  };
  if (action === 'deliver') {
    const code = context.code.trim();
    if (!DELIVERY_CODE_PATTERN.test(code)) return { error: { field: 'code', message: jobMessages.codeInvalid } };
    if (!job || !proofOnPhone(job, context.pending)) return { error: { field: 'photo', message: jobMessages.proofRequired } };
    return withCash({ action, code });
  }
  return withCash({ action });
}

/** The step that reports the cash collected on this job ("Picked up" or "Delivered"), or null on a transfer. */
export const cashStepOf = (job: Pick<RiderJob, 'cash_collect_at' | 'cash_to_collect_kobo'>): RiderJobAction | null =>
  job.cash_to_collect_kobo !== null && job.cash_collect_at ? CASH_MOVE[job.cash_collect_at] : null;

const secondsUntil = (iso: string | undefined): number => (iso ? Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000)) : 0);

const finished = (job: RiderJob | null, pending: readonly QueuedStep[]) => !!job && pending.length === 0 && DELIVERY_FINAL.includes(job.status);

export const jobMachine = setup({
  types: {
    context: {} as JobContext,
    events: {} as JobEvent,
  },
  actors: {
    load: fromPromise<JobScreenLoaded, void>(async () => {
      throw new Error('load not provided');
    }),
    /** The switch and the areas, while there is no work: its requests are provided on it. */
    availability: availabilityMachine,
    accept: fromPromise<{ message: string }, { offerId: string }>(async () => {
      throw new Error('accept not provided');
    }),
    decline: fromPromise<{ message: string }, { offerId: string }>(async () => {
      throw new Error('decline not provided');
    }),
    /** Keeps the tap on the phone (key and phone's time made now); answers the job's queue. */
    enqueue: fromPromise<QueuedStep[], { jobId: string; job: RiderJob; draft: MoveDraft }>(async () => {
      throw new Error('enqueue not provided');
    }),
    /** Makes the photo small and keeps it on the phone, ahead of any later tap; answers the job's queue. */
    keepProof: fromPromise<QueuedStep[], { jobId: string; job: RiderJob; photo: File }>(async () => {
      throw new Error('keepProof not provided');
    }),
    /** Sends the job's queue in order; rejects with NetworkFailure when there is no connection. */
    flush: fromPromise<FlushResult, { jobId: string }>(async () => {
      throw new Error('flush not provided');
    }),
  },
  delays: {
    /** How often the offer's countdown is redrawn. */
    tick: 1000,
    /** How long the queue waits before trying the network again without an "online" event. */
    retry: 15_000,
  },
  guards: {
    hasJob: (_, params: { loaded: JobScreenLoaded }) => params.loaded.job !== null,
    hasOffer: (_, params: { loaded: JobScreenLoaded }) => params.loaded.offer !== null,
    isFinished: (_, params: { job: RiderJob; pending: QueuedStep[] }) => finished(params.job, params.pending),
    offerRunOut: ({ context }) => secondsUntil(context.offer?.expires_at) <= 1,
    moveRefused: ({ context }, params: { action: RiderJobAction }) => 'error' in draftOf(context, params.action),
    canTap: ({ context }, params: { action: RiderJobAction }) =>
      !!context.job && riderStepsAt(statusAfterQueue(context.job, context.pending)).includes(params.action),
    // The photo is taken at the drop-off: where "delivered" is the next step.
    canPhoto: ({ context }) => !!context.job && riderStepsAt(statusAfterQueue(context.job, context.pending)).includes('deliver'),
    canFail: ({ context }) => !!context.job && riderStepsAt(statusAfterQueue(context.job, context.pending)).includes('fail'),
    hasPending: ({ context }) => context.pending.length > 0,
    // A failed delivery waits for staff (retry or return): nothing for the rider to tap but a look for their answer.
    waitsForStaff: ({ context }) => !!context.job && context.pending.length === 0 && context.job.status === 'failed',
    isOffline: (_, params: { error: unknown }) => params.error instanceof NetworkFailure,
  },
  actions: {
    refuse: assign({
      error: ({ context }, params: { action: RiderJobAction }) => {
        const result = draftOf(context, params.action);
        return 'error' in result ? result.error : null;
      },
    }),
    assignLoaded: assign((_, params: { loaded: JobScreenLoaded }) => ({
      availability: params.loaded.availability,
      offer: params.loaded.offer,
      job: params.loaded.job,
      pending: params.loaded.pending,
      // The cash to collect, as the field starts (at the pickup or the drop-off): the rider corrects it when it differs.
      cash: params.loaded.job?.cash_to_collect_kobo != null ? String(params.loaded.job.cash_to_collect_kobo / 100) : '',
    })),
    assignFlushed: assign((_, params: { result: FlushResult }) => ({
      job: params.result.job,
      pending: params.result.pending,
      error: params.result.refused,
    })),
    takeDraft: assign({
      draft: ({ context }, params: { action: RiderJobAction }) => {
        const result = draftOf(context, params.action);
        return 'draft' in result ? result.draft : null;
      },
      error: null,
      notice: null,
    }),
  },
}).createMachine({
  id: 'job',
  context: {
    availability: null,
    offer: null,
    job: null,
    pending: [],
    secondsLeft: 0,
    draft: null,
    code: '',
    cash: '',
    reason: null,
    note: '',
    error: null,
    notice: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          { guard: { type: 'hasJob', params: ({ event }) => ({ loaded: event.output }) }, target: 'job', actions: { type: 'assignLoaded', params: ({ event }) => ({ loaded: event.output }) } },
          { guard: { type: 'hasOffer', params: ({ event }) => ({ loaded: event.output }) }, target: 'offer', actions: { type: 'assignLoaded', params: ({ event }) => ({ loaded: event.output }) } },
          { target: 'idle', actions: { type: 'assignLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    idle: {
      // The dashboard's switch, started from what was just loaded (no second request).
      invoke: { id: 'availability', src: 'availability', input: ({ context }) => ({ availability: context.availability }) },
      on: {
        REFRESH: { target: 'loading', actions: assign({ error: null, notice: null }) },
        AREAS: { actions: forwardTo('availability') },
        SWITCH: { actions: [assign({ error: null, notice: null }), forwardTo('availability')] },
      },
    },
    offer: {
      entry: assign({ secondsLeft: ({ context }) => secondsUntil(context.offer?.expires_at) }),
      after: {
        tick: [
          { guard: 'offerRunOut', target: 'loading', actions: assign({ notice: dispatchMessages.offerGone }) },
          { target: 'offer', reenter: true },
        ],
      },
      on: {
        ACCEPT: { target: 'accepting', actions: assign({ error: null, notice: null }) },
        DECLINE: { target: 'declining', actions: assign({ error: null, notice: null }) },
      },
    },
    accepting: {
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ offerId: context.offer!.id }),
        onDone: { target: 'loading', actions: assign({ notice: ({ event }) => event.output.message }) },
        // Taken by another rider or run out: the next load shows what is left.
        onError: { target: 'loading', actions: assign({ error: ({ event }) => fieldErrorOf(event.error) }) },
      },
    },
    declining: {
      invoke: {
        id: 'decline',
        src: 'decline',
        input: ({ context }) => ({ offerId: context.offer!.id }),
        onDone: { target: 'loading', actions: assign({ notice: ({ event }) => event.output.message }) },
        onError: { target: 'loading', actions: assign({ error: ({ event }) => fieldErrorOf(event.error) }) },
      },
    },
    job: {
      initial: 'resuming',
      // The code and the cash can be typed whatever the queue is doing.
      on: {
        CODE: { actions: assign({ code: ({ event }) => event.value.replace(/\D/g, '').slice(0, 4), error: null }) },
        CASH: { actions: assign({ cash: ({ event }) => event.value, error: null }) },
      },
      states: {
        // Steps left on the phone by a reload or a dead battery go out first.
        resuming: { always: [{ guard: 'hasPending', target: 'sending' }, { target: 'step' }] },
        step: {
          on: {
            MOVE: [
              { guard: { type: 'moveRefused', params: ({ event }) => ({ action: event.action }) }, actions: { type: 'refuse', params: ({ event }) => ({ action: event.action }) } },
              { guard: { type: 'canTap', params: ({ event }) => ({ action: event.action }) }, target: 'queueing', actions: { type: 'takeDraft', params: ({ event }) => ({ action: event.action }) } },
            ],
            FAIL: { guard: 'canFail', target: 'failing', actions: assign({ error: null, notice: null }) },
            PHOTO: { guard: 'canPhoto', target: 'keepingPhoto', actions: assign({ error: null, notice: null }) },
            REFRESH: { guard: 'waitsForStaff', target: '#job.loading', actions: assign({ error: null, notice: null }) },
          },
        },
        failing: {
          on: {
            REASON: { actions: assign({ reason: ({ event }) => event.reason, error: null }) },
            NOTE: { actions: assign({ note: ({ event }) => event.value, error: null }) },
            MOVE: [
              { guard: { type: 'moveRefused', params: ({ event }) => ({ action: event.action }) }, actions: { type: 'refuse', params: ({ event }) => ({ action: event.action }) } },
              { guard: { type: 'canTap', params: ({ event }) => ({ action: event.action }) }, target: 'queueing', actions: { type: 'takeDraft', params: ({ event }) => ({ action: event.action }) } },
            ],
            BACK: { target: 'step', actions: assign({ error: null }) },
          },
        },
        keepingPhoto: {
          invoke: {
            id: 'keepProof',
            src: 'keepProof',
            input: ({ context, event }) => ({ jobId: context.job!.id, job: context.job!, photo: (event as Extract<JobEvent, { type: 'PHOTO' }>).file }),
            onDone: { target: 'sending', actions: assign({ pending: ({ event }) => event.output }) },
            // Not kept (the phone's storage is full): said under the photo; steps already queued still wait.
            onError: [
              { guard: 'hasPending', target: 'waiting', actions: assign({ error: ({ event }) => ({ ...fieldErrorOf(event.error), field: 'photo' }) }) },
              { target: 'step', actions: assign({ error: ({ event }) => ({ ...fieldErrorOf(event.error), field: 'photo' }) }) },
            ],
          },
        },
        queueing: {
          invoke: {
            id: 'enqueue',
            src: 'enqueue',
            input: ({ context }) => ({ jobId: context.job!.id, job: context.job!, draft: context.draft! }),
            onDone: { target: 'sending', actions: assign({ pending: ({ event }) => event.output, draft: null }) },
            onError: { target: 'step', actions: assign({ error: ({ event }) => fieldErrorOf(event.error), draft: null }) },
          },
        },
        sending: {
          invoke: {
            id: 'flush',
            src: 'flush',
            input: ({ context }) => ({ jobId: context.job!.id }),
            onDone: [
              {
                guard: { type: 'isFinished', params: ({ event }) => ({ job: event.output.job, pending: event.output.pending }) },
                target: '#job.finished',
                actions: { type: 'assignFlushed', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'step', actions: { type: 'assignFlushed', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: [
              { guard: { type: 'isOffline', params: ({ event }) => ({ error: event.error }) }, target: 'waiting' },
              { target: 'waiting', actions: assign({ error: ({ event }) => fieldErrorOf(event.error) }) },
            ],
          },
        },
        waiting: {
          after: { retry: 'sending' },
          on: {
            ONLINE: 'sending',
            PHOTO: { guard: 'canPhoto', target: 'keepingPhoto', actions: assign({ error: null, notice: null }) },
            // The next step may be tapped while the last waits: it joins the queue behind it.
            MOVE: [
              { guard: { type: 'moveRefused', params: ({ event }) => ({ action: event.action }) }, actions: { type: 'refuse', params: ({ event }) => ({ action: event.action }) } },
              { guard: { type: 'canTap', params: ({ event }) => ({ action: event.action }) }, target: 'queueing', actions: { type: 'takeDraft', params: ({ event }) => ({ action: event.action }) } },
            ],
          },
        },
      },
    },
    finished: {
      on: { REFRESH: { target: 'loading', actions: assign({ job: null, pending: [], code: '', cash: '', reason: null, note: '', error: null, notice: null }) } },
    },
  },
});

export type JobSnapshot = SnapshotFrom<typeof jobMachine>;

export const jobViewStates = [
  'loading',
  'loadFailed',
  'idle',
  'offer',
  'accepting',
  'declining',
  'step',
  'failing',
  'keepingPhoto',
  'queueing',
  'sending',
  'waiting',
  'finished',
] as const;
export type JobViewState = (typeof jobViewStates)[number];

export function jobViewState(snapshot: Pick<JobSnapshot, 'matches'>): JobViewState {
  for (const s of ['step', 'failing', 'keepingPhoto', 'queueing', 'sending', 'waiting'] as const) if (snapshot.matches({ job: s })) return s;
  if (snapshot.matches({ job: 'resuming' })) return 'sending';
  return jobViewStates.find((s) => snapshot.matches(s as never)) ?? 'loading';
}

/** Everything the screen shows, from the snapshot. */
export interface JobView {
  state: JobViewState;
  /** The switch (the child `availability`), while there is no work. */
  availability: AvailabilityView | null;
  offer: RiderOffer | null;
  secondsLeft: number;
  job: RiderJob | null;
  /** The status the screen is at, queued steps included. */
  status: DeliveryStatus | null;
  steps: RiderJobAction[];
  /** The step that carries the cash collected ("Picked up" on cash at pickup, "Delivered" on cash on delivery), or null. */
  cashStep: RiderJobAction | null;
  /** The taps waiting on the phone (the photo is counted apart). */
  pendingCount: number;
  /** The proof photo: none yet, kept on the phone to be sent, or on the server. */
  photo: 'none' | 'kept' | 'sent';
  code: string;
  cash: string;
  reason: DeliveryFailureReason | null;
  note: string;
  error: FieldError | null;
  notice: string | null;
  /** A failed delivery waiting for staff: the screen offers a look for their answer. */
  canCheckStaff: boolean;
}

/** The screen's view from the job machine's snapshot and its child's (the switch, while idle). */
export function jobSnapshotToView(snapshot: JobSnapshot, children: { availability?: Pick<AvailabilitySnapshot, 'value' | 'context'> } = {}): JobView {
  const c = snapshot.context;
  const status = c.job ? statusAfterQueue(c.job, c.pending) : null;
  return {
    state: jobViewState(snapshot),
    availability: snapshot.matches('idle') && children.availability ? availabilitySnapshotToView(children.availability) : null,
    offer: c.offer,
    secondsLeft: c.secondsLeft,
    job: c.job,
    status,
    steps: status ? riderStepsAt(status) : [],
    cashStep: c.job ? cashStepOf(c.job) : null,
    pendingCount: c.pending.filter((p) => !isQueuedProof(p)).length,
    photo: c.pending.some(isQueuedProof) ? 'kept' : c.job?.proof_uploaded ? 'sent' : 'none',
    code: c.code,
    cash: c.cash,
    reason: c.reason,
    note: c.note,
    error: c.error,
    notice: c.notice,
    canCheckStaff: snapshot.matches({ job: 'step' }) && snapshot.can({ type: 'REFRESH' }),
  };
}
