/**
 * Example tests of the sign-up wizard (machines/signup/signupMachine.ts) and its step machines
 * (machines/signup/) on a real actor, the steps invoked by the wizard as in the app, whose
 * requests the test settles. The model-based test (tests/machines/signupModel.ts) runs through
 * the real wizard page in tests/web/SignupWizard.test.tsx, with a screen check per state and
 * every transition of the wizard and of each step enforced; nothing here compares a machine with
 * its own transition function (a machine compared with itself does not count).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { accountStep } from '../../machines/signup/accountStep';
import { agreementStep } from '../../machines/signup/agreementStep';
import { locationStep } from '../../machines/signup/locationStep';
import { pictureStep } from '../../machines/signup/pictureStep';
import { verifyStep } from '../../machines/kit/verifyStep';
import {
  COOLDOWN_MS,
  ResendCooldownError,
  activeStep,
  applyBackspace,
  applyBoxInput,
  signupMachine,
  type SignupInput,
} from '../../machines/signup/signupMachine';
import { signupSnapshotToView, type StepSnapshot } from '../../machines/signup/signupView';
import { messages } from '../../src/shared/messages';
import {
  ACTOR_IDS,
  NEW_EMAIL,
  RIDER,
  T0,
  WizardRecorder,
  done,
  failed,
  networkDown,
  progress,
  sendToWizard,
  serverError,
  type ModelEvent,
} from './signupModel';

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function harness(input: SignupInput, recorder: WizardRecorder) {
  const pending: Record<string, Deferred> = {};
  const effects: string[] = [];
  const held = (id: string) => fromPromise(() => new Promise((resolve, reject) => (pending[id] = { resolve, reject })));
  const actors = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, held(id)])) as never;
  const persistResendDeadline = (_: unknown, p: { deadline: number }) => void effects.push(`persist:${p.deadline - T0}`);
  const forgetResendDeadline = () => void effects.push('forgetDeadline');
  const userChanged = () => void effects.push('userChanged');
  const announce = (_: unknown, p: { message: string }) => void effects.push(`announce:${p.message}`);
  const machine = signupMachine.provide({
    actors: {
      loadProgress: held('loadProgress') as never,
      account: accountStep.provide({
        actors: actors(ACTOR_IDS.account),
        actions: {
          rememberCaptchaPassed: () => void effects.push('rememberCaptcha'),
          forgetCaptchaPassed: () => void effects.push('forgetCaptcha'),
        },
      }),
      verify: verifyStep.provide({ actors: actors(ACTOR_IDS.verify), actions: { persistResendDeadline, forgetResendDeadline, userChanged } }),
      location: locationStep.provide({ actors: actors(ACTOR_IDS.location) }),
      picture: pictureStep.provide({
        actors: actors(ACTOR_IDS.picture),
        actions: { announce, userChanged, releasePreview: (_, p) => void (p.url && effects.push(`release:${p.url}`)) },
      }),
      agreement: agreementStep.provide({ actors: actors(ACTOR_IDS.agreement), actions: { announce } }),
    },
    actions: {
      goToLogin: () => void effects.push('goToLogin'),
      goToDashboard: () => void effects.push('goToDashboard'),
      userChanged,
      persistResendDeadline,
      forgetResendDeadline,
    },
  });
  const actor = createActor(machine, { input, inspect: recorder.inspect });
  actor.start();
  /** The running step's snapshot. */
  const step = (): StepSnapshot | null => {
    const id = activeStep(actor.getSnapshot());
    return id ? ((actor.getSnapshot().children as Record<string, AnyActorRef | undefined>)[id]?.getSnapshot() ?? null) : null;
  };
  return {
    actor,
    pending,
    effects,
    step,
    send: (event: ModelEvent) => sendToWizard(actor, event),
    view: () => signupSnapshotToView(actor.getSnapshot(), step()),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function drive(h: ReturnType<typeof harness>, event: ModelEvent): Promise<void> {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (match) {
    const deferred = h.pending[match[2]!];
    if (!deferred) throw new Error(`${match[2]} is not running`);
    delete h.pending[match[2]!];
    if (match[1] === 'done') deferred.resolve((event as { output: unknown }).output);
    else deferred.reject((event as { error: unknown }).error);
    await flush();
    return;
  }
  h.send(event);
}

describe('sign-up wizard machine, by example', () => {
  const recorder = new WizardRecorder();
  const input: SignupInput = { signedIn: true, requestedStep: 1, resendDeadline: null, now: T0, captchaPassed: false };

  it('says welcome back and resumes at the saved step', async () => {
    for (const tab of [2, 3, 4, 5]) {
      const h = harness(input, recorder);
      await drive(h, done('loadProgress', progress(tab)));
      const view = h.view();
      expect(view.step).toBe(tab);
      expect(view.welcome).toBe('Welcome back ade_rider, Please complete your profile to continue');
      expect(view.segments.filter((s) => s === 'done')).toHaveLength(tab - 1);
      expect(view.segments[tab - 1]).toBe('current');
      h.actor.stop();
    }
  });

  it('counts the resend down from 60 on the simulated clock, the control waiting meanwhile', async () => {
    const h = harness(input, recorder);
    await drive(h, done('loadProgress', progress(2)));
    const view = () => h.view().verify.resend;
    expect(view()).toEqual({ state: 'ready', secondsLeft: 0, notice: null, error: null });
    h.send({ type: 'RESEND' });
    expect(view().state).toBe('sending');
    h.send({ type: 'RESEND' }); // a second tap while sending does nothing
    await drive(h, done('sendCode', { sentAt: T0 + 5000 }));
    expect(view()).toEqual({ state: 'coolingDown', secondsLeft: 60, notice: messages.verificationCodeSent, error: null });
    expect(h.effects).toContain(`persist:${5000 + COOLDOWN_MS}`);
    h.send({ type: 'RESEND' }); // disabled while counting down
    expect(view().state).toBe('coolingDown');
    const seconds: number[] = [];
    for (let t = 1; t <= 60; t++) {
      h.send({ type: 'TICK', now: T0 + 5000 + t * 1000 - 1 });
      seconds.push(view().secondsLeft);
    }
    expect(seconds.slice(0, 3)).toEqual([60, 59, 58]);
    expect(seconds.at(-1)).toBe(1);
    h.send({ type: 'TICK', now: T0 + 5000 + 60_000 });
    expect(view().state).toBe('ready');
    expect(h.effects.at(-1)).toBe('forgetDeadline');
    h.actor.stop();
  });

  it('keeps the countdown across a reload from the kept deadline', () => {
    const h = harness({ ...input, resendDeadline: T0 + 42_500 }, recorder);
    h.pending.loadProgress!.resolve(progress(2));
    return flush().then(() => {
      expect(h.view().verify.resend).toMatchObject({ state: 'coolingDown', secondsLeft: 43 });
      h.actor.stop();
    });
  });

  it('starts the countdown when the account is made (the first code was just sent)', async () => {
    const h = harness({ ...input, signedIn: false, captchaPassed: true }, recorder);
    for (const [field, value] of Object.entries({ username: 'ade', email: 'ade@example.com', password: 'ogba-rides-at-dawn' })) {
      h.send({ type: 'CHANGE', field, value });
    }
    h.send({ type: 'SUBMIT' });
    await drive(h, done('submitForm', { sentAt: T0 }));
    const view = h.view();
    expect(view.step).toBe(2);
    expect(view.welcome).toBeNull();
    expect(view.verify.email).toBe('ade@example.com');
    expect(view.verify.resend).toMatchObject({ state: 'coolingDown', secondsLeft: 60 });
    h.actor.stop();
  });

  it('step 1 (the public forms\' machine): a failure with no field shows at the top until the rider types again', async () => {
    const h = harness({ ...input, signedIn: false, captchaPassed: true }, recorder);
    for (const [field, value] of Object.entries(RIDER)) h.send({ type: 'CHANGE', field, value });
    h.send({ type: 'SUBMIT' });
    expect([h.view().state, h.view().busy]).toEqual(['account.submitting', true]);
    await drive(h, failed('submitForm', networkDown()));
    expect([h.view().state, h.view().alert, h.view().busy]).toEqual(['account.error', messages.submitFailed, false]);
    h.send({ type: 'CHANGE', field: 'username', value: 'ade_rides' });
    expect([h.view().state, h.view().alert, h.view().account.values.username]).toEqual(['account.editing', null, 'ade_rides']);
    h.actor.stop();
  });

  it('fills the boxes from a paste that starts with digits, stripping non-digits from its first 4 characters', async () => {
    const h = harness(input, recorder);
    await drive(h, done('loadProgress', progress(2)));
    const digits = () => h.view().verify.digits;
    h.send({ type: 'CODE_PASTE', text: 'code: 1234' });
    expect(digits()).toEqual(['', '', '', '']);
    h.send({ type: 'CODE_PASTE', text: ' 12a4567 ' });
    expect(digits()).toEqual(['1', '2', '4', '']);
    expect((h.step()!.context as { codeFocus: number }).codeFocus).toBe(3);
    h.send({ type: 'CODE_PASTE', text: '987654' });
    expect(digits()).toEqual(['9', '8', '7', '6']);
    h.actor.stop();
  });

  it('takes the whole code from one field (the company sign-up\'s): digits only, cut to 4, the focus after the last', async () => {
    const h = harness(input, recorder);
    await drive(h, done('loadProgress', progress(2)));
    const code = () => [h.view().verify.digits, h.view().verify.focus];
    h.send({ type: 'CODE_SET', value: ' 4-8 ' });
    expect(code()).toEqual([['4', '8', '', ''], 2]);
    h.send({ type: 'CODE_SET', value: 'a1b2c3d4e5' });
    expect(code()).toEqual([['1', '2', '3', '4'], 3]);
    // A shorter value empties the boxes after it (the field was cut), and an empty one all.
    h.send({ type: 'CODE_SET', value: '12' });
    expect(code()).toEqual([['1', '2', '', ''], 2]);
    h.send({ type: 'CODE_SET', value: '' });
    expect(code()).toEqual([['', '', '', ''], 0]);
    // After a message, typing clears it.
    h.send({ type: 'SUBMIT' });
    expect([h.view().state, h.view().verify.error]).toEqual(['verify.error', messages.enterCode]);
    h.send({ type: 'CODE_SET', value: '4821' });
    expect([h.view().state, h.view().verify.error, h.view().verify.digits.join('')]).toEqual(['verify.editing', null, '4821']);
    h.actor.stop();
  });

  it('moves the focus on after a digit and back on Backspace in an empty box', () => {
    let s = applyBoxInput(['', '', '', ''], 0, '4');
    expect(s).toEqual({ code: ['4', '', '', ''], focus: 1 });
    s = applyBoxInput(s.code, 1, 'a');
    expect(s).toEqual({ code: ['4', '', '', ''], focus: 1 });
    s = applyBoxInput(s.code, 0, '49'); // typing 9 after the 4 in the first box
    expect(s).toEqual({ code: ['9', '', '', ''], focus: 1 });
    s = applyBoxInput(s.code, 0, '19'); // typing 1 before the 9
    expect(s).toEqual({ code: ['1', '', '', ''], focus: 1 });
    s = applyBoxInput(s.code, 1, '234'); // a keyboard's one-time-code suggestion
    expect(s).toEqual({ code: ['1', '2', '3', '4'], focus: 3 });
    expect(applyBackspace(s.code, 3)).toEqual({ code: ['1', '2', '3', ''], focus: 3 });
    expect(applyBackspace(['1', '2', '', ''], 2)).toEqual({ code: ['1', '', '', ''], focus: 1 });
    expect(applyBackspace(['', '', '', ''], 0)).toEqual({ code: ['', '', '', ''], focus: 0 });
  });

  it('leaves for the dashboard once the agreement is accepted, telling the app the user changed', async () => {
    const h = harness(input, recorder);
    await drive(h, done('loadProgress', progress(5)));
    h.send({ type: 'TOGGLE_AGREE', agreed: true });
    h.send({ type: 'SUBMIT' });
    await drive(h, done('acceptAgreement', { message: 'ok', current_tab: 5, profile_completed: 1 }));
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.effects).toContain(`announce:${messages.agreementAccepted}`);
    expect(h.effects.slice(-3)).toEqual(['forgetDeadline', 'userChanged', 'goToDashboard']);
    h.actor.stop();
  });

  it("shows 'Welcome back' on the step where the rider resumed, not on the next one", async () => {
    const h = harness(input, recorder);
    await drive(h, done('loadProgress', progress(2)));
    const view = () => h.view();
    expect(view().welcome).toBe(messages.welcomeBack('ade_rider'));
    // Changing the address stays on the step: the banner stays too.
    h.send({ type: 'CHANGE_EMAIL' });
    expect(view().welcome).toBe(messages.welcomeBack('ade_rider'));
    h.send({ type: 'CANCEL_CHANGE_EMAIL' });
    h.send({ type: 'CODE_PASTE', text: '4821' });
    h.send({ type: 'SUBMIT' });
    await drive(h, done('verifyCode', { message: 'ok', current_tab: 3, profile_completed: 0 }));
    expect(view().step).toBe(3);
    expect(view().welcome).toBeNull();
    h.actor.stop();
  });

  it('a resend that went out clears the old digits and the old error; one that failed keeps them', async () => {
    const h = harness(input, recorder);
    await drive(h, done('loadProgress', progress(2)));
    const view = () => h.view();
    h.send({ type: 'CODE_PASTE', text: '4821' });
    h.send({ type: 'SUBMIT' });
    await drive(h, failed('verifyCode', serverError('verify_email_code', messages.codeIncorrect(4))));
    expect([view().state, view().verify.digits.join(''), view().verify.error]).toEqual(['verify.error', '4821', messages.codeIncorrect(4)]);
    h.send({ type: 'RESEND' });
    await drive(h, failed('sendCode', networkDown()));
    expect([view().state, view().verify.digits.join(''), view().verify.error]).toEqual(['verify.error', '4821', messages.codeIncorrect(4)]);
    h.send({ type: 'RESEND' });
    await drive(h, done('sendCode', { sentAt: T0 + 1000 }));
    expect([view().state, view().verify.digits, view().verify.error, view().verify.focus]).toEqual(['verify.editing', ['', '', '', ''], null, 0]);
    expect(view().verify.resend).toMatchObject({ state: 'coolingDown', notice: messages.verificationCodeSent });
    h.actor.stop();
  });

  it("changes a mistyped address: the form starts from it, checks it, and a new code's countdown starts", async () => {
    const h = harness(input, recorder);
    await drive(h, done('loadProgress', progress(2)));
    const view = () => h.view();
    expect(view().verify.spamHint).toBe(messages.checkSpam);
    h.send({ type: 'CODE_INPUT', index: 0, value: '4' });
    h.send({ type: 'CHANGE_EMAIL' });
    expect(view().state).toBe('verify.emailEditing');
    expect(view().verify.changing).toEqual({ value: RIDER.email, error: null });
    expect(view().verify.spamHint).toBeNull();
    h.send({ type: 'EDIT_EMAIL', value: 'ade.bakare@example' });
    h.send({ type: 'SUBMIT' });
    expect(view().verify.changing).toEqual({ value: 'ade.bakare@example', error: messages.invalidEmail });
    h.send({ type: 'EDIT_EMAIL', value: ` ${NEW_EMAIL} ` });
    h.send({ type: 'SUBMIT' });
    expect(view().state).toBe('verify.emailSubmitting');
    expect(view().busy).toBe(true);
    await drive(h, failed('changeEmail', serverError('email', messages.emailTaken)));
    expect(view().verify.changing).toEqual({ value: ` ${NEW_EMAIL} `, error: messages.emailTaken });
    h.send({ type: 'SUBMIT' });
    await drive(h, failed('changeEmail', new ResendCooldownError(messages.resendWait(20), T0 + 20_000)));
    expect(view().verify.changing?.error).toBe(messages.resendWait(20));
    expect(h.effects.at(-1)).toBe('persist:20000');
    h.send({ type: 'SUBMIT' });
    await drive(h, done('changeEmail', { sentAt: T0 + 30_000, email: NEW_EMAIL }));
    expect(view().state).toBe('verify.editing');
    expect(view().verify.email).toBe(NEW_EMAIL);
    expect(view().verify.digits).toEqual(['', '', '', '']);
    expect(view().verify.resend).toEqual({ state: 'coolingDown', secondsLeft: 60, notice: messages.emailChanged(NEW_EMAIL), error: null });
    expect(view().verify.spamHint).toBeNull();
    expect(h.effects.slice(-2)).toEqual([`persist:${30_000 + COOLDOWN_MS}`, 'userChanged']);
    // Cancel leaves the address as it was.
    h.send({ type: 'CHANGE_EMAIL' });
    h.send({ type: 'EDIT_EMAIL', value: 'someone@else.com' });
    h.send({ type: 'CANCEL_CHANGE_EMAIL' });
    expect([view().state, view().verify.email]).toEqual(['verify.editing', NEW_EMAIL]);
    expect(view().verify.resend.state).toBe('coolingDown');
    h.actor.stop();
  });

  it('does not open the change while a new code is on its way', async () => {
    const h = harness(input, recorder);
    await drive(h, done('loadProgress', progress(2)));
    h.send({ type: 'RESEND' });
    h.send({ type: 'CHANGE_EMAIL' });
    expect(h.view().verify.resend.state).toBe('sending');
    expect(h.view().verify.changing).toBeNull();
    h.actor.stop();
  });

  it('sends a visitor without a token who asks for a later step to /login', () => {
    const h = harness({ ...input, signedIn: false, requestedStep: 4 }, recorder);
    expect(h.actor.getSnapshot().matches('leaving')).toBe(true);
    expect(h.effects).toEqual(['goToLogin']);
    h.actor.stop();
  });
});

