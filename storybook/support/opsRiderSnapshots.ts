/**
 * Real snapshots for the console's rider stories: the rider page's machine
 * (machines/ops/idReviewMachine.ts) and the riders list (machines/kit/pagedListMachine.ts), reached with
 * the machines' own pure transitions from the events staff and the network produce.
 */
import { initialTransition, transition } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import { idReviewMachine, idReviewSnapshotToView, type IdReviewEvent, type IdReviewView } from '../../machines/ops/idReviewMachine';
import { pagedListMachine, pagedListView, type PagedListEvent, type PagedListView } from '../../machines/kit/pagedListMachine';
import { messages } from '../../src/shared/messages';
import type { IdReviewStatus, OpsRiderActionResponse, OpsRiderDetail, OpsRiderListItem } from '../../src/shared/opsRiders';

export const STORY_RIDER_ID = '7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
export const REJECT_REASON = 'The photo is blurred: the name cannot be read.';
export const SUSPEND_REASON = 'Documents belong to someone else';

export function storyRider(status: IdReviewStatus, suspended = false): OpsRiderDetail {
  return {
    id: STORY_RIDER_ID,
    username: 'adeola_rides',
    fullName: 'Adeola Bakare',
    email: 'adeola.bakare@example.com',
    emailVerified: true,
    phone: '+2348031234567',
    address: '4 Allen Avenue',
    town: 'Ikeja',
    state: 'Lagos',
    introduction: 'Careful rider on the mainland, 5 years on Lagos roads',
    bio: 'I have delivered parcels across Lagos since 2019.\nSafe, on time and polite, in rain or traffic.',
    picture: null,
    completed: true,
    currentTab: 5,
    signIn: { password: true, google: false },
    createdAt: '2026-10-01T09:00:00.000Z',
    personalInfo: { totalYearsOfExperience: '3-5', languagesSpoken: 'English, Yoruba, Pidgin', education: 'Diploma' },
    workHistories: [{ _id: 'w1', position: 'Lead rider', company_name: 'Gokada', number_of_years: '3-5', start_date: '2019-03-01', end_date: null }],
    pastEmployees: [{ _id: 'p1', company_name: 'Max.ng', company_contact: 'Tunde, 0803 555 0101', start_date: '2015-01-10', end_date: '2016-04-30' }],
    documents:
      status === 'none'
        ? []
        : [
            { id: '5d6e7f80-2222-4b3c-9d4e-5f6a7b8c9d0e', kind: 'valid_id', contentType: 'application/pdf', extension: 'pdf', originalName: 'nin-slip.pdf', size: 48_211, uploadedAt: '2026-11-20T10:00:00.000Z' },
            { id: '5d6e7f80-3333-4b3c-9d4e-5f6a7b8c9d0e', kind: 'rider_id_card', contentType: 'image/jpeg', extension: 'jpg', originalName: 'card.jpg', size: 380_000, uploadedAt: '2026-11-20T10:01:00.000Z' },
          ],
    review: {
      status,
      reason: status === 'rejected' ? REJECT_REASON : null,
      reviewedAt: status === 'approved' || status === 'rejected' ? '2026-11-21T08:00:00.000Z' : null,
      reviewedBy: status === 'approved' || status === 'rejected' ? 'desk@ogbadispatch.ng' : null,
    },
    suspension: suspended ? { at: '2026-11-21T09:00:00.000Z', reason: SUSPEND_REASON } : null,
  };
}

export type RiderStoryEvent =
  | IdReviewEvent
  | { type: `xstate.done.actor.${'loadRider' | 'approve' | 'reject' | 'suspend' | 'lift'}`; output: OpsRiderDetail | OpsRiderActionResponse }
  | { type: `xstate.error.actor.${'loadRider' | 'approve' | 'reject' | 'suspend' | 'lift'}`; error: unknown }
  | { type: 'xstate.done.actor.loadDocuments'; output: Record<string, string> }
  | { type: 'xstate.error.actor.loadDocuments'; error: unknown };

