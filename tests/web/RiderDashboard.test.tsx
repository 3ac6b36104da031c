// @vitest-environment jsdom
/**
 * View tests of the real rider dashboard (real machines, API client, views, modal and toasts),
 * driven along the profile edit machine's model paths (xstate/graph, tests/machines/
 * profileEditModel.ts). Only the network edge is stood in: fetch (tests/web/support/apiEdge.ts)
 * and XMLHttpRequest for uploads (held here until the test answers them).
 *
 * Each model event is something a rider does in the page or an answer the network gives:
 *   OPEN          the button that opens that modal (Edit profile, Add, Delete Max.ng, ...)
 *   CHANGE        a field of the open modal changes (input, select, date, textarea)
 *   SELECT_FILE   a file chosen in a file input (or the choice cleared)
 *   SUBMIT        the modal's submit button
 *   CLOSE         the X, Escape or a click on the overlay, in turn
 *   SAVE_PROGRESS the upload reports bytes sent (uploads only: fetch reports none)
 *   save results  the held request is answered (200, 400 with {error:{field,message}}, a 502
 *                 page) or dropped.
 * After each step the page must show what the model's state says. The paths run are the
 * shortest and edge paths that reach a state of a modal kind not yet shown or take a
 * transition not yet taken; the app's own actor is inspected and must take every transition.
 * The page runs the dashboard machine (machines/profile/dashboardMachine.ts), which invokes the profile
 * load and the edit modal: every page of this file records the dashboard's transitions too, and
 * the file fails, with its table printed, unless all of them were driven through the page.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { dashboardMachine } from '../../machines/profile/dashboardMachine';
import { SubmitError } from '../../machines/kit/formMachine';
import { NetworkFailure, profileEditMachine, profileEditSnapshotToView, type ProfileEditEvent } from '../../machines/profile/profileEditMachine';
import { profileMachine, profileSnapshotToView, type ProfileEvent } from '../../machines/profile/profileMachine';
import { modalKinds, modalSpecs, modalViewStatesOf, type FileLike, type ModalKind } from '../../machines/profile/profileModals';
import { messages } from '../../src/shared/messages';
import type { Profile } from '../../src/shared/profile';
import { NO_DELIVERY_RECORD } from '../../src/shared/deliveries/record';
import { formatFocalPoint } from '../../src/shared/uploads';
import { setLoginNavigation } from '../../src/web/kit/session/authService';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { DashboardView } from '../../src/web/features/profile/DashboardView';
import { useDashboard } from '../../src/web/features/profile/useDashboard';
import { TransitionRecorder, coverAll, edgePaths } from '../machines/coverage';
import { dashboardEvents, DOCUMENT, inspectOnly, LOCATIONS, serializeDashboard, type DashboardModelEvent } from '../machines/dashboardModel';
import { ENTRY_ID, editEventCanHappen, editEvents, serializeEditState, type EditModelEvent } from '../machines/profileEditModel';
import { ApiEdge } from './support/apiEdge';

type Snapshot = SnapshotFrom<typeof profileEditMachine>;
interface Step {
  event: EditModelEvent;
  state: Snapshot;
}

// ---------------------------------------------------------------------------------------------
// The profile the page loads: what every modal of the model opens with (profileEditModel's openValues).

const fixture: Profile = {
  user: {
    username: 'ada_rides',
    email: 'ada@example.com',
    phone: '+2348031234567',
    address: null,
    town: 'Ikeja',
    state: 'Lagos',
    introduction: 'Careful rider on the mainland',
    bio: 'Five years across Lagos.',
    picture: null,
    user_type: 1,
    profile_completed: 1,
    current_tab: 5,
    has_password: true,
  },
  workHistories: [{ _id: ENTRY_ID, position: 'Dispatch rider', company_name: 'Gokada', number_of_years: '3-5', start_date: '2019-03-01', end_date: null }],
  pastEmployees: [{ _id: ENTRY_ID, company_name: 'Max.ng', company_contact: 'Tunde 0803 555 0101', start_date: '2016-01-10', end_date: '2018-12-31' }],
  personalInfo: { total_years_of_experience: '3-5', languages_spoken: 'English, Yoruba', education: 'Diploma', valid_id: null, rider_id_card: null, id_kind: null, id_review_status: 'none', id_review_reason: null },
  reputation: { job_success: 92, jobs_counted: 12, review_count: 12, rating_average_x100: 483, reviewed: 12, deliveries_completed: 148, deliveries_on_time: 142, delivery_rating_count: 121, delivery_rating_average_x100: 480 },
};
const googleFixture: Profile = { ...fixture, user: { ...fixture.user, has_password: false } };
const fixtureFor = (modal: ModalKind | null) => (modal === 'deleteGoogleAccount' ? googleFixture : fixture);

const UPLOADS: readonly ModalKind[] = ['picture', 'personalInfo'];

// ---------------------------------------------------------------------------------------------
// The network edge: fetch through ApiEdge, uploads through this XMLHttpRequest stand-in.

class HeldXhr {
  static held: HeldXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  method = '';
  path = '';
  body: FormData | null = null;
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.path = new URL(url, window.location.href).pathname;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    HeldXhr.held.push(this);
  }
  /** Cancel during an upload aborts it (the save's AbortSignal fires). */
  abort() {
    this.aborted = true;
    HeldXhr.held = HeldXhr.held.filter((x) => x !== this);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  static take(path: string): HeldXhr {
    const index = HeldXhr.held.findIndex((x) => x.path === path);
    if (index < 0) throw new Error(`no upload to ${path} is waiting`);
    return HeldXhr.held.splice(index, 1)[0]!;
  }
}

