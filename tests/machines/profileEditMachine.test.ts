/**
 * Model-based test of machines/profileEditMachine.ts: every modal kind explored with
 * xstate/graph (open, fill in, break and mend a rule, choose files, submit, close, and each
 * answer of the network), each path run against a real actor whose save actor the test
 * controls; every transition of the machine must be driven, and the table is printed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SubmitError } from '../../machines/formMachine';
import {
  NetworkFailure,
  profileEditMachine,
  profileEditSnapshotToView,
  type ProfileEditEvent,
  type SaveInput,
} from '../../machines/profileEditMachine';
import { modalKinds, modalSpecs, modalViewStatesOf } from '../../machines/profileModals';
import { messages } from '../../src/shared/messages';
import { TransitionRecorder, edgePaths } from './coverage';

/**
 * TestModel drops a shortest path that is the prefix of another (the initial state's, and any
 * state passed through on the way to another): keep them all, so every state's events are tried.
 */
const everyPrefix = (model: { getShortestPaths(options: { allowDuplicatePaths: boolean }): unknown[]; getAdjacencyMap(): unknown }) => ({
  getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true }),
  getAdjacencyMap: () => model.getAdjacencyMap(),
});
import {
  editEventCanHappen,
  editEvents,
  openEvent,
  PDF,
  PHOTO,
  serializeEditState,
  type EditModelEvent,
} from './profileEditModel';

type Snapshot = SnapshotFrom<typeof profileEditMachine>;

