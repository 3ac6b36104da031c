// @vitest-environment jsdom
/**
 * The company sign-up machine (machines/companies/companySignupMachine.ts) tested through the real page
 * (CompanySignupView, useCompanySignup, the app's API client and auth service, the captcha
 * component, the toasts), with only fetch stood in at the network edge (tests/web/support/
 * apiEdge.ts), hCaptcha's browser API replaced by the stories' stand-in and the countdown's
 * clock driven by the test. Paths come from xstate/graph (tests/machines/companySignupModel.ts),
 * chosen so that together they take every transition. Each model event is something the company
 * does on the page (typing, choosing a logo, the captcha widget, the buttons) or the server's
 * answer to a request the page has in flight. After each step the page must show what the
 * state says; the page's own actor is inspected and must have taken every transition of the
 * machine, and of its code step (the kit's verify step) every one this page can reach.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestModel } from 'xstate/graph';
import { companySignupMachine } from '../../machines/companies/companySignupMachine';
import { codeStepErrors, shownError } from '../../machines/companies/companySignupView';
import { verifyStep } from '../../machines/kit/verifyStep';
import { COMPANY_SIGNUP_FIELDS } from '../../src/shared/company';
import { messages } from '../../src/shared/messages';
import { auth, setLoginNavigation } from '../../src/web/kit/session/authService';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { CompanySignupView } from '../../src/web/features/companies/CompanySignupView';
import { useCompanySignup, type Clock } from '../../src/web/features/companies/useCompanySignup';
import { installHcaptchaStandIn } from '../../storybook/support/hcaptchaStandIn';
import { StoryRouter } from '../../storybook/support/StoryRouter';
import { SystemRecorder, edgePaths } from '../machines/coverage';
import { verifyStepShares } from '../machines/pageShares';
import {
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
  systemStart,
  systemTransition,
  T0,
  TEST_LOCATIONS,
  viewOf,
  type CompanyModelEvent,
  type CompanySystem,
} from '../machines/companySignupModel';
import { ApiEdge } from './support/apiEdge';
import { optionsOf, setCombobox } from './support/combobox';
import { captchaPass } from '../../src/web/kit/forms/captchaPass';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const TOKEN = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'c1', sid: 's1', user_type: 2, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;
const COMPANY_USER = { username: 'lekki-bakes-a1b2c3', email: INVITATION.email, user_type: 2, picture: null, profile_completed: 1, current_tab: 5 };
const labels = messages.companyLabels;
const INPUT = { invite: INVITE, captchaPassed: false };

const edge = new ApiEdge();
const recorder = new SystemRecorder();
let finished = 0;

/** The countdown's clock, moved by the test. */
class TestClock implements Clock {
  time = T0;
  private ticks = new Set<() => void>();
  now = () => this.time;
  every = (_ms: number, tick: () => void) => {
    this.ticks.add(tick);
    return () => void this.ticks.delete(tick);
  };
  set(time: number) {
    this.time = time;
    for (const tick of this.ticks) tick();
  }
}
let clock = new TestClock();

function Page() {
  const { view, send } = useCompanySignup({ invite: INVITE, goToDashboard: () => void (finished += 1), clock, inspect: recorder.inspect });
  return <CompanySignupView view={view} send={send} />;
}

function renderPage() {
  return render(
    <StoryRouter path={`/company-signup?invite=${INVITE}`}>
      <main>
        <Page />
      </main>
      <Toasts />
    </StoryRouter>,
  );
}

const page = () => screen.getByRole('main');
const take = (path: string) => waitFor(() => edge.take(path));
const respond = async (path: string, status: number, body: unknown) => {
  const held = await take(path);
  await act(async () => held.respond(status, body));
  return held;
};
const fail = (field: string, message: string) => ({ error: { field, message } });

/** The auth service asks who the new account is once it holds the token. */
async function answerMe() {
  const held = edge.held.find((r) => r.path === '/api/users/me');
  if (held) await act(async () => edge.take('/api/users/me').respond(200, COMPANY_USER));
}

const inputOf = (field: string) => screen.getByLabelText(labels[field as keyof typeof labels]) as HTMLInputElement;
/** Types into a field, or chooses from the searchable list (state, town). */
const change = (field: string, value: string) =>
  field === 'state' || field === 'town' ? setCombobox(inputOf(field), value) : fireEvent.change(inputOf(field), { target: { value } });