const edge = new ApiEdge();
const recorder = new TransitionRecorder();
/** The dashboard machine in every page of this file: every one of its transitions must be driven (the table is printed last). */
const dashboardRecorder = new TransitionRecorder();
const inspectDashboard = inspectOnly('dashboard', dashboardRecorder);
const both = (child: (event: InspectionEvent) => void) => (event: InspectionEvent) => {
  inspectDashboard(event);
  child(event);
};
/** What the page handed the browser to save (the export, an ID document). */
const downloads: string[] = [];
const shown = new Set<string>();
const realXhr = globalThis.XMLHttpRequest;

beforeAll(() => {
  edge.install();
  globalThis.XMLHttpRequest = HeldXhr as unknown as typeof XMLHttpRequest;
  window.scrollTo = () => {};
  // A signed-out page goes to /login through the router, which this page has none of (jsdom
  // cannot load a page).
  setLoginNavigation(() => {});
  // jsdom has no object URLs (the export's download, a picture's preview).
  URL.createObjectURL = () => 'blob:test';
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    if (this.download) downloads.push(this.download);
  };
});
afterAll(() => {
  const missing = dashboardRecorder.report('dashboard machine, driven through the page', dashboardMachine);
  expect(missing, `dashboard transitions the page never drove:\n${missing.join('\n')}`).toEqual([]);
  edge.uninstall();
  globalThis.XMLHttpRequest = realXhr;
});
beforeEach(() => {
  edge.reset();
  HeldXhr.held.length = 0;
});
afterEach(() => {
  cleanup();
  toast.dismiss();
});

function Page() {
  const dashboard = useDashboard({ goToSignup: () => {}, goHome: () => void homes++, inspect: both(inspectOnly('profileEdit', recorder)) });
  return (
    <>
      <DashboardView {...dashboard} googleSignInUrl="/api/auth/google" origin="https://ogbadispatch.ng" />
      <Toasts />
    </>
  );
}

async function openPage(profile: Profile): Promise<void> {
  render(<Page />);
  const load = await waitFor(() => edge.take('/api/users/profile'));
  await act(async () => load.respond(200, profile));
  await screen.findByRole('heading', { level: 1, name: profile.user.username });
}

// ---------------------------------------------------------------------------------------------
// The model, restricted to what the page can produce.

function pageEvents(state: Snapshot): EditModelEvent[] {
  return editEvents(state as never).filter((event) => {
    if (event.type === 'SAVE_PROGRESS') return UPLOADS.includes(state.context.modal!);
    // The rider sees only the Delete-account modal that fits the account.
    return true;
  });
}

/** The transitions a path takes, found on a bare actor. */
function transitionsOf(steps: readonly Step[]): Set<string> {
  const local = new TransitionRecorder();
  const actor = createActor(profileEditMachine.provide({ actors: { save: fromPromise(() => new Promise(() => {})) } }), { inspect: local.inspect });
  actor.start();
  for (const step of steps) {
    if ((step.event.type as string) === 'xstate.init' || step.event.type.startsWith('xstate.') || step.event.type === 'SAVE_PROGRESS') {
      // An actor's result cannot be sent from outside; the model's own states say where it went.
      continue;
    }
    actor.send(step.event as ProfileEditEvent);
  }
  actor.stop();
  const keys = new Set(local.taken.keys());
  // Results: named by the source and target states of the step.
  steps.forEach((step, i) => {
    if (step.event.type.startsWith('xstate.done') || step.event.type.startsWith('xstate.error') || step.event.type === 'SAVE_PROGRESS') {
      keys.add(`${String(steps[i - 1]?.state.value)}:${step.event.type}:${String(step.state.value)}:${step.state.context.error ? 'field' : 'none'}`);
    }
  });
  return keys;
}

const everyPrefix = (model: { getShortestPaths(options: { allowDuplicatePaths: boolean }): unknown[]; getAdjacencyMap(): unknown }) => ({
  getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true }),
  getAdjacencyMap: () => model.getAdjacencyMap(),
});

/** Which of the dashboard machine's SAVED transitions a modal's answer takes. */
const savedKind = (modal: ModalKind) =>
  modal === 'deleteAccount' || modal === 'deleteGoogleAccount' ? 'accountDeleted' : modal === 'picture' ? 'pictureChanged' : modal === 'exportData' ? 'dataExported' : 'profileAnswered';

