/**
 * Model-based test of machines/deliveries/jobMachine.ts: every edge path generated with
 * xstate/graph (tests/machines/jobModel.ts) runs against a real actor whose requests the test
 * holds and answers; after each step the actor must be where the model says, and the view model
 * must say what that state shows: the steps offered are the move table's for the status the
 * phone is at (queued steps included), and a tap is kept on the phone before it is sent.
 * Every transition must be taken.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { TestModel } from 'xstate/graph';
import { availabilityMachine } from '../../machines/deliveries/availabilityMachine';
import { isQueuedProof, jobMachine, jobSnapshotToView, riderStepsAt, statusAfterQueue, type JobSnapshot, type MoveDraft, type QueuedStep } from '../../machines/deliveries/jobMachine';
import { DELIVERY_MOVES, deliveryActionsFor } from '../../src/shared/deliveries/moves';
import { RIDER_JOB_ACTIONS } from '../../src/shared/deliveries/jobs';
import { job, jobEvents, offline, photoFile, queued, queuedProof, serializeJob, type JobModelEvent } from './jobModel';
import { HeldActors, play } from './heldActors';
import { TransitionRecorder, coveringMoves, edgePaths } from './coverage';

const ACTORS = ['load', 'accept', 'decline', 'enqueue', 'flush', 'keepProof'] as const;
/** The switch's requests are its own machine's test's (availabilityMachine.test.ts): here they never answer. */
const silentSwitch = availabilityMachine.provide({
  actors: { loadAvailability: fromPromise(() => new Promise(() => {})), saveAvailability: fromPromise(() => new Promise(() => {})) } as never,
});

function harness(recorder?: TransitionRecorder) {
  const held = new HeldActors();
  const machine = jobMachine.provide({
    actors: { ...held.actors(...ACTORS), availability: silentSwitch } as never,
    // Delays are taken as events by the model; here they never fire by themselves.
    delays: { tick: 3_600_000, retry: 3_600_000 },
  });
  const actor = createActor(machine, { inspect: recorder?.inspect });
  actor.start();
  return { actor, held };
}

const drive = (h: ReturnType<typeof harness>, event: JobModelEvent) => play(h.actor, h.held, event);
/** The taps kept on the phone, oldest first. */
const enqueuedOf = (h: ReturnType<typeof harness>) => h.held.requests.filter((r) => r.src === 'enqueue').map((r) => r.input as { jobId: string; draft: MoveDraft });

