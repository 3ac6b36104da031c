/**
 * Real sign-up wizard snapshots for stories: the wizard's and its steps' own pure transitions
 * (tests/machines/signupModel.ts: the wizard and its running step as one logic) applied to the
 * events a rider and the network produce (an invoked actor's result is the event the machine
 * receives when that actor settles). Nothing here is a hand-written view.
 */
import { SubmitError } from '../../machines/kit/formMachine';
import { ResendCooldownError, type SignupEvent, type SignupInput } from '../../machines/signup/signupMachine';
import { systemStart, systemTransition, type ModelEvent, type Snapshot } from '../../tests/machines/signupModel';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';

export type SignupSnapshot = Snapshot;
export type WizardEvent = SignupEvent | { type: string; output?: unknown; error?: unknown };

/** The stories' clock: 2025-04-24 09:00 in Lagos. */
export const STORY_NOW = Date.UTC(2025, 3, 24, 8, 0, 0);

export const fresh: SignupInput = { signedIn: false, requestedStep: 1, resendDeadline: null, now: STORY_NOW, captchaPassed: false };
export const signedIn: SignupInput = { ...fresh, signedIn: true };

export function wizardAfter(input: SignupInput, events: readonly WizardEvent[]): SignupSnapshot {
  let snapshot = systemStart(input);
  for (const event of events) snapshot = systemTransition(snapshot, event as ModelEvent);
  return snapshot;
}

const place = (name: string) => ({ name, location: null, total_area: null, population: null });
const state = (name: string, capital: string, code: string, towns: string[], lgas: string[]): LocationState => ({
  name,
  capital,
  state_code: code,
  creation_date: '',
  location: null,
  total_area: null,
  population: null,
  towns: towns.map(place),
  lgas: lgas.map(place),
});
export const storyLocations: LocationState[] = [
  state('Lagos', 'Ikeja', 'LA', ['Ikeja', 'Ogba', 'Yaba', 'Lekki', 'Ajah', 'Surulere'], ['Ikeja', 'Eti-Osa', 'Kosofe']),
  state('Ogun', 'Abeokuta', 'OG', ['Abeokuta', 'Ota', 'Sagamu'], ['Ado-Odo/Ota', 'Ifo']),
  state('Oyo', 'Ibadan', 'OY', ['Ibadan', 'Ogbomosho'], ['Ibadan North']),
];

export const storyRider = { username: 'ade_rides', email: 'adeola.bakare@example.com', password: 'ogba-rides-at-dawn' };

export const on = {
  type: (field: string, value: string): WizardEvent => ({ type: 'CHANGE', field, value }),
  engage: { type: 'ENGAGE' } as WizardEvent,
  solveCaptcha: { type: 'CAPTCHA_SOLVED', token: 'pass-story' } as WizardEvent,
  submit: { type: 'SUBMIT' } as WizardEvent,
  done: (id: string, output: unknown): WizardEvent => ({ type: `xstate.done.actor.${id}`, output }),
  failed: (id: string, error: unknown): WizardEvent => ({ type: `xstate.error.actor.${id}`, error }),
  server: (id: string, field: string, message: string): WizardEvent => ({
    type: `xstate.error.actor.${id}`,
    error: new SubmitError({ field, message }),
  }),
  resumeAt: (tab: number, completed = 0): WizardEvent => ({
    type: 'xstate.done.actor.loadProgress',
    output: { username: storyRider.username, email: storyRider.email, user_type: 1, current_tab: tab, profile_completed: completed },
  }),
  cooldown: (seconds: number): WizardEvent => ({
    type: 'xstate.error.actor.sendCode',
    error: new ResendCooldownError(messages.resendWait(seconds), STORY_NOW + seconds * 1000),
  }),
};

export const filledAccount: WizardEvent[] = [
  on.engage,
  on.type('username', storyRider.username),
  on.type('email', storyRider.email),
  on.type('password', storyRider.password),
];
