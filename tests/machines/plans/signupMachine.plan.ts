/**
 * Test plan texts of machines/signup/signupMachine.ts: the rider sign-up wizard at /rider-signup (issues
 * 5, 9, 13), the orchestrator that runs one machine per step. Each step has its own plan: step 1
 * is the public forms' machine (formMachine.plan.ts), steps 2-5 signupVerifyStep, signupLocationStep,
 * signupPictureStep and signupAgreementStep.
 */
import { type MachinePlan } from './types';

const story = (name: string) => `sign-up-rider-sign-up-wizard--${name}`;

export const signupPlan: MachinePlan = {
  machine: 'signupMachine',
  title: 'Rider sign-up wizard',
  start:
    'Open http://localhost:3000/rider-signup in a fresh tab, signed out. The 4-digit code e-mail is listed at http://localhost:3000/dev/mail. ' +
    'Use a new username and e-mail each run. To resume, log in as a rider who stopped at a step: the wizard opens at that step with "Welcome back <username>, Please complete your profile to continue". ' +
    'What happens inside each step is in that step’s own plan (the account form, Verify Your Email, Choose Location, Add Profile Picture, Rider Agreement).',
  starts: {
    'signed in (resuming)': 'Log in as a rider who has not finished sign-up, then open /rider-signup.',
    'signed out, step 1': 'Signed out, open /rider-signup in a new tab.',
    'a later step asked for without a token': 'Signed out, open /rider-signup?step=3 (an address for a later step).',
  },
  states: {
    '(root)': { says: 'The "Rider sign-up" page: "Step N of 5" with the five step names, then the step.', story: story('account-editing'), closest: true },
    starting: { says: 'Only at page load: the wizard decides where to start (nothing of its own is drawn).', story: story('loading'), closest: true },
    loading: { says: 'A skeleton card ("Loading your sign-up…") while the progress loads.', story: story('loading') },
    loadFailed: { says: '"We could not load your sign-up progress." with "Try again".', story: story('load-failed') },
    resuming: { says: 'Only for a moment: the wizard opens the step the rider stopped at (nothing of its own is drawn).', story: story('loading'), closest: true },
    account: { says: 'Step 1 of 5, "Create Account": Username, Email, Password, the captcha and "Continue" (and Google sign-in).', story: story('account-editing') },
    verify: { says: 'Step 2 of 5, "Verify Your Email": four code boxes, "Continue", the resend control and "Wrong e-mail? Change it".', story: story('verify-just-sent') },
    location: { says: 'Step 3 of 5, "Choose Location": "State" and "Town or area" lists and "Continue".', story: story('location-editing') },
    picture: { says: 'Step 4 of 5: "Profile picture" file picker, "Skip" and "Continue".', story: story('picture-editing') },
    agreement: { says: 'Step 5 of 5: "Please read the agreement to the end, then tick I AGREE.", the agreement text, the I AGREE box and "Continue".', story: story('agreement-editing') },
    finished: { says: '"Welcome aboard! Your rider\'s profile is ready." and the rider dashboard opens (/rider-dashboard).', story: story('finished') },
    leaving: { says: 'Not signed in past step 1: the browser goes to /login ("Please log in to continue.").', story: story('leaving') },
  },
  events: {
    SIGNED_OUT: 'Log out in another tab (past step 1, the wizard then sends this tab to /login)',
    'xstate.done.actor.loadProgress': (e) => {
      const progress = e.output as { current_tab?: number; profile_completed?: number; user_type?: number } | undefined;
      if (progress?.profile_completed || (progress?.user_type ?? 1) !== 1) return 'Wait for the progress (a user who has finished sign-up, or a company)';
      return `Wait for the progress (a rider who stopped at step ${progress?.current_tab ?? '?'})`;
    },
    'xstate.error.actor.loadProgress': 'Wait for the progress: the request fails (set DevTools → Network to Offline before opening the page)',
    RETRY: 'Press "Try again"',
    ACCOUNT_CREATED: 'Do step 1 (its plan): type a new username, e-mail and password, solve the captcha and press "Continue"; the account is made',
    'xstate.done.actor.verify': 'Do step 2 (its plan): type the code from the e-mail and press "Continue"; the code is right',
    'xstate.done.actor.location': 'Do step 3 (its plan): choose a state and a town and press "Continue"; the location is saved',
    'xstate.done.actor.picture': 'Do step 4 (its plan): upload a photo, or press "Skip"',
    'xstate.done.actor.agreement': 'Do step 5 (its plan): tick I AGREE and press "Continue"; the agreement is accepted',
  },
};
