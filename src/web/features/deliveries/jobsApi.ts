/**
 * The rider's job screen's requests: the availability switch, the offers, the jobs, a step (with
 * its Idempotency-Key), the proof photo (made small on the phone before it is kept, as the profile
 * picture is; sent with its own Idempotency-Key), and sending the phone's queue of steps.
 */
import { isQueuedProof, type FlushResult, type JobScreenLoaded, type MoveBody, type QueuedStep, type RiderJob } from '../../../../machines/deliveries/jobMachine';
import type { RiderOffer } from '../../../shared/deliveries/dispatch';
import { DELIVERY_FINAL } from '../../../shared/deliveries/moves';
import { NetworkFailure, SubmitError } from '../../../shared/requestErrors';
import { api } from '../../kit/http/client';
import { resizeImage } from '../../kit/uploads/resizeImage';
import { availabilityApi } from './availabilityApi';
import type { Outbox } from './outbox';

/** A step the server could not take now (5xx, signed out, no answer): kept on the phone and sent again. */
const later = (error: { response?: Response }) =>
  error.response && (error.response.status >= 500 || error.response.status === 401) ? new NetworkFailure(`HTTP ${error.response.status}`) : undefined;

export const jobsApi = {
  availability: availabilityApi.load,
  offers: () => api<{ items: RiderOffer[] }>('/users/offers'),
  accept: (offerId: string) => api<{ message: string }>(`/users/offers/${offerId}/accept`, { method: 'POST' }),
  decline: (offerId: string) => api<{ message: string }>(`/users/offers/${offerId}/decline`, { method: 'POST' }),
  jobs: () => api<{ items: RiderJob[] }>('/users/jobs'),
  job: (id: string) => api<{ job: RiderJob }>(`/users/jobs/${id}`),
  move: (id: string, key: string, body: MoveBody) =>
    api<{ job: RiderJob }>(`/users/jobs/${id}/moves`, { method: 'POST', body, headers: { 'Idempotency-Key': key }, failure: later }),
  proof: (id: string, key: string, photo: Blob, name: string) => {
    const form = new FormData();
    form.append('photo', photo, name);
    return api<{ proof_uploaded: boolean }>(`/users/jobs/${id}/proof`, { method: 'POST', body: form, headers: { 'Idempotency-Key': key }, failure: later });
  },
};

/** The photo as the phone keeps it: made small first (a few hundred kB, not the camera's MB). */
export async function keepProof(outbox: Outbox, jobId: string, job: RiderJob, photo: File): Promise<QueuedStep[]> {
  const small = await resizeImage(photo);
  return outbox.addProof(jobId, small, small.name, new Date(), job);
}

/** What the screen opens on: the open job (with its queued steps), else the soonest offer, else the switch. */
export async function loadJobScreen(outbox: Outbox): Promise<JobScreenLoaded> {
  const queued = await outbox.all();
  let answers;
  try {
    answers = await Promise.all([jobsApi.availability(), jobsApi.offers(), jobsApi.jobs()]);
  } catch (error) {
    // Opened without a network: the job is shown from the phone's copy, the one its waiting steps
    // carry (as at the last tap), else the open job kept from the last answer.
    if (!(error instanceof NetworkFailure)) throw error;
    const kept = [...queued].reverse().find((q) => q.job)?.job ?? (await outbox.openJob());
    if (!kept) throw error;
    return { availability: null, offer: null, job: kept, pending: queued.filter((q) => q.jobId === kept.id) };
  }
  const [availability, offers, jobs] = answers;
  // A job with steps still on the phone comes first: it may look finished only to the phone.
  const open = jobs.items.find((j) => queued.some((q) => q.jobId === j.id)) ?? jobs.items.find((j) => !DELIVERY_FINAL.includes(j.status)) ?? null;
  await outbox.keepOpenJob(open);
  return {
    availability,
    offer: open ? null : (offers.items[0] ?? null),
    job: open,
    pending: open ? queued.filter((q) => q.jobId === open.id) : [],
  };
}

/**
 * Sends the job's queue in the order it was tapped. A step the server has is removed; one it
 * refuses (a wrong code, a move the job cannot make now) is removed and said; without an answer
 * (offline, a 5xx) it stays and this rejects with NetworkFailure, to be sent again.
 */
export async function flushOutbox(outbox: Outbox, jobId: string): Promise<FlushResult> {
  let job: RiderJob | null = null;
  let refused: FlushResult['refused'] = null;
  for (const entry of await outbox.forJob(jobId)) {
    try {
      if (isQueuedProof(entry)) {
        await jobsApi.proof(entry.jobId, entry.key, entry.proof.photo, entry.proof.name);
        // The last step's answer was before the photo; with no step yet, the job is read below.
        if (job) job = { ...(job as RiderJob), proof_uploaded: true };
      } else job = (await jobsApi.move(entry.jobId, entry.key, entry.body)).job;
    } catch (error) {
      if (!(error instanceof SubmitError)) throw error instanceof NetworkFailure ? error : new NetworkFailure(String(error));
      // The first refusal is the one to say: a "delivered" behind a refused photo is refused for want of it.
      refused ??= isQueuedProof(entry) ? { ...error.fieldError, field: 'photo' } : error.fieldError;
    }
    await outbox.remove(entry.key);
  }
  if (!job || refused) job = (await jobsApi.job(jobId)).job;
  await outbox.keepOpenJob(job);
  return { job, pending: await outbox.forJob(jobId), refused };
}

export type { QueuedStep };