interface Pending {
  input: SaveInput;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function harness(recorder: TransitionRecorder) {
  const state: { pending: Pending | null; effects: string[]; saved: unknown[] } = { pending: null, effects: [], saved: [] };
  const machine = profileEditMachine.provide({
    actors: {
      save: fromPromise<unknown, SaveInput>(
        ({ input }) => new Promise((resolve, reject) => (state.pending = { input, resolve, reject })),
      ),
    },
    actions: {
      announceSuccess: (_, params) => void state.effects.push(`success:${params.message}`),
      announceFailure: (_, params) => void state.effects.push(`failure:${params.message}`),
      applySaved: (_, params) => void state.saved.push(params),
    },
  });
  const actor = createActor(machine, { inspect: recorder.inspect });
  actor.start();
  return { actor, state };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function drive(h: ReturnType<typeof harness>, event: EditModelEvent): Promise<void> {
  switch (event.type) {
    case 'xstate.done.actor.save':
      h.state.pending!.resolve(event.output);
      break;
    case 'xstate.error.actor.save':
      h.state.pending!.reject(event.error);
      break;
    case 'SAVE_PROGRESS':
      // The way an upload reports it: through the callback the machine handed the save actor.
      h.state.pending!.input.onProgress(event.loaded, event.total);
      break;
    default:
      if ((event.type as string) === 'xstate.init') return;
      h.actor.send(event as ProfileEditEvent);
  }
  await flush();
}

function expectSameState(actual: Snapshot, expected: Snapshot): void {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.modal).toBe(expected.context.modal);
  expect(actual.context.values).toEqual(expected.context.values);
  expect(actual.context.files).toEqual(expected.context.files);
  expect(actual.context.entryId).toBe(expected.context.entryId);
  expect(actual.context.error).toEqual(expected.context.error);
  expect(actual.context.errors).toEqual(expected.context.errors);
  expect(actual.context.progress).toBe(expected.context.progress);
  const view = profileEditSnapshotToView(actual);
  expect(view.busy).toBe(actual.matches('saving'));
  if (view.state === 'invalid') expect(view.fieldError(actual.context.error!.field)).toBe(actual.context.error!.message);
}

const recorder = new TransitionRecorder();
const viewStatesSeen = new Map<string, Set<string>>();

describe('profile edit machine, model-based', () => {
  const model = new TestModel(profileEditMachine, {
    events: editEvents as never,
    serializeState: serializeEditState as never,
  });
  const shortest = model.getShortestPaths();
  const all = edgePaths(everyPrefix(model) as never, serializeEditState as never, editEventCanHappen as never);

  it('generates paths through every modal kind', () => {
    expect(shortest.length).toBeGreaterThan(modalKinds.length * 4);
    expect(all.length).toBeGreaterThan(shortest.length);
    const kinds = new Set(shortest.map((p) => (p.state as Snapshot).context.modal).filter(Boolean));
    expect([...kinds].sort()).toEqual([...modalKinds].sort());
  });

  it(`every event from every reachable state (${all.length} paths) on a real actor`, async () => {
    for (const steps of all) {
      const h = harness(recorder);
      for (const step of steps) {
        await drive(h, step.event as unknown as EditModelEvent);
        const snapshot = h.actor.getSnapshot();
        expectSameState(snapshot, step.state as Snapshot);
        const view = profileEditSnapshotToView(snapshot);
        if (view.modal) {
          const seen = viewStatesSeen.get(view.modal) ?? new Set();
          seen.add(view.state);
          viewStatesSeen.set(view.modal, seen);
        }
      }
      h.actor.stop();
    }
  });

  it('every modal kind reaches each state its view can show', () => {
    for (const kind of modalKinds) {
      expect([...(viewStatesSeen.get(kind) ?? [])].sort(), kind).toEqual([...modalViewStatesOf(kind)].sort());
    }
  });

  it('a save announces the modal’s own text, hands over the answer and closes', async () => {
    const h = harness(recorder);
    await drive(h, openEvent('bio'));
    await drive(h, { type: 'SUBMIT' });
    expect(h.state.pending!.input).toMatchObject({ modal: 'bio', values: { username: 'ada_rides', bio: 'Five years across Lagos.' } });
    await drive(h, { type: 'xstate.done.actor.save', output: { message: 'm', profile: 'p' } });
    expect(h.state.effects).toEqual([`success:${messages.bioUpdated}`]);
    expect(h.state.saved).toEqual([{ modal: 'bio', output: { message: 'm', profile: 'p' }, entryId: null }]);
    expect(h.actor.getSnapshot().value).toBe('closed');
    expect(h.actor.getSnapshot().context.values).toEqual({});
  });

  it("the picture: 'Please select a profile image' with none; the server's message, else 'Failed…', offline 'Error uploading…'", async () => {
    const h = harness(recorder);
    await drive(h, openEvent('picture'));
    await drive(h, { type: 'SUBMIT' });
    expect(profileEditSnapshotToView(h.actor.getSnapshot()).fieldError('profile_image')).toBe(messages.selectProfileImage);
    await drive(h, { type: 'SELECT_FILE', field: 'profile_image', file: PHOTO });
    expect(h.actor.getSnapshot().context.error).toBeNull();
    await drive(h, { type: 'SUBMIT' });
    await drive(h, { type: 'SAVE_PROGRESS', loaded: 30, total: 120 });
    expect(profileEditSnapshotToView(h.actor.getSnapshot()).progress).toBe(0.25);
    await drive(h, { type: 'xstate.error.actor.save', error: new SubmitError({ field: 'alert', message: 'Too many attempts.' }) });
    await drive(h, { type: 'SUBMIT' });
    await drive(h, { type: 'xstate.error.actor.save', error: new Error('HTTP 502') });
    await drive(h, { type: 'SUBMIT' });
    await drive(h, { type: 'xstate.error.actor.save', error: new NetworkFailure() });
    expect(h.state.effects).toEqual([
      'failure:Too many attempts.',
      `failure:${messages.failedToUploadProfileImage}`,
      `failure:${messages.errorUploadingProfileImage}`,
    ]);
    expect(h.actor.getSnapshot().context.progress).toBeNull();
  });

  it('profile and bio failures: the server’s message, else the spec’s own', async () => {
    for (const [kind, text] of [
      ['profile', messages.errorUpdatingProfile],
      ['bio', messages.errorUpdatingBio],
    ] as const) {
      const h = harness(recorder);
      await drive(h, openEvent(kind));
      await drive(h, { type: 'SUBMIT' });
      await drive(h, { type: 'xstate.error.actor.save', error: new Error('HTTP 500') });
      expect(h.state.effects).toEqual([`failure:${text}`]);
      expect(modalSpecs[kind].failure).toBe(text);
    }
  });

  it('checks the ID documents before sending: a PDF passes, another type does not', async () => {
    const h = harness(recorder);
    await drive(h, openEvent('personalInfo'));
    await drive(h, { type: 'SELECT_FILE', field: 'rider_id_card', file: { name: 'x.gif', type: 'image/gif', size: 10 } });
    await drive(h, { type: 'SUBMIT' });
    expect(h.actor.getSnapshot().context.error).toEqual({ field: 'rider_id_card', message: messages.documentType });
    await drive(h, { type: 'SELECT_FILE', field: 'rider_id_card', file: PDF });
    await drive(h, { type: 'SELECT_FILE', field: 'valid_id', file: { ...PDF, size: 6 * 1024 * 1024 } });
    await drive(h, { type: 'SUBMIT' });
    expect(h.actor.getSnapshot().context.error).toEqual({ field: 'valid_id', message: messages.fileTooLarge(5) });
  });

  afterAll(() => {
    const missing = recorder.report('profile edit machine', profileEditMachine);
    expect(missing, `transitions never driven:\n${missing.join('\n')}`).toEqual([]);
  });
});