function choosePaths(): Step[][] {
  const model = new TestModel(profileEditMachine, { events: pageEvents as never, serializeState: serializeEditState as never });
  const candidates = [
    ...model.getShortestPaths().map((p) => p.steps as unknown as Step[]),
    ...(edgePaths(everyPrefix(model) as never, serializeEditState as never, editEventCanHappen as never) as unknown as Step[][]),
  ];
  const covered = new Set<string>();
  const chosen: Step[][] = [];
  for (const raw of candidates) {
    const steps = raw.filter((s) => (s.event.type as string) !== 'xstate.init');
    const keys = new Set(transitionsOf(steps));
    steps.forEach((step, i) => {
      const view = profileEditSnapshotToView(step.state);
      if (view.modal) keys.add(`${view.modal}:${view.state}`);
      // Each way the dashboard machine applies a saved answer (SAVED's guards) is driven too.
      const modal = steps[i - 1]?.state.context.modal;
      if (step.event.type === 'xstate.done.actor.save' && modal) keys.add(`saved:${savedKind(modal)}`);
    });
    const fresh = [...keys].filter((k) => !covered.has(k));
    if (fresh.length === 0) continue;
    fresh.forEach((k) => covered.add(k));
    chosen.push(steps);
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Doing each event in the page.

const dialog = () => screen.getByRole('dialog');
const cardOf = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('section')!;

function opener(modal: ModalKind): HTMLElement {
  switch (modal) {
    case 'profile':
      return screen.getByRole('button', { name: 'Edit profile' });
    case 'bio':
      return screen.getByRole('button', { name: 'Edit bio' });
    case 'personalInfo':
      return screen.getByRole('button', { name: 'Edit personal information' });
    case 'picture':
      return screen.getByRole('button', { name: 'Upload a profile picture' });
    case 'addWorkHistory':
      return within(cardOf('Work History')).getByRole('button', { name: 'Add' });
    case 'editWorkHistory':
      return screen.getByRole('button', { name: 'Edit Dispatch rider at Gokada' });
    case 'deleteWorkHistory':
      return screen.getByRole('button', { name: 'Delete Dispatch rider at Gokada' });
    case 'addPastEmployee':
      return within(cardOf('Past Employees')).getByRole('button', { name: 'Add' });
    case 'editPastEmployee':
      return screen.getByRole('button', { name: 'Edit Max.ng' });
    case 'deletePastEmployee':
      return screen.getByRole('button', { name: 'Delete Max.ng' });
    case 'exportData':
      return screen.getByRole('button', { name: 'Download my data' });
    case 'deleteAccount':
    case 'deleteGoogleAccount':
      return screen.getByRole('button', { name: 'Delete my account' });
  }
}

function fileOf(like: FileLike): File {
  return new File([new Uint8Array(Math.min(like.size, 64))], like.name, { type: like.type });
}

/** The request a modal's save sends: its method, path, and whether it goes as an upload. */
function requestOf(modal: ModalKind): { method: string; path: string; upload: boolean } {
  switch (modal) {
    case 'profile':
    case 'bio':
      return { method: 'PUT', path: '/api/users/profile-update', upload: false };
    case 'personalInfo':
      return { method: 'POST', path: '/api/riders/personal-info/save', upload: true };
    case 'picture':
      return { method: 'POST', path: '/api/users/upload-profile-image', upload: true };
    case 'addWorkHistory':
      return { method: 'POST', path: '/api/riders/work-history/create', upload: false };
    case 'editWorkHistory':
      return { method: 'PUT', path: '/api/riders/work-history/update', upload: false };
    case 'deleteWorkHistory':
      return { method: 'DELETE', path: `/api/riders/work-history/${ENTRY_ID}`, upload: false };
    case 'addPastEmployee':
      return { method: 'POST', path: '/api/riders/past-employees/create', upload: false };
    case 'editPastEmployee':
      return { method: 'PUT', path: '/api/riders/past-employees/update', upload: false };
    case 'deletePastEmployee':
      return { method: 'DELETE', path: `/api/riders/past-employees/${ENTRY_ID}`, upload: false };
    case 'exportData':
      return { method: 'GET', path: '/api/users/export', upload: false };
    case 'deleteAccount':
    case 'deleteGoogleAccount':
      return { method: 'DELETE', path: '/api/users/account', upload: false };
  }
}

function answerOf(modal: ModalKind): unknown {
  if (modal === 'picture') return { message: messages.profileImageUploaded, picture: { url: '/files/p', thumb_url: '/files/t' }, current_tab: 5 };
  if (modal === 'exportData') return { format: 'ogba-dispatch-export/1' };
  if (modal === 'deleteAccount' || modal === 'deleteGoogleAccount') return { message: messages.accountDeleted };
  return { message: modalSpecs[modal].success, profile: fixtureFor(modal) };
}

let closes = 0;
let homes = 0;

async function perform(steps: readonly Step[], index: number): Promise<void> {
  const { event } = steps[index]!;
  const before = index > 0 ? steps[index - 1]!.state : null;
  const modal = (event.type === 'OPEN' ? event.modal : before?.context.modal) as ModalKind;
  switch (event.type) {
    case 'OPEN':
      fireEvent.click(opener(event.modal));
      return;
    case 'CHANGE': {
      const field = dialog().querySelector<HTMLInputElement>(`[name="${event.field}"]`)!;
      fireEvent.change(field, { target: { value: event.value } });
      return;
    }
    case 'SELECT_FILE': {
      const input = dialog().querySelector<HTMLInputElement>(`input[type="file"][name="${event.field}"]`)!;
      fireEvent.change(input, { target: { files: event.file ? [fileOf(event.file)] : [] } });
      return;
    }
    case 'SUBMIT':
      fireEvent.click(within(dialog()).getByRole('button', { name: modalSpecs[modal].submitLabel }));
      return;
    case 'RECENTRE': {
      // With the keyboard on the square preview (the model's y 0 is Home, past 100 is End).
      const slider = within(dialog()).getByRole('slider', { name: messages.pictureFocusLabel });
      fireEvent.keyDown(slider, { key: event.y <= 0 ? 'Home' : 'End' });
      return;
    }
    case 'CLOSE': {
      const way = closes++ % 3;
      if (way === 0) fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
      else if (way === 1) fireEvent.keyDown(dialog(), { key: 'Escape' });
      else fireEvent.click(dialog());
      return;
    }
    case 'SAVE_PROGRESS': {
      const xhr = await waitFor(() => {
        const found = HeldXhr.held.find((x) => x.path === requestOf(modal).path);
        if (!found) throw new Error('no upload yet');
        return found;
      });
      act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: event.loaded, total: event.total }));
      return;
    }
    case 'CANCEL_UPLOAD': {
      const cancel = within(dialog()).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
      if (!UPLOADS.includes(modal)) {
        // Not an upload: Cancel stays disabled while the request is under way (the machine refuses the event).
        expect(cancel.disabled).toBe(true);
        return;
      }
      const xhr = await waitFor(() => {
        const found = HeldXhr.held.find((x) => x.path === requestOf(modal).path);
        if (!found) throw new Error('no upload yet');
        return found;
      });
      expect(cancel.disabled).toBe(false);
      await act(async () => fireEvent.click(cancel));
      expect(xhr.aborted).toBe(true);
      return;
    }
    case 'xstate.done.actor.save':
    case 'xstate.error.actor.save': {
      const { method, path, upload } = requestOf(modal);
      const ok = event.type === 'xstate.done.actor.save';
      const error = ok ? null : (event as { error: unknown }).error;
      if (upload) {
        const xhr = await waitFor(() => HeldXhr.take(path));
        expect(xhr.method).toBe(method);
        // The picture goes with the focal point chosen in its square preview.
        if (modal === 'picture') expect(xhr.body?.get('focal_point')).toBe(formatFocalPoint(before!.context.focus));
        await act(async () => {
          if (ok) xhr.respond(200, answerOf(modal));
          else if (error instanceof SubmitError) xhr.respond(400, { error: error.fieldError });
          else if (error instanceof NetworkFailure) xhr.onerror?.();
          else xhr.respond(502, '<html>Bad gateway</html>');
        });
        return;
      }
      const request = await waitFor(() => edge.take(path));
      expect(request.method).toBe(method);
      if (method === 'PUT' || method === 'POST') {
        const sent = before!.context.values;
        const form = modalSpecs[modal].form!;
        expect(request.body).toEqual(Object.fromEntries(Object.keys(form.fields).map((k) => [k, sent[k] ?? ''])));
      }
      await act(async () => {
        if (ok) request.respond(200, answerOf(modal));
        else if (error instanceof SubmitError) request.respond(400, { error: error.fieldError });
        else if (error instanceof NetworkFailure) request.fail();
        else request.respond(502, 'Bad gateway');
      });
      return;
    }
  }
}