/** Does on the page what the model event stands for. `before` is the state it happens in. */
async function perform(event: CompanyModelEvent, before: CompanySystem): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  switch (event.type) {
    case 'RETRY':
      fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
      break;
    case 'CHANGE':
      change(event.field, event.value);
      break;
    case 'ENGAGE':
      fireEvent.focusIn(inputOf('contact_person'));
      break;
    case 'CAPTCHA_SOLVED':
      fireEvent.click(await within(page()).findByRole('button', { name: 'I am human' }));
      break;
    case 'CAPTCHA_EXPIRED':
      fireEvent.click(await within(page()).findByRole('button', { name: 'Expire' }));
      break;
    case 'CAPTCHA_ERROR':
      fireEvent.click(await within(page()).findByRole('button', { name: 'Network error' }));
      break;
    case 'CHOOSE_LOGO': {
      const file = new File([new Uint8Array(event.size)], event.name, { type: event.mime });
      fireEvent.change(inputOf('logo'), { target: { files: [file] } });
      break;
    }
    case 'REMOVE_LOGO':
      fireEvent.click(screen.getByRole('button', { name: messages.companyRemoveLogo }));
      break;
    case 'SUBMIT':
      fireEvent.click(screen.getByRole('button', { name: before.verify ? messages.companyVerifySubmit : messages.companySignupSubmit }));
      break;
    case 'CODE_SET':
      fireEvent.change(inputOf('verify_email_code'), { target: { value: event.value } });
      break;
    case 'RESEND':
      fireEvent.click(screen.getByRole('button', { name: messages.companyResend }));
      break;
    case 'TICK':
      await act(async () => clock.set(event.now));
      break;
    default:
      await answer(event, before);
  }
  await act(async () => {});
}

/** The server's answer to the request in flight. */
async function answer(event: CompanyModelEvent, before: CompanySystem): Promise<void> {
  const done = event.type.startsWith('xstate.done.');
  const error = (event as { error?: { fieldError?: { field: string; message: string }; name?: string } }).error;
  const body = error?.fieldError ? { error: error.fieldError } : fail('alert', messages.submitFailed);
  const status = !error?.fieldError || error.fieldError.field === 'alert' ? 502 : error.fieldError.field === 'captcha' ? 403 : 409;
  switch (event.type.replace(/^xstate\.(done|error)\.actor\./, '')) {
    case 'checkInvitation':
      if (done) {
        await respond(`/api/invitations/${INVITE}`, 200, INVITATION);
        await respond('/api/locations', 200, TEST_LOCATIONS);
      } else if (error?.name === 'InvitationDeadError') await respond(`/api/invitations/${INVITE}`, 404, fail('alert', messages.invitationInvalid));
      else await respond(`/api/invitations/${INVITE}`, 502, fail('alert', messages.submitFailed));
      break;
    case 'verifyCaptcha': {
      const held = await take('/api/verify-captcha');
      expect((held.body as { token: string }).token).toMatch(/^pass-/);
      if (done) await act(async () => held.respond(200, (event as { output: unknown }).output));
      else await act(async () => held.respond(502, fail('alert', messages.submitFailed)));
      break;
    }
    case 'submitForm': {
      const held = await take('/api/companies/signup');
      expect(held.body).toEqual({ ...before.form!.context.values, invite: INVITE });
      if (!done) {
        await act(async () => held.respond(status, body));
        break;
      }
      await act(async () => held.respond(200, { token: TOKEN }));
      if (!before.main.context.logo) await answerMe();
      break;
    }
    case 'uploadLogo': {
      // The account exists: the logo follows; a refused one is added later from the account page.
      const logo = await take('/api/companies/me/logo');
      expect(logo.method).toBe('POST');
      if (done) await act(async () => logo.respond(200, { message: messages.companyLogoSaved, profile: {} }));
      else await act(async () => logo.respond(400, fail('logo', messages.imageType)));
      await answerMe();
      break;
    }
    case 'sendCode': {
      const held = await take('/api/companies/me/send-verify-email');
      if (done) await act(async () => held.respond(200, { message: messages.verificationCodeSent, resend_after_seconds: 60 }));
      else if (error?.name === 'ResendCooldownError') await act(async () => held.respond(429, fail('verify_email_code', messages.resendWait(60))));
      else await act(async () => held.respond(502, fail('alert', messages.submitFailed)));
      break;
    }
    case 'verifyCode': {
      const held = await take('/api/companies/me/verify-email');
      expect(held.body).toEqual({ verify_email_code: CODE });
      if (done) await act(async () => held.respond(200, { message: messages.companyVerified, profile: {} }));
      else await act(async () => held.respond(error?.fieldError ? 400 : 502, body));
      break;
    }
  }
}

