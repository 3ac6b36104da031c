/**
 * Model-based test of machines/companies/companySignupMachine.ts with its children (the kit's
 * form and verify step): paths generated with xstate/graph (tests/machines/companySignupModel.ts)
 * run against a real actor whose requests the test holds and answers (tests/machines/
 * heldActors.ts, by invoke id: the code step's own requests run inside its child actor); after
 * each step the actor must be where the model says and the view model must say what that state
 * shows. Every transition of the machine must be taken; the table is printed. The same paths
 * drive the real page in tests/web/CompanySignup.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { TestModel } from 'xstate/graph';
import { companyForm, companySignupMachine, ResendCooldownError } from '../../machines/companies/companySignupMachine';
import { companySignupViewStates } from '../../machines/companies/companySignupView';
import { verifyStep } from '../../machines/kit/verifyStep';
import { messages } from '../../src/shared/messages';
import { SystemRecorder, edgePaths } from './coverage';
import { flush, HeldActors } from './heldActors';
import { verifyStepShares } from './pageShares';
import {
  CAPTCHA_TOKEN,
  CODE,
  companySignupEvents,
  companySignupSystem,
  coveringPaths,
  FILL,
  GOOD_LOGO,
  INVITATION,
  INVITE,
  LARGE_LOGO,
  liveEvent,
  sendTo,
  serializeCompanySignup,
  systemOf,
  T0,
  TEST_LOCATIONS,
  viewOf,
  type CompanyModelEvent,
  type CompanySystem,
} from './companySignupModel';

const INPUT = { invite: INVITE, captchaPassed: false };

function harness(recorder?: SystemRecorder) {
  const held = new HeldActors();
  const state: { notices: string[]; finished: number; captchaFlag: boolean | null } = { notices: [], finished: 0, captchaFlag: null };
  const machine = companySignupMachine.provide({
    actors: {
      checkInvitation: held.actor('checkInvitation'),
      form: companyForm.provide({
        actors: held.actors('verifyCaptcha', 'submitForm') as never,
        actions: {
          announceFailure: (_, params) => void state.notices.push(params.message),
          rememberCaptchaPassed: () => void (state.captchaFlag = true),
          forgetCaptchaPassed: () => void (state.captchaFlag = false),
        },
      }),
      uploadLogo: held.actor('uploadLogo'),
      verify: verifyStep.provide({ actors: held.actors('verifyCode', 'sendCode') as never }),
    } as never,
    actions: {
      announce: (_, params) => void state.notices.push(params.message),
      finished: () => void (state.finished += 1),
    },
  });
  const actor = createActor(machine, { input: INPUT, inspect: recorder?.inspect });
  actor.start();
  return { actor, held, state };
}

/** One model event: an answer to a held request, or what the page sends (to the code step while it runs); then settles. */
async function drive(h: ReturnType<typeof harness>, event: CompanyModelEvent): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  if (!h.held.answer(event)) sendTo(h.actor, event);
  await flush();
}

