/**
 * The events the availability machine (machines/deliveries/availabilityMachine.ts) is explored
 * with, shared by its model-based test, its view test, its stories and its test plan: how it
 * starts (loaded by the dashboard's card, or handed the job screen's load), the rider's taps, and
 * the server's answers (saved, refused under the areas, not reached).
 */
import type { AvailabilityEvent, AvailabilitySnapshot } from '../../machines/deliveries/availabilityMachine';
import { SubmitError } from '../../machines/kit/formMachine';
import { dispatchTexts, type AvailabilityResponse } from '../../src/shared/deliveries/dispatch';
import { NetworkFailure } from '../../src/shared/requestErrors';

export const switchedOff: AvailabilityResponse = { available: false, areas: [], blocked: null };
export const switchedOn: AvailabilityResponse = { available: true, areas: ['Yaba', 'Surulere'], blocked: null, message: dispatchTexts.availability.switchedOn };
/** A rider whose ID is not verified yet: the server says why, and refuses the switch. */
export const blockedById: AvailabilityResponse = { available: false, areas: [], blocked: dispatchTexts.availability.blocked.id };

export const areasRefused = () => new SubmitError({ field: 'areas', message: dispatchTexts.availability.chooseArea });
export const idNotApproved = () => new SubmitError({ field: 'available', message: dispatchTexts.availability.blocked.id });
export const unreachable = () => new NetworkFailure('fetch failed');

export type AvailabilityModelEvent =
  | AvailabilityEvent
  | { type: 'xstate.done.actor.loadAvailability'; output: AvailabilityResponse }
  | { type: 'xstate.error.actor.loadAvailability'; error: unknown }
  | { type: 'xstate.done.actor.saveAvailability'; output: AvailabilityResponse }
  | { type: 'xstate.error.actor.saveAvailability'; error: unknown };

/** What can happen in the state. */
export function availabilityEvents(snapshot: AvailabilitySnapshot): AvailabilityModelEvent[] {
  const c = snapshot.context;
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadAvailability', output: switchedOff },
      { type: 'xstate.done.actor.loadAvailability', output: blockedById },
      { type: 'xstate.error.actor.loadAvailability', error: unreachable() },
    ];
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }];
  if (snapshot.matches('ready')) {
    return [{ type: 'AREAS', value: c.areasText === '' ? 'Yaba, Surulere' : '' }, { type: 'SWITCH', available: !(c.availability?.available ?? false) }];
  }
  if (snapshot.matches('switching')) {
    const blocked = c.availability?.blocked !== null && c.availability?.blocked !== undefined;
    return [
      { type: 'xstate.done.actor.saveAvailability', output: c.availability?.available ? { ...switchedOff, areas: ['Yaba', 'Surulere'], message: dispatchTexts.availability.switchedOff } : switchedOn },
      { type: 'xstate.error.actor.saveAvailability', error: blocked ? idNotApproved() : areasRefused() },
      { type: 'xstate.error.actor.saveAvailability', error: unreachable() },
    ];
  }
  return [];
}

/** Where the machine is and what of its context changes what the card shows or offers. */
export function serializeAvailability(snapshot: AvailabilitySnapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.availability?.available ?? null, c.availability?.blocked !== null && c.availability !== null, c.areasText !== '', c.error?.field ?? null, c.notice !== null]);
}
