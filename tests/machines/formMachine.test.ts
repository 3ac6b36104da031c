/**
 * Model-based test of machines/formMachine.ts: paths generated with xstate/graph are run
 * against a real actor whose captcha and submit actors are controlled by the test; every
 * transition of the machine must be driven at least once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SubmitError, formMachine, type FormEvent } from '../../machines/formMachine';
import { formSnapshotToView } from '../../machines/formView';
import { enquiryForm, newsletterForm, waitlistForm } from '../../src/shared/forms';
import { messages } from '../../src/shared/messages';
import { TransitionRecorder, edgePaths } from './coverage';
import { actorResultCanHappen, formEvents, serializeFormState, type ModelEvent } from './formModel';

type Snapshot = SnapshotFrom<typeof formMachine>;

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

/** The real actor must be where the model says, with the same user-visible context. */
function expectSameState(actual: Snapshot, expected: Snapshot): void {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.values).toEqual(expected.context.values);
  expect(actual.context.errors).toEqual(expected.context.errors);
  expect(actual.context.notice).toBe(expected.context.notice);
  expect(actual.context.sent).toEqual(expected.context.sent);
  expect(actual.context.captchaPassed).toBe(expected.context.captchaPassed);
  expect(actual.context.captchaToken).toBe(expected.context.captchaToken);
  expect(actual.context.engaged).toBe(expected.context.engaged);
  const view = formSnapshotToView(actual);
  expect(view.busy).toBe(actual.matches('verifyingCaptcha') || actual.matches('submitting'));
}

const recorder = new TransitionRecorder();
const variants = [
  { name: 'fresh session', input: { captchaPassed: false } },
  { name: 'captcha already passed', input: { captchaPassed: true } },
  { name: 'captcha asked first (waitlist)', input: { captchaPassed: false, captchaFirst: true } },
];

describe('form machine, model-based', () => {
  for (const variant of variants) {
    // TestModel directly: createTestModel refuses invoking machines, but the traversal only needs
    // pure transitions, and the invoked actors' results are events in the model.
    const model = new TestModel(formMachine, {
      input: { form: newsletterForm, ...variant.input },
      events: formEvents as unknown as FormEvent[],
      serializeState: serializeFormState as never,
    });
    const paths = model.getShortestPaths();
    it(`${variant.name}: generates paths`, () => {
      expect(paths.length).toBeGreaterThan(5);
    });
    it(`${variant.name}: every event from every reachable state`, async () => {
      const all = edgePaths(model as never, serializeFormState as never, actorResultCanHappen as never);
      expect(all.length).toBeGreaterThan(paths.length);
      for (const steps of all) {
        const h = harness(variant.input, recorder);
        for (const step of steps) {
          await drive(h, step.event as unknown as ModelEvent);
          expectSameState(h.actor.getSnapshot(), step.state as Snapshot);
        }
        h.actor.stop();
      }
    });
    for (const path of paths) {
      it(`${variant.name}: ${path.description}`, async () => {
        const h = harness(variant.input, recorder);
        for (const step of path.steps) {
          await drive(h, step.event as unknown as ModelEvent);
          expectSameState(h.actor.getSnapshot(), step.state as Snapshot);
        }
        h.actor.stop();
      });
    }
  }

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

  it("issue 9: shows every field's message at once, and the captcha's, and asks the view to focus the first", () => {
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

  it("issue 9: on the waitlist the captcha's message comes first", () => {
    const actor = createActor(formMachine, { input: { form: waitlistForm, captchaPassed: false, captchaFirst: true } }).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.map((e) => e.field)).toEqual(['captcha', 'companyName', 'email']);
  });

  it('issue 9: a pass the session gained after the form started is used at SUBMIT; a refused one asks again', async () => {
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

  it('issue 13: a sent form keeps what it sent for the confirmation; SEND_ANOTHER brings the empty form back', async () => {
    const h = harness({ captchaPassed: true }, recorder);
    h.actor.send({ type: 'CHANGE', field: 'email', value: 'rider@example.com' });
    h.actor.send({ type: 'SUBMIT' });
    await drive(h, { type: 'xstate.done.actor.submitForm', output: { message: messages.subscribed } });
    expect(formSnapshotToView(h.actor.getSnapshot()).sent).toEqual({ email: 'rider@example.com' });
    h.actor.send({ type: 'SEND_ANOTHER' });
    const view = formSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.sent, view.values.email]).toEqual(['editing', null, '']);
  });

  it('issue 13: a failure that belongs to no field stays as the notice until the next SUBMIT', async () => {
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

  afterAll(() => {
    const missing = recorder.report('form machine', formMachine);
    expect(missing, `transitions never driven:\n${missing.join('\n')}`).toEqual([]);
  });
});
