/**
 * Real snapshots of the dashboard's machines for stories: the profile load
 * (machines/profile/profileMachine.ts) and the open modal (machines/profile/profileEditMachine.ts), reached with
 * the machines' own pure transitions from the events a rider and the network produce. An
 * invoked actor's result is the event the machine receives when it settles.
 */
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { dashboardMachine, dashboardSnapshotToView, type DashboardEvent, type DashboardViewModel } from '../../machines/profile/dashboardMachine';
import { SubmitError } from '../../machines/kit/formMachine';
import { profileEditMachine, type ProfileEditEvent } from '../../machines/profile/profileEditMachine';
import { profileMachine, type ProfileEvent } from '../../machines/profile/profileMachine';
import { openEventFor, type FileLike, type ModalKind } from '../../machines/profile/profileModals';
import type { IdReviewStatus, Profile } from '../../src/shared/profile';
import { NO_DELIVERY_RECORD } from '../../src/shared/deliveries/record';

export type EditSnapshot = SnapshotFrom<typeof profileEditMachine>;
export type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

export type EditStoryEvent =
  | ProfileEditEvent
  | { type: 'xstate.done.actor.save'; output: unknown }
  | { type: 'xstate.error.actor.save'; error: unknown };

export type ProfileStoryEvent =
  | ProfileEvent
  | { type: 'xstate.done.actor.loadProfile'; output: Profile }
  | { type: 'xstate.error.actor.loadProfile'; error: unknown };

export function editAfter(events: readonly EditStoryEvent[]): EditSnapshot {
  let [snapshot] = initialTransition(profileEditMachine);
  for (const event of events) [snapshot] = transition(profileEditMachine, snapshot, event as ProfileEditEvent);
  return snapshot;
}

export function profileAfter(events: readonly ProfileStoryEvent[]): ProfileSnapshot {
  let [snapshot] = initialTransition(profileMachine);
  for (const event of events) [snapshot] = transition(profileMachine, snapshot, event as ProfileEvent);
  return snapshot;
}

export type DashboardStoryEvent =
  | DashboardEvent
  | { type: 'xstate.done.actor.profile'; output: { currentTab: number } }
  | { type: 'xstate.error.actor.loadLocations'; error: unknown };

/**
 * The dashboard machine (machines/profile/dashboardMachine.ts) after `events`, as its view model with its
 * children's snapshots after theirs (the pure transition does not run the children).
 */
export function dashboardAfter(events: readonly DashboardStoryEvent[], profileEvents: readonly ProfileStoryEvent[], editEvents: readonly EditStoryEvent[]): DashboardViewModel {
  let [snapshot] = initialTransition(dashboardMachine);
  for (const event of events) [snapshot] = transition(dashboardMachine, snapshot, event as DashboardEvent);
  const active = snapshot.value !== 'redirecting' && snapshot.value !== 'deleted';
  return dashboardSnapshotToView(snapshot, active ? { profile: profileAfter(profileEvents), edit: editAfter(editEvents) } : {});
}

export const WORK_ID = '6f1c1f8e-4d35-4e55-9b55-0c8a2f7d2a11';
export const PAST_ID = '0b9f3c55-8a0e-4f6b-9a34-3d7c2b1e4f22';

/** A rider who has just finished sign-up. */
export const newRider: Profile = {
  user: {
    username: 'adeola_rides',
    email: 'adeola.bakare@example.com',
    phone: null,
    address: null,
    town: 'Ikeja',
    state: 'Lagos',
    introduction: null,
    bio: null,
    picture: null,
    user_type: 1,
    profile_completed: 1,
    current_tab: 5,
    has_password: true,
  },
  workHistories: [],
  pastEmployees: [],
  personalInfo: null,
  // No reviewed job yet: "New rider".
  reputation: { job_success: null, jobs_counted: 0, review_count: 0, rating_average_x100: null, reviewed: 0, ...NO_DELIVERY_RECORD },
};