/** What the page must show in the state. */
async function expectScreen(state: CompanySystem): Promise<void> {
  const view = viewOf(state);
  const alerts = () => within(page()).queryAllByRole('alert').map((a) => a.textContent);
  switch (view.state) {
    case 'checking':
      await waitFor(() => expect(within(page()).getByRole('status').textContent).toBe(messages.invitationChecking));
      return;
    case 'checkFailed':
      await waitFor(() => expect(alerts()).toEqual([messages.submitFailed]));
      expect(screen.getByRole('button', { name: messages.tryAgain })).toBeTruthy();
      return;
    case 'invitationInvalid':
      await waitFor(() => expect(alerts()).toEqual([messages.invitationInvalid]));
      expect(screen.getByRole('link', { name: messages.invitationContactUs }).getAttribute('href')).toBe('/contact-us');
      return;
    case 'done':
      await waitFor(() => expect(within(page()).getByRole('status').textContent).toBe(messages.companyVerified));
      expect(screen.getByRole('link', { name: messages.companyGoToDashboard }).getAttribute('href')).toBe('/company-dashboard');
      expect(finished).toBe(1);
      return;
    default:
  }
  const { context } = state.main;
  if (view.state === 'editing' || view.state === 'fieldError' || view.state === 'verifyingCaptcha' || view.state === 'submitting') {
    await screen.findByRole('heading', { level: 1, name: messages.invitationHeading });
    expect(screen.getByText(messages.companySignupIntro(INVITATION.companyName))).toBeTruthy();
    for (const field of COMPANY_SIGNUP_FIELDS) expect(inputOf(field).value, field).toBe(view.values[field]);
    // The invited address cannot be changed here (the server refuses another); a hint says so.
    expect(inputOf('email').readOnly).toBe(true);
    expect(inputOf('email').value).toBe(INVITATION.email);
    expect(document.getElementById(inputOf('email').getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(messages.companyEmailNotInvited);
    // The areas of the chosen state, and none before one is chosen.
    const town = inputOf('town');
    expect(optionsOf(town)).toEqual(view.areas);
    expect(town.disabled).toBe(view.values.state === '');
    if (context.logo) expect(screen.getByText(context.logo.name)).toBeTruthy();
    else expect(screen.queryByRole('button', { name: messages.companyRemoveLogo })).toBeNull();
    const submit = screen.getByRole('button', { name: view.busy ? messages.submitting : messages.companySignupSubmit }) as HTMLButtonElement;
    expect(submit.disabled).toBe(view.busy);
    // The widget while the form is in use and the captcha not passed; its place kept before.
    if (view.showCaptcha) await within(page()).findByTestId('captcha');
    else expect(within(page()).queryByTestId('captcha')).toBeNull();
    const error = shownError(state.main, state.form);
    if (!error) expect(alerts()).toEqual([]);
    else {
      await waitFor(() => expect(alerts()).toEqual([error.message]));
      if (error.field !== 'captcha') expect(inputOf(error.field).getAttribute('aria-invalid')).toBe('true');
    }
    return;
  }
  // The code step: one code field at the invitation's address; each message beside its control.
  await screen.findByRole('heading', { level: 1, name: messages.companyCodeHeading });
  expect(screen.getByText(messages.companyCodeIntro(INVITATION.email))).toBeTruthy();
  expect(inputOf('verify_email_code').value).toBe(view.code);
  // The address is the invitation's: nothing offers to change it.
  expect(within(page()).queryByRole('button', { name: /change/i })).toBeNull();
  const verify = screen.getByRole('button', { name: view.verifying ? messages.submitting : messages.companyVerifySubmit }) as HTMLButtonElement;
  expect(verify.disabled).toBe(view.verifying);
  const resend = screen.getByRole('button', {
    name: view.resend === 'sending' ? messages.companyResending : view.resend === 'coolingDown' ? messages.companyResendIn(view.resendSecondsLeft) : messages.companyResend,
  }) as HTMLButtonElement;
  expect(resend.disabled).toBe(view.resend !== 'ready');
  const notes = [context.notice, state.verify?.context.resendNotice ?? null].filter((n) => n !== null);
  expect(within(page()).queryAllByRole('status').map((s) => s.textContent)).toEqual(notes);
  const errors = codeStepErrors(state.verify);
  await waitFor(() => expect(alerts()).toEqual(errors.map((e) => e.message)));
  expect(inputOf('verify_email_code').getAttribute('aria-invalid')).toBe(errors.some((e) => e.field === 'verify_email_code') ? 'true' : null);
}

const model = new TestModel(companySignupSystem as never, { events: companySignupEvents as never, serializeState: serializeCompanySignup as never, input: INPUT } as never);
const initial = systemStart(INPUT);
const paths = coveringPaths(
  companySignupMachine,
  edgePaths({ getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never, serializeCompanySignup as never) as never,
);

beforeAll(() => {
  installHcaptchaStandIn();
  edge.install();
  setLoginNavigation(() => {});
  window.scrollTo = () => {};
});
afterAll(() => edge.uninstall());
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  captchaPass.resetForTests(); // the session's one pass starts afresh
  edge.reset();
  finished = 0;
  clock = new TestClock();
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  auth.unauthorized();
});

describe('the company sign-up page along the machine’s paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      renderPage();
      await expectScreen(initial);
      let before = initial;
      for (const step of steps) {
        const event = liveEvent(step.event as CompanyModelEvent, before);
        if ((event.type as string) === 'xstate.init') continue;
        await perform(event, before);
        const expected = systemTransition(before, event);
        expect(serializeCompanySignup(expected), 'the page follows the model’s path').toBe(serializeCompanySignup(step.state as CompanySystem));
        await expectScreen(expected);
        before = expected;
      }
    },
  );

  it('has no axe violations: the form, with an error, the code step', async () => {
    const run = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.help}`);
    renderPage();
    await respond(`/api/invitations/${INVITE}`, 200, INVITATION);
    await respond('/api/locations', 200, TEST_LOCATIONS);
    await screen.findByRole('heading', { level: 1, name: messages.invitationHeading });
    expect(await run()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: messages.companySignupSubmit }));
    await waitFor(() => expect(within(page()).getAllByRole('alert').length).toBe(1));
    expect(await run()).toEqual([]);
    for (const [field, value] of FILL) change(field, value);
    fireEvent.change(inputOf('logo'), { target: { files: [new File([new Uint8Array(LARGE_LOGO.size)], LARGE_LOGO.name, { type: LARGE_LOGO.mime })] } });
    await screen.findByText(messages.companyLogoTooLarge);
    fireEvent.change(inputOf('logo'), { target: { files: [new File([new Uint8Array(GOOD_LOGO.size)], GOOD_LOGO.name, { type: GOOD_LOGO.mime })] } });
    fireEvent.focusIn(inputOf('contact_person'));
    fireEvent.click(await within(page()).findByRole('button', { name: 'I am human' }));
    fireEvent.click(screen.getByRole('button', { name: messages.companySignupSubmit }));
    await respond('/api/verify-captcha', 200, { success: true });
    await respond('/api/companies/signup', 200, { token: TOKEN });
    // The logo is refused: the account is open all the same, and the page says so.
    await respond('/api/companies/me/logo', 400, fail('logo', messages.imageType));
    await answerMe();
    await screen.findByRole('heading', { level: 1, name: messages.companyCodeHeading });
    expect(within(page()).getByRole('status').textContent).toBe(messages.companyLogoLater);
    expect(screen.getByRole('button', { name: messages.companyResendIn(60) })).toBeTruthy();
    expect(await run()).toEqual([]);
  });

  it('drives every transition of the machine through the page, and of its code step every one the page can reach', () => {
    const machineRecorder = recorder.of('companySignup');
    expect(machineRecorder.report('companySignupMachine through the sign-up page', companySignupMachine)).toEqual([]);
    // The code step is the kit's verify step, shared with the rider wizard: this page has one code
    // field and a fixed address, so it drives the share it can reach (tests/machines/pageShares.ts);
    // the rider's page test drives the rest.
    const codeStepRecorder = recorder.of('verifyStep');
    expect(codeStepRecorder.report('verifyStep through the company sign-up page', verifyStep, verifyStepShares.company)).toEqual([]);
  });
});
