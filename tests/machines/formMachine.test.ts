/**
 * Example tests of machines/kit/formMachine.ts on a real actor whose captcha and submit actors are
 * controlled by the test. The model (tests/machines/formModel.ts) runs through the real
 * newsletter form in tests/web/NewsletterForm.test.tsx, with a screen check per state and every
 * transition enforced there; the run here that compared the actor with the machine's own
 * transition function was removed (a machine compared with itself does not count).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SubmitError, formMachine, type FormEvent } from '../../machines/kit/formMachine';
import { formSnapshotToView } from '../../machines/kit/formView';
import { enquiryForm, newsletterForm, waitlistForm } from '../../src/shared/forms';
import { messages } from '../../src/shared/messages';
import { TransitionRecorder } from './coverage';
import type { ModelEvent } from './formModel';

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function harness(input: { captchaPassed: boolean; captchaFirst?: boolean }, recorder: TransitionRecorder) {
  const pending: { verifyCaptcha?: Deferred<{ success: boolean }>; submitForm?: Deferred<unknown> } = {};
  const effects: string[] = [];
  const machine = formMachine.provide({
    actors: {
      verifyCaptcha: fromPromise(
        () => new Promise<{ success: boolean }>((resolve, reject) => (pending.verifyCaptcha = { resolve, reject })),
      ),
      submitForm: fromPromise(() => new Promise((resolve, reject) => (pending.submitForm = { resolve, reject }))),
    },
    actions: {
      rememberCaptchaPassed: () => void effects.push('remember'),
      forgetCaptchaPassed: () => void effects.push('forget'),
      announceSuccess: () => void effects.push('success'),
      announceFailure: (_, params) => void effects.push(`failure:${params.message}`),
    },
  });
  const actor = createActor(machine, {
    input: { form: newsletterForm, ...input },
    inspect: recorder.inspect,
  });
  actor.start();
  return { actor, pending, effects };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function drive(h: ReturnType<typeof harness>, event: ModelEvent): Promise<void> {
  switch (event.type) {
    case 'xstate.done.actor.verifyCaptcha':
      h.pending.verifyCaptcha!.resolve(event.output);
      break;
    case 'xstate.error.actor.verifyCaptcha':
      h.pending.verifyCaptcha!.reject(event.error);
      break;
    case 'xstate.done.actor.submitForm':
      h.pending.submitForm!.resolve(event.output);
      break;
    case 'xstate.error.actor.submitForm':
      h.pending.submitForm!.reject(event.error);
      break;
    default:
      h.actor.send(event as FormEvent);
  }
  await flush();
}

const recorder = new TransitionRecorder();

describe('form machine, by example', () => {
  it('remembers a captcha success for the session and announces success once stored', async () => {
    const h = harness({ captchaPassed: false }, recorder);
    h.actor.send({ type: 'CHANGE', field: 'email', value: 'rider@example.com' });
    h.actor.send({ type: 'CAPTCHA_SOLVED', token: 'tok' });
    h.actor.send({ type: 'SUBMIT' });
    expect(formSnapshotToView(h.actor.getSnapshot()).busy).toBe(true);
    await drive(h, { type: 'xstate.done.actor.verifyCaptcha', output: { success: true } });
    expect(h.effects).toEqual(['remember']);
    await drive(h, { type: 'xstate.done.actor.submitForm', output: { message: messages.subscribed } });
    expect(h.effects).toEqual(['remember', 'success']);
    expect(h.actor.getSnapshot().context.values.email).toBe('');
    // A second submission skips the captcha check entirely.
    h.actor.send({ type: 'CHANGE', field: 'email', value: 'other@example.com' });
    h.actor.send({ type: 'SUBMIT' });
    expect(h.actor.getSnapshot().value).toBe('submitting');
  });

  it('shows a server field error under its field and a generic failure as a toast', async () => {
    const h = harness({ captchaPassed: true }, recorder);
    h.actor.send({ type: 'CHANGE', field: 'email', value: 'rider@example.com' });
    h.actor.send({ type: 'SUBMIT' });
    await drive(h, {
      type: 'xstate.error.actor.submitForm',
      error: new SubmitError({ field: 'email', message: messages.invalidEmail }),
    });
    expect(formSnapshotToView(h.actor.getSnapshot()).fieldError('email')).toBe(messages.invalidEmail);
    h.actor.send({ type: 'SUBMIT' });
    await drive(h, { type: 'xstate.error.actor.submitForm', error: new Error('network down') });
    expect(h.effects).toEqual([`failure:${messages.submitFailed}`]);
    expect(h.actor.getSnapshot().context.values.email).toBe('rider@example.com');
  });

  it("shows every field's message at once, and the captcha's, and asks the view to focus the first", () => {
    const actor = createActor(formMachine, { input: { form: enquiryForm, captchaPassed: false }, inspect: recorder.inspect }).start();
    actor.send({ type: 'CHANGE', field: 'email', value: 'not-an-email' });
    actor.send({ type: 'SUBMIT' });
    const view = formSnapshotToView(actor.getSnapshot());
    expect(view.state).toBe('invalid');
    expect(['name', 'email', 'phone', 'message'].map((f) => view.fieldError(f))).toEqual([
      messages.requiredFields,
      messages.invalidEmail,
      null,
      messages.requiredFields,
    ]);
    expect(view.captchaError).toBe(messages.completeCaptcha);
    expect(view.focusInvalid).toBe(1);
    // Typing into a field takes its message away; the others stay.
    actor.send({ type: 'CHANGE', field: 'name', value: 'Bola' });
    const after = formSnapshotToView(actor.getSnapshot());
    expect([after.fieldError('name'), after.fieldError('message'), after.captchaError]).toEqual([
      null,
      messages.requiredFields,
      messages.completeCaptcha,
    ]);
  });

  it("on the waitlist the captcha's message comes first", () => {
    const actor = createActor(formMachine, { input: { form: waitlistForm, captchaPassed: false, captchaFirst: true } }).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.map((e) => e.field)).toEqual(['captcha', 'companyName', 'email']);
  });

  it('a pass the session gained after the form started is used at SUBMIT; a refused one asks again', async () => {
    const h = harness({ captchaPassed: false }, recorder);
    h.actor.send({ type: 'CHANGE', field: 'email', value: 'rider@example.com' });
    h.actor.send({ type: 'CAPTCHA_PASS', passed: true });
    expect(formSnapshotToView(h.actor.getSnapshot()).showCaptcha).toBe(false);
    h.actor.send({ type: 'SUBMIT' });
    expect(h.actor.getSnapshot().value).toBe('submitting');
    await drive(h, { type: 'xstate.error.actor.submitForm', error: new SubmitError({ field: 'captcha', message: messages.completeCaptcha }) });
    expect(h.effects).toEqual(['forget']);
    const view = formSnapshotToView(h.actor.getSnapshot());
    expect([view.captchaSlot, view.captchaError]).toEqual([true, messages.completeCaptcha]);
  });

  it('a sent form keeps what it sent for the confirmation; SEND_ANOTHER brings the empty form back', async () => {
    const h = harness({ captchaPassed: true }, recorder);
    h.actor.send({ type: 'CHANGE', field: 'email', value: 'rider@example.com' });
    h.actor.send({ type: 'SUBMIT' });
    await drive(h, { type: 'xstate.done.actor.submitForm', output: { message: messages.subscribed } });
    expect(formSnapshotToView(h.actor.getSnapshot()).sent).toEqual({ email: 'rider@example.com' });
    h.actor.send({ type: 'SEND_ANOTHER' });
    const view = formSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.sent, view.values.email]).toEqual(['editing', null, '']);
  });

  it('a failure that belongs to no field stays as the notice until the next SUBMIT', async () => {
    const h = harness({ captchaPassed: true }, recorder);
    h.actor.send({ type: 'CHANGE', field: 'email', value: 'rider@example.com' });
    h.actor.send({ type: 'SUBMIT' });
    await drive(h, { type: 'xstate.error.actor.submitForm', error: new SubmitError({ field: 'alert', message: 'Invalid email or password' }) });
    expect(formSnapshotToView(h.actor.getSnapshot()).notice).toBe('Invalid email or password');
    h.actor.send({ type: 'CHANGE', field: 'email', value: 'other@example.com' });
    expect(formSnapshotToView(h.actor.getSnapshot()).notice).toBe('Invalid email or password');
    h.actor.send({ type: 'SUBMIT' });
    expect(formSnapshotToView(h.actor.getSnapshot()).notice).toBeNull();
  });
});
