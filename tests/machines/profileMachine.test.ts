/**
 * Model-based test of machines/profile/profileMachine.ts (the dashboard's profile load): paths from
 * xstate/graph run on a real actor whose request the test answers; every transition driven and
 * the table printed. A failed load is logged and offers a retry; an incomplete profile goes to
 * sign-up at its tab.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { profileMachine, profileSnapshotToView, profileViewStates, type ProfileEvent } from '../../machines/profile/profileMachine';
import type { Profile } from '../../src/shared/profile';
import { TransitionRecorder, edgePaths } from './coverage';
import { emptyProfile } from './profileFixture';

/**
 * TestModel drops a shortest path that is the prefix of another (the initial state's, and any
 * state passed through on the way to another): keep them all, so every state's events are tried.
 */
const everyPrefix = (model: { getShortestPaths(options: { allowDuplicatePaths: boolean }): unknown[]; getAdjacencyMap(): unknown }) => ({
  getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true }),
  getAdjacencyMap: () => model.getAdjacencyMap(),
});

type Snapshot = SnapshotFrom<typeof profileMachine>;


const complete = emptyProfile();
const edited = emptyProfile({ bio: 'Five years across Lagos.' });
const incomplete = emptyProfile({ profile_completed: 0, current_tab: 3 });

type ModelEvent =
  | ProfileEvent
  | { type: 'xstate.done.actor.loadProfile'; output: Profile }
  | { type: 'xstate.error.actor.loadProfile'; error: unknown }
  | { type: 'xstate.done.actor.refreshProfile'; output: Profile }
  | { type: 'xstate.error.actor.refreshProfile'; error: unknown };

function events(state: Snapshot): ModelEvent[] {
  if (state.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadProfile', output: complete },
      { type: 'xstate.done.actor.loadProfile', output: incomplete },
      { type: 'xstate.error.actor.loadProfile', error: new Error('offline') },
    ];
  if (state.matches('refreshing'))
    return [
      { type: 'xstate.done.actor.refreshProfile', output: edited },
      { type: 'xstate.error.actor.refreshProfile', error: new Error('offline') },
      { type: 'PROFILE_CHANGED', profile: edited },
    ];
  if (state.matches('incomplete')) return []; // final: the app has gone to sign-up
  return [{ type: 'RETRY' }, { type: 'RELOAD' }, { type: 'PROFILE_CHANGED', profile: edited }];
}

const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.profile?.user.bio ?? null, s.context.profile === null]);

function harness(recorder: TransitionRecorder) {
  const h = {
    pending: null as null | { resolve: (p: Profile) => void; reject: (e: unknown) => void },
    logged: [] as unknown[],
  };
  const actor = createActor(
    profileMachine.provide({
      actors: { loadProfile: fromPromise(() => new Promise<Profile>((resolve, reject) => (h.pending = { resolve, reject }))) },
      actions: {
        logFailure: (_, params) => void h.logged.push(params.error),
      },
    }),
    { inspect: recorder.inspect },
  );
  actor.start();
  return { actor, h };
}

async function drive({ actor, h }: ReturnType<typeof harness>, event: ModelEvent) {
  if ((event.type as string) === 'xstate.init') return;
  if (event.type.startsWith('xstate.done.actor.')) h.pending!.resolve((event as { output: Profile }).output);
  else if (event.type.startsWith('xstate.error.actor.')) h.pending!.reject((event as { error: unknown }).error);
  else actor.send(event as ProfileEvent);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const recorder = new TransitionRecorder();

describe('profile machine, model-based', () => {
  const model = new TestModel(profileMachine, { events: events as never, serializeState: serialize as never });
  const paths = model.getShortestPaths();
  const seen = new Set<string>();

  for (const steps of edgePaths(everyPrefix(model) as never, serialize as never)) {
    const name = steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ');
    it(name, async () => {
      const run = harness(recorder);
      for (const step of steps) {
        await drive(run, step.event as ModelEvent);
        const actual = run.actor.getSnapshot();
        const expected = step.state as Snapshot;
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
        seen.add(profileSnapshotToView(actual).state);
      }
      run.actor.stop();
    });
  }

  it('reaches every view state', () => {
    expect(paths.length).toBeGreaterThan(3);
    expect([...seen].sort()).toEqual([...profileViewStates].sort());
  });

  it('logs a failed load, offers a retry, and loads again', async () => {
    const run = harness(recorder);
    await drive(run, { type: 'xstate.error.actor.loadProfile', error: new Error('offline') });
    expect(profileSnapshotToView(run.actor.getSnapshot())).toMatchObject({ state: 'failed', profile: null });
    expect(run.h.logged).toHaveLength(1);
    await drive(run, { type: 'RETRY' });
    expect(profileSnapshotToView(run.actor.getSnapshot()).state).toBe('loading');
    await drive(run, { type: 'xstate.done.actor.loadProfile', output: complete });
    expect(profileSnapshotToView(run.actor.getSnapshot())).toMatchObject({ state: 'loaded', profile: complete });
  });

  it('sends an incomplete profile to sign-up at its tab', async () => {
    const run = harness(recorder);
    await drive(run, { type: 'xstate.done.actor.loadProfile', output: incomplete });
    // Done, with the step to resume at as its output (the dashboard machine goes there).
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.actor.getSnapshot().output).toEqual({ currentTab: 3 });
  });

  it('keeps the profile on screen while it refreshes, and when the refresh fails', async () => {
    const run = harness(recorder);
    await drive(run, { type: 'xstate.done.actor.loadProfile', output: complete });
    await drive(run, { type: 'RELOAD' });
    expect(profileSnapshotToView(run.actor.getSnapshot())).toMatchObject({ state: 'loaded', profile: complete });
    await drive(run, { type: 'xstate.error.actor.refreshProfile', error: new Error('offline') });
    expect(profileSnapshotToView(run.actor.getSnapshot())).toMatchObject({ state: 'loaded', profile: complete });
    expect(run.h.logged).toHaveLength(1);
  });

  afterAll(() => {
    const missing = recorder.report('profile machine', profileMachine);
    expect(missing, `transitions never driven:\n${missing.join('\n')}`).toEqual([]);
  });
});
