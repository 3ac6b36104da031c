/**
 * The model of machines/ops/idReviewMachine.ts shared by its machine test and the console's view
 * test: the events each state can take (staff actions and the server's answers), and how a
 * state is told apart from another.
 */
import type { SnapshotFrom } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import type { idReviewMachine, IdReviewEvent } from '../../machines/ops/idReviewMachine';
import { messages } from '../../src/shared/messages';
import type { IdReviewStatus, OpsRiderActionResponse, OpsRiderDetail } from '../../src/shared/opsRiders';

type Snapshot = SnapshotFrom<typeof idReviewMachine>;

export const RIDER_ID = '7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
export const REJECT_REASON = 'The photo is blurred: the name cannot be read.';
export const SUSPEND_REASON = 'Documents belong to someone else';
export const CONFIRMATION = 'staff-password-123';

export function riderFixture(status: IdReviewStatus, suspended = false): OpsRiderDetail {
  return {
    id: RIDER_ID,
    username: 'ada_rides',
    fullName: 'Ada Okafor',
    email: 'ada@example.com',
    emailVerified: true,
    phone: '+2348031234567',
    address: '4 Allen Avenue',
    town: 'Ikeja',
    state: 'Lagos',
    introduction: 'Careful rider on the mainland',
    bio: 'Five years across Lagos.',
    picture: null,
    completed: true,
    currentTab: 5,
    signIn: { password: true, google: false },
    createdAt: '2026-10-01T09:00:00.000Z',
    personalInfo: { totalYearsOfExperience: '3-5', languagesSpoken: 'English, Yoruba', education: 'Diploma' },
    workHistories: [{ _id: 'w1', position: 'Dispatch rider', company_name: 'Gokada', number_of_years: '3-5', start_date: '2019-03-01', end_date: null }],
    pastEmployees: [{ _id: 'p1', company_name: 'Max.ng', company_contact: 'Tunde', start_date: '2016-01-10', end_date: '2018-12-31' }],
    documents:
      status === 'none'
        ? []
        : [{ id: '5d6e7f80-2222-4b3c-9d4e-5f6a7b8c9d0e', kind: 'valid_id', contentType: 'application/pdf', extension: 'pdf', originalName: 'nin-slip.pdf', size: 48_211, uploadedAt: '2026-11-20T10:00:00.000Z' }],
    review: {
      status,
      reason: status === 'rejected' ? REJECT_REASON : null,
      reviewedAt: status === 'approved' || status === 'rejected' ? '2026-11-21T08:00:00.000Z' : null,
      reviewedBy: status === 'approved' || status === 'rejected' ? 'desk@ogbadispatch.ng' : null,
    },
    suspension: suspended ? { at: '2026-11-21T09:00:00.000Z', reason: SUSPEND_REASON } : null,
  };
}

/** The rider after an action: the same rider with the review or suspension changed. */
function changed(rider: OpsRiderDetail | null, change: { review?: IdReviewStatus; suspended?: boolean }): OpsRiderDetail {
  const base = rider ?? riderFixture('pending');
  const next = riderFixture(change.review ?? base.review.status, change.suspended ?? base.suspension !== null);
  return next;
}

const answer = (message: string, rider: OpsRiderDetail): OpsRiderActionResponse => ({ message, rider });

/** The loads the model tries: each entry state of both regions. */
export const loads = [riderFixture('pending'), riderFixture('approved', true), riderFixture('rejected'), riderFixture('none')];

export type IdReviewModelEvent =
  | IdReviewEvent
  | { type: 'xstate.done.actor.loadRider'; output: OpsRiderDetail }
  | { type: 'xstate.error.actor.loadRider'; error: unknown }
  | { type: `xstate.done.actor.${'approve' | 'reject' | 'suspend' | 'lift'}`; output: OpsRiderActionResponse }
  | { type: `xstate.error.actor.${'approve' | 'reject' | 'suspend' | 'lift'}`; error: unknown }
  | { type: 'xstate.done.actor.loadDocuments'; output: Record<string, string> }
  | { type: 'xstate.error.actor.loadDocuments'; error: unknown };

/** The address the document effect makes for each document (a blob: address in the browser). */
export const documentUrlsOf = (rider: OpsRiderDetail | null): Record<string, string> =>
  Object.fromEntries((rider?.documents ?? []).map((d) => [d.id, `blob:https://ogbadispatch.ng/${d.id}`]));

