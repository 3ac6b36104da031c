/** Test plan texts of machines/deliveries/availabilityMachine.ts: "Available for deliveries" on the rider dashboard (and the job screen). */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `deliveries-availability--${name}`;

export const availabilityPlan: MachinePlan = {
  machine: 'availabilityMachine',
  title: 'Available for deliveries',
  start:
    'Sign in as a rider who finished sign-up and open http://localhost:3000/rider-dashboard on a phone (or DevTools at 375 px): the card "Available for deliveries" is under the profile. ' +
    'For "ID not verified", use a rider whose ID is not approved yet.',
  starts: {
    'dashboard card': 'Open http://localhost:3000/rider-dashboard: the card loads.',
    'job screen': 'Open http://localhost:3000/rider-dashboard/jobs with no job and no offer, after switching on: the switch opens at once, from the screen\'s load.',
  },
  states: {
    '(root)': { says: 'The card "Available for deliveries".', story: story('loading'), closest: true },
    start: { says: 'The card starts: "Loading whether you take deliveries…" (on the job screen it opens at once).', story: story('loading') },
    loading: { says: '"Loading whether you take deliveries…".', story: story('loading') },
    loadFailed: { says: '"We could not load whether you take deliveries." with "Try again".', story: story('load-failed') },
    ready: {
      says: 'Whether you take deliveries, why you cannot (sign-up unfinished, ID not verified, suspended), "Areas you cover" and "Start taking deliveries" (or "Stop…"); a refusal under the areas.',
      story: story('not-available'),
    },
    switching: { says: 'The switch says "Saving…" and is disabled.', story: story('switching') },
  },
  events: {
    RETRY: 'Press "Try again"',
    AREAS: (e) => `Type "${String(e.value)}" in "Areas you cover"`,
    SWITCH: (e) => (e.available ? 'Press "Start taking deliveries"' : 'Press "Stop taking deliveries"'),
    'xstate.done.actor.loadAvailability': 'Wait for the card to load',
    'xstate.error.actor.loadAvailability': (e) => failure(e, 'Open the dashboard'),
    'xstate.done.actor.saveAvailability': 'Wait for the switch to be saved',
    'xstate.error.actor.saveAvailability': (e) => failure(e, 'Save the switch', 'leave the areas empty'),
  },
};
