/** Test plan texts of machines/signup/locationStep.ts: step 3 of the rider sign-up wizard, 'Choose Location'. */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `sign-up-rider-sign-up-wizard--${name}`;

export const signupLocationPlan: MachinePlan = {
  machine: 'locationStep',
  title: 'Rider sign-up, step 3: Choose Location',
  start: 'Log in as a rider who verified the e-mail but did not choose a location, then open http://localhost:3000/rider-signup (the wizard opens at step 3).',
  starts: { 'step 3': 'Log in as a rider who verified the e-mail but did not choose a location, then open /rider-signup.' },
  states: {
    '(root)': { says: 'Step 3 of 5, "Choose Location": "State" and "Town or area" lists and "Continue".', story: story('location-editing') },
    loading: { says: 'Step 3 while the list of states loads (the lists disabled).', story: story('location-loading') },
    loadingFallback: { says: 'Step 3 while the short built-in list of states loads instead (the full list failed).', story: story('location-loading'), closest: true },
    editing: { says: 'Step 3 with the state and town as chosen, no message.', story: story('location-editing') },
    error: {
      says: 'Step 3 with a message under "State" or "Town or area" ("Select a state from the list", "Select a town in <state> from the list") or the server’s.',
      story: story('location-required'),
    },
    submitting: { says: '"Submitting..." on "Continue" while the location is saved.', story: story('location-submitting') },
    saved: { says: 'The location is saved: the wizard goes on to step 4, "Add Profile Picture".', story: story('picture-editing'), closest: true },
  },
  events: {
    'xstate.done.actor.loadLocations': 'Wait for the list of states',
    'xstate.error.actor.loadLocations': (e) => failure(e, 'Wait for the list of states'),
    'xstate.done.actor.loadFallbackLocations': 'Wait for the built-in list of states',
    'xstate.error.actor.loadFallbackLocations': (e) => failure(e, 'Wait for the built-in list of states'),
    SELECT_STATE: (e) => (String(e.state) === '' ? 'Set "State" back to its empty choice' : `Choose “${String(e.state)}” in "State"`),
    SELECT_TOWN: (e) => `Choose “${String(e.town)}” in "Town or area"`,
    'xstate.done.actor.saveLocation': 'Wait: "Location saved"',
    'xstate.error.actor.saveLocation': (e) => failure(e, 'Wait for the location to be saved'),
    SUBMIT: 'Press "Continue"',
  },
};
