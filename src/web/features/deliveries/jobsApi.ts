/**
 * The rider's job screen's requests: the availability switch, the offers, the jobs, a step (with
 * its Idempotency-Key), the proof photo (made small on the phone first, as the profile picture is),
 * and sending the phone's queue of steps.
 */
import type { FlushResult, JobScreenLoaded, MoveBody, QueuedMove, RiderJob } from '../../../../machines/deliveries/jobMachine';
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
  proof: async (id: string, file: File) => {
    const small = await resizeImage(file);
    const form = new FormData();
    form.append('photo', small, small.name);
    return api<{ proof_uploaded: boolean }>(`/users/jobs/${id}/proof`, { method: 'POST', body: form });
  },
};

/** What the screen opens on: the open job (with its queued steps), else the soonest offer, else the switch. */
export async function loadJobScreen(outbox: Outbox): Promise<JobScreenLoaded> {
  const [availability, offers, jobs, queued] = await Promise.all([jobsApi.availability(), jobsApi.offers(), jobsApi.jobs(), outbox.all()]);
  // A job with steps still on the phone comes first: it may look finished only to the phone.
  const open = jobs.items.find((j) => queued.some((q) => q.jobId === j.id)) ?? jobs.items.find((j) => !DELIVERY_FINAL.includes(j.status)) ?? null;
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
      job = (await jobsApi.move(entry.jobId, entry.key, entry.body)).job;
    } catch (error) {
      if (!(error instanceof SubmitError)) throw error instanceof NetworkFailure ? error : new NetworkFailure(String(error));
      refused = error.fieldError;
    }
    await outbox.remove(entry.key);
  }
  if (!job || refused) job = (await jobsApi.job(jobId)).job;
  return { job, pending: await outbox.forJob(jobId), refused };
}

export type { QueuedMove };
