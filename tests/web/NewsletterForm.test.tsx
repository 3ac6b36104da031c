// @vitest-environment jsdom
/**
 * View tests of the real newsletter form (real machine, real API client, real Captcha
 * component and toasts), driven along the form machine's model paths (xstate/graph). Only the
 * network edge (fetch) and hCaptcha's browser API (window.hcaptcha) are stand-ins.
 *
 * Each model event is something a user does in the page or an answer the network gives:
 *   CHANGE            type in the Email field             CAPTCHA_SOLVED   click 'I am human' or
 *   SUBMIT            click Subscribe                                      'Fail verification'
 *   CAPTCHA_EXPIRED   click the widget's 'Expire'         CAPTCHA_ERROR    its 'Network error'
 *   ENGAGE            focus the form (every path starts with it; afterwards it changes nothing)
 *   verifyCaptcha / submitForm results: the held POST /api/verify-captcha or /api/newsletter
 *   is answered (200, 400/403 with {error:{field,message}}) or dropped.
 * After each step the page must show what the model's state says. Every shortest path runs,
 * plus the edge paths that take a transition no shortest path takes; the app's own actor is
 * inspected. The newsletter form gives way to its confirmation once sent, so the two transitions
 * out of `succeeded` that only a form kept on screen after success can take (typing, submitting
 * again) are driven through the Forgot Password page, which keeps its form; between them the
 * pages must take every transition of the form machine (this file enforces formMachine's view
 * coverage, tests/machines/viewCoverage.test.ts).
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SubmitError, formMachine, type FormEvent } from '../../machines/kit/formMachine';
import { formSnapshotToView, formViewStates, type FormViewState } from '../../machines/kit/formView';
import { CAPTCHA_PASSED_KEY } from '../../src/shared/constants';
import { newsletterForm } from '../../src/shared/forms';
import { messages } from '../../src/shared/messages';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { captchaPass } from '../../src/web/kit/forms/captchaPass';
import { NewsletterForm } from '../../src/web/features/newsletter/NewsletterForm';
import ForgotPassword from '../../src/web/routes/ForgotPassword';
import { StoryRouter } from '../../storybook/support/StoryRouter';
import { installHcaptchaStandIn, PASSING_TOKEN_PREFIX } from '../../storybook/support/hcaptchaStandIn';
import { TransitionRecorder, allTransitions, edgePaths } from '../machines/coverage';
import { formEvents, serializeFormState, type ModelEvent } from '../machines/formModel';
import { ApiEdge } from './support/apiEdge';

type Snapshot = SnapshotFrom<typeof formMachine>;
interface Step {
  event: ModelEvent;
  state: Snapshot;
}

/**
 * Once sent, the newsletter form is replaced by its confirmation: nothing can be typed
 * or submitted until "Subscribe another address" brings it back. Forgot password keeps its form:
 * these are driven there (below).
 */
const ONLY_WHERE_THE_FORM_STAYS = ['succeeded --CHANGE--> editing', 'succeeded --SUBMIT--> checking'];

// ---------------------------------------------------------------------------------------------
// The model: the form machine explored with the events a user can perform in the page.

const ENGAGE: FormEvent = { type: 'ENGAGE' };

/** Events the page can produce in `state` (the rest cannot happen there). */
function pageEvents(state: Snapshot): ModelEvent[] {
  const view = formSnapshotToView(state);
  const confirming = view.state === 'succeeded';
  return formEvents.filter((event) => {
    switch (event.type) {
      case 'ENGAGE':
        return false; // the first step of every path; a no-op afterwards
      case 'CAPTCHA_PASS':
        return false; // another form's doing: tests/web/CaptchaPass.test.tsx
      case 'SEND_ANOTHER':
        return confirming; // the confirmation's button
      case 'CHANGE':
        return !confirming;
      case 'SUBMIT':
        return !view.busy && !confirming; // the button is disabled while busy
      case 'CAPTCHA_SOLVED':
        return !confirming && view.showCaptcha && state.context.captchaToken === null; // a solved widget shows 'Verified'
      case 'CAPTCHA_EXPIRED':
      case 'CAPTCHA_ERROR':
        return !confirming && view.showCaptcha;
      default:
        // An invoked actor's result, only while it runs: the held request's answer.
        return event.type.endsWith('.verifyCaptcha') ? state.matches('verifyingCaptcha') : state.matches('submitting');
    }
  });
}

