/**
 * The model of machines/deliveries/deliveryMachine.ts: every (action, actor) the table knows as an
 * event (expire_offer once for each place the server may send it), explored with xstate/graph;
 * the covering paths (the fewest edge paths that together take every transition) are what the
 * machine test and the tracking page test (tests/server/trackingPaths.test.ts) both drive.
 */
import { createActor, type AnyStateMachine } from 'xstate';
import { TestModel } from 'xstate/graph';
import { deliveryMachine, type DeliveryEvent, type DeliverySnapshot } from '../../machines/deliveries/deliveryMachine';
import { DELIVERY_ACTIONS, type DeliveryActor } from '../../src/shared/deliveries/moves';
import { coverAll, edgePaths, pathKeys, transitionKey } from './coverage';

export const DELIVERY_ACTORS: readonly DeliveryActor[] = ['sender', 'rider', 'staff', 'system'];

/** Every event the model tries, allowed or not: the machine must refuse what the table refuses. */
export const deliveryEvents: DeliveryEvent[] = DELIVERY_ACTIONS.flatMap((action) =>
  DELIVERY_ACTORS.flatMap((by): DeliveryEvent[] =>
    action === 'expire_offer' ? [{ type: action, by, next: 'offered' }, { type: action, by, next: 'booked' }] : [{ type: action, by }],
  ),
);

export const serializeDelivery = (snapshot: DeliverySnapshot): string => `${String(snapshot.value)}|rider=${snapshot.context.rider}`;

export interface DeliveryStep {
  event: DeliveryEvent;
  state: DeliverySnapshot;
}

const stepKeys = (machine: AnyStateMachine, before: DeliverySnapshot, step: DeliveryStep): string[] =>
  (machine.getTransitionData(before as never, step.event as never) as Parameters<typeof transitionKey>[0][]).map(transitionKey);

/** Every reachable state's shortest path plus each event from there. */
export function deliveryEdgePaths(): DeliveryStep[][] {
  const model = new TestModel(deliveryMachine, { events: deliveryEvents as never, serializeState: serializeDelivery as never } as never);
  return edgePaths(
    { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
    serializeDelivery as never,
  ) as unknown as DeliveryStep[][];
}

/** The fewest edge paths, shortest first, that together take every transition. */
export function deliveryCoveringPaths(): DeliveryStep[][] {
  const initial = createActor(deliveryMachine).getSnapshot();
  // The model's first step is xstate.init: nothing to drive.
  const paths = deliveryEdgePaths().map((steps) => steps.filter((step) => !step.event.type.startsWith('xstate.')));
  return coverAll(paths, (p) => p.length, (steps) => pathKeys(initial, steps, (before, step) => stepKeys(deliveryMachine, before, step)));
}

export const pathName = (steps: readonly DeliveryStep[]): string =>
  steps.map((s) => `${s.event.type}(${s.event.by}${'next' in s.event ? `→${s.event.next}` : ''})`).join(' → ');
