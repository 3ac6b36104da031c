/**
 * The events the rate card machine (machines/ops/rateCardMachine.ts) is explored with, shared by
 * its view test and its test plan: the admin changes the base fare (to a sound figure, to one the
 * shared rules refuse, back to what it was), adds and removes a distance band and a rush-hour window,
 * switches a window's Saturday on or off, discards, saves, confirms or cancels the step-up, and
 * reloads after a conflict; the network answers each request (the card, a refused password,
 * someone else's save, a refusal under a figure, a failure). The model's states are coarse: where
 * the machine is, whether the draft is unchanged, sound or refused, and what the form says.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { SubmitError } from '../../machines/kit/errors';
import type { rateCardMachine, RateCardEvent } from '../../machines/ops/rateCardMachine';
import { defaultRateCard, type RateCard } from '../../src/shared/deliveries/rateCard';
import { canAdd, cardOfDraft, draftChanged, draftCounts, type OpsRateCard } from '../../src/shared/deliveries/rateCardForm';
import { rateCardMessages as rm } from '../../src/shared/deliveries/rateCardMessages';
import { messages } from '../../src/shared/messages';
import { coverAll, pathKeys, transitionKey } from './coverage';

export type RateCardSnapshot = SnapshotFrom<typeof rateCardMachine>;

export const FIELD = 'lagos.baseFareKobo';
export const GOOD = '1200';
export const BAD = '-5';
export const ORIGINAL = '1000';
export const PASSWORD = 'correct horse battery staple';
export const ADMIN = 'ada@ogbadispatch.ng';

const bodyOf = (card: RateCard) => {
  const { version: _v, ...body } = card;
  return body;
};

/** The card as the server first answers it: the shipped version 1. */
export function rateCardData(card: RateCard = defaultRateCard, savedBy: string | null = null): OpsRateCard {
  const versions = Array.from({ length: card.version }, (_, i) => ({
    version: card.version - i,
    savedBy: i === 0 ? savedBy : null,
    savedAt: new Date(Date.UTC(2026, 10, 20 + card.version - i, 9)).toISOString(),
  }));
  return { current: { ...versions[0]!, card }, versions };
}

export type RateCardModelEvent =
  | RateCardEvent
  | { type: 'xstate.done.actor.load' | 'xstate.done.actor.save'; output: OpsRateCard }
  | { type: 'xstate.error.actor.load' | 'xstate.error.actor.save'; error: unknown };

/** The server's answer to the save in flight: the draft, saved as the next version. */
export function savedAnswer(snapshot: RateCardSnapshot): OpsRateCard {
  const { data, draft } = snapshot.context;
  const card = { ...cardOfDraft(bodyOf(data!.current.card), draft).card, version: data!.current.version + 1 } as RateCard;
  return rateCardData(card, ADMIN);
}

/** The event as it happens from `snapshot` itself (a save answers with what was sent). */
export function liveEvent(event: RateCardModelEvent, snapshot: RateCardSnapshot): RateCardModelEvent {
  return event.type === 'xstate.done.actor.save' ? { ...event, output: savedAnswer(snapshot) } : event;
}

export const saveFailures = {
  confirmation: new SubmitError({ field: 'confirmation', message: messages.opsConfirmFailed }),
  conflict: new SubmitError({ field: 'alert', message: rm.conflict }),
  field: new SubmitError({ field: FIELD, message: rm.atMost('₦1,000,000') }),
  alert: new SubmitError({ field: 'alert', message: messages.submitFailed }),
};

/** What can happen in the state: what staff do on the page, or the network's answers. */
export function rateCardEvents(snapshot: RateCardSnapshot): RateCardModelEvent[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.load', output: rateCardData() },
      { type: 'xstate.error.actor.load', error: saveFailures.alert },
    ];
  }
  if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
  if (snapshot.matches('conflict')) return [{ type: 'RELOAD' }];
  if (snapshot.matches('confirming')) return [{ type: 'CONFIRM', confirmation: PASSWORD }, { type: 'CANCEL' }];
  if (snapshot.matches('saving')) {
    return [
      { type: 'xstate.done.actor.save', output: savedAnswer(snapshot) },
      ...Object.values(saveFailures).map((error) => ({ type: 'xstate.error.actor.save' as const, error })),
    ];
  }
  if (!snapshot.context.canEdit) return [];
  const { data, draft } = snapshot.context;
  const value = draft[FIELD];
  // Discard is offered only when there is something to discard (the button is disabled otherwise).
  const changed = draftChanged(bodyOf(data!.current.card), draft);
  const { bands, windows } = draftCounts(draft);
  // Add and Remove only where their buttons can be pressed: the shared rules' counts.
  return [
    ...[GOOD, BAD, ORIGINAL].filter((v) => v !== value).map((v): RateCardModelEvent => ({ type: 'EDIT', name: FIELD, value: v })),
    ...(changed ? [{ type: 'DISCARD' } as const] : []),
    ...(canAdd(draft, 'bands') ? [{ type: 'ADD', list: 'bands' } as const] : []),
    ...(bands > 1 ? [{ type: 'REMOVE', list: 'bands', index: bands - 1 } as const] : []),
    ...(canAdd(draft, 'windows') ? [{ type: 'ADD', list: 'windows' } as const] : []),
    ...(windows > 0 ? [{ type: 'REMOVE', list: 'windows', index: 0 } as const, { type: 'TOGGLE_DAY', index: 0, day: 6 } as const] : []),
    { type: 'SAVE' },
  ];
}

/** Coarse on purpose: where, the draft's kind, what the form says. */
export function serializeRateCard(snapshot: RateCardSnapshot): string {
  const { data, draft, errors, alert, notice, confirmError, canEdit } = snapshot.context;
  let kind = 'none';
  if (data) {
    const base = bodyOf(data.current.card);
    kind = !draftChanged(base, draft) ? 'unchanged' : cardOfDraft(base, draft).errors.length > 0 ? 'refused' : 'sound';
  }
  return JSON.stringify([snapshot.value, canEdit, kind, errors.length > 0, alert, notice !== null, confirmError !== null]);
}

interface Step {
  event: { type: string };
  state: unknown;
}

/** From the edge paths, the fewest (shortest first) that together take every transition a path can take. */
export function coveringPaths(machine: AnyStateMachine, initial: RateCardSnapshot, paths: Step[][]): Step[][] {
  const stepKeys = (before: RateCardSnapshot, step: Step) =>
    (machine.getTransitionData(before as never, step.event as never) as Parameters<typeof transitionKey>[0][]).map(transitionKey);
  return coverAll(paths, (steps) => steps.length, (steps) => pathKeys(initial, steps, stepKeys));
}
