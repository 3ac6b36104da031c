/**
 * Model-based test of machines/hiring/engagementMachine.ts: for each side (company, rider), paths
 * generated with xstate/graph (tests/machines/engagementModel.ts) run against a real actor
 * whose requests the test holds and answers; after each step the actor must be where the model
 * says and the view model must say what that state shows. Every transition of the machine must
 * be taken over both sides; the table is printed. The same paths drive the real card in
 * tests/web/EngagementCard.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  engagementMachine,
  engagementSnapshotToView,
  engagementViewStates,
  type EngagementMoveRequest,
  type EngagementSnapshot,
} from '../../machines/hiring/engagementMachine';
import { movesFor, type EngagementSide, type HireItem } from '../../src/shared/hiring';
import { messages } from '../../src/shared/messages';
import { HeldActors, play } from './heldActors';
import { TransitionRecorder } from './coverage';
import { activityOf, ENGAGEMENT_ID, hireItem, liveEvent, pathsFor, serializeEngagement, type EngagementModelEvent } from './engagementModel';

function harness(side: EngagementSide, item: HireItem, recorder?: TransitionRecorder) {
  const held = new HeldActors();
  const notices: string[] = [];
  const machine = engagementMachine.provide({
    actors: { moveEngagement: held.actor('moveEngagement'), loadEngagement: held.actor('loadEngagement') },
    actions: { announce: (_, params) => void notices.push(params.message) },
  });
  const actor = createActor(machine, { input: { side, item }, inspect: recorder?.inspect });
  actor.start();
  return { actor, held, notices };
}

const drive = (h: ReturnType<typeof harness>, event: EngagementModelEvent) => play(h.actor, h.held, event);

const recorder = new TransitionRecorder();
const viewStatesSeen = new Set<string>();

for (const side of ['company', 'rider'] as const) {
  const { paths } = pathsFor(side);
  describe(`engagementMachine as the ${side} along its model paths`, () => {
    it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
      'path %i: %s',
      async (_i, _name, steps) => {
        const h = harness(side, hireItem(side), recorder);
        for (const step of steps) {
          const event = liveEvent(step.event as EngagementModelEvent, h.actor.getSnapshot());
          const requestsBefore = h.held.requests.length;
          await drive(h, event);
          const expected = step.state as EngagementSnapshot;
          const actual = h.actor.getSnapshot();
          expect(actual.value, event.type).toEqual(expected.value);
          expect(serializeEngagement(actual)).toBe(serializeEngagement(expected));
          const view = engagementSnapshotToView(actual);
          viewStatesSeen.add(view.state);
          // Busy exactly while a request is in flight.
          expect(view.busy).toBe(h.held.busy);
          // At rest, the moves offered are the table's for this side and status; none while busy.
          const activity = activityOf(actual);
          expect(view.actions).toEqual(activity === null || activity === 'idle' ? movesFor(view.status, side) : []);
          // A request carries the move asked for.
          if (h.held.requests.length > requestsBefore) {
            const { src, input } = h.held.requests.at(-1)!;
            expect((input as { id: string }).id).toBe(ENGAGEMENT_ID);
            if (src === 'moveEngagement') {
              const move = input as EngagementMoveRequest;
              expect(move.action).toBe({ accepting: 'accept', declining: 'decline', withdrawing: 'withdraw', ending: 'end' }[activity as string]);
              expect(move.outcome).toBe(move.action === 'end' ? actual.context.outcome : null);
            }
          }
        }
        h.actor.stop();
      },
    );
  });
}

describe('engagementMachine rules', () => {
  it('offers only the moves of the side: a company cannot accept, a rider cannot withdraw; nothing is sent', async () => {
    const company = harness('company', hireItem('company'));
    company.actor.send({ type: 'ACCEPT' });
    company.actor.send({ type: 'DECLINE' });
    expect(company.actor.getSnapshot().value).toEqual({ requested: 'idle' });
    expect(engagementSnapshotToView(company.actor.getSnapshot()).actions).toEqual(['withdraw']);
    const rider = harness('rider', hireItem('rider'));
    rider.actor.send({ type: 'WITHDRAW' });
    rider.actor.send({ type: 'END' });
    expect(rider.actor.getSnapshot().value).toEqual({ requested: 'idle' });
    expect(engagementSnapshotToView(rider.actor.getSnapshot()).actions).toEqual(['accept', 'decline']);
    expect([...company.held.requests, ...rider.held.requests]).toEqual([]);
  });

  it('ends only once an outcome is chosen, and sends it', async () => {
    const h = harness('rider', hireItem('rider', { status: 'active' }));
    h.actor.send({ type: 'END' });
    h.actor.send({ type: 'CONFIRM_END' });
    expect(engagementSnapshotToView(h.actor.getSnapshot())).toMatchObject({ state: 'confirmingEnd', canConfirmEnd: false });
    h.actor.send({ type: 'CHOOSE_OUTCOME', outcome: 'early' });
    expect(engagementSnapshotToView(h.actor.getSnapshot()).canConfirmEnd).toBe(true);
    h.actor.send({ type: 'CONFIRM_END' });
    expect(h.held.pending[0]?.input).toEqual({ id: ENGAGEMENT_ID, action: 'end', outcome: 'early' });
    await drive(h, { type: 'xstate.done.actor.moveEngagement', output: { message: messages.hireEnded, item: hireItem('rider', { status: 'ended', end_outcome: 'early' }) } });
    expect(engagementSnapshotToView(h.actor.getSnapshot()).state).toBe('ended');
    expect(h.notices).toEqual([messages.hireEnded]);
  });

  it('a 409 reloads the latest and keeps the server’s message on screen', async () => {
    const { SubmitError } = await import('../../machines/kit/formMachine');
    const h = harness('company', hireItem('company'));
    h.actor.send({ type: 'WITHDRAW' });
    await drive(h, { type: 'xstate.error.actor.moveEngagement', error: new SubmitError({ field: 'status', message: messages.hireConflict.active }) });
    expect(engagementSnapshotToView(h.actor.getSnapshot()).state).toBe('reloading');
    expect(h.held.pending[0]?.src).toBe('loadEngagement');
    await drive(h, { type: 'xstate.done.actor.loadEngagement', output: hireItem('company', { status: 'active' }) });
    const view = engagementSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.status, view.alert, view.actions]).toEqual(['conflict', 'active', messages.hireConflict.active, ['end']]);
  });

  it('has a view state for every state it can be in', () => {
    expect([...viewStatesSeen].sort()).toEqual([...engagementViewStates].sort());
  });

  afterAll(() => {
    expect(recorder.report('engagementMachine (company and rider)', engagementMachine)).toEqual([]);
  });
});

describe('ending before the start date', () => {
  it("offers only an early end before the job's start date, and both from that day on", () => {
    const item = hireItem('company', { status: 'active', start_date: '2026-12-10' });
    const before = createActor(engagementMachine, { input: { side: 'company', item, today: '2026-12-09' } }).start();
    before.send({ type: 'END' });
    expect(engagementSnapshotToView(before.getSnapshot()).outcomes).toEqual(['early']);
    before.send({ type: 'CHOOSE_OUTCOME', outcome: 'completed' });
    expect(before.getSnapshot().context.outcome).toBeNull();
    const on = createActor(engagementMachine, { input: { side: 'company', item, today: '2026-12-10' } }).start();
    on.send({ type: 'END' });
    expect(engagementSnapshotToView(on.getSnapshot()).outcomes).toEqual(['completed', 'early']);
  });

  it("the company's early end is warned of first; the rider's is not (it does not count against them)", () => {
    for (const side of ['company', 'rider'] as const) {
      const actor = createActor(engagementMachine, { input: { side, item: hireItem(side, { status: 'active' }), today: '2026-12-10' } }).start();
      actor.send({ type: 'END' });
      actor.send({ type: 'CHOOSE_OUTCOME', outcome: 'early' });
      actor.send({ type: 'CONFIRM_END' });
      const view = engagementSnapshotToView(actor.getSnapshot());
      if (side === 'company') {
        expect(view.state).toBe('confirmingEarlyEnd');
        expect(view.earlyEndWarning).toBe(messages.hireEarlyEndWarning(view.item.rider.full_name ?? view.item.rider.display_name));
      } else {
        expect(view.state).toBe('ending');
        expect(view.earlyEndWarning).toBeNull();
      }
      actor.stop();
    }
  });
});