const model = new TestModel(jobMachine, { events: jobEvents as never, serializeState: serializeJob as never } as never);
const everyEdge = edgePaths(
  { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
  serializeJob as never,
);
/**
 * The model's graph has thousands of edges (the queue's contents, the cash typed or not, the photo
 * kept or sent multiply the states); walking each took minutes and compares the machine with
 * itself. The fewest, shortest of them that take every move between the machine's own states
 * (state, event, next state) are walked instead, with the screen's invariants checked at each
 * step; the afterAll still demands every transition. RiderJob.test.tsx drives them through the view.
 */
const paths = coveringMoves(everyEdge, createActor(jobMachine).getSnapshot());
const recorder = new TransitionRecorder();

describe('jobMachine along its model paths', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      const h = harness(recorder);
      for (const step of steps) {
        const event = step.event as JobModelEvent;
        const before = h.actor.getSnapshot();
        const enqueuedBefore = enqueuedOf(h).length;
        await drive(h, event);
        const expected = step.state as JobSnapshot;
        const actual = h.actor.getSnapshot();
        expect(actual.value, event.type).toEqual(expected.value);
        expect(serializeJob(actual)).toBe(serializeJob(expected));
        const view = jobSnapshotToView(actual);
        // The steps offered are the move table's, at the status the phone is at.
        if (actual.context.job) {
          const status = statusAfterQueue(actual.context.job, actual.context.pending);
          expect(view.status).toBe(status);
          expect(view.steps).toEqual(deliveryActionsFor(status, 'rider').filter((a) => (RIDER_JOB_ACTIONS as readonly string[]).includes(a)));
        }
        // A tap is kept on the phone (with its job) before anything is sent.
        if (event.type === 'MOVE' && actual.matches({ job: 'queueing' })) {
          expect(enqueuedOf(h).length).toBe(enqueuedBefore + 1);
          expect(enqueuedOf(h).at(-1)).toMatchObject({ jobId: before.context.job!.id, draft: { action: event.action } });
        }
        // The queue is shown as waiting for the network, never lost from the context.
        if (view.state === 'waiting') expect(view.pendingCount > 0 || view.photo === 'kept').toBe(true);
        // The photo is kept on the phone before anything is sent, and shown as taken.
        if (actual.matches({ job: 'sending' }) && before.matches({ job: 'keepingPhoto' })) expect(view.photo).toBe('kept');
      }
      h.actor.stop();
    },
  );

  it('a queued step moves the screen on at once: "picked up" queued offline offers "arrived"', () => {
    const status = statusAfterQueue(job('heading_to_pickup'), [queued('pick_up')]);
    expect(status).toBe(DELIVERY_MOVES.pick_up.to);
    expect(riderStepsAt(status)).toEqual(['arrive', 'fail']);
  });

  it('refuses "delivered" without the code, then without the photo, and queues nothing', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.load', output: { availability: { available: true, areas: ['Yaba'], blocked: null }, offer: null, job: job('arrived'), pending: [] } });
    h.actor.send({ type: 'MOVE', action: 'deliver' });
    expect(h.actor.getSnapshot().context.error?.field).toBe('code');
    h.actor.send({ type: 'CODE', value: '48-21x' });
    expect(h.actor.getSnapshot().context.code).toBe('4821');
    h.actor.send({ type: 'MOVE', action: 'deliver' });
    expect(h.actor.getSnapshot().context.error?.field).toBe('photo');
    expect(enqueuedOf(h)).toEqual([]);
    h.actor.stop();
  });

  it('offline at the door: the photo is kept on the phone, then "delivered" queues behind it, and the screen waits with both', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.load', output: { availability: { available: true, areas: ['Yaba'], blocked: null }, offer: null, job: job('arrived'), pending: [] } });
    h.actor.send({ type: 'PHOTO', file: photoFile() });
    expect(h.actor.getSnapshot().matches({ job: 'keepingPhoto' })).toBe(true);
    expect(h.held.pending[0]!.input).toMatchObject({ jobId: job('arrived').id, photo: expect.any(File) });
    const withPhoto: QueuedStep[] = [queuedProof()];
    await drive(h, { type: 'xstate.done.actor.keepProof', output: withPhoto });
    await drive(h, { type: 'xstate.error.actor.flush', error: offline() });
    let view = jobSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.photo, view.pendingCount, view.steps]).toEqual(['waiting', 'kept', 0, ['deliver', 'fail']]);
    // The photo is not on the server yet, but "delivered" counts it as taken.
    h.actor.send({ type: 'CODE', value: '4821' });
    h.actor.send({ type: 'MOVE', action: 'deliver' });
    expect(h.actor.getSnapshot().matches({ job: 'queueing' })).toBe(true);
    expect(enqueuedOf(h).at(-1)).toMatchObject({ draft: { action: 'deliver', code: '4821' } });
    await drive(h, { type: 'xstate.done.actor.enqueue', output: [...withPhoto, queued('deliver', 2)] });
    await drive(h, { type: 'xstate.error.actor.flush', error: offline() });
    view = jobSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.status, view.photo, view.pendingCount]).toEqual(['waiting', 'delivered', 'kept', 1]);
    expect(h.actor.getSnapshot().context.pending.map((p) => (isQueuedProof(p) ? 'photo' : p.body.action))).toEqual(['photo', 'deliver']);
    // The network returns: both go (the flush sends them in that order), and the job is done.
    h.actor.send({ type: 'ONLINE' });
    await drive(h, { type: 'xstate.done.actor.flush', output: { job: job('delivered', { proof_uploaded: true }), pending: [], refused: null } });
    expect(h.actor.getSnapshot().matches('finished')).toBe(true);
    h.actor.stop();
  });

  it('a step the status does not allow is not queued (no "delivered" before "arrived")', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.load', output: { availability: { available: true, areas: ['Yaba'], blocked: null }, offer: null, job: job('assigned'), pending: [] } });
    h.actor.send({ type: 'MOVE', action: 'arrive' });
    expect(h.actor.getSnapshot().matches({ job: 'step' })).toBe(true);
    expect(enqueuedOf(h)).toEqual([]);
    h.actor.stop();
  });

  afterAll(() => {
    const missing = recorder.report('jobMachine along its model paths', jobMachine);
    expect(missing, `transitions never taken:\n${missing.join('\n')}`).toEqual([]);
  });
});