const model = new TestModel(companySignupSystem as never, { events: companySignupEvents as never, serializeState: serializeCompanySignup as never, input: INPUT } as never);
const everyEdge = edgePaths(
  { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
  serializeCompanySignup as never,
);
const paths = coveringPaths(companySignupMachine, everyEdge as never);
const recorder = new SystemRecorder();
const viewStatesSeen = new Set<string>();
/** The requests other than the first check (which shows its own screen). */
const inFlight = (h: ReturnType<typeof harness>) => h.held.pending.some((r) => r.src !== 'checkInvitation');

describe('companySignupMachine along its model paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      const h = harness(recorder);
      for (const step of steps) {
        const event = liveEvent(step.event as CompanyModelEvent, systemOf(h.actor));
        const requestsBefore = h.held.requests.length;
        const noticesBefore = h.state.notices.length;
        const onCodeStep = systemOf(h.actor).verify !== null;
        await drive(h, event);
        const expected = step.state as CompanySystem;
        const actual = systemOf(h.actor);
        expect(actual.main.value, event.type).toEqual(expected.main.value);
        expect(actual.form?.value ?? null, event.type).toEqual(expected.form?.value ?? null);
        expect(actual.verify?.value ?? null, event.type).toEqual(expected.verify?.value ?? null);
        expect(serializeCompanySignup(actual)).toBe(serializeCompanySignup(expected));
        const view = viewOf(actual);
        viewStatesSeen.add(view.state);
        // Busy exactly while a request other than the first check is in flight.
        expect(view.busy).toBe(inFlight(h));
        // A rule the browser checks sends nothing.
        if (event.type === 'SUBMIT' && (view.state === 'fieldError' || view.state === 'codeError')) {
          expect(h.held.requests.length).toBe(requestsBefore);
        }
        // A request carries what was typed.
        for (const { src, input } of h.held.requests.slice(requestsBefore)) {
          if (src === 'checkInvitation') expect(input).toEqual({ invite: INVITE });
          if (src === 'verifyCaptcha') expect(input).toEqual({ token: CAPTCHA_TOKEN });
          if (src === 'submitForm') {
            expect(input).toMatchObject({ values: { invite: INVITE, company_name: INVITATION.companyName, email: INVITATION.email, ...Object.fromEntries(FILL) } });
          }
          if (src === 'verifyCode') expect(input).toEqual({ code: CODE });
        }
        // The code step's only toast is the welcome at the end: its failures stay beside their control.
        if (onCodeStep) expect(h.state.notices.slice(noticesBefore)).toEqual(view.state === 'done' ? [messages.companyVerified] : []);
        if (view.state === 'done') expect(h.state.finished).toBe(1);
      }
      h.actor.stop();
    },
  );

  it('prefills the company name and e-mail from the invitation and lists the areas of the chosen state', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.checkInvitation', output: { invitation: INVITATION, locations: TEST_LOCATIONS } });
    let view = viewOf(systemOf(h.actor));
    expect(view.values).toMatchObject({ company_name: 'Lekki Bakes', email: 'hello@lekkibakes.ng', contact_person: '' });
    expect(view.states).toEqual(['Lagos', 'Oyo']);
    expect(view.areas).toEqual([]);
    h.actor.send({ type: 'CHANGE', field: 'state', value: 'Lagos' });
    h.actor.send({ type: 'CHANGE', field: 'town', value: 'Lekki' });
    view = viewOf(systemOf(h.actor));
    expect(view.areas).toEqual(['Eti-Osa', 'Ikeja', 'Lekki']);
    // A new state empties the area.
    h.actor.send({ type: 'CHANGE', field: 'state', value: 'Oyo' });
    expect(viewOf(systemOf(h.actor)).values.town).toBe('');
  });

  it('checks the fields in order with the shared rules, a bad CAC number and a large logo under their fields', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.checkInvitation', output: { invitation: INVITATION, locations: TEST_LOCATIONS } });
    h.actor.send({ type: 'SUBMIT' });
    expect(viewOf(systemOf(h.actor)).fieldError('contact_person')).toBe(messages.fieldRequired);
    for (const [field, value] of FILL) h.actor.send({ type: 'CHANGE', field, value });
    h.actor.send({ type: 'CHANGE', field: 'cac_number', value: 'CAC-77' });
    h.actor.send({ type: 'SUBMIT' });
    expect(viewOf(systemOf(h.actor)).fieldError('cac_number')).toBe(messages.companyCacInvalid);
    h.actor.send({ type: 'CHANGE', field: 'cac_number', value: 'RC 123456' });
    h.actor.send({ type: 'CHOOSE_LOGO', file: null, ...LARGE_LOGO });
    expect(viewOf(systemOf(h.actor)).fieldError('logo')).toBe(messages.companyLogoTooLarge);
    h.actor.send({ type: 'CHOOSE_LOGO', file: null, ...GOOD_LOGO });
    const view = viewOf(systemOf(h.actor));
    expect([view.state, view.logo]).toEqual(['editing', { name: GOOD_LOGO.name }]);
    h.actor.send({ type: 'SUBMIT' });
    expect(viewOf(systemOf(h.actor)).captchaError).toBe(messages.completeCaptcha);
    expect(h.held.requests.map((r) => r.src)).toEqual(['checkInvitation']);
  });

  /** A fresh sign-up brought to the code step (the logo refused: added later). */
  async function atCodeStep() {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.checkInvitation', output: { invitation: { ...INVITATION, email: ' Hello@LekkiBakes.ng ' }, locations: TEST_LOCATIONS } });
    for (const [field, value] of FILL) h.actor.send({ type: 'CHANGE', field, value });
    h.actor.send({ type: 'CHOOSE_LOGO', file: null, ...GOOD_LOGO });
    h.actor.send({ type: 'ENGAGE' });
    h.actor.send({ type: 'CAPTCHA_SOLVED', token: CAPTCHA_TOKEN });
    h.actor.send({ type: 'SUBMIT' });
    await drive(h, { type: 'xstate.done.actor.verifyCaptcha', output: { success: true } });
    expect(h.state.captchaFlag).toBe(true);
    await drive(h, { type: 'xstate.done.actor.submitForm', output: { sentAt: T0 } });
    // The account exists; the logo follows, and a refused one is added later.
    expect(viewOf(systemOf(h.actor)).state).toBe('submitting');
    await drive(h, { type: 'xstate.error.actor.uploadLogo', error: new Error('refused') });
    return { h, view: () => viewOf(systemOf(h.actor)), send: (event: CompanyModelEvent) => sendTo(h.actor, event) };
  }

  it('runs the kit code step at the invitation’s address, counting down 60 seconds from the first code, and says when the logo could not be saved', async () => {
    const { h, view, send } = await atCodeStep();
    expect([view().state, view().resend, view().resendSecondsLeft, view().notice, view().email]).toEqual(['enterCode', 'coolingDown', 60, messages.companyLogoLater, INVITATION.email]);
    // The typed password is not kept once the account exists.
    expect(view().values.password).toBe('');
    // No new code while the countdown runs.
    send({ type: 'RESEND' });
    expect(h.held.requests.map((r) => r.src)).toEqual(['checkInvitation', 'verifyCaptcha', 'submitForm', 'uploadLogo']);
    send({ type: 'TICK', now: T0 + 59_001 });
    expect(view().resendSecondsLeft).toBe(1);
    send({ type: 'TICK', now: T0 + 60_000 });
    expect([view().resend, view().resendSecondsLeft]).toEqual(['ready', 0]);
    // The one field: digits only, cut to the code's length.
    send({ type: 'CODE_SET', value: ' 12-34 9' });
    expect(view().code).toBe('1234');
    send({ type: 'CODE_SET', value: '12' });
    expect(view().code).toBe('12');
    send({ type: 'SUBMIT' });
    expect([view().state, view().fieldError('verify_email_code')]).toEqual(['codeError', messages.enterCode]);
    expect(h.held.running('verifyCode')).toBeUndefined();
  });

  it('shows a failure the server did not explain beside its control, not as a toast; checks a code while a new one is on its way', async () => {
    const { h, view, send } = await atCodeStep();
    send({ type: 'TICK', now: T0 + 60_000 });
    send({ type: 'CODE_SET', value: CODE });
    send({ type: 'SUBMIT' });
    send({ type: 'RESEND' });
    // Both requests at once: the code being checked, a new code asked for.
    expect(h.held.pending.map((r) => r.src).sort()).toEqual(['sendCode', 'verifyCode']);
    expect([view().verifying, view().resend, view().busy]).toEqual([true, 'sending', true]);
    await drive(h, { type: 'xstate.error.actor.sendCode', error: new Error('offline') });
    await drive(h, { type: 'xstate.error.actor.verifyCode', error: new Error('offline') });
    expect(view().state).toBe('codeError');
    expect([view().fieldError('verify_email_code'), view().fieldError('resend')]).toEqual([messages.submitFailed, messages.submitFailed]);
    expect(h.state.notices).toEqual([]);
    // The server's wait stays on the resend line until the countdown it asked for is over.
    send({ type: 'RESEND' });
    await drive(h, { type: 'xstate.error.actor.sendCode', error: new ResendCooldownError(messages.resendWait(30), T0 + 90_000) });
    expect([view().resend, view().resendSecondsLeft, view().fieldError('resend')]).toEqual(['coolingDown', 30, messages.resendWait(30)]);
    send({ type: 'TICK', now: T0 + 90_000 });
    expect([view().resend, view().fieldError('resend')]).toEqual(['ready', null]);
    // Typing again clears the code's message; the right code ends the sign-up with the welcome toast.
    send({ type: 'CODE_SET', value: CODE });
    expect([view().state, view().fieldError('verify_email_code')]).toEqual(['enterCode', null]);
    send({ type: 'SUBMIT' });
    await drive(h, { type: 'xstate.done.actor.verifyCode', output: { message: messages.companyVerified } });
    expect([view().state, h.state.notices, h.state.finished]).toEqual(['done', [messages.companyVerified], 1]);
  });

  it('has a view state for every state it can be in', () => {
    expect([...viewStatesSeen].sort()).toEqual([...companySignupViewStates].sort());
  });

  afterAll(() => {
    expect(recorder.of('companySignup').report('companySignupMachine', companySignupMachine)).toEqual([]);
    // Its code step is the kit's: every transition the company's page can reach (pageShares.ts).
    expect(recorder.of('verifyStep').report('verifyStep, the company sign-up’s code step', verifyStep, verifyStepShares.company)).toEqual([]);
  });
});
