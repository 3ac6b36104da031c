/**
 * The events the rider's job machine (machines/deliveries/jobMachine.ts) is explored with, shared
 * by its model-based test, its view test, its stories and its test plan: what the screen opens on
 * (no work, an offer still open or run out, a job at the pickup, at the drop-off with cash, with a
 * step left on the phone, with the photo and "delivered" left on the phone and no network, a
 * finished one), the rider's taps the screen offers at each status (the move table's), the photo
 * kept on the phone, and the network's answers, including none at all.
 */
import {
  cashKobo,
  cashStepOf,
  isQueuedProof,
  proofOnPhone,
  riderStepsAt,
  statusAfterQueue,
  type FlushResult,
  type JobEvent,
  type JobScreenLoaded,
  type JobSnapshot,
  type QueuedMove,
  type QueuedProof,
  type QueuedStep,
  type RiderJob,
} from '../../machines/deliveries/jobMachine';
import { SubmitError } from '../../machines/kit/formMachine';
import type { AvailabilityResponse, RiderOffer } from '../../src/shared/deliveries/dispatch';
import { dispatchTexts } from '../../src/shared/deliveries/dispatch';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { jobMessages } from '../../src/shared/deliveries/jobMessages';
import { DELIVERY_CODE_PATTERN } from '../../src/shared/deliveries/jobs';
import type { DeliveryStatus } from '../../src/shared/deliveries/moves';
import { NetworkFailure } from '../../src/shared/requestErrors';

export const JOB_ID = '00000000-0000-4000-8000-00000000a001';
export const OFFER_ID = '00000000-0000-4000-8000-00000000b001';

export const availabilityOff: AvailabilityResponse = { available: false, areas: [], blocked: null };
export const availabilityOn: AvailabilityResponse = { available: true, areas: ['Yaba'], blocked: null, message: dispatchTexts.availability.switchedOn };

export function offer(overrides: Partial<RiderOffer> = {}): RiderOffer {
  return {
    id: OFFER_ID,
    delivery_id: JOB_ID,
    reference: 'OGB-7K2Q9',
    pay_kobo: 360_000,
    pickup_area: 'Yaba',
    dropoff_area: 'Lekki Phase 1',
    to_pickup_km: 0,
    trip_km: 14.2,
    parcel: { size: 'small' },
    payment: 'transfer',
    pickup_at: null,
    expires_at: '2100-01-01T00:00:00.000Z',
    ...overrides,
  };
}
/** An offer that ran out while the screen showed it. */
export const offerRunOut = () => offer({ expires_at: '2000-01-01T00:00:00.000Z' });

export function job(status: DeliveryStatus, overrides: Partial<RiderJob> = {}): RiderJob {
  const dropoffShown = ['picked_up', 'arrived', 'failed', 'returning'].includes(status);
  return {
    id: JOB_ID,
    reference: 'OGB-7K2Q9',
    status,
    actions: riderStepsAt(status),
    payment: 'transfer',
    price_kobo: 450_000,
    rider_pay_kobo: 360_000,
    cash_to_collect_kobo: null,
    cash_collect_at: null,
    pickup: { state: 'Lagos', area: 'Yaba', address: '12 Herbert Macaulay Way', landmark: 'Opposite the bus stop', contact_name: 'Ada Obi', contact_phone: '08031234567' },
    dropoff: dropoffShown
      ? { state: 'Lagos', area: 'Lekki Phase 1', address: '4 Admiralty Way', landmark: 'Blue gate', contact_name: 'Tunde Bello', contact_phone: '08059876543' }
      : { state: 'Lagos', area: 'Lekki Phase 1' },
    pickup_at: null,
    deliver_by: '2026-11-28T20:00:00.000Z',
    code_tries_left: 5,
    proof_uploaded: false,
    failure_reason: null,
    ...overrides,
  };
}
/** At the drop-off, the sender paying cash there. */
export const cashJobAtDropoff = () => job('arrived', { payment: 'cash_on_delivery', cash_to_collect_kobo: 450_000, cash_collect_at: 'dropoff' });
/** Heading to a pickup paid in cash there: "Picked up" carries the cash collected. */
export const cashJobToPickup = () => job('heading_to_pickup', { payment: 'cash_on_pickup', cash_to_collect_kobo: 450_000, cash_collect_at: 'pickup' });

export const queued = (action: QueuedMove['body']['action'], n = 1): QueuedMove => ({
  key: `key-${action}-${n}`,
  jobId: JOB_ID,
  body: { action, client_at: '2026-11-28T14:03:00.000Z' },
});

/** The photo kept on the phone, made small. */
export const queuedProof = (n = 1): QueuedProof => ({
  key: `key-photo-${n}`,
  jobId: JOB_ID,
  proof: { photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), name: 'parcel.jpg' },
});

