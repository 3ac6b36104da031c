/**
 * Model-based test of machines/deliveries/deliveryMachine.ts: the covering paths of its model
 * (tests/machines/deliveryModel.ts) run against a real actor; after each step the actor is where
 * the model says, and what the tracking page shows there is what deliveryTracking says for that
 * status. Every transition must be taken, and the machine's transitions must be exactly the moves
 * DELIVERY_MOVES allows: every (status, action, actor) canMoveDelivery allows moves the machine
 * (to the table's status), and nothing else does. The same paths drive the real tracking page in
 * tests/server/trackingPaths.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deliveryMachine, deliverySnapshotToTracking, type DeliveryEvent } from '../../machines/deliveries/deliveryMachine';
import { bookingMessages } from '../../src/shared/deliveries/bookingMessages';
import { canMoveDelivery, DELIVERY_FINAL, DELIVERY_MOVES, DELIVERY_STATUSES, type DeliveryStatus } from '../../src/shared/deliveries/moves';
import { TransitionRecorder } from './coverage';
import { DELIVERY_ACTORS, deliveryCoveringPaths, deliveryEvents, pathName } from './deliveryModel';

const recorder = new TransitionRecorder();
const paths = deliveryCoveringPaths();

/** An actor resting in `status` (with a rider once past the offer). */
function actorIn(status: DeliveryStatus) {
  const snapshot = deliveryMachine.resolveState({ value: status, context: { rider: !['booked', 'offered'].includes(status) } });
  return createActor(deliveryMachine, { snapshot }).start();
}

describe('deliveryMachine along its model paths', () => {
  it('has a few covering paths', () => {
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.length).toBeLessThanOrEqual(19);
  });

  it.each(paths.map((steps, i) => [i + 1, pathName(steps), steps] as const))('path %i: %s', (_i, _name, steps) => {
    const actor = createActor(deliveryMachine, { inspect: recorder.inspect }).start();
    let rider = false;
    for (const step of steps) {
      const before = actor.getSnapshot().value as DeliveryStatus;
      actor.send(step.event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      expect(after.context).toEqual(step.state.context);
      const status = after.value as DeliveryStatus;
      const move = DELIVERY_MOVES[step.event.type];
      if (canMoveDelivery(before, step.event.type, step.event.by)) {
        expect(status).toBe(move.to ?? (step.event.type === 'expire_offer' ? (step.event as { next: DeliveryStatus }).next : before));
      } else expect(status).toBe(before);
      const shown = deliverySnapshotToTracking(after);
      expect(shown.statusText).toBe(bookingMessages.statuses[status]);
      expect(shown.final).toBe(DELIVERY_FINAL.includes(status));
      expect(actor.getSnapshot().status).toBe(shown.final ? 'done' : 'active');
      expect(shown.cancelShown).toBe(['booked', 'offered', 'assigned', 'heading_to_pickup'].includes(status));
      expect(shown.phoneShown).toBe(['assigned', 'heading_to_pickup', 'picked_up', 'arrived'].includes(status));
      expect(shown.ratingShown).toBe(status === 'delivered');
      expect(deliverySnapshotToTracking(after, true).ratingShown).toBe(false);
      // A rider is shown once one has the job, and from then on (a cancel keeps the name the sender saw).
      expect(shown.riderShown).toBe(after.context.rider);
      rider ||= ['accept', 'assign'].includes(step.event.type) && canMoveDelivery(before, step.event.type, step.event.by);
      expect(after.context.rider).toBe(rider);
    }
  });

  afterAll(() => {
    expect(recorder.report('deliveryMachine (machine alone, covering paths)', deliveryMachine)).toEqual([]);
  });
});

describe('deliveryMachine is DELIVERY_MOVES', () => {
  const allowed: string[] = [];
  const taken: string[] = [];
  for (const status of DELIVERY_STATUSES) {
    for (const event of deliveryEvents) {
      const { type: action, by } = event;
      const to = DELIVERY_MOVES[action].to ?? (action === 'expire_offer' ? (event as { next: DeliveryStatus }).next : status);
      if (canMoveDelivery(status, action, by)) allowed.push(`${status} --${action}(${by}${'next' in event ? `→${event.next}` : ''})--> ${to}`);
      const actor = actorIn(status);
      const before = actor.getSnapshot();
      const transitions = deliveryMachine.getTransitionData(before, event as DeliveryEvent);
      // A finished delivery's actor is stopped: nothing is sent to it (it takes no transition, checked above).
      if (before.status === 'active') actor.send(event);
      const after = actor.getSnapshot().value as DeliveryStatus;
      if (transitions.length > 0) taken.push(`${status} --${action}(${by}${'next' in event ? `→${event.next}` : ''})--> ${after}`);
      else expect(after).toBe(status);
    }
  }

  it('takes every move the table allows, to the status the table says, and no other', () => {
    expect(allowed.length).toBeGreaterThan(20);
    expect(taken.sort()).toEqual(allowed.sort());
  });

  it('has one state per status, final exactly where DELIVERY_FINAL says', () => {
    expect(Object.keys(deliveryMachine.root.states).sort()).toEqual([...DELIVERY_STATUSES].sort());
    for (const status of DELIVERY_STATUSES) expect(deliveryMachine.root.states[status]!.type === 'final').toBe(DELIVERY_FINAL.includes(status));
  });

  it('knows every actor', () => {
    expect(DELIVERY_ACTORS).toEqual(['sender', 'rider', 'staff', 'system']);
  });
});
