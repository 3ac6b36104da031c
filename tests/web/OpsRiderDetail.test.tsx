// @vitest-environment jsdom
/**
 * The console's rider page (real machine, real API client, real views, dialog and toasts)
 * driven along machines/ops/idReviewMachine.ts's model paths (xstate/graph, tests/machines/
 * idReviewModel.ts). Only fetch is stood in (tests/web/support/apiEdge.ts): each request the page
 * sends is held until the test answers it as the server would.
 *
 * Each model event is something staff do in the page (Approve ID, Reject…, type the reason, Send
 * rejection, Cancel, Suspend rider…, the suspension's reason and password, Suspend, Lift
 * suspension, Try again) or an answer the network gives. After each step the page must show
 * what the model's state says. The paths run are the shortest and edge paths that take a
 * transition not yet taken; the page's own actor is inspected and must take every transition.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SubmitError } from '../../machines/kit/formMachine';
import { idReviewMachine, idReviewSnapshotToView, type IdReviewEvent } from '../../machines/ops/idReviewMachine';
import { messages } from '../../src/shared/messages';
import { OPS_TOKEN_KEY } from '../../src/shared/opsForms';
import { idReviewLabels } from '../../src/shared/opsRiders';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { RiderDetailView } from '../../src/web/features/ops/RiderDetailView';
import { useRiderDetail } from '../../src/web/features/ops/useRiderDetail';
import { TransitionRecorder, edgePaths } from '../machines/coverage';
import { idReviewEventCanHappen, idReviewEvents, RIDER_ID, riderFixture, serializeIdReviewState, type IdReviewModelEvent } from '../machines/idReviewModel';
import { ApiEdge } from './support/apiEdge';

type Snapshot = SnapshotFrom<typeof idReviewMachine>;
interface Step {
  event: IdReviewModelEvent;
  state: Snapshot;
}

const STAFF_TOKEN = 'staff-token-for-the-view-test';
const BASE = `/api/ops/riders/${RIDER_ID}`;
const edge = new ApiEdge();
const recorder = new TransitionRecorder();
const shown = new Set<string>();

beforeAll(() => {
  edge.install();
  window.scrollTo = () => {};
  URL.createObjectURL = () => 'blob:test';
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function click() {};
});
afterAll(() => edge.uninstall());
beforeEach(() => {
  edge.reset();
  window.localStorage.setItem(OPS_TOKEN_KEY, STAFF_TOKEN);
});
afterEach(() => {
  cleanup();
  toast.dismiss();
});

function Page() {
  const { view, send } = useRiderDetail(RIDER_ID, recorder.inspect);
  return (
    <>
      <RiderDetailView view={view} send={send} onOpenDocument={() => {}} />
      <Toasts />
    </>
  );
}

/** The page in a router of its own (its links are router links). */
function renderPage() {
  const router = createRouter({
    routeTree: createRootRoute({ component: Page }),
    history: createMemoryHistory({ initialEntries: [`/ops/riders/${RIDER_ID}`] }),
  });
  return render(<RouterProvider router={router} />);
}

// ---------------------------------------------------------------------------------------------
// The paths: the model restricted to what the page can produce, chosen for new transitions.

/** While the suspension's dialog is open the rest of the page is inert: staff can only use the dialog. */
function pageEvents(state: Snapshot): IdReviewModelEvent[] {
  const dialogOpen = state.matches({ ready: { account: 'confirmingSuspend' } }) || state.matches({ ready: { account: 'suspending' } });
  const inDialog = new Set(['SUSPEND_REASON_CHANGED', 'CONFIRM_SUSPEND', 'CANCEL_SUSPEND']);
  return idReviewEvents(state).filter((event) => !dialogOpen || event.type.startsWith('xstate.') || inDialog.has(event.type));
}

const SRC: Record<string, string> = { loadRider: 'loadRider', approve: 'decide', reject: 'decide', suspend: 'suspend', lift: 'lift', loadDocuments: 'loadDocuments' };

/** The transitions a path takes, found on a bare actor whose requests are answered at once. */
async function transitionsOf(steps: readonly Step[]): Promise<Set<string>> {
  const local = new TransitionRecorder();
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const held = (name: string) => fromPromise(() => new Promise((resolve, reject) => pending.set(name, { resolve, reject })));
  const actor = createActor(
    idReviewMachine.provide({ actors: { loadRider: held('loadRider') as never, decide: held('decide') as never, suspend: held('suspend') as never, lift: held('lift') as never, loadDocuments: held('loadDocuments') as never } }),
    { input: { riderId: RIDER_ID }, inspect: local.inspect },
  );
  actor.start();
  for (const { event } of steps) {
    const result = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (result) {
      const p = pending.get(SRC[result[2]!]!)!;
      if (result[1] === 'done') p.resolve((event as { output: unknown }).output);
      else p.reject((event as { error: unknown }).error);
    } else actor.send(event as IdReviewEvent);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  actor.stop();
  return new Set(local.taken.keys());
}

const everyPrefix = (model: { getShortestPaths(options: { allowDuplicatePaths: boolean }): unknown[]; getAdjacencyMap(): unknown }) => ({
  getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true }),
  getAdjacencyMap: () => model.getAdjacencyMap(),
});