/** The toast a step announces, if any. */
function toastOf(step: Step, before: Snapshot | null): string | null {
  const modal = before?.context.modal as ModalKind | undefined;
  if (!modal) return null;
  if (step.event.type === 'xstate.done.actor.save') return modalSpecs[modal].success;
  if (step.event.type === 'xstate.error.actor.save' && !step.state.context.error) {
    const error = (step.event as { error: unknown }).error;
    if (error instanceof SubmitError) return error.fieldError.message;
    if (error instanceof NetworkFailure && modalSpecs[modal].networkFailure) return modalSpecs[modal].networkFailure!;
    return modalSpecs[modal].failure;
  }
  return null;
}

/** The page must show what the model's state says. */
async function expectShown(state: Snapshot): Promise<void> {
  const view = profileEditSnapshotToView(state);
  if (view.state === 'closed') {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    return;
  }
  shown.add(`${view.modal}:${view.state}`);
  const d = await screen.findByRole('dialog');
  const spec = modalSpecs[view.modal!];
  expect(within(d).getByRole('heading', { level: 2 }).textContent).toBe(spec.title);
  await waitFor(() => {
    const submit = within(d).getByRole('button', { name: view.busy ? messages.submitting : spec.submitLabel });
    expect((submit as HTMLButtonElement).disabled).toBe(view.busy);
  });
  const alerts = within(d)
    .queryAllByRole('alert')
    .map((a) => a.textContent);
  // Every field the model finds wrong says so (a new valid ID without its kind adds one under
  // id_kind), and a message from the server under its field or the form.
  const { error, errors } = state.context;
  const expected = [...errors, ...(error && !errors.some((e) => e.field === error.field) ? [error] : [])].map((e) => e.message);
  expect([...alerts].sort()).toEqual(expected.sort());
  for (const [field, value] of Object.entries(view.values)) {
    const input = d.querySelector<HTMLInputElement>(`[name="${field}"]`);
    if (input) expect(input.value, field).toBe(value);
  }
  for (const [field, file] of Object.entries(view.files)) {
    const chosen = d.querySelector(`input[name="${field}"]`)?.closest('.field')?.querySelector('.file-chosen') ?? null;
    if (file) expect(chosen?.textContent, field).toContain(file.name);
    else expect(chosen, field).toBeNull();
  }
  if (view.modal === 'picture') {
    // The styled control, the front camera and the gallery (the field's named input).
    expect((within(d).getByLabelText(messages.takePhoto) as HTMLInputElement).getAttribute('capture')).toBe('user');
    expect(within(d).getByLabelText(messages.chooseFromGallery)).toBe(d.querySelector('input[name="profile_image"]'));
    // A chosen photo in the square it is stored as, at its focal point; it moves unless an upload is under way.
    if (view.files.profile_image) {
      const slider = await within(d).findByRole('slider', { name: messages.pictureFocusLabel });
      expect(slider.getAttribute('aria-valuenow')).toBe(String(view.focus.y));
      expect(slider.getAttribute('aria-disabled')).toBe(view.canRecentre ? null : 'true');
      const preview = within(d).getByAltText('Preview of the chosen picture') as HTMLImageElement;
      expect(preview.style.objectPosition).toBe(`${view.focus.x}% ${view.focus.y}%`);
    } else {
      expect(within(d).queryByRole('slider')).toBeNull();
    }
  }
  const cancel = within(d).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
  expect(cancel.disabled).toBe(view.busy && !view.cancellable);
  const progress = d.querySelector('progress');
  if (view.busy && view.progress !== null) expect(progress?.getAttribute('value')).toBe(String(Math.round(view.progress * 100)));
  else expect(progress).toBeNull();
}

