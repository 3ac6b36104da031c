/**
 * Model-based test of machines/kit/captchaPassMachine.ts: every path from a fresh and
 * from a restored session runs against a real actor, whose kept flag (the remember/forget
 * actions) must say what the state says; then two form machines share one pass the way the
 * app wires them (src/web/kit/forms/useFormMachine.ts): one passes the captcha, the other skips it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { captchaPassMachine, type CaptchaPassEvent } from '../../machines/kit/captchaPassMachine';
import { formMachine, SubmitError, type FormEvent } from '../../machines/kit/formMachine';
import { enquiryForm, newsletterForm } from '../../src/shared/forms';
import { messages } from '../../src/shared/messages';
import { TransitionRecorder, edgePaths } from './coverage';
import { captchaPassModel, serializeCaptchaPass } from './captchaPassModel';

const recorder = new TransitionRecorder();

function passActor(passed: boolean) {
  const kept = { flag: passed };
  const actor = createActor(
    captchaPassMachine.provide({ actions: { remember: () => void (kept.flag = true), forget: () => void (kept.flag = false) } }),
    { input: { passed }, inspect: recorder.inspect },
  ).start();
  return { actor, kept };
}

describe('captcha pass machine, model-based', () => {
  for (const passed of [false, true]) {
    // Every event from every reachable state (shortest path there, then the event).
    const paths = edgePaths(captchaPassModel(passed) as never, serializeCaptchaPass as never);
    it(`${passed ? 'restored' : 'fresh'} session: has paths`, () => expect(paths.length).toBeGreaterThan(1));
    for (const steps of paths) {
      it(`${passed ? 'restored' : 'fresh'} session: ${steps.map((s) => s.event.type).join(' → ')}`, () => {
        const { actor, kept } = passActor(passed);
        for (const step of steps as unknown as Array<{ event: CaptchaPassEvent; state: { value: unknown } }>) {
          if ((step.event.type as string) !== 'xstate.init') actor.send(step.event);
          expect(actor.getSnapshot().value).toEqual(step.state.value);
          expect(kept.flag).toBe(actor.getSnapshot().matches('passed'));
        }
        actor.stop();
      });
    }
  }

  it('a second PASSED while passed keeps the pass', () => {
    const { actor, kept } = passActor(true);
    actor.send({ type: 'PASSED' });
    expect([actor.getSnapshot().value, kept.flag]).toEqual(['passed', true]);
  });

  afterAll(() => {
    const missing = recorder.report('captcha pass machine', captchaPassMachine);
    expect(missing, `transitions never driven:\n${missing.join('\n')}`).toEqual([]);
  });
});

describe('two forms, one pass (newsletter then Quick Enquiry on the same page)', () => {
  function wiredForm(pass: ReturnType<typeof passActor>['actor'], form: typeof newsletterForm | typeof enquiryForm) {
    const requests: string[] = [];
    const submitResults: Array<{ resolve: (v: unknown) => void; reject: (e: unknown) => void }> = [];
    const actor = createActor(
      formMachine.provide({
        actors: {
          verifyCaptcha: fromPromise(async (): Promise<{ success: boolean }> => {
            requests.push('verify');
            return { success: true };
          }),
          submitForm: fromPromise(
            () =>
              new Promise((resolve, reject) => {
                requests.push('submit');
                submitResults.push({ resolve, reject });
              }),
          ),
        },
        actions: {
          rememberCaptchaPassed: () => pass.send({ type: 'PASSED' }),
          forgetCaptchaPassed: () => pass.send({ type: 'SPENT' }),
        },
      }),
      { input: { form, captchaPassed: false } },
    ).start();
    // As useFormMachine wires it: follow the pass, and ask it at the moment of SUBMIT.
    pass.subscribe((s) => actor.send({ type: 'CAPTCHA_PASS', passed: s.matches('passed') }));
    const send = (event: FormEvent) => {
      if (event.type === 'SUBMIT') actor.send({ type: 'CAPTCHA_PASS', passed: pass.getSnapshot().matches('passed') });
      actor.send(event);
    };
    return { actor, send, requests, submitResults };
  }
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('the second form submits without a captcha; when the server refuses the pass, both ask again', async () => {
    const { actor: pass } = passActor(false);
    const newsletter = wiredForm(pass, newsletterForm);
    const enquiry = wiredForm(pass, enquiryForm);
    newsletter.send({ type: 'CHANGE', field: 'email', value: 'rider@example.com' });
    newsletter.send({ type: 'CAPTCHA_SOLVED', token: 'pass-1' });
    newsletter.send({ type: 'SUBMIT' });
    await flush();
    newsletter.submitResults[0]!.resolve({ message: messages.subscribed });
    await flush();
    expect(pass.getSnapshot().value).toBe('passed');

    for (const [field, value] of [
      ['name', 'Bola'],
      ['email', 'bola@example.com'],
      ['message', 'A pickup in Ogba'],
    ] as const)
      enquiry.send({ type: 'CHANGE', field, value });
    enquiry.send({ type: 'SUBMIT' });
    await flush();
    expect(enquiry.requests).toEqual(['submit']);
    expect(enquiry.actor.getSnapshot().context.errors).toEqual([]);

    // The server says the pass is spent: the widget comes back in both forms.
    enquiry.submitResults[0]!.reject(new SubmitError({ field: 'captcha', message: messages.completeCaptcha }));
    await flush();
    expect(pass.getSnapshot().value).toBe('needed');
    expect(newsletter.actor.getSnapshot().context.captchaPassed).toBe(false);
    expect(enquiry.actor.getSnapshot().context.captchaPassed).toBe(false);
  });
});