/** Which machine transitions a path takes, found by running it on a bare actor. */
function transitionsOf(captchaPassed: boolean, steps: readonly Step[]): Set<string> {
  const recorder = new TransitionRecorder();
  // The actors never settle: their results are the path's own events.
  const actor = createActor(
    formMachine.provide({
      actors: {
        verifyCaptcha: fromPromise(() => new Promise<{ success: boolean }>(() => {})),
        submitForm: fromPromise(() => new Promise<unknown>(() => {})),
      },
    }),
    { input: { form: newsletterForm, captchaPassed }, inspect: recorder.inspect },
  );
  actor.start();
  for (const step of steps) actor.send(step.event as FormEvent);
  actor.stop();
  return new Set(recorder.taken.keys());
}

function describeStep(event: ModelEvent): string {
  switch (event.type) {
    case 'CHANGE':
      return `type "${event.value}"`;
    case 'xstate.done.actor.verifyCaptcha':
      return `captcha ${event.output.success ? 'accepted' : 'rejected'}`;
    case 'xstate.error.actor.verifyCaptcha':
      return 'verifier unreachable';
    case 'xstate.done.actor.submitForm':
      return 'subscribed';
    case 'xstate.error.actor.submitForm':
      return event.error instanceof SubmitError ? `server: ${event.error.fieldError.field} error` : 'network down';
    default:
      return event.type;
  }
}

interface DomPath {
  name: string;
  steps: Step[];
}

function pathsFor(captchaPassed: boolean): DomPath[] {
  const input = { form: newsletterForm, captchaPassed };
  const [initial] = initialTransition(formMachine, input);
  const [engaged] = transition(formMachine, initial, ENGAGE);
  const model = new TestModel(formMachine, {
    input,
    fromState: engaged,
    events: pageEvents as never,
    serializeState: serializeFormState as never,
  });
  const first: Step = { event: ENGAGE, state: engaged };
  // A path's steps start with the state it starts from (event xstate.init): nothing to do there.
  const stepsOf = (steps: readonly Step[]) => [first, ...steps.filter((s) => (s.event.type as string) !== 'xstate.init')];
  const shortest = model.getShortestPaths().map((p) => stepsOf(p.steps as unknown as Step[]));
  // Edge paths (every page event from every reachable state) only where they add a transition.
  const covered = new Set<string>();
  for (const steps of shortest) for (const key of transitionsOf(captchaPassed, steps)) covered.add(key);
  const extra: Step[][] = [];
  for (const path of edgePaths(model as never, serializeFormState as never)) {
    const steps = stepsOf(path as unknown as Step[]);
    const keys = [...transitionsOf(captchaPassed, steps)].filter((key) => !covered.has(key));
    if (keys.length === 0) continue;
    keys.forEach((key) => covered.add(key));
    extra.push(steps);
  }
  const name = (kind: string, steps: Step[]) => `${kind}: ${steps.map((s) => describeStep(s.event)).join(' → ')}`;
  return [...shortest.map((s) => ({ name: name('shortest', s), steps: s })), ...extra.map((s) => ({ name: name('edge', s), steps: s }))];
}

// ---------------------------------------------------------------------------------------------
// The page and its edges.

const edge = new ApiEdge();
const recorder = new TransitionRecorder();
const viewStatesShown = new Set<FormViewState>();
let user: UserEvent;

beforeAll(() => {
  installHcaptchaStandIn();
  edge.install();
});
afterAll(() => edge.uninstall());
beforeEach(() => {
  user = userEvent.setup({ delay: null });
  sessionStorage.clear();
  captchaPass.resetForTests();
  edge.reset();
});
afterEach(() => {
  cleanup();
  toast.dismiss();
});