describe('rider dashboard in the page, along the edit machine’s paths', () => {
  const paths = choosePaths();

  it('chooses paths that reach every state of every modal kind', () => {
    const reached = new Set(paths.flatMap((steps) => steps.map((s) => profileEditSnapshotToView(s.state)).filter((v) => v.modal).map((v) => `${v.modal}:${v.state}`)));
    const wanted = modalKinds.flatMap((kind) => modalViewStatesOf(kind).map((state) => `${kind}:${state}`));
    expect(wanted.filter((k) => !reached.has(k))).toEqual([]);
  });

  for (const steps of paths) {
    const first = steps[0]!.event as { modal?: ModalKind };
    const name = steps
      .map((s) => (s.event.type === 'OPEN' ? `open ${s.event.modal}` : s.event.type === 'CHANGE' ? `${s.event.field}="${s.event.value.slice(0, 12)}"` : s.event.type.replace('xstate.', '')))
      .join(' → ');
    it(name, async () => {
      downloads.length = 0;
      homes = 0;
      await openPage(fixtureFor(first.modal ?? null));
      for (let i = 0; i < steps.length; i++) {
        const step = steps[i]!;
        const before = i > 0 ? steps[i - 1]!.state : null;
        await perform(steps, i);
        await expectShown(step.state);
        const text = toastOf(step, before);
        if (text) await waitFor(() => expect(screen.getAllByText(text).length).toBeGreaterThan(0));
        // The dashboard machine applies what a save answered.
        const saved = step.event.type === 'xstate.done.actor.save' ? (before!.context.modal as ModalKind) : null;
        if (saved === 'exportData') expect(downloads).toEqual(['ogba-dispatch-data.json']);
        if (saved === 'deleteAccount' || saved === 'deleteGoogleAccount') {
          // The dashboard's 'deleted': signed out, said in place of the profile, then the home page.
          await waitFor(() => expect(document.querySelector('p.card[role="status"]')?.textContent).toBe(messages.accountDeleted));
          expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
          await waitFor(() => expect(homes).toBe(1));
        }
      }
    });
  }

  it('gives focus back to the button that opened a modal, and keeps Tab inside it', async () => {
    await openPage(fixture);
    const button = screen.getByRole('button', { name: 'Edit bio' });
    button.focus();
    fireEvent.click(button);
    const d = await screen.findByRole('dialog');
    expect(d.contains(document.activeElement)).toBe(true);
    expect((document.activeElement as HTMLTextAreaElement).name).toBe('bio');
    // Tab from the last control goes to the first; Shift+Tab from the first to the last.
    const submit = within(d).getByRole('button', { name: 'Save' });
    submit.focus();
    fireEvent.keyDown(submit, { key: 'Tab' });
    expect(document.activeElement).toBe(within(d).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);
    fireEvent.keyDown(d, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('closes a modal by its X, by Escape and by a click on the overlay, not while it saves', async () => {
    await openPage(fixture);
    const button = screen.getByRole('button', { name: 'Edit profile' });
    const ways: Array<(d: HTMLElement) => void> = [
      (d) => fireEvent.click(within(d).getByRole('button', { name: 'Close' })),
      (d) => fireEvent.keyDown(d, { key: 'Escape' }),
      (d) => fireEvent.click(d),
    ];
    for (const close of ways) {
      button.focus();
      fireEvent.click(button);
      close(await screen.findByRole('dialog'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(button));
    }
    // While saving, none of them closes it.
    fireEvent.click(button);
    const d = await screen.findByRole('dialog');
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await within(d).findByRole('button', { name: messages.submitting });
    for (const close of ways) close(d);
    expect(screen.getByRole('dialog')).toBe(d);
    const request = await waitFor(() => edge.take('/api/users/profile-update'));
    await act(async () => request.respond(200, { message: 'ok', profile: fixture }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the loading skeleton, then a retry after a failed load, then the profile', async () => {
    render(<Page />);
    expect(screen.getByText('Loading your profile…')).toBeTruthy();
    const first = await waitFor(() => edge.take('/api/users/profile'));
    const logged: unknown[] = [];
    const realError = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await act(async () => first.respond(503, { error: { field: 'alert', message: 'Database not reachable' } }));
      await screen.findByRole('heading', { name: messages.profileLoadFailed });
    } finally {
      console.error = realError;
    }
    expect(logged).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const second = await waitFor(() => edge.take('/api/users/profile'));
    await act(async () => second.respond(200, fixture));
    await screen.findByRole('heading', { level: 1, name: 'ada_rides' });
  });

  it('reads the staff check of the ID in the sidebar: only an approved ID is "Yes" with the badge; a rejection says why', async () => {
    const document = { url: '/files/5d6e7f80-2222-4b3c-9d4e-5f6a7b8c9d0e', extension: 'pdf', original_name: 'nin-slip.pdf' };
    const reason = 'The photo is blurred: the name cannot be read.';
    const cases = [
      { status: 'none', valid_id: null, shows: 'No' },
      { status: 'pending', valid_id: document, shows: messages.idPendingReview },
      { status: 'approved', valid_id: document, shows: `Yes ${messages.idVerified}` },
      { status: 'rejected', valid_id: document, shows: messages.idRejected },
    ] as const;
    for (const c of cases) {
      edge.reset();
      const profile: Profile = {
        ...fixture,
        personalInfo: { ...fixture.personalInfo!, valid_id: c.valid_id, id_review_status: c.status, id_review_reason: c.status === 'rejected' ? reason : null },
      };
      await openPage(profile);
      const facts = within(cardOf('Personal Information'));
      const line = facts.getByText('Valid ID', { selector: 'dt' }).nextElementSibling!;
      expect(line.textContent, c.status).toBe(c.shows);
      const note = facts.queryByRole('note');
      if (c.status === 'rejected') {
        expect(note?.textContent).toContain(reason);
        expect(note?.textContent).toContain(messages.idRejectedHelp);
        fireEvent.click(within(note!).getByRole('button', { name: 'Upload again' }));
        expect(within(await screen.findByRole('dialog')).getByRole('heading', { level: 2 }).textContent).toBe(modalSpecs.personalInfo.title);
      } else expect(note).toBeNull();
      cleanup();
    }
  });

  it('shows the earned Job Success with its basis and the rating, or "New rider" with how far to a score', async () => {
    await openPage(fixture);
    const header = within(screen.getByRole('heading', { level: 1, name: 'ada_rides' }).closest('section')!);
    expect(header.getByText(messages.jobSuccessScore(92))).toBeTruthy();
    expect(header.getByText(messages.jobSuccessBasis(12))).toBeTruthy();
    expect(header.getByText(messages.ratingSummary('4.8', 12))).toBeTruthy();
    expect(header.getByText('148 deliveries · 96% on time · 4.8 from 121 ratings')).toBeTruthy();
    expect(header.queryByText(messages.newRider)).toBeNull();
    cleanup();
    edge.reset();

    await openPage({ ...fixture, reputation: { job_success: null, jobs_counted: 2, review_count: 2, rating_average_x100: 450, reviewed: 2, ...NO_DELIVERY_RECORD } });
    const fresh = within(screen.getByRole('heading', { level: 1, name: 'ada_rides' }).closest('section')!);
    expect(fresh.getByText(messages.newRider)).toBeTruthy();
    expect(fresh.getByText(messages.jobSuccessNewRiderBasis(2))).toBeTruthy();
    expect(fresh.getByText(messages.ratingSummary('4.5', 2))).toBeTruthy();
    expect(fresh.queryByText(/% Job Success/)).toBeNull();
    // No delivery yet: no record line at all.
    expect(fresh.queryByText(/deliver(y|ies)/)).toBeNull();
    cleanup();
  });

  afterAll(() => {
    const missing = recorder.report('profile edit machine, driven from the page', profileEditMachine);
    expect(missing, `transitions the page never drove:\n${missing.join('\n')}`).toEqual([]);
    expect(shown.size).toBeGreaterThan(0);
  });
});

/**
 * The profile load (machines/profile/profileMachine.ts: loading, failed, incomplete, loaded, refreshing)
 * along its model's paths (xstate/graph, every event from every reachable state, the fewest
 * paths that together take every transition), driven through the same real page: the server's
 * answers to GET /api/users/profile, 'Try again', a bio saved from its modal (the save's answer
 * carries the profile: PROFILE_CHANGED), a picture uploaded (the dashboard loads the profile
 * again: RELOAD). After each step the page shows what the state says; the page's own profile
 * actor is inspected and must take every transition (the table is printed).
 */
describe('the profile load along its model', () => {
  type LoadSnapshot = SnapshotFrom<typeof profileMachine>;
  type LoadEvent =
    | ProfileEvent
    | { type: `xstate.done.actor.${'loadProfile' | 'refreshProfile'}`; output: Profile }
    | { type: `xstate.error.actor.${'loadProfile' | 'refreshProfile'}`; error: unknown };
  const withBio = (bio: string): Profile => ({ ...fixture, user: { ...fixture.user, bio } });
  const saved = withBio('Now riding Ikeja and Yaba too.');
  const refreshed = withBio('Seven years across Lagos.');
  const unfinished: Profile = { ...fixture, user: { ...fixture.user, profile_completed: 0, current_tab: 3 } };
  const events: LoadEvent[] = [
    { type: 'xstate.done.actor.loadProfile', output: fixture },
    { type: 'xstate.done.actor.loadProfile', output: unfinished },
    { type: 'xstate.error.actor.loadProfile', error: new Error('HTTP 503') },
    { type: 'RETRY' },
    { type: 'PROFILE_CHANGED', profile: saved },
    { type: 'RELOAD' },
    { type: 'xstate.done.actor.refreshProfile', output: refreshed },
    { type: 'xstate.error.actor.refreshProfile', error: new Error('HTTP 503') },
  ];
  /** What can happen in the state: an answer while its request runs, 'Try again' on the failure, a save while the profile shows. */
  const running = (s: LoadSnapshot, e: LoadEvent) =>
    e.type.includes('.loadProfile')
      ? s.matches('loading')
      : e.type.includes('.refreshProfile')
        ? s.matches('refreshing')
        : e.type === 'RETRY'
          ? s.matches('failed')
          : s.matches('loaded') || s.matches('refreshing');
  const serialize = (s: LoadSnapshot) => JSON.stringify([s.value, s.context.profile?.user.bio ?? null]);
  const model = new TestModel(profileMachine, { events: ((s: LoadSnapshot) => events.filter((e) => running(s, e))) as never, serializeState: serialize as never });
  // The shortest path to every state (the initial state's events included) and every event after each.
  const candidates = [...model.getShortestPaths().map((p) => p.steps), ...edgePaths(model as never, serialize as never)].map((steps) =>
    (steps as unknown as Array<{ event: LoadEvent; state: LoadSnapshot }>).filter((s) => (s.event.type as string) !== 'xstate.init'),
  );
  const keysOf = (steps: ReadonlyArray<{ event: LoadEvent; state: LoadSnapshot }>) => {
    const local = new TransitionRecorder();
    const actor = createActor(profileMachine.provide({ actors: { loadProfile: fromPromise(() => new Promise<Profile>(() => {})) } }), { inspect: local.inspect });
    actor.start();
    for (const step of steps) actor.send(step.event as ProfileEvent);
    actor.stop();
    return new Set(local.taken.keys());
  };
  const chosen = coverAll(candidates, (c) => c.length, keysOf);
  const pageRecorder = new TransitionRecorder();
  const signups: number[] = [];

  function LoadPage() {
    const dashboard = useDashboard({ goToSignup: (step) => void signups.push(step), goHome: () => {}, inspect: both(inspectOnly('profile', pageRecorder)) });
    return (
      <>
        <DashboardView {...dashboard} googleSignInUrl="/api/auth/google" origin="https://ogbadispatch.ng" />
        <Toasts />
      </>
    );
  }

  async function perform(event: LoadEvent): Promise<void> {
    switch (event.type) {
      case 'RETRY':
        fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        break;
      case 'PROFILE_CHANGED': {
        fireEvent.click(opener('bio'));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: modalSpecs.bio.submitLabel }));
        const request = await waitFor(() => edge.take('/api/users/profile-update'));
        await act(async () => request.respond(200, { message: modalSpecs.bio.success, profile: event.profile }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        break;
      }
      case 'RELOAD': {
        fireEvent.click(opener('picture'));
        const input = (await screen.findByRole('dialog')).querySelector<HTMLInputElement>('input[type="file"]')!;
        fireEvent.change(input, { target: { files: [new File([new Uint8Array(64)], 'me.jpg', { type: 'image/jpeg' })] } });
        fireEvent.click(within(dialog()).getByRole('button', { name: modalSpecs.picture.submitLabel }));
        const upload = await waitFor(() => HeldXhr.take('/api/users/upload-profile-image'));
        await act(async () => upload.respond(200, answerOf('picture')));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        break;
      }
      default: {
        const request = await waitFor(() => edge.take('/api/users/profile'));
        const realError = console.error;
        console.error = () => {}; // the failure is logged (spec §8)
        try {
          if (event.type.startsWith('xstate.done.')) await act(async () => request.respond(200, (event as { output: Profile }).output));
          else await act(async () => request.respond(503, { error: { field: 'alert', message: 'Database not reachable' } }));
        } finally {
          console.error = realError;
        }
      }
    }
  }

  async function expectScreen(state: LoadSnapshot): Promise<void> {
    const view = profileSnapshotToView(state);
    switch (view.state) {
      case 'loading':
        await waitFor(() => expect(screen.getByText('Loading your profile…')).toBeTruthy());
        return;
      case 'failed':
        await screen.findByRole('heading', { name: messages.profileLoadFailed });
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
        return;
      case 'incomplete':
        await screen.findByText('Taking you to sign-up to finish your profile…');
        expect(signups).toEqual([unfinished.user.current_tab]);
        return;
      default:
        await screen.findByRole('heading', { level: 1, name: view.profile!.user.username });
        await waitFor(() => expect(screen.getByText(view.profile!.user.bio!)).toBeTruthy());
        expect(screen.queryByText(messages.profileLoadFailed)).toBeNull();
    }
  }

  it.each(chosen.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      signups.length = 0;
      render(<LoadPage />);
      await expectScreen(createActor(profileMachine).getSnapshot());
      for (const step of steps) {
        await perform(step.event);
        await expectScreen(step.state);
      }
    },
  );

  it('the page took every transition of the profile load (the table is printed)', () => {
    expect(pageRecorder.report('profile load, driven through the dashboard', profileMachine)).toEqual([]);
  });
});

/**
 * The dashboard machine's own coordination (machines/profile/dashboardMachine.ts) along its
 * model's paths (tests/machines/dashboardModel.ts: every event from every reachable state, the
 * fewest paths that together take every transition): the first Edit Profile Content asks for
 * the location lists (answered or failed; a failed list is asked for again at the next
 * opening), an ID document fetched (downloaded, or a toast), the share icon (the phone's sheet,
 * the link copied, or the copy refused). The browser's share sheet and clipboard are stood in,
 * held until the step answers them. After each step the page shows what the state says. Its
 * other transitions (Try again, the modal's events, each kind of saved answer, the redirect of an
 * incomplete profile) are driven by the two sets of paths above, through the same page; the
 * table at the end of the file must show every transition taken.
 */
describe('the dashboard’s coordination along its model', () => {
  type DashSnapshot = SnapshotFrom<typeof dashboardMachine>;
  type DashStep = { event: DashboardModelEvent; state: DashSnapshot };
  const own = (e: DashboardModelEvent) =>
    (e.type === 'OPEN' && e.modal === 'profile') || e.type === 'OPEN_DOCUMENT' || e.type === 'SHARE' || /\.(loadLocations|readDocument|shareLink)$/.test(e.type);
  const model = new TestModel(dashboardMachine, {
    events: ((s: DashSnapshot) => dashboardEvents(s as never).filter(own)) as never,
    serializeState: serializeDashboard as never,
  });
  const candidates = [...model.getShortestPaths().map((p) => p.steps), ...edgePaths(everyPrefix(model as never) as never, serializeDashboard as never)].map((steps) =>
    (steps as unknown as DashStep[]).filter((s) => (s.event.type as string) !== 'xstate.init'),
  );
  const never = fromPromise(() => new Promise<never>(() => {}));
  const keysOf = (steps: readonly DashStep[]) => {
    const local = new TransitionRecorder();
    const bare = dashboardMachine.provide({ actors: { loadLocations: never, readDocument: never, shareLink: never } as never });
    const actor = createActor(bare, { inspect: inspectOnly('dashboard', local) });
    actor.start();
    for (const step of steps) actor.send(step.event as never);
    actor.stop();
    return new Set(local.taken.keys());
  };
  const chosen = coverAll(candidates, (c) => c.length, keysOf);
  const withDocument: Profile = { ...fixture, personalInfo: { ...fixture.personalInfo!, valid_id: DOCUMENT, id_review_status: 'pending' } };

  // The browser's side of sharing: a phone (coarse pointer) whose sheet and clipboard answer when the step says.
  let sheet: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  let clipboardWorks = true;
  const shared: string[] = [];
  const realMatchMedia = window.matchMedia;
  beforeAll(() => {
    window.matchMedia = ((query: string) => ({ matches: query === '(pointer: coarse)', media: query, addEventListener() {}, removeEventListener() {} })) as never;
    Object.assign(navigator, {
      share: (data: { url: string }) => new Promise<void>((resolve, reject) => void ((sheet = { resolve, reject }), shared.push(data.url))),
      clipboard: { writeText: (text: string) => (clipboardWorks ? (shared.push(`copied ${text}`), Promise.resolve()) : Promise.reject(new Error('denied'))) },
    });
  });
  afterAll(() => {
    window.matchMedia = realMatchMedia;
  });

  function DashPage() {
    const dashboard = useDashboard({ goToSignup: () => {}, goHome: () => {}, inspect: inspectDashboard });
    return (
      <>
        <DashboardView {...dashboard} googleSignInUrl="/api/auth/google" origin="https://ogbadispatch.ng" />
        <Toasts />
      </>
    );
  }

  /** Each step from a page with no modal in the way (a modal left open is closed first: CLOSE changes nothing here). */
  async function perform(event: DashboardModelEvent): Promise<void> {
    const quiet = async (answer: () => void) => {
      const realError = console.error;
      console.error = () => {}; // a failed list is logged
      try {
        await act(async () => answer());
      } finally {
        console.error = realError;
      }
    };
    if (['OPEN', 'OPEN_DOCUMENT', 'SHARE'].includes(event.type) && screen.queryByRole('dialog')) {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    switch (event.type) {
      case 'OPEN':
        fireEvent.click(opener('profile'));
        await screen.findByRole('dialog');
        return;
      case 'OPEN_DOCUMENT':
        fireEvent.click(screen.getByRole('button', { name: `Valid ID: ${DOCUMENT.original_name}` }));
        return;
      case 'SHARE':
        fireEvent.click(screen.getByRole('button', { name: 'Share profile' }));
        return;
      case 'xstate.done.actor.loadLocations':
      case 'xstate.error.actor.loadLocations': {
        const request = await waitFor(() => edge.take('/api/locations'));
        await quiet(() => (event.type.startsWith('xstate.done') ? request.respond(200, LOCATIONS) : request.respond(503, { error: { field: 'alert', message: 'Database not reachable' } })));
        return;
      }
      case 'xstate.done.actor.readDocument':
      case 'xstate.error.actor.readDocument': {
        const request = await waitFor(() => edge.take(`/api${DOCUMENT.url}`));
        await act(async () => (event.type.startsWith('xstate.done') ? request.respond(200, { pdf: true }) : request.respond(404, { error: { field: 'alert', message: 'Not found' } })));
        return;
      }
      case 'xstate.done.actor.shareLink':
      case 'xstate.error.actor.shareLink': {
        await waitFor(() => expect(sheet).not.toBeNull());
        const held = sheet!;
        sheet = null;
        // The sheet shared; or it failed (no share target): the link is copied, or the clipboard refuses.
        const outcome = event.type === 'xstate.done.actor.shareLink' ? event.output : 'refused';
        clipboardWorks = outcome === 'copied';
        await act(async () => (outcome === 'sheet' ? held.resolve() : held.reject(new Error('no share target'))));
        return;
      }
      default:
        throw new Error(`no page step for ${event.type}`);
    }
  }

  /** The page as the dashboard's state says, and what the step announced or handed over. */
  async function expectScreen(state: DashSnapshot, event: DashboardModelEvent | null): Promise<void> {
    const open = screen.queryByRole('dialog');
    const hint = (text: string) => (open ? within(open).queryByText(text) : null);
    if (state.matches({ active: { locations: 'loading' } })) await waitFor(() => expect(hint('Loading the list of states…')).not.toBeNull());
    if (state.matches({ active: { locations: 'failed' } })) await waitFor(() => expect(hint(messages.hireLocationsFailed)).not.toBeNull());
    if (state.matches({ active: { locations: 'ready' } }) && open) {
      await waitFor(() => expect(hint('Loading the list of states…')).toBeNull());
      expect(hint(messages.hireLocationsFailed)).toBeNull();
    }
    const documentButton = screen.getByRole('button', { name: `Valid ID: ${DOCUMENT.original_name}` }) as HTMLButtonElement;
    const fetching = state.matches({ active: { documents: 'fetching' } });
    await waitFor(() => expect(documentButton.disabled).toBe(fetching));
    expect(documentButton.closest('ul')!.getAttribute('aria-busy')).toBe(fetching ? 'true' : null);
    const share = screen.getByRole('button', { name: 'Share profile' }) as HTMLButtonElement;
    await waitFor(() => expect(share.disabled).toBe(state.matches({ active: { share: 'sharing' } })));
    const toastText =
      event?.type === 'xstate.error.actor.readDocument'
        ? messages.documentUnavailable
        : event?.type === 'xstate.done.actor.shareLink' && event.output === 'copied'
          ? messages.profileLinkCopied
          : event?.type === 'xstate.error.actor.shareLink'
            ? messages.profileLinkCopyFailed
            : null;
    if (toastText) await screen.findByText(toastText);
    if (event?.type === 'xstate.done.actor.readDocument') expect(downloads).toEqual([DOCUMENT.original_name]);
    if (event?.type === 'xstate.done.actor.shareLink') expect(shared.at(-1)).toBe(event.output === 'copied' ? `copied https://ogbadispatch.ng/riders/ada_rides` : 'https://ogbadispatch.ng/riders/ada_rides');
  }

  it.each(chosen.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))('path %i: %s', async (_i, _name, steps) => {
    downloads.length = 0;
    shared.length = 0;
    sheet = null;
    toast.dismiss();
    render(<DashPage />);
    const load = await waitFor(() => edge.take('/api/users/profile'));
    await act(async () => load.respond(200, withDocument));
    await screen.findByRole('heading', { level: 1, name: 'ada_rides' });
    await expectScreen(createActor(dashboardMachine).getSnapshot(), null);
    for (const step of steps) {
      await perform(step.event);
      await expectScreen(step.state, step.event);
    }
  });
});