/** The screen's opening answers the model knows. */
export const loads = {
  nothing: (): JobScreenLoaded => ({ availability: availabilityOff, offer: null, job: null, pending: [] }),
  offer: (): JobScreenLoaded => ({ availability: availabilityOn, offer: offer(), job: null, pending: [] }),
  offerRunOut: (): JobScreenLoaded => ({ availability: availabilityOn, offer: offerRunOut(), job: null, pending: [] }),
  assigned: (): JobScreenLoaded => ({ availability: availabilityOn, offer: null, job: job('assigned'), pending: [] }),
  atDropoff: (): JobScreenLoaded => ({ availability: availabilityOn, offer: null, job: cashJobAtDropoff(), pending: [] }),
  cashAtPickup: (): JobScreenLoaded => ({ availability: availabilityOn, offer: null, job: cashJobToPickup(), pending: [] }),
  /** A reload with "picked up" still on the phone. */
  queuedPickup: (): JobScreenLoaded => ({ availability: availabilityOn, offer: null, job: job('heading_to_pickup'), pending: [queued('pick_up')] }),
  /** Delivered on the server, "delivered" still on the phone (its answer was lost): sent again, applied once. */
  deliveredQueued: (): JobScreenLoaded => ({ availability: availabilityOn, offer: null, job: job('delivered'), pending: [queued('deliver')] }),
  /** A reload without network at the door: the photo and "delivered" on the phone, the job from the phone's copy. */
  photoAndDeliverQueued: (): JobScreenLoaded => ({ availability: null, offer: null, job: job('arrived'), pending: [queuedProof(), queued('deliver', 2)] }),
};

export type JobModelEvent =
  | JobEvent
  | { type: 'xstate.done.actor.load'; output: JobScreenLoaded }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.accept' | 'xstate.done.actor.decline'; output: { message: string } }
  | { type: 'xstate.error.actor.accept' | 'xstate.error.actor.decline'; error: unknown }
  | { type: 'xstate.done.actor.keepProof'; output: QueuedStep[] }
  | { type: 'xstate.error.actor.keepProof'; error: unknown }
  | { type: 'xstate.done.actor.enqueue'; output: QueuedStep[] }
  | { type: 'xstate.error.actor.enqueue'; error: unknown }
  | { type: 'xstate.done.actor.flush'; output: FlushResult }
  | { type: 'xstate.error.actor.flush'; error: unknown }
  | { type: 'xstate.after.tick.job.offer' }
  | { type: 'xstate.after.retry.job.job.waiting' };

export const offline = () => new NetworkFailure('fetch failed');
export const serverDown = () => new SubmitError({ field: 'alert', message: 'Something went wrong. Please try again.' });
export const areasRefused = () => new SubmitError({ field: 'areas', message: dispatchTexts.availability.chooseArea });
export const offerTaken = () => new SubmitError({ field: 'alert', message: dispatchMessages.offerGone });
export const photoFile = () => new File(['jpeg'], 'parcel.jpg', { type: 'image/jpeg' });
export const outboxBroken = () => new Error('The phone storage is full');

/** The queue after the tap now being kept. */
function queuedAfter(snapshot: JobSnapshot): QueuedStep[] {
  const draft = snapshot.context.draft!;
  const move: QueuedMove = { key: `key-${draft.action}-${snapshot.context.pending.length + 1}`, jobId: JOB_ID, body: { ...draft, client_at: '2026-11-28T14:05:00.000Z' } };
  return [...snapshot.context.pending, move];
}

/** The queue after the photo now being kept: it replaces one not sent yet. */
const proofQueuedAfter = (snapshot: JobSnapshot): QueuedStep[] => [...snapshot.context.pending.filter((p) => !isQueuedProof(p)), queuedProof(snapshot.context.pending.length + 1)];

const isMove = (action: string) => (p: QueuedStep) => !isQueuedProof(p) && p.body.action === action;

/** The server's answers to the queue: every step taken (or the code refused, or the photo refused). */
function flushAnswers(snapshot: JobSnapshot): FlushResult[] {
  const { job: current, pending } = snapshot.context;
  const proof = proofOnPhone(current, pending);
  const moved: FlushResult = { job: { ...current!, status: statusAfterQueue(current!, pending), proof_uploaded: proof }, pending: [], refused: null };
  moved.job.actions = riderStepsAt(moved.job.status);
  const answers = [moved];
  if (pending.some(isMove('deliver'))) {
    const left = current!.code_tries_left - 1;
    answers.push({ job: { ...current!, proof_uploaded: proof, code_tries_left: left }, pending: [], refused: { field: 'code', message: jobMessages.codeWrong(left) } });
  }
  if (pending.some(isQueuedProof)) {
    // The photo refused (over 10 MB): "delivered" behind it is refused for want of it; the steps before it are taken.
    const before = pending.slice(0, pending.findIndex(isQueuedProof));
    const status = statusAfterQueue(current!, before);
    answers.push({ job: { ...current!, status, actions: riderStepsAt(status) }, pending: [], refused: { field: 'photo', message: jobMessages.photoTooLarge } });
  }
  return answers;
}

