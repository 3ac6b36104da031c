/** Test plan texts of machines/profile/profileMachine.ts: loading the rider dashboard's profile. */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `dashboard-rider-dashboard--${name}`;

export const profilePlan: MachinePlan = {
  machine: 'profileMachine',
  title: 'Rider dashboard: the profile load',
  start:
    'Log in as a rider at http://localhost:3000/login; the app opens /rider-dashboard. For the incomplete case, use a rider who stopped the sign-up wizard at a step (e.g. the location step).',
  starts: { 'rider dashboard': 'Open /rider-dashboard, logged in as a rider.' },
  states: {
    '(root)': { says: 'The rider dashboard page.', story: story('full-profile'), closest: true },
    loading: { says: 'The dashboard’s skeleton while the profile loads.', story: story('loading') },
    loaded: { says: 'The dashboard: picture, username, the profile checklist, bio, personal information, work history, past employees and reputation.', story: story('full-profile') },
    refreshing: { says: 'The dashboard stays as it is while the profile is read again (after a new picture).', story: story('full-profile'), closest: true },
    failed: { says: '"We could not load your profile." with a "Try again" button; nothing else.', story: story('load-failed') },
    incomplete: { says: 'The sign-up is not finished: the browser goes to /rider-signup at the step the rider stopped at.', story: story('incomplete') },
  },
  events: {
    'xstate.done.actor.loadProfile': (e) =>
      (e.output as { user?: { profile_completed?: number } } | undefined)?.user?.profile_completed === 0
        ? 'Wait for the profile (a rider who has not finished sign-up)'
        : 'Wait for the profile (a rider who finished sign-up)',
    'xstate.error.actor.loadProfile': (e) => failure(e, 'Wait for the profile'),
    PROFILE_CHANGED: 'Save a change in any edit modal (e.g. "Edit Bio": type a new bio and press "Save"): the dashboard shows it at once',
    RELOAD: 'Upload a new profile picture ("Upload Profile Image"): the profile is read again',
    'xstate.done.actor.refreshProfile': 'Wait for the profile to be read again (the new picture shows)',
    'xstate.error.actor.refreshProfile': (e) => failure(e, 'Wait for the profile to be read again', 'the dashboard keeps what it showed'),
    RETRY: 'Press "Try again"',
  },
};
