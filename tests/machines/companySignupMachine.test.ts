/**
 * Model-based test of machines/companies/companySignupMachine.ts: paths generated with xstate/graph
 * (tests/machines/companySignupModel.ts) run against a real actor whose requests the test holds
 * and answers; after each step the actor must be where the model says and the view model must
 * say what that state shows. Every transition of the machine must be taken; the table is
 * printed. The same paths drive the real page in tests/web/CompanySignup.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { TestModel } from 'xstate/graph';
import { companyForm, companySignupMachine } from '../../machines/companies/companySignupMachine';
import { companySignupViewStates } from '../../machines/companies/companySignupView';
import { messages } from '../../src/shared/messages';
import { TransitionRecorder, edgePaths } from './coverage';
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
  serializeCompanySignup,
  systemOf,
  T0,
  TEST_LOCATIONS,
  viewOf,
  type CompanyModelEvent,
  type CompanySystem,
} from './companySignupModel';

interface Pending {
  src: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const INPUT = { invite: INVITE, captchaPassed: false, now: T0 };

function harness(recorder?: TransitionRecorder) {
  const state: { pending: Pending | null; requests: Array<{ src: string; input: unknown }>; notices: string[]; finished: number; captchaFlag: boolean | null } = {
    pending: null,
    requests: [],
    notices: [],
    finished: 0,
    captchaFlag: null,
  };
  const held = (src: string) =>
    fromPromise<never, unknown>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          state.requests.push({ src, input });
          state.pending = { src, input, resolve: resolve as (value: unknown) => void, reject };
        }),
    );
  const machine = companySignupMachine.provide({
    actors: {
      checkInvitation: held('checkInvitation'),
      form: companyForm.provide({
        actors: { verifyCaptcha: held('verifyCaptcha'), submitForm: held('submitForm') } as never,
        actions: {
          announceFailure: (_, params) => void state.notices.push(params.message),
          rememberCaptchaPassed: () => void (state.captchaFlag = true),
          forgetCaptchaPassed: () => void (state.captchaFlag = false),
        },
      }),
      uploadLogo: held('uploadLogo'),
      sendCode: held('sendCode'),
      verifyCode: held('verifyCode'),
    } as never,
    actions: {
      announce: (_, params) => void state.notices.push(params.message),
      finished: () => void (state.finished += 1),
    },
  });
  const actor = createActor(machine, { input: INPUT, inspect: recorder?.inspect });
  actor.start();
  return { actor, state };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function drive(h: ReturnType<typeof harness>, event: CompanyModelEvent): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
    const pending = h.state.pending!;
    expect(event.type.endsWith(`.${pending.src}`), `${event.type} answers ${pending.src}`).toBe(true);
    h.state.pending = null;
    if (event.type.startsWith('xstate.done.')) pending.resolve((event as { output: unknown }).output);
    else pending.reject((event as { error: unknown }).error);
  } else {
    h.actor.send(event as never);
  }
  await flush();
}

const model = new TestModel(companySignupSystem as never, { events: companySignupEvents as never, serializeState: serializeCompanySignup as never, input: INPUT } as never);
const everyEdge = edgePaths(
  { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
  serializeCompanySignup as never,
);
const paths = coveringPaths(companySignupMachine, everyEdge as never);
const recorder = new TransitionRecorder();
const viewStatesSeen = new Set<string>();

describe('companySignupMachine along its model paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      const h = harness(recorder);
      for (const step of steps) {
        const event = liveEvent(step.event as CompanyModelEvent, systemOf(h.actor));
        const requestsBefore = h.state.requests.length;
        await drive(h, event);
        const expected = step.state as CompanySystem;
        const actual = systemOf(h.actor);
        expect(actual.main.value, event.type).toEqual(expected.main.value);
        expect(actual.form?.value ?? null, event.type).toEqual(expected.form?.value ?? null);
        expect(serializeCompanySignup(actual)).toBe(serializeCompanySignup(expected));
        const view = viewOf(actual);
        viewStatesSeen.add(view.state);
        // Busy exactly while a request other than the first check is in flight.
        expect(view.busy).toBe(h.state.pending !== null && h.state.pending.src !== 'checkInvitation');
        // A rule the browser checks sends nothing.
        if ((event.type === 'SUBMIT' || event.type === 'SUBMIT_CODE') && (view.state === 'fieldError' || view.state === 'codeError')) {
          expect(h.state.requests.length).toBe(requestsBefore);
        }
        // A request carries what was typed.
        if (h.state.requests.length > requestsBefore) {
          const { src, input } = h.state.requests.at(-1)!;
          if (src === 'checkInvitation') expect(input).toEqual({ invite: INVITE });
          if (src === 'verifyCaptcha') expect(input).toEqual({ token: CAPTCHA_TOKEN });
          if (src === 'submitForm') {
            expect(input).toMatchObject({ values: { invite: INVITE, company_name: INVITATION.companyName, email: INVITATION.email, ...Object.fromEntries(FILL) } });
          }
          if (src === 'verifyCode') expect(input).toEqual({ code: CODE });
        }
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
    expect(h.state.requests.map((r) => r.src)).toEqual(['checkInvitation']);
  });

  it('counts down 60 seconds from the first code, and says when the logo could not be saved', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.checkInvitation', output: { invitation: INVITATION, locations: TEST_LOCATIONS } });
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
    let view = viewOf(systemOf(h.actor));
    expect([view.state, view.resendSecondsLeft, view.notice, view.email]).toEqual(['enterCode', 60, messages.companyLogoLater, INVITATION.email]);
    // The typed password is not kept once the account exists.
    expect(view.values.password).toBe('');
    // No new code while the countdown runs.
    h.actor.send({ type: 'RESEND' });
    expect(h.state.pending).toBeNull();
    expect(h.state.requests.map((r) => r.src)).toEqual(['checkInvitation', 'verifyCaptcha', 'submitForm', 'uploadLogo']);
    h.actor.send({ type: 'TICK', now: T0 + 59_001 });
    expect(viewOf(systemOf(h.actor)).resendSecondsLeft).toBe(1);
    h.actor.send({ type: 'TICK', now: T0 + 60_000 });
    view = viewOf(systemOf(h.actor));
    expect(view.resendSecondsLeft).toBe(0);
    h.actor.send({ type: 'CHANGE_CODE', value: ' 12-34 9' });
    expect(viewOf(systemOf(h.actor)).code).toBe('1234');
  });

  it('has a view state for every state it can be in', () => {
    expect([...viewStatesSeen].sort()).toEqual([...companySignupViewStates].sort());
  });

  afterAll(() => {
    expect(recorder.report('companySignupMachine', companySignupMachine)).toEqual([]);
  });
});