const form = () => screen.getByRole('form', { name: /newsletter/i });
const emailInput = () => within(form()).getByLabelText(/email/i) as HTMLInputElement;
const widget = () => within(form()).findByTestId('hcaptcha-stub');

async function typeEmail(value: string): Promise<void> {
  const input = emailInput();
  if (input.value === value && value === '') {
    // Nothing to delete: type a character and take it back (the last change wins).
    await user.type(input, 'x');
    await user.clear(input);
    return;
  }
  if (input.value !== '') await user.clear(input);
  if (value !== '') await user.type(input, value);
}

/**
 * For CAPTCHA_SOLVED at `index`: pass or fail? The token goes to the verifier on the next
 * SUBMIT that starts a check; the verifier accepts 'pass-' tokens only, so the widget button
 * is chosen by the answer the model expects for that check.
 */
function solveWithPassingToken(steps: readonly Step[], index: number): boolean {
  let submitted = false;
  for (const { event, state } of steps.slice(index + 1)) {
    if (event.type.startsWith('CAPTCHA_')) return true;
    if (event.type === 'SUBMIT' && state.matches('verifyingCaptcha')) submitted = true;
    if (event.type === 'xstate.done.actor.verifyCaptcha') {
      if (submitted) return event.output.success;
      return true; // the answer to an earlier check: this token was dropped with it
    }
    if (event.type === 'xstate.error.actor.verifyCaptcha') return true;
  }
  return true;
}

async function perform(steps: readonly Step[], index: number): Promise<void> {
  const { event } = steps[index]!;
  switch (event.type) {
    case 'ENGAGE':
      await user.click(emailInput());
      return;
    case 'CHANGE':
      await typeEmail(event.value);
      return;
    case 'SUBMIT':
      await user.click(within(form()).getByRole('button', { name: 'Subscribe' }));
      return;
    case 'SEND_ANOTHER':
      await user.click(screen.getByRole('button', { name: messages.confirmNewsletterAgain }));
      return;
    case 'CAPTCHA_SOLVED': {
      const label = solveWithPassingToken(steps, index) ? 'I am human' : 'Fail verification';
      await user.click(within(await widget()).getByRole('button', { name: label }));
      return;
    }
    case 'CAPTCHA_EXPIRED':
      await user.click(within(await widget()).getByRole('button', { name: 'Expire' }));
      return;
    case 'CAPTCHA_ERROR':
      await user.click(within(await widget()).getByRole('button', { name: 'Network error' }));
      return;
    case 'xstate.done.actor.verifyCaptcha': {
      const request = await waitFor(() => edge.take('/api/verify-captcha'));
      const { token } = request.body as { token: string };
      // The verifier (like hCaptcha's siteverify stand-in) accepts 'pass-' tokens only.
      const success = token.startsWith(PASSING_TOKEN_PREFIX);
      expect(success, 'the widget gave the token the model expects the verifier to judge').toBe(event.output.success);
      request.respond(200, { success });
      return;
    }
    case 'xstate.error.actor.verifyCaptcha':
      (await waitFor(() => edge.take('/api/verify-captcha'))).fail();
      return;
    case 'xstate.done.actor.submitForm': {
      const request = await waitFor(() => edge.take('/api/newsletter'));
      expect(request.body).toEqual({ email: steps[index - 1]!.state.context.values.email });
      request.respond(200, event.output);
      return;
    }
    case 'xstate.error.actor.submitForm': {
      const request = await waitFor(() => edge.take('/api/newsletter'));
      const error = event.error;
      if (error instanceof SubmitError) {
        request.respond(error.fieldError.field === 'captcha' ? 403 : 400, { error: error.fieldError });
      } else {
        request.fail();
      }
      return;
    }
  }
}

/** The toast a step announces, if any (the machine's announceSuccess / announceFailure). */
function toastOf(event: ModelEvent): string | null {
  if (event.type === 'xstate.done.actor.submitForm') return messages.subscribed;
  if (event.type === 'xstate.error.actor.verifyCaptcha') return messages.submitFailed;
  if (event.type === 'xstate.error.actor.submitForm' && !(event.error instanceof SubmitError)) return messages.submitFailed;
  return null;
}