/** The same rider with every section filled in. */
export const fullRider: Profile = {
  user: {
    ...newRider.user,
    phone: '+2348031234567',
    town: 'Yaba',
    introduction: 'Careful rider on the mainland, 5 years on Lagos roads',
    bio: 'I have delivered parcels across Lagos since 2019.\nSafe, on time and polite, in rain or traffic.',
  },
  workHistories: [
    { _id: WORK_ID, position: 'Lead rider', company_name: 'Gokada', number_of_years: '3-5', start_date: '2019-03-01', end_date: null },
    { _id: '9c1d2e3f-1111-4a2b-8c3d-4e5f6a7b8c9d', position: 'Courier', company_name: 'Kwik Delivery', number_of_years: '1-2', start_date: '2016-05-01', end_date: '2018-12-31' },
  ],
  pastEmployees: [{ _id: PAST_ID, company_name: 'Max.ng', company_contact: 'Tunde, 0803 555 0101', start_date: '2015-01-10', end_date: '2016-04-30' }],
  personalInfo: {
    total_years_of_experience: '3-5',
    languages_spoken: 'English, Yoruba, Pidgin',
    education: 'Diploma',
    valid_id: { url: '/files/5d6e7f80-2222-4b3c-9d4e-5f6a7b8c9d0e', extension: 'pdf', original_name: 'nin-slip.pdf' },
    rider_id_card: null,
    id_kind: 'nin_slip',
    id_review_status: 'approved',
    id_review_reason: null,
  },
  // 11 of 12 jobs good, 4.8 from 12 reviews; 148 deliveries, 142 on time, 4.8 from 121 senders' ratings.
  reputation: { job_success: 92, jobs_counted: 12, review_count: 12, rating_average_x100: 483, reviewed: 12, deliveries_completed: 148, deliveries_on_time: 142, delivery_rating_count: 121, delivery_rating_average_x100: 480 },
};

/** The same rider at each stage of the staff check of the ID. */
export function riderWithReview(status: IdReviewStatus, reason: string | null = null): Profile {
  const info = fullRider.personalInfo!;
  return {
    ...fullRider,
    personalInfo: {
      ...info,
      valid_id: status === 'none' ? null : info.valid_id,
      id_review_status: status,
      id_review_reason: status === 'rejected' ? reason : null,
    },
  };
}

export const googleRider: Profile = { ...fullRider, user: { ...fullRider.user, has_password: false } };

export const PHOTO: FileLike = { name: 'selfie.jpg', type: 'image/jpeg', size: 2_400_000 };
export const PDF: FileLike = { name: 'rider-card.pdf', type: 'application/pdf', size: 310_000 };

/** The rider opens a modal on the full profile (an entry's id for an edit or a delete). */
export function open(modal: ModalKind, profile: Profile = fullRider): EditStoryEvent {
  const entry = modal.endsWith('WorkHistory') && modal !== 'addWorkHistory' ? WORK_ID : modal.endsWith('PastEmployee') && modal !== 'addPastEmployee' ? PAST_ID : null;
  return openEventFor(modal, profile, entry);
}

export const on = {
  type: (field: string, value: string): EditStoryEvent => ({ type: 'CHANGE', field, value }),
  choose: (field: string, file: FileLike | null): EditStoryEvent => ({ type: 'SELECT_FILE', field, file }),
  submit: { type: 'SUBMIT' } as EditStoryEvent,
  progress: (loaded: number, total: number): EditStoryEvent => ({ type: 'SAVE_PROGRESS', loaded, total }),
  rejected: (field: string, message: string): EditStoryEvent => ({ type: 'xstate.error.actor.save', error: new SubmitError({ field, message }) }),
  loaded: (profile: Profile): ProfileStoryEvent => ({ type: 'xstate.done.actor.loadProfile', output: profile }),
  loadFailed: { type: 'xstate.error.actor.loadProfile', error: new Error('offline') } as ProfileStoryEvent,
};