/** What can happen in the state: the taps the screen offers, or the network's answers. */
export function jobEvents(snapshot: JobSnapshot): JobModelEvent[] {
  const c = snapshot.context;
  if (snapshot.matches('loading')) {
    return [
      ...Object.values(loads).map((load) => ({ type: 'xstate.done.actor.load' as const, output: load() })),
      { type: 'xstate.error.actor.load', error: offline() },
    ];
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }];
  // The switch's own steps are its machine's (availabilityModel.ts): here they only go to it.
  if (snapshot.matches('idle')) {
    return [{ type: 'AREAS', value: 'Yaba, Surulere' }, { type: 'SWITCH', available: !c.availability?.available }, { type: 'REFRESH' }];
  }
  if (snapshot.matches('offer')) return [{ type: 'ACCEPT' }, { type: 'DECLINE' }, { type: 'xstate.after.tick.job.offer' }];
  if (snapshot.matches('accepting')) {
    return [
      { type: 'xstate.done.actor.accept', output: { message: dispatchTexts.offers.accepted('OGB-7K2Q9') } },
      { type: 'xstate.error.actor.accept', error: offerTaken() },
    ];
  }
  if (snapshot.matches('declining')) {
    return [
      { type: 'xstate.done.actor.decline', output: { message: dispatchTexts.offers.declined } },
      { type: 'xstate.error.actor.decline', error: offerTaken() },
    ];
  }
  if (snapshot.matches('finished')) return [{ type: 'REFRESH' }];
  if (!c.job) return [];
  const status = statusAfterQueue(c.job, c.pending);
  const steps = riderStepsAt(status).filter((s) => s !== 'fail');
  if (snapshot.matches({ job: 'step' })) {
    const events: JobModelEvent[] = steps.map((action) => ({ type: 'MOVE', action }));
    if (riderStepsAt(status).includes('fail')) events.push({ type: 'FAIL' });
    if (status === 'failed' && c.pending.length === 0) events.push({ type: 'REFRESH' });
    if (steps.includes('deliver')) {
      if (!DELIVERY_CODE_PATTERN.test(c.code)) events.push({ type: 'CODE', value: '4821' });
      if (!proofOnPhone(c.job, c.pending)) events.push({ type: 'PHOTO', file: photoFile() });
      events.push({ type: 'CASH', value: '4,500' });
    }
    // Cash taken at the pickup: the figure cleared (refused with "Picked up"), or typed.
    if (steps.includes('pick_up') && cashStepOf(c.job) === 'pick_up') events.push({ type: 'CASH', value: cashKobo(c.cash) === null ? '4,500' : '' });
    return events;
  }
  if (snapshot.matches({ job: 'failing' })) {
    const events: JobModelEvent[] = [{ type: 'MOVE', action: 'fail' }, { type: 'BACK' }];
    if (c.reason === null) events.push({ type: 'REASON', reason: 'other' });
    if (c.note === '') events.push({ type: 'NOTE', value: 'The gate was locked and nobody answered' });
    return events;
  }
  if (snapshot.matches({ job: 'keepingPhoto' })) {
    return [
      { type: 'xstate.done.actor.keepProof', output: proofQueuedAfter(snapshot) },
      { type: 'xstate.error.actor.keepProof', error: outboxBroken() },
    ];
  }
  if (snapshot.matches({ job: 'queueing' })) {
    return [
      { type: 'xstate.done.actor.enqueue', output: queuedAfter(snapshot) },
      { type: 'xstate.error.actor.enqueue', error: outboxBroken() },
    ];
  }
  if (snapshot.matches({ job: 'sending' })) {
    return [
      ...flushAnswers(snapshot).map((output) => ({ type: 'xstate.done.actor.flush' as const, output })),
      { type: 'xstate.error.actor.flush', error: offline() },
      { type: 'xstate.error.actor.flush', error: outboxBroken() },
    ];
  }
  if (snapshot.matches({ job: 'waiting' })) {
    const events: JobModelEvent[] = [{ type: 'ONLINE' }, { type: 'xstate.after.retry.job.job.waiting' }];
    // One more step tapped offline, no further: the queue is the point, not its length.
    if (c.pending.filter((p) => !isQueuedProof(p)).length < 2) for (const action of steps) events.push({ type: 'MOVE', action });
    if (steps.includes('deliver')) {
      if (!DELIVERY_CODE_PATTERN.test(c.code)) events.push({ type: 'CODE', value: '4821' });
      // The photo taken at the door without a network.
      if (!proofOnPhone(c.job, c.pending)) events.push({ type: 'PHOTO', file: photoFile() });
      events.push({ type: 'CASH', value: '4,500' });
    }
    return events;
  }
  return [];
}

/** Where the machine is and what of its context changes what the screen shows or offers. */
export function serializeJob(snapshot: JobSnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    c.job ? statusAfterQueue(c.job, c.pending) : null,
    c.job?.cash_collect_at ?? null,
    cashKobo(c.cash) !== null,
    c.pending.map((p) => (isQueuedProof(p) ? 'photo' : p.body.action)),
    c.job?.proof_uploaded ?? null,
    c.job ? proofOnPhone(c.job, c.pending) : null,
    DELIVERY_CODE_PATTERN.test(c.code),
    c.reason,
    c.note !== '',
    c.offer ? c.offer.expires_at < '2050' : null,
    c.availability?.available ?? null,
    c.error?.field ?? null,
  ]);
}