/** What the page must show for the model's `state`. */
async function expectPageShows(state: Snapshot): Promise<void> {
  const view = formSnapshotToView(state);
  viewStatesShown.add(view.state);
  if (view.state === 'succeeded') {
    // The confirmation says what happens next, in place of the form, and has the focus.
    await waitFor(() => {
      expect(screen.queryByRole('form', { name: /newsletter/i })).toBeNull();
      const heading = screen.getByRole('heading', { name: messages.confirmNewsletterHeading });
      expect(document.activeElement).toBe(heading);
      expect(screen.getByText(messages.confirmNewsletterText(view.sent!.email!))).toBeTruthy();
      expect(edge.heldPaths()).toEqual([]);
      expect(sessionStorage.getItem(CAPTCHA_PASSED_KEY) === '1').toBe(state.context.captchaPassed);
    });
    return;
  }
  await waitFor(() => {
    const button = within(form()).getByRole('button', { name: view.busy ? messages.submitting : 'Subscribe' });
    expect((button as HTMLButtonElement).disabled).toBe(view.busy);
    expect(button.getAttribute('aria-busy')).toBe(String(view.busy));
    expect(emailInput().value).toBe(view.values.email ?? '');
    // Messages under the field and the captcha, announced.
    const alerts = within(form())
      .queryAllByRole('alert')
      .map((a) => a.textContent);
    expect(alerts).toEqual([view.fieldError('email'), view.captchaError].filter((m) => m !== null));
    const fieldError = view.fieldError('email');
    if (fieldError) expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    // The request of the running actor is waiting, and only that one.
    expect(edge.heldPaths()).toEqual(
      view.state === 'verifyingCaptcha' ? ['/api/verify-captcha'] : view.state === 'submitting' ? ['/api/newsletter'] : [],
    );
    // The widget is there while the captcha is needed, solved or not as the machine says.
    if (view.showCaptcha) {
      const box = within(form()).getByTestId('hcaptcha-stub');
      expect(within(box).queryByRole('button', { name: 'I am human' }) === null).toBe(state.context.captchaToken !== null);
    } else {
      expect(within(form()).queryByTestId('captcha')).toBeNull();
    }
    // The session flag (spec §4).
    expect(sessionStorage.getItem(CAPTCHA_PASSED_KEY) === '1').toBe(state.context.captchaPassed);
  });
}

const toastCount = (text: string) => screen.queryAllByText(text).length;

async function drive(captchaPassed: boolean, steps: readonly Step[]): Promise<void> {
  if (captchaPassed) sessionStorage.setItem(CAPTCHA_PASSED_KEY, '1');
  render(
    <>
      <NewsletterForm inspect={recorder.inspect} />
      <Toasts />
    </>,
  );
  const [initial] = initialTransition(formMachine, { form: newsletterForm, captchaPassed });
  await expectPageShows(initial);
  for (let i = 0; i < steps.length; i++) {
    const { event, state } = steps[i]!;
    const announced = toastOf(event);
    const before = announced ? toastCount(announced) : 0;
    await perform(steps, i);
    await expectPageShows(state);
    // When errors are shown, the focus is on the first: the field, else the captcha's message.
    // (A submit, or an answer, that left messages: the model's snapshots share counters, so not those.)
    const view = formSnapshotToView(state);
    if ((event.type === 'SUBMIT' || event.type.startsWith('xstate.')) && view.state === 'invalid') {
      await waitFor(() =>
        expect(document.activeElement).toBe(
          view.fieldError('email') ? emailInput() : within(form()).getByText(view.captchaError!),
        ),
      );
    }
    // Back from the confirmation, the focus is in the empty form.
    if (event.type === 'SEND_ANOTHER') await waitFor(() => expect(document.activeElement).toBe(emailInput()));
    if (announced) await waitFor(() => expect(toastCount(announced)).toBe(before + 1));
  }
}

// ---------------------------------------------------------------------------------------------

const variants = [
  { name: 'fresh session', captchaPassed: false },
  { name: 'captcha already passed', captchaPassed: true },
];

