// @vitest-environment jsdom
/**
 * Model-based test of the staff sign-in THROUGH THE REAL VIEW: the paths come from the sign-in
 * machine's model (tests/machines/opsSignInModel.ts, xstate/graph), and each step is done in
 * the page (typing, clicking) or answered at the network edge (fetch held by ApiEdge and
 * answered with the server's status and body). Everything else is the app's own: the hook's
 * effects (fetch client, session storage), the machine and the view. After each step the
 * screen must show what the model's state says; the app's actor is inspected and must take
 * every transition of the machine (the table is printed), and every view state is checked
 * with axe.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { TestModel } from 'xstate/graph';
import { opsSignInMachine, type OpsSignInEvent } from '../../machines/ops/opsSignInMachine';
import { opsSignInSnapshotToView, opsSignInViewStates, type OpsSignInView as ViewModel } from '../../machines/ops/opsSignInView';
import { messages } from '../../src/shared/messages';
import { OPS_TOKEN_KEY } from '../../src/shared/opsForms';
import { OpsSignInView } from '../../src/web/features/ops/OpsSignInView';
import { useOpsSignIn } from '../../src/web/features/ops/useOpsSignIn';
import { TransitionRecorder, edgePaths } from '../machines/coverage';
import {
  COMPLETE_TOKEN,
  PENDING_TOKEN,
  serializeSignIn,
  signInEventCanHappen,
  signInEvents,
  type Answer,
  type ModelEvent,
  type Snapshot,
} from '../machines/opsSignInModel';
import { ApiEdge } from './support/apiEdge';

interface Step {
  event: ModelEvent;
  state: Snapshot;
}

const edge = new ApiEdge();
const recorder = new TransitionRecorder();
const shownStates = new Set<string>();
const axeChecked = new Set<string>();
/** The x-ops-token of every request, in order. */
const sentTokens: Array<{ path: string; token: string | null }> = [];
const signedIn: number[] = [];
const clipboard: string[] = [];

beforeAll(() => {
  edge.install();
  const held = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    sentTokens.push({ path: url.pathname, token: new Headers(init?.headers).get('x-ops-token') });
    return held(input, init);
  };
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void clipboard.push(text) }, configurable: true });
  URL.createObjectURL = () => 'blob:test';
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function click() {};
});
afterAll(() => edge.uninstall());
beforeEach(() => {
  edge.reset();
  sentTokens.length = 0;
  signedIn.length = 0;
  clipboard.length = 0;
  localStorage.clear();
});
afterEach(cleanup);

function Page({ expired = false }: { expired?: boolean }) {
  const { view, send } = useOpsSignIn({ expired, onSignedIn: () => void signedIn.push(1), inspect: recorder.inspect });
  return <OpsSignInView view={view} send={send} />;
}

// ---------------------------------------------------------------------------------------------
// Which paths: from the model's shortest and edge paths, those that take a transition not yet
// taken or show a view state not yet shown (found on a bare actor, no page).

const everyPrefix = (model: { getShortestPaths(options: { allowDuplicatePaths: boolean }): unknown[]; getAdjacencyMap(): unknown }) => ({
  getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true }),
  getAdjacencyMap: () => model.getAdjacencyMap(),
});

async function keysOf(steps: readonly Step[]): Promise<Set<string>> {
  const local = new TransitionRecorder();
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const held = (name: string) => fromPromise<never, unknown>(() => new Promise((resolve, reject) => pending.set(name, { resolve: resolve as never, reject })));
  const actor = createActor(
    opsSignInMachine.provide({ actors: { logIn: held('logIn'), loadEnrolment: held('loadEnrolment'), confirmEnrolment: held('confirmEnrolment'), verify: held('verify') } as never }),
    { input: {}, inspect: local.inspect },
  );
  actor.start();
  const keys = new Set<string>();
  for (const step of steps) {
    const result = /^xstate\.(done|error)\.actor\.(.+)$/.exec(step.event.type);
    if (result) {
      const name = result[2] === 'verifyCode' || result[2] === 'verifyRecovery' ? 'verify' : result[2]!;
      const p = pending.get(name)!;
      pending.delete(name);
      if (result[1] === 'done') p.resolve((step.event as { output: unknown }).output);
      else p.reject((step.event as { error: unknown }).error);
      await new Promise((r) => setTimeout(r, 0));
    } else {
      actor.send(step.event as OpsSignInEvent);
    }
    keys.add(`state:${opsSignInSnapshotToView(step.state).state}`);
  }
  actor.stop();
  for (const key of local.taken.keys()) keys.add(key);
  return keys;
}

