/**
 * Model-based test of machines/deliveries/availabilityMachine.ts, from both of its starts (the
 * dashboard's card, which loads; the job screen, which hands it its load): every edge path
 * generated with xstate/graph (tests/machines/availabilityModel.ts) runs against a real actor whose
 * requests the test holds and answers; after each step the actor must be where the model says, and
 * the view model must say what that state shows. Every transition must be taken.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { TestModel } from 'xstate/graph';
import { areasOf, availabilityMachine, availabilitySnapshotToView, type AvailabilityInput, type AvailabilitySnapshot } from '../../machines/deliveries/availabilityMachine';
import { availabilityEvents, serializeAvailability, switchedOn, type AvailabilityModelEvent } from './availabilityModel';
import { HeldActors, play } from './heldActors';
import { TransitionRecorder, edgePaths } from './coverage';

function harness(input: AvailabilityInput, recorder?: TransitionRecorder) {
  const held = new HeldActors();
  const actor = createActor(availabilityMachine.provide({ actors: held.actors('loadAvailability', 'saveAvailability') as never }), { input, inspect: recorder?.inspect });
  actor.start();
  return { actor, held };
}

/** What each switch sent, oldest first. */
const savedOf = (h: ReturnType<typeof harness>) => h.held.requests.filter((r) => r.src === 'saveAvailability').map((r) => r.input);

const starts: Array<[string, AvailabilityInput]> = [
  ["the dashboard's card", {}],
  ['the job screen', { availability: switchedOn }],
];
const recorder = new TransitionRecorder();

describe.each(starts)('availabilityMachine from %s', (_name, input) => {
  const model = new TestModel(availabilityMachine, { events: availabilityEvents as never, serializeState: serializeAvailability as never, input } as never);
  const paths = edgePaths(
    { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true, input } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
    serializeAvailability as never,
  );

  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(8));

  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))('path %i: %s', async (_i, _n, steps) => {
    const h = harness(input, recorder);
    for (const step of steps) {
      const event = step.event as AvailabilityModelEvent;
      if ((event.type as string) === 'xstate.init') continue;
      const before = h.actor.getSnapshot();
      await play(h.actor, h.held, event);
      const actual = h.actor.getSnapshot();
      expect(serializeAvailability(actual)).toBe(serializeAvailability(step.state as AvailabilitySnapshot));
      const view = availabilitySnapshotToView(actual);
      // The switch sends the areas as typed, and offers the opposite of what the server says.
      if (event.type === 'SWITCH') expect(savedOf(h).at(-1)).toEqual({ available: event.available, areas: areasOf(before.context.areasText) });
      if (view.state === 'ready') expect(view.available).toBe(actual.context.availability?.available ?? false);
      if (view.state === 'switching' || view.state === 'ready') expect(view.areasText).toBe(actual.context.areasText);
    }
    h.actor.stop();
  });
});

afterAll(() => {
  const missing = recorder.report('availabilityMachine along its model paths', availabilityMachine);
  expect(missing, `transitions never taken:\n${missing.join('\n')}`).toEqual([]);
});
