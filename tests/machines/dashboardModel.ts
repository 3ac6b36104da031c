/**
 * The dashboard machine's model (machines/profile/dashboardMachine.ts): the events it is
 * explored with, shared by its page test (tests/web/RiderDashboard.test.tsx) and its test plan
 * (tests/machines/plans/sources.ts), and a filter that records one machine's transitions from
 * the page's inspection (the dashboard, its profile load and its edit modal run in one system).
 */
import type { InspectionEvent } from 'xstate';
import type { DashboardEvent } from '../../machines/profile/dashboardMachine';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import type { FileRef } from '../../src/shared/profile';
import type { TransitionRecorder } from './coverage';

/** The inspection of one machine of the system, by its id ('dashboard', 'profile', 'profileEdit'). */
export function inspectOnly(machineId: string, recorder: TransitionRecorder): (event: InspectionEvent) => void {
  return (event) => {
    const logic = (event.actorRef as unknown as { logic?: { id?: string } }).logic;
    if (logic?.id === machineId) recorder.inspect(event);
  };
}

export type DashboardModelEvent =
  | DashboardEvent
  | { type: 'xstate.done.actor.profile'; output: { currentTab: number } }
  | { type: 'xstate.done.actor.loadLocations'; output: unknown }
  | { type: 'xstate.error.actor.loadLocations'; error: unknown }
  | { type: 'xstate.done.actor.readDocument'; output: unknown }
  | { type: 'xstate.error.actor.readDocument'; error: unknown }
  | { type: 'xstate.done.actor.shareLink'; output: 'sheet' | 'copied' }
  | { type: 'xstate.error.actor.shareLink'; error: unknown };

export const DOCUMENT: FileRef = { url: '/files/5d6e7f80-2222-4b3c-9d4e-5f6a7b8c9d0e', extension: 'pdf', original_name: 'nin-slip.pdf' };
export const SHARE_URL = 'https://ogbadispatch.ng/riders/ada_rides';
export const PROFILE_ANSWER = { message: messages.bioUpdated, profile: { user: { username: 'ada_rides' } } };
const place = (name: string) => ({ name, location: null, total_area: null, population: null });
export const LOCATIONS: LocationState[] = [
  { name: 'Lagos', capital: 'Ikeja', state_code: 'LA', creation_date: '1967-05-27', location: null, total_area: null, population: null, towns: [place('Ikeja'), place('Yaba')], lgas: [place('Ikeja')] },
];

type Snapshot = { value: unknown; matches(value: unknown): boolean; context: { locations: unknown } };

/**
 * Every event that can reach the dashboard in a state: the modal's events (only OPEN changes
 * the dashboard's own state: the first Edit Profile Content asks for the lists), each kind of
 * save answer, the profile's end, and each request's answers while it runs.
 */
export function dashboardEvents(state: Snapshot): DashboardModelEvent[] {
  if (state.value === 'redirecting' || state.value === 'deleted') return [];
  const events: DashboardModelEvent[] = [{ type: 'OPEN', modal: 'profile', values: {}, entryId: null }];
  // What only passes through (to the profile or the modal) or ends the page: tried from the start,
  // so each is a path of its own (the children's own plans walk their workflows).
  const atStart = state.matches({ active: { locations: 'idle', documents: 'idle', share: 'idle' } });
  if (atStart)
    events.push(
    { type: 'RETRY' },
    { type: 'OPEN', modal: 'bio', values: {}, entryId: null },
    { type: 'CHANGE', field: 'bio', value: 'Five years across Lagos.' },
    { type: 'SELECT_FILE', field: 'profile_image', file: null },
    { type: 'RECENTRE', x: 50, y: 0 },
    { type: 'SUBMIT' },
    { type: 'CANCEL_UPLOAD' },
    { type: 'CLOSE' },
    { type: 'SAVED', modal: 'bio', output: PROFILE_ANSWER, entryId: null },
    { type: 'SAVED', modal: 'picture', output: { message: messages.profileImageUploaded }, entryId: null },
    { type: 'SAVED', modal: 'exportData', output: { blob: { size: 2 }, fileName: 'ogba-dispatch-data.json' }, entryId: null },
    { type: 'SAVED', modal: 'deleteAccount', output: { message: messages.accountDeleted }, entryId: null },
    { type: 'xstate.done.actor.profile', output: { currentTab: 3 } },
  );
  if (state.matches({ active: { locations: 'loading' } }))
    events.push({ type: 'xstate.done.actor.loadLocations', output: LOCATIONS }, { type: 'xstate.error.actor.loadLocations', error: new Error('offline') });
  if (state.matches({ active: { documents: 'idle' } })) events.push({ type: 'OPEN_DOCUMENT', document: DOCUMENT });
  else events.push({ type: 'xstate.done.actor.readDocument', output: { size: 3 } }, { type: 'xstate.error.actor.readDocument', error: new Error('HTTP 404') });
  if (state.matches({ active: { share: 'idle' } })) events.push({ type: 'SHARE', url: SHARE_URL, title: 'ada_rides on Ogba Dispatch' });
  else
    events.push(
      { type: 'xstate.done.actor.shareLink', output: 'copied' },
      { type: 'xstate.done.actor.shareLink', output: 'sheet' },
      { type: 'xstate.error.actor.shareLink', error: new Error('clipboard refused') },
    );
  return events;
}

/** The state as the rider sees it. */
export function serializeDashboard(snapshot: { value: unknown; context: { locations: unknown } }): string {
  return JSON.stringify([snapshot.value, snapshot.context.locations !== null]);
}
