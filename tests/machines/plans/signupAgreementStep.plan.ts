/** Test plan texts of machines/signup/agreementStep.ts: step 5 of the rider sign-up wizard, 'Rider Agreement'. */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `sign-up-rider-sign-up-wizard--${name}`;

export const signupAgreementPlan: MachinePlan = {
  machine: 'agreementStep',
  title: 'Rider sign-up, step 5: Rider Agreement',
  start: 'Log in as a rider at the agreement step, then open http://localhost:3000/rider-signup (the wizard opens at step 5).',
  starts: { 'step 5': 'Log in as a rider at the agreement step, then open /rider-signup.' },
  states: {
    '(root)': { says: 'Step 5 of 5: "Please read the agreement to the end, then tick I AGREE.", the agreement text, the I AGREE box and "Continue".', story: story('agreement-editing') },
    editing: { says: 'Step 5 with the box ticked or not, no message.', story: story('agreement-editing') },
    error: { says: 'Step 5 with a message under I AGREE (not ticked, or the server’s).', story: story('agreement-not-ticked') },
    submitting: { says: '"Submitting..." on "Continue".', story: story('agreement-submitting') },
    accepted: { says: 'The agreement is accepted: the wizard is done and the rider dashboard opens.', story: story('finished'), closest: true },
  },
  events: {
    TOGGLE_AGREE: (e) => (e.agreed ? 'Tick I AGREE' : 'Untick I AGREE'),
    'xstate.done.actor.acceptAgreement': 'Wait: the agreement is accepted',
    'xstate.error.actor.acceptAgreement': (e) => failure(e, 'Wait for the agreement'),
    SUBMIT: 'Press "Continue"',
  },
};
