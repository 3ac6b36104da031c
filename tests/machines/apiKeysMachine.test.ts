/**
 * Model-based test of machines/companies/apiKeysMachine.ts: every edge path generated with
 * xstate/graph (tests/machines/apiKeysModel.ts) runs against a real actor whose requests the test
 * holds and answers; after each step the actor must be where the model says and the view model
 * must say what that state shows. Every transition must be taken. The same paths drive the real
 * section in tests/web/ApiKeysSection.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { TestModel } from 'xstate/graph';
import { apiKeysMachine, apiKeysSnapshotToView, apiKeysViewStates, type ApiKeysSnapshot } from '../../machines/companies/apiKeysMachine';
import { apiKeyMessages } from '../../src/shared/apiKeys';
import { apiKeysEvents, created, KEY_NAME, liveKey, serializeApiKeys, type ApiKeysModelEvent } from './apiKeysModel';
import { TransitionRecorder, edgePaths } from './coverage';
import { HeldActors, flush, play } from './heldActors';

function harness(recorder?: TransitionRecorder) {
  const held = new HeldActors();
  const machine = apiKeysMachine.provide({ actors: held.actors('loadKeys', 'createKey', 'revokeKey', 'copyKey') as never });
  const actor = createActor(machine, { inspect: recorder?.inspect });
  actor.start();
  return { actor, held };
}

const drive = (h: ReturnType<typeof harness>, event: ApiKeysModelEvent) => play(h.actor, h.held, event);

const model = new TestModel(apiKeysMachine, { events: apiKeysEvents as never, serializeState: serializeApiKeys as never } as never);
const paths = edgePaths(
  { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
  serializeApiKeys as never,
);
const recorder = new TransitionRecorder();
const viewStatesSeen = new Set<string>();

describe('apiKeysMachine along its model paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      const h = harness(recorder);
      for (const step of steps) {
        const event = step.event as ApiKeysModelEvent;
        const before = h.actor.getSnapshot();
        const requestsBefore = h.held.requests.length;
        await drive(h, event);
        const expected = step.state as ApiKeysSnapshot;
        const actual = h.actor.getSnapshot();
        expect(actual.value, event.type).toEqual(expected.value);
        expect(serializeApiKeys(actual)).toBe(serializeApiKeys(expected));
        const view = apiKeysSnapshotToView(actual);
        viewStatesSeen.add(view.state);
        expect(view.busy).toBe(h.held.busy);
        // Each request carries what the screen showed: the typed name, the key asked about, the key shown.
        if (h.held.requests.length > requestsBefore) {
          const request = h.held.requests.at(-1)!;
          if (request.src === 'createKey') expect(request.input).toEqual({ name: before.context.name.trim() });
          if (request.src === 'revokeKey') expect(request.input).toEqual({ id: before.context.target!.id });
          if (request.src === 'copyKey') expect(request.input).toEqual({ key: before.context.newKey!.key });
        }
        // The key itself is only in the view while it is shown, and never in the list.
        expect(view.newKey !== null).toBe(view.state === 'shown' || view.state === 'copying');
        expect(JSON.stringify(view.keys)).not.toContain(created.key);
        expect(view.target !== null).toBe(view.state === 'confirming' || view.state === 'revoking');
      }
      h.actor.stop();
    },
  );

  it('refuses to make a key without a name (the message under the field, no request) and to revoke a revoked or unknown key', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.loadKeys', output: [{ ...liveKey, revoked_at: '2026-11-01T00:00:00.000Z' }] });
    h.actor.send({ type: 'CHANGE', value: '   ' });
    h.actor.send({ type: 'CREATE' });
    expect(apiKeysSnapshotToView(h.actor.getSnapshot()).nameError).toBe(apiKeyMessages.enterName);
    h.actor.send({ type: 'REVOKE', id: liveKey.id });
    h.actor.send({ type: 'REVOKE', id: 'no-such-key' });
    expect(h.actor.getSnapshot().value).toBe('list');
    expect(h.held.requests.map((r) => r.src)).toEqual(['loadKeys']);
    // Typing clears the message; a name that is only spaces around words is sent trimmed.
    h.actor.send({ type: 'CHANGE', value: `  ${KEY_NAME}  ` });
    expect(apiKeysSnapshotToView(h.actor.getSnapshot()).nameError).toBeNull();
    h.actor.send({ type: 'CREATE' });
    await flush();
    expect(h.held.requests.at(-1)).toMatchObject({ src: 'createKey', input: { name: KEY_NAME } });
    h.actor.stop();
  });

  afterAll(() => {
    const missing = recorder.report('apiKeysMachine', apiKeysMachine);
    expect(missing, `transitions never taken:\n${missing.join('\n')}`).toEqual([]);
    expect([...viewStatesSeen].sort()).toEqual([...apiKeysViewStates].sort());
  });
});