async function choosePaths(): Promise<Step[][]> {
  const model = new TestModel(idReviewMachine, { events: pageEvents as never, serializeState: serializeIdReviewState as never, input: { riderId: RIDER_ID } } as never);
  const candidates = [
    ...model.getShortestPaths().map((p) => p.steps as unknown as Step[]),
    ...(edgePaths(everyPrefix(model) as never, serializeIdReviewState as never, idReviewEventCanHappen as never) as unknown as Step[][]),
  ];
  const covered = new Set<string>();
  const chosen: Step[][] = [];
  for (const raw of candidates) {
    const steps = raw.filter((s) => (s.event.type as string) !== 'xstate.init');
    const keys = await transitionsOf(steps);
    // A view state not yet shown counts as new too.
    for (const step of steps) {
      const view = idReviewSnapshotToView(step.state);
      keys.add(`view:${view.state}:${view.review}:${view.account}:${view.documents}:${view.reviewError?.field ?? ''}:${view.accountError?.field ?? ''}`);
    }
    const fresh = [...keys].filter((k) => !covered.has(k) && !k.startsWith('view:'));
    if (fresh.length === 0) continue;
    keys.forEach((k) => covered.add(k));
    chosen.push(steps);
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Doing each event in the page.

const reviewCard = () => screen.getByRole('heading', { level: 2, name: (name) => name.startsWith(messages.opsIdCheckHeading) }).closest('section')!;
const accountCard = () => screen.getByRole('heading', { level: 2, name: messages.opsRiderAccount }).closest('section')!;
const dialog = () => screen.getByRole('dialog');

async function answer(path: string, respond: (request: ReturnType<ApiEdge['take']>) => void, check?: (body: unknown) => void): Promise<void> {
  const request = await waitFor(() => edge.take(path));
  expect(request.method).toBe(path === BASE || path.startsWith(`${BASE}/files/`) ? 'GET' : 'POST');
  check?.(request.body);
  await act(async () => respond(request));
}

function errorOf(error: unknown) {
  return error instanceof SubmitError ? error.fieldError : null;
}

async function perform(step: Step, before: Snapshot | null): Promise<void> {
  const { event } = step;
  const files = (before?.context.rider?.documents ?? []).map((d) => d.id);
  const result = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (result && result[2] === 'loadDocuments') {
    // The document itself, asked for with the staff token in its header (never in the address).
    const doc = before!.context.rider!.documents[0]!;
    await answer(`${BASE}/files/${doc.id}`, (request) => {
      expect(request.headers.get('x-ops-token')).toBe(STAFF_TOKEN);
      if (result[1] === 'done') request.respond(200, '%PDF-1.4', { 'content-type': doc.contentType });
      else request.fail();
    });
    return;
  }
  if (result) {
    const [, outcome, actor] = result;
    const path = { loadRider: BASE, approve: `${BASE}/id-review`, reject: `${BASE}/id-review`, suspend: `${BASE}/suspend`, lift: `${BASE}/unsuspend` }[actor!]!;
    const check = {
      loadRider: undefined,
      approve: (body: unknown) => expect(body).toEqual({ decision: 'approve', files }),
      reject: (body: unknown) => expect(body).toEqual({ decision: 'reject', reason: before!.context.reason.trim(), files }),
      suspend: (body: unknown) => expect(body).toEqual({ reason: before!.context.suspendReason.trim(), confirmation: before!.context.confirmation }),
      lift: (body: unknown) => expect(body).toEqual({}),
    }[actor!];
    await answer(
      path,
      (request) => {
        if (outcome === 'done') return request.respond(200, (event as { output: unknown }).output);
        const refusal = errorOf((event as { error: unknown }).error);
        // A refusal the server explains comes in the error shape; anything else is a dropped connection.
        if (refusal) request.respond(refusal.field === 'confirmation' ? 403 : 409, { error: refusal });
        else request.fail();
      },
      check,
    );
    return;
  }
  switch (event.type) {
    case 'RETRY':
      fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
      return;
    case 'APPROVE':
      fireEvent.click(within(reviewCard()).getByRole('button', { name: messages.opsIdApprove }));
      return;
    case 'START_REJECT':
      fireEvent.click(within(reviewCard()).getByRole('button', { name: messages.opsIdReject }));
      return;
    case 'REASON_CHANGED':
      fireEvent.change(within(reviewCard()).getByLabelText(messages.opsIdRejectReasonLabel), { target: { value: event.value } });
      return;
    case 'SUBMIT_REJECT':
      fireEvent.click(within(reviewCard()).getByRole('button', { name: messages.opsIdSendRejection }));
      return;
    case 'CANCEL_REJECT':
      fireEvent.click(within(reviewCard()).getByRole('button', { name: messages.cancel }));
      return;
    case 'START_SUSPEND':
      fireEvent.click(within(accountCard()).getByRole('button', { name: messages.opsSuspendRider }));
      return;
    case 'SUSPEND_REASON_CHANGED':
      fireEvent.change(within(dialog()).getByLabelText(messages.opsSuspendReasonLabel), { target: { value: event.value } });
      return;
    case 'CONFIRM_SUSPEND':
      fireEvent.change(within(dialog()).getByLabelText(messages.opsConfirmLabel), { target: { value: event.confirmation } });
      fireEvent.click(within(dialog()).getByRole('button', { name: messages.opsSuspendConfirm }));
      return;
    case 'CANCEL_SUSPEND':
      fireEvent.click(within(dialog()).getByRole('button', { name: messages.cancel }));
      return;
    case 'LIFT':
      fireEvent.click(within(accountCard()).getByRole('button', { name: messages.opsLiftSuspension }));
      return;
    case 'RETRY_DOCUMENTS':
      fireEvent.click(within(reviewCard()).getByRole('button', { name: messages.opsIdDocumentShowAgain }));
      return;
  }
}

const alertsIn = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('alert')
    .map((a) => a.textContent);

/** The page must show what the model's state says. */
async function expectShown(state: Snapshot): Promise<void> {
  const view = idReviewSnapshotToView(state);
  if (view.state === 'loading') {
    await waitFor(() => expect(screen.getByRole('status').getAttribute('aria-label')).toContain(messages.opsLoading));
    shown.add('loading');
    return;
  }
  if (view.state === 'failed') {
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(messages.opsRiderLoadFailed));
    expect(screen.getByRole('button', { name: messages.tryAgain })).toBeTruthy();
    shown.add('failed');
    return;
  }
  await screen.findByRole('heading', { level: 1, name: 'ada_rides' });
  const rider = view.rider!;
  shown.add(`review:${view.review}`);
  shown.add(`account:${view.account}`);

  // The ID check: its status, its buttons or its form, the reason and the refusal.
  await waitFor(() => expect(within(reviewCard()).getByRole('heading', { level: 2 }).textContent).toContain(idReviewLabels[rider.review.status]));
  const card = reviewCard();
  const approve = within(card).queryByRole('button', { name: view.review === 'approving' ? messages.submitting : messages.opsIdApprove });
  expect(Boolean(approve), 'the approve button').toBe(view.review === 'pending' || view.review === 'approving');
  if (approve) expect((approve as HTMLButtonElement).disabled).toBe(view.review === 'approving');
  const form = within(card).queryByRole('form', { name: messages.opsIdRejectFormLabel });
  expect(Boolean(form), 'the rejection form').toBe(view.review === 'rejecting' || view.review === 'sendingRejection');
  if (form) {
    expect((within(form).getByLabelText(messages.opsIdRejectReasonLabel) as HTMLTextAreaElement).value).toBe(view.reason);
    const submit = within(form).getByRole('button', { name: view.reviewBusy ? messages.submitting : messages.opsIdSendRejection });
    expect((submit as HTMLButtonElement).disabled).toBe(view.reviewBusy);
  }
  if (view.review === 'none') expect(within(card).getByText(messages.opsRiderNoDocuments)).toBeTruthy();
  if (view.review === 'rejected') expect(within(card).getByText(rider.review.reason!)).toBeTruthy();
  shown.add(`documents:${view.documents}`);
  // Beside the document: the name and the picture the rider gave.
  expect(within(card).getByText(rider.fullName!)).toBeTruthy();
  // The document inline once loaded (a PDF in a frame, at a blob: address), a retry when it failed.
  const frameTitle = messages.opsIdDocumentFrame(messages.opsRiderDocumentKind.valid_id, rider.fullName!);
  await waitFor(() => expect(Boolean(within(card).queryByTitle(frameTitle))).toBe(view.documents === 'shown'));
  if (view.documents === 'shown') expect(within(card).getByTitle(frameTitle).getAttribute('src')).toMatch(/^blob:/);
  expect(Boolean(within(card).queryByText(messages.opsIdDocumentLoading))).toBe(view.documents === 'loading');
  const documentsAlert = view.documents === 'failed' ? [`${messages.opsIdDocumentFailed}${messages.opsIdDocumentShowAgain}`] : [];
  expect(alertsIn(card)).toEqual([...documentsAlert, ...(view.reviewError ? [view.reviewError.message] : [])]);

  // The account: suspended or not, the dialog with its reason and refusal.
  const account = accountCard();
  const dialogOpen = view.account === 'confirmingSuspend' || view.account === 'suspending';
  await waitFor(() => expect(Boolean(screen.queryByRole('dialog'))).toBe(dialogOpen));
  if (dialogOpen) {
    const d = dialog();
    expect(within(d).getByRole('heading', { level: 2 }).textContent).toBe(messages.opsSuspendTitle('ada_rides'));
    expect((within(d).getByLabelText(messages.opsSuspendReasonLabel) as HTMLTextAreaElement).value).toBe(view.suspendReason);
    const submit = within(d).getByRole('button', { name: view.accountBusy ? messages.submitting : messages.opsSuspendConfirm });
    expect((submit as HTMLButtonElement).disabled).toBe(view.accountBusy);
    expect(alertsIn(d)).toEqual(view.accountError ? [view.accountError.message] : []);
  } else {
    expect(alertsIn(account)).toEqual(view.accountError ? [view.accountError.message] : []);
  }
  if (view.account === 'suspended' || view.account === 'lifting') {
    const lift = within(account).getByRole('button', { name: view.account === 'lifting' ? messages.submitting : messages.opsLiftSuspension });
    expect((lift as HTMLButtonElement).disabled).toBe(view.account === 'lifting');
    expect(within(account).getByText(rider.suspension!.reason, { exact: false })).toBeTruthy();
  } else {
    expect(within(account).getByRole('button', { name: messages.opsSuspendRider })).toBeTruthy();
  }
}

/** The requests a state is waiting for (its running actors). */
function waitingFor(state: Snapshot): string[] {
  const waits: string[] = [];
  if (state.matches('loading')) waits.push(BASE);
  if (state.matches({ ready: { review: 'approving' } }) || state.matches({ ready: { review: 'sendingRejection' } })) waits.push(`${BASE}/id-review`);
  if (state.matches({ ready: { account: 'suspending' } })) waits.push(`${BASE}/suspend`);
  if (state.matches({ ready: { account: 'lifting' } })) waits.push(`${BASE}/unsuspend`);
  if (state.matches({ ready: { documents: 'loading' } })) waits.push(...state.context.rider!.documents.map((d) => `${BASE}/files/${d.id}`));
  return waits;
}

/** The toast a step announces, if any. */
function toastOf(step: Step): string | null {
  return step.event.type.startsWith('xstate.done.actor.') && step.event.type !== 'xstate.done.actor.loadRider' && step.event.type !== 'xstate.done.actor.loadDocuments'
    ? (step.event as { output: { message: string } }).output.message
    : null;
}

describe('the console rider page, along the ID review machine’s paths', async () => {
  const paths = await choosePaths();

  it('chooses paths', () => {
    expect(paths.length).toBeGreaterThan(5);
  });

  for (const steps of paths) {
    const name = steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ');
    it(name, async () => {
      renderPage();
      for (let i = 0; i < steps.length; i++) {
        const step = steps[i]!;
        const before = i > 0 ? steps[i - 1]!.state : null;
        await perform(step, before);
        await expectShown(step.state);
        const text = toastOf(step);
        if (text) await waitFor(() => expect(screen.getAllByText(text).length).toBeGreaterThan(0));
      }
      // Every request the page sent was answered, but the ones the final state still waits for.
      expect(edge.heldPaths().sort()).toEqual(waitingFor(steps[steps.length - 1]!.state).sort());
      // Every request went to the console's API.
      expect(edge.log.every((r) => r.path.startsWith('/api/ops/') || r.path === '/api/config')).toBe(true);
    });
  }

  it('has no axe violations: loaded, writing a rejection, and with the suspension dialog open', async () => {
    renderPage();
    await answer(BASE, (r) => r.respond(200, riderFixture('pending')));
    await screen.findByRole('heading', { level: 1, name: 'ada_rides' });
    const run = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.help}`);
    expect(await run()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: messages.opsIdReject }));
    fireEvent.click(screen.getByRole('button', { name: messages.opsIdSendRejection }));
    await screen.findByText(messages.opsIdReasonRequired);
    expect(await run()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: messages.opsSuspendRider }));
    await screen.findByRole('dialog');
    expect(await run()).toEqual([]);
  });

  afterAll(() => {
    const missing = recorder.report('ID review machine, driven from the console page', idReviewMachine);
    console.log(`view states shown: ${[...shown].sort().join(', ')}`);
    expect(missing, `transitions the page never drove:\n${missing.join('\n')}`).toEqual([]);
  });
});