async function choosePaths(): Promise<Step[][]> {
  const model = new TestModel(opsSignInMachine, { input: {}, events: signInEvents as never, serializeState: serializeSignIn as never });
  const candidates = [
    ...model.getShortestPaths().map((p) => p.steps as unknown as Step[]),
    ...(edgePaths(everyPrefix(model) as never, serializeSignIn as never, signInEventCanHappen as never) as unknown as Step[][]),
  ].map((steps) => steps.filter((s) => (s.event.type as string) !== 'xstate.init'));
  // Longer paths first: each covers more, so fewer run through the page.
  candidates.sort((a, b) => b.length - a.length);
  const covered = new Set<string>();
  const chosen: Step[][] = [];
  for (const steps of candidates) {
    const fresh = [...(await keysOf(steps))].filter((k) => !covered.has(k));
    if (fresh.length === 0) continue;
    fresh.forEach((k) => covered.add(k));
    chosen.push(steps);
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Doing each step in the page.

const REQUESTS: Record<string, string> = {
  logIn: '/api/ops/auth/login',
  loadEnrolment: '/api/ops/auth/enrolment',
  confirmEnrolment: '/api/ops/auth/enrol',
  verifyCode: '/api/ops/auth/verify',
  verifyRecovery: '/api/ops/auth/verify',
};

const panel = () => screen.getByRole('region');
const button = (name: string) => within(panel()).getByRole('button', { name });

async function perform(step: Step, before: Snapshot): Promise<void> {
  const { event } = step;
  const result = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (result) {
    const path = REQUESTS[result[2]!]!;
    const request = await waitFor(() => edge.take(path));
    // The pending session's token goes by hand to the second-factor routes, never the login.
    const sent = sentTokens.filter((s) => s.path === path).at(-1)!;
    expect(sent.token).toBe(result[2] === 'logIn' ? null : PENDING_TOKEN);
    if (result[2] === 'logIn') expect(request.body).toEqual({ email: before.context.values.email.trim(), password: before.context.values.password });
    if (result[2] === 'verifyRecovery') expect(request.body).toEqual({ recoveryCode: before.context.values.recoveryCode.trim() });
    if (result[2] === 'verifyCode' || result[2] === 'confirmEnrolment') expect(request.body).toEqual({ code: before.context.values.code.replace(/\s+/g, '') });
    const answer = (event as { answer?: Answer | 'network' }).answer;
    await act(async () => {
      if (result[1] === 'done') request.respond(200, (event as { output: unknown }).output);
      else if (answer === 'network') request.fail();
      else request.respond(answer!.status, answer!.body);
    });
    return;
  }
  const e = event as OpsSignInEvent;
  switch (e.type) {
    case 'CHANGE':
      fireEvent.change(screen.getByLabelText(labelOf(e.field)), { target: { value: e.value } });
      return;
    case 'SUBMIT':
      fireEvent.click(button(before.matches('password') ? messages.opsSignIn : messages.opsVerify));
      return;
    case 'RETRY':
      fireEvent.click(button(messages.tryAgain));
      return;
    case 'START_OVER':
      fireEvent.click(button(messages.opsStartOver));
      return;
    case 'USE_RECOVERY':
      fireEvent.click(button(messages.opsUseRecoveryCode));
      return;
    case 'USE_CODE':
      fireEvent.click(button(messages.opsUseAuthenticator));
      return;
    case 'COPY_CODES':
      fireEvent.click(button(messages.opsRecoveryCopy));
      return;
    case 'DOWNLOAD_CODES':
      fireEvent.click(button(messages.opsRecoveryDownload));
      return;
    case 'DONE':
      fireEvent.click(button(messages.opsRecoveryCodesDone));
      return;
  }
}

function labelOf(field: string): string {
  return { email: messages.opsEmailLabel, password: messages.opsPasswordLabel, code: messages.opsCodeLabel, recoveryCode: messages.opsRecoveryCodeLabel }[field]!;
}

const HEADINGS: Record<ViewModel['step'], string> = {
  password: messages.opsSignInHeading,
  enrolLoading: messages.opsEnrolHeading,
  enrolFailed: messages.opsEnrolHeading,
  enrol: messages.opsEnrolHeading,
  recoveryCodes: messages.opsRecoveryCodesHeading,
  code: messages.opsCodeHeading,
  recovery: messages.opsRecoveryHeading,
  signedIn: messages.opsSignInHeading,
};

/** The page shows what the model's state says. */
function expectScreen(expected: ViewModel): void {
  const region = panel();
  expect(within(region).getByRole('heading', { level: 1 }).textContent).toBe(HEADINGS[expected.step]);
  expect(region.getAttribute('aria-busy')).toBe(String(expected.busy));
  const text = region.textContent ?? '';
  for (const field of ['email', 'password', 'code', 'recoveryCode'] as const) {
    const input = within(region).queryByLabelText(labelOf(field)) as HTMLInputElement | null;
    if (input) {
      expect(input.value, field).toBe(expected.values[field]);
      const error = expected.fieldError(field);
      expect(input.getAttribute('aria-invalid'), `${field} invalid`).toBe(error ? 'true' : null);
      if (error) expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(error);
    }
  }
  const alerts = within(region).queryAllByRole('alert').map((a) => a.textContent);
  if (expected.alert && expected.step !== 'enrolFailed') expect(alerts).toContain(expected.alert);
  if (expected.step === 'enrolFailed') expect(text).toContain(messages.opsQrFailed);
  if (!expected.alert) expect(region.querySelector('.ops-signin-alert')).toBeNull();
  if (expected.notice) expect(within(region).getByRole('status').textContent).toBe(expected.notice);
  switch (expected.state) {
    case 'password':
    case 'checkingPassword':
      expect(button(expected.busy ? messages.opsSigningIn : messages.opsSignIn)).toHaveProperty('disabled', expected.busy);
      break;
    case 'loadingQr':
      expect(within(region).getByRole('status').textContent).toBe(messages.opsQrLoading);
      break;
    case 'showingQr':
    case 'checkingEnrolCode': {
      const img = within(region).getByRole('img', { name: messages.opsQrAlt }) as HTMLImageElement;
      expect(img.src).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(atob(img.src.split(',')[1]!)).toBe(expected.qrSvg);
      expect(region.querySelector('svg')).toBeNull(); // never injected as markup
      expect(text).toContain(expected.manualKey!);
      expect(button(expected.busy ? messages.opsChecking : messages.opsVerify)).toHaveProperty('disabled', expected.busy);
      break;
    }
    case 'recoveryCodes': {
      const items = within(within(region).getByRole('list', { name: messages.opsRecoveryCodesHeading })).getAllByRole('listitem');
      expect(items.map((li) => li.textContent)).toEqual(expected.recoveryCodes);
      const status = expected.saved === 'copied' ? messages.opsRecoveryCopied : expected.saved === 'downloaded' ? messages.opsRecoveryDownloaded : '';
      expect(within(region).getByRole('status').textContent).toBe(status);
      break;
    }
    case 'code':
    case 'checkingCode':
    case 'recovery':
    case 'checkingRecovery':
      expect(button(expected.busy ? messages.opsChecking : messages.opsVerify)).toHaveProperty('disabled', expected.busy);
      break;
    case 'signedIn':
      expect(within(region).getByRole('status').textContent).toBe(messages.opsSignedIn);
      expect(localStorage.getItem(OPS_TOKEN_KEY)).toBe(COMPLETE_TOKEN);
      expect(signedIn).toEqual([1]);
      break;
    default:
      break;
  }
  if (expected.state !== 'signedIn') {
    // The pending token never lands where the console looks for a session.
    expect(localStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
  }
}

describe('staff sign-in through the page, along the machine model paths', async () => {
  const paths = await choosePaths();

  for (const steps of paths) {
    const name = steps.map((s) => s.event.type.replace('xstate.', '').replace('actor.', '')).join(' → ');
    it(name, async () => {
      render(<Page />);
      let before: Snapshot = createActor(opsSignInMachine, { input: {} }).getSnapshot();
      expectScreen(opsSignInSnapshotToView(before));
      for (const step of steps) {
        await perform(step, before);
        const expected = opsSignInSnapshotToView(step.state);
        await waitFor(() => expectScreen(expected));
        shownStates.add(expected.state);
        if (!axeChecked.has(expected.state)) {
          axeChecked.add(expected.state);
          const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
          expect(results.violations.map((v) => `${expected.state}: ${v.id}: ${v.help}`)).toEqual([]);
        }
        before = step.state;
      }
    });
  }

  it('opens with the expired notice when the console sent the member back', () => {
    render(<Page expired />);
    expect(within(panel()).getByRole('status').textContent).toBe(messages.opsSessionExpired);
  });

  it('moves the focus to the heading of each new step, for keyboard and screen-reader users', async () => {
    render(<Page />);
    fireEvent.change(screen.getByLabelText(messages.opsEmailLabel), { target: { value: 'desk@ogbadispatch.ng' } });
    fireEvent.change(screen.getByLabelText(messages.opsPasswordLabel), { target: { value: 'secret-pass-9' } });
    fireEvent.click(button(messages.opsSignIn));
    const login = await waitFor(() => edge.take('/api/ops/auth/login'));
    await act(async () => login.respond(200, { token: PENDING_TOKEN, next: 'code' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: messages.opsCodeHeading })));
  });

  afterAll(() => {
    const missing = recorder.report(`staff sign-in through the page (${paths.length} paths)`, opsSignInMachine);
    expect([...opsSignInViewStates].filter((s) => !shownStates.has(s)), 'view states never shown').toEqual([]);
    expect(missing, `transitions never driven through the page:\n${missing.join('\n')}`).toEqual([]);
  });
});