const refusal = (field: string, message: string) => new SubmitError({ field, message });

export function idReviewEvents(state: Snapshot): IdReviewModelEvent[] {
  const c = state.context;
  if (state.matches('loading')) {
    return [...loads.map((output) => ({ type: 'xstate.done.actor.loadRider' as const, output })), { type: 'xstate.error.actor.loadRider', error: new Error('offline') }];
  }
  if (state.matches('failed')) return [{ type: 'RETRY' }];
  const events: IdReviewModelEvent[] = [];
  if (state.matches({ ready: { documents: 'loading' } })) {
    events.push({ type: 'xstate.done.actor.loadDocuments', output: documentUrlsOf(c.rider) }, { type: 'xstate.error.actor.loadDocuments', error: new Error('offline') });
  }
  if (state.matches({ ready: { documents: 'failed' } })) events.push({ type: 'RETRY_DOCUMENTS' });
  if (state.matches({ ready: { review: 'pending' } })) events.push({ type: 'APPROVE' }, { type: 'START_REJECT' });
  if (state.matches({ ready: { review: 'approving' } })) {
    events.push(
      { type: 'xstate.done.actor.approve', output: answer(messages.opsIdApproved('ada_rides'), changed(c.rider, { review: 'approved' })) },
      { type: 'xstate.error.actor.approve', error: refusal('alert', messages.opsIdDocumentsChanged) },
    );
  }
  if (state.matches({ ready: { review: 'rejecting' } })) {
    events.push({ type: 'SUBMIT_REJECT' }, { type: 'CANCEL_REJECT' });
    if (c.reason === '') events.push({ type: 'REASON_CHANGED', value: REJECT_REASON });
  }
  if (state.matches({ ready: { review: 'sendingRejection' } })) {
    events.push(
      { type: 'xstate.done.actor.reject', output: answer(messages.opsIdRejected('ada_rides'), changed(c.rider, { review: 'rejected' })) },
      // A failure the server does not explain: the generic message.
      { type: 'xstate.error.actor.reject', error: new Error('502') },
    );
  }
  if (state.matches({ ready: { account: 'active' } })) events.push({ type: 'START_SUSPEND' });
  if (state.matches({ ready: { account: 'confirmingSuspend' } })) {
    events.push({ type: 'CONFIRM_SUSPEND', confirmation: CONFIRMATION }, { type: 'CANCEL_SUSPEND' });
    if (c.suspendReason === '') events.push({ type: 'SUSPEND_REASON_CHANGED', value: SUSPEND_REASON });
    else events.push({ type: 'CONFIRM_SUSPEND', confirmation: '' });
  }
  if (state.matches({ ready: { account: 'suspending' } })) {
    events.push(
      { type: 'xstate.done.actor.suspend', output: answer(messages.opsRiderSuspended('ada_rides'), changed(c.rider, { suspended: true })) },
      { type: 'xstate.error.actor.suspend', error: refusal('confirmation', messages.opsConfirmFailed) },
    );
  }
  if (state.matches({ ready: { account: 'suspended' } })) events.push({ type: 'LIFT' });
  if (state.matches({ ready: { account: 'lifting' } })) {
    events.push(
      { type: 'xstate.done.actor.lift', output: answer(messages.opsRiderUnsuspended('ada_rides'), changed(c.rider, { suspended: false })) },
      { type: 'xstate.error.actor.lift', error: refusal('alert', messages.opsRiderNotSuspended) },
    );
  }
  return events;
}

export function serializeIdReviewState(state: Snapshot): string {
  const { rider, ...rest } = state.context;
  // Every rider the model makes is one of the fixtures: its review status and suspension name it.
  return JSON.stringify([state.value, rider ? [rider.review.status, rider.suspension !== null] : null, rest]);
}

/** An actor's answer can only come while that actor runs. */
export function idReviewEventCanHappen(state: Snapshot, event: IdReviewModelEvent): boolean {
  const running: Record<string, boolean> = {
    loadRider: state.matches('loading'),
    approve: state.matches({ ready: { review: 'approving' } }),
    reject: state.matches({ ready: { review: 'sendingRejection' } }),
    suspend: state.matches({ ready: { account: 'suspending' } }),
    lift: state.matches({ ready: { account: 'lifting' } }),
    loadDocuments: state.matches({ ready: { documents: 'loading' } }),
  };
  const match = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type);
  return match ? running[match[1]!] === true : true;
}
