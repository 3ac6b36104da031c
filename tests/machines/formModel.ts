/** The events a form model is explored with, shared by the machine and the view tests. */
import { SubmitError, type FormEvent } from '../../machines/kit/formMachine';
import { messages } from '../../src/shared/messages';

export type ModelEvent =
  | FormEvent
  | { type: 'xstate.done.actor.verifyCaptcha'; output: { success: boolean } }
  | { type: 'xstate.error.actor.verifyCaptcha'; error: unknown }
  | { type: 'xstate.done.actor.submitForm'; output: unknown }
  | { type: 'xstate.error.actor.submitForm'; error: unknown };

export const VALID_EMAIL = 'rider@example.com';

export const formEvents: ModelEvent[] = [
  { type: 'CHANGE', field: 'email', value: '' },
  { type: 'CHANGE', field: 'email', value: 'not-an-email' },
  { type: 'CHANGE', field: 'email', value: VALID_EMAIL },
  { type: 'CAPTCHA_SOLVED', token: 'captcha-token' },
  { type: 'CAPTCHA_EXPIRED' },
  { type: 'CAPTCHA_ERROR' },
  { type: 'ENGAGE' },
  // The session's pass, as another form (or the server, through another form) changed it.
  { type: 'CAPTCHA_PASS', passed: true },
  { type: 'CAPTCHA_PASS', passed: false },
  { type: 'SUBMIT' },
  { type: 'SEND_ANOTHER' },
  { type: 'xstate.done.actor.verifyCaptcha', output: { success: true } },
  { type: 'xstate.done.actor.verifyCaptcha', output: { success: false } },
  { type: 'xstate.error.actor.verifyCaptcha', error: new Error('verifier unreachable') },
  { type: 'xstate.done.actor.submitForm', output: { message: messages.subscribed } },
  {
    type: 'xstate.error.actor.submitForm',
    error: new SubmitError({ field: 'captcha', message: messages.completeCaptcha }),
  },
  {
    type: 'xstate.error.actor.submitForm',
    error: new SubmitError({ field: 'email', message: messages.invalidEmail }),
  },
  { type: 'xstate.error.actor.submitForm', error: new Error('network down') },
];

/** The state as the user sees it: the widget's reset and focus counters are not part of it. */
export function serializeFormState(snapshot: {
  value: unknown;
  context: {
    values: unknown;
    errors: unknown;
    notice: string | null;
    sent: unknown;
    captchaToken: string | null;
    captchaPassed: boolean;
    engaged: boolean;
  };
}): string {
  const { values, errors, notice, sent, captchaToken, captchaPassed, engaged } = snapshot.context;
  return JSON.stringify([snapshot.value, values, errors, notice, sent !== null, captchaToken !== null, captchaPassed, engaged]);
}

/** An invoked actor's result reaches the machine only while that actor runs. */
export function actorResultCanHappen(state: { matches(value: string): boolean }, event: ModelEvent): boolean {
  if (event.type.endsWith('.verifyCaptcha')) return state.matches('verifyingCaptcha');
  if (event.type.endsWith('.submitForm')) return state.matches('submitting');
  return true;
}