describe('newsletter form in the page, along the form model', () => {
  for (const variant of variants) {
    describe(variant.name, () => {
      const paths = pathsFor(variant.captchaPassed);
      it('has paths to drive', () => {
        expect(paths.length).toBeGreaterThan(5);
      });
      for (const path of paths) {
        it(path.name, async () => {
          await drive(variant.captchaPassed, path.steps);
        });
      }
    });
  }

});

// ---------------------------------------------------------------------------------------------
// Forgot Password keeps its form after success (spec §2): from the confirmation the
// user can type again or send again, the form machine's two transitions out of `succeeded` that
// the newsletter's confirmation hides.

describe('forgot password form after success, in the page', () => {
  const forgotForm = () => screen.getByRole('form');
  const forgotEmail = () => within(forgotForm()).getByLabelText('Email') as HTMLInputElement;
  const sendButton = () => within(forgotForm()).getByRole('button', { name: /^(Send Reset Link|Submitting\.\.\.)$/ }) as HTMLButtonElement;
  const intro = 'Enter the email of your account and we will send you a link to choose a new password.';

  /** What the page shows in each of the form's states here (no captcha on this form). */
  async function expectForgotShows(state: 'editing' | 'submitting' | 'succeeded', email: string, errors: string[] = []) {
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe(state === 'succeeded' ? messages.resetLinkSent : intro);
      expect(forgotEmail().value).toBe(email);
      expect(sendButton().textContent).toBe(state === 'submitting' ? messages.submitting : 'Send Reset Link');
      expect(sendButton().disabled).toBe(state === 'submitting');
      expect(
        within(forgotForm())
          .queryAllByRole('alert')
          .map((a) => a.textContent),
      ).toEqual(errors);
      expect(edge.heldPaths()).toEqual(state === 'submitting' ? ['/api/auth/forget-password'] : []);
      expect(within(forgotForm()).queryByTestId('hcaptcha-stub')).toBeNull();
    });
  }

  async function send(email: string) {
    await user.click(sendButton());
    await expectForgotShows('submitting', email);
    const request = edge.take('/api/auth/forget-password');
    expect(request.body).toEqual({ email });
    request.respond(200, { message: messages.resetLinkSent });
    // Sent: the confirmation replaces the intro, the form stays, emptied.
    await expectForgotShows('succeeded', '');
  }

  it('types and sends again from the confirmation; an empty send from it says the field is required', async () => {
    render(
      <StoryRouter path="/forgot-password">
        <ForgotPassword inspect={recorder.inspect} />
        <Toasts />
      </StoryRouter>,
    );
    await screen.findByRole('form');
    await expectForgotShows('editing', '');
    await user.type(forgotEmail(), 'ade@example.com');
    await send('ade@example.com');
    // succeeded --CHANGE--> editing: typing in the kept form takes the confirmation away.
    await user.type(forgotEmail(), 'bola@example.com');
    await expectForgotShows('editing', 'bola@example.com');
    await send('bola@example.com');
    // succeeded --SUBMIT--> checking --> editing: the emptied form sent again says what is missing,
    // with the focus on the field, and nothing goes to the server.
    await user.click(sendButton());
    await expectForgotShows('editing', '', [messages.emailIsRequired]);
    await waitFor(() => expect(document.activeElement).toBe(forgotEmail()));
    expect(edge.log.filter((r) => r.path === '/api/auth/forget-password')).toHaveLength(2);
  });
});

describe('the form machine through its views', () => {
  it('showed every form view state and took every transition of the form machine', (context) => {
    if (recorder.taken.size === 0) context.skip(); // a filtered run drove no path
    expect([...formViewStates].filter((s) => !viewStatesShown.has(s))).toEqual([]);
    const missing = recorder.report('form machine: newsletter form and forgot password in the page', formMachine);
    expect(missing, `transitions never taken in the pages:\n${missing.join('\n')}`).toEqual([]);
    expect(allTransitions(formMachine)).toEqual(expect.arrayContaining(ONLY_WHERE_THE_FORM_STAYS));
  });
});