export function riderViewAfter(events: readonly RiderStoryEvent[]): IdReviewView {
  let [snapshot] = initialTransition(idReviewMachine, { riderId: STORY_RIDER_ID });
  for (const event of events) [snapshot] = transition(idReviewMachine, snapshot, event as IdReviewEvent);
  return idReviewSnapshotToView(snapshot);
}

export const onRider = {
  loaded: (rider: OpsRiderDetail): RiderStoryEvent => ({ type: 'xstate.done.actor.loadRider', output: rider }),
  loadFailed: { type: 'xstate.error.actor.loadRider', error: new Error('offline') } as RiderStoryEvent,
  /** The documents shown inline: a PDF (an inline data: page stands in for its blob: address) and a photo. */
  documentsShown: {
    type: 'xstate.done.actor.loadDocuments',
    output: {
      '5d6e7f80-2222-4b3c-9d4e-5f6a7b8c9d0e': 'data:application/pdf;base64,JVBERi0xLjQKJSBzdG9yeQo=',
      '5d6e7f80-3333-4b3c-9d4e-5f6a7b8c9d0e': '/avatar.svg',
    },
  } as RiderStoryEvent,
  documentsFailed: { type: 'xstate.error.actor.loadDocuments', error: new Error('offline') } as RiderStoryEvent,
  done: (actor: 'approve' | 'reject' | 'suspend' | 'lift', message: string, rider: OpsRiderDetail): RiderStoryEvent => ({
    type: `xstate.done.actor.${actor}`,
    output: { message, rider },
  }),
  refused: (actor: 'approve' | 'reject' | 'suspend' | 'lift', field: string, message: string): RiderStoryEvent => ({
    type: `xstate.error.actor.${actor}`,
    error: new SubmitError({ field, message }),
  }),
};

export const storyRiderRows: OpsRiderListItem[] = [
  { id: 'r1', username: 'adeola_rides', email: 'adeola.bakare@example.com', state: 'Lagos', town: 'Ikeja', completed: true, idReviewStatus: 'pending', suspended: false, createdAt: '2026-11-21T09:00:00.000Z' },
  { id: 'r2', username: 'chukwudi.o', email: 'chukwudi.okafor@example.com', state: 'Lagos', town: 'Surulere', completed: true, idReviewStatus: 'approved', suspended: false, createdAt: '2026-11-20T16:30:00.000Z' },
  { id: 'r3', username: 'fatima_b', email: 'fatima.bello@example.com', state: 'Ogun', town: 'Abeokuta', completed: true, idReviewStatus: 'rejected', suspended: true, createdAt: '2026-11-19T11:15:00.000Z' },
  { id: 'r4', username: 'tunde-k', email: 'tunde.k@example.com', state: null, town: null, completed: false, idReviewStatus: 'none', suspended: false, createdAt: '2026-11-18T08:05:00.000Z' },
];

type ListStoryEvent =
  | PagedListEvent
  | { type: `xstate.done.actor.${'firstPage' | 'nextPage' | 'refreshPage'}`; output: { items: OpsRiderListItem[]; next: string | null } }
  | { type: `xstate.error.actor.${'firstPage' | 'nextPage' | 'refreshPage'}`; error: unknown };

export function ridersListAfter(events: readonly ListStoryEvent[], filters: Record<string, string> = {}): PagedListView<OpsRiderListItem> {
  let [snapshot] = initialTransition(pagedListMachine, { filters });
  for (const event of events) [snapshot] = transition(pagedListMachine, snapshot, event as PagedListEvent);
  return pagedListView<OpsRiderListItem>(snapshot);
}

export const onList = {
  page: (items: OpsRiderListItem[], next: string | null = null): ListStoryEvent => ({ type: 'xstate.done.actor.firstPage', output: { items, next } }),
  failed: { type: 'xstate.error.actor.firstPage', error: new Error(messages.submitFailed) } as ListStoryEvent,
  more: { type: 'LOAD_MORE' } as ListStoryEvent,
  moreFailed: { type: 'xstate.error.actor.nextPage', error: new Error(messages.submitFailed) } as ListStoryEvent,
  refresh: { type: 'REFRESH' } as ListStoryEvent,
};
