/**
 * Real form machine snapshots for stories: the machine's own pure transitions
 * (initialTransition/transition from xstate) applied to the events a user and the network
 * produce, the way the model-based tests explore it. An invoked actor's result is the
 * event the machine receives when that actor settles. Nothing here is a hand-written view.
 */
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { SubmitError, formMachine, type FormEvent, type FormInput } from '../../machines/kit/formMachine';

export type FormSnapshot = SnapshotFrom<typeof formMachine>;

export type StoryEvent =
  | FormEvent
  | { type: 'xstate.done.actor.verifyCaptcha'; output: { success: boolean } }
  | { type: 'xstate.error.actor.verifyCaptcha'; error: unknown }
  | { type: 'xstate.done.actor.submitForm'; output: unknown }
  | { type: 'xstate.error.actor.submitForm'; error: unknown };

export function snapshotAfter(input: FormInput, events: readonly StoryEvent[]): FormSnapshot {
  let [snapshot] = initialTransition(formMachine, input);
  for (const event of events) [snapshot] = transition(formMachine, snapshot, event as FormEvent);
  return snapshot;
}

/** Shorthands for the events stories use. */
export const on = {
  engage: { type: 'ENGAGE' } as const,
  type: (field: string, value: string): StoryEvent => ({ type: 'CHANGE', field, value }),
  solveCaptcha: { type: 'CAPTCHA_SOLVED', token: 'pass-story' } as const,
  submit: { type: 'SUBMIT' } as const,
  captchaAnswered: (success: boolean): StoryEvent => ({ type: 'xstate.done.actor.verifyCaptcha', output: { success } }),
  submitted: (output: unknown): StoryEvent => ({ type: 'xstate.done.actor.submitForm', output }),
  /** The request failed with no answer the form can place (offline, the server down). */
  submitFailed: (error: unknown = new TypeError('Failed to fetch')): StoryEvent => ({ type: 'xstate.error.actor.submitForm', error }),
  submitRejected: (field: string, message: string): StoryEvent => ({
    type: 'xstate.error.actor.submitForm',
    error: new SubmitError({ field, message }),
  }),
};
