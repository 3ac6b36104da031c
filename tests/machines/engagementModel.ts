/**
 * The events the engagement machine (machines/hiring/engagementMachine.ts) is explored with, shared by
 * its model-based test and its view test: on each side ('company', 'rider'), from a request
 * waiting for an answer, every move that side's controls offer, the 7 days running out on
 * screen, the end dialog's choices; and every answer the network can give to the request in
 * flight (the item as the server now has it, a failure, a 409 because the other side moved
 * first, and the reload's answer or failure).
 *
 * The model's states are coarse (where the machine is, the item's status, the failure's kind,
 * the outcome chosen), so the graph stays small.
 */
import { createActor, type AnyStateMachine } from 'xstate';
import { TestModel } from 'xstate/graph';
import { engagementMachine } from '../../machines/hiring/engagementMachine';
import { SubmitError } from '../../machines/kit/formMachine';
import type { EngagementEvent, EngagementSnapshot } from '../../machines/hiring/engagementMachine';
import { DAY_MS, type EngagementSide, type EngagementStatus, type HireActionResponse, type HireItem } from '../../src/shared/hiring';
import { messages } from '../../src/shared/messages';
import { coverAll, edgePaths, pathKeys } from './coverage';

export const ENGAGEMENT_ID = '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b';
const CREATED = '2026-11-20T09:15:00.000Z';

/** A request as the server answers it to `side`. */
export function hireItem(side: EngagementSide, overrides: Partial<HireItem> = {}): HireItem {
  const status = overrides.status ?? 'requested';
  const open = status === 'active' || status === 'ended';
  return {
    id: ENGAGEMENT_ID,
    status,
    side,
    role: 'Dispatch rider',
    state: 'Lagos',
    town: 'Ikeja',
    start_date: '2026-11-02',
    pay_note: '₦120,000 a month plus fuel',
    message: 'Mornings, Ikeja to Lekki.',
    created_at: CREATED,
    expires_at: new Date(Date.parse(CREATED) + 7 * DAY_MS).toISOString(),
    responded_at: status === 'requested' || status === 'expired' || status === 'withdrawn' ? null : '2026-11-21T08:00:00.000Z',
    ended_at: status === 'ended' ? '2026-11-25T17:00:00.000Z' : null,
    ended_by: status === 'ended' ? 'company' : null,
    end_outcome: status === 'ended' ? 'completed' : null,
    review_deadline: status === 'ended' ? '2026-12-09T17:00:00.000Z' : null,
    company: { name: 'Lekki Bakes', logo: null },
    // As the server answers: the full name only once the rider accepted.
    rider: { username: 'ada_rides', display_name: 'Ada O.', full_name: open ? 'Ada Okafor' : null, picture: null },
    contact: open
      ? side === 'company'
        ? { name: 'Ada Okafor', phone: '+2348031234567', email: 'ada@example.com', whatsapp: 'https://wa.me/2348031234567' }
        : { name: 'Bisi Ade', phone: '+2347040000001', email: 'orders@lekkibakes.ng', whatsapp: 'https://wa.me/2347040000001' }
      : null,
    ...overrides,
  };
}

export type EngagementModelEvent =
  | EngagementEvent
  | { type: 'xstate.done.actor.moveEngagement'; output: HireActionResponse }
  | { type: 'xstate.error.actor.moveEngagement'; error: unknown }
  | { type: 'xstate.done.actor.loadEngagement'; output: HireItem }
  | { type: 'xstate.error.actor.loadEngagement'; error: unknown };

type Activity = 'idle' | 'accepting' | 'declining' | 'withdrawing' | 'confirmingEnd' | 'confirmingEarlyEnd' | 'ending';

export function activityOf(snapshot: EngagementSnapshot): Activity | 'reloading' | null {
  const value = snapshot.value as unknown;
  if (value === 'reloading') return 'reloading';
  if (typeof value !== 'object' || value === null) return null;
  return ((value as Record<string, Activity>).requested ?? (value as Record<string, Activity>).active) as Activity;
}

const TO: Record<string, EngagementStatus> = { accepting: 'active', declining: 'declined', withdrawing: 'withdrawn', ending: 'ended' };
/** What the other side did first, so the move was refused (409). */
const FIRST: Record<string, EngagementStatus> = { accepting: 'withdrawn', declining: 'expired', withdrawing: 'active', ending: 'ended' };

/** The server's answer to the move in flight (what the real API does, see tests/server/hiring.test.ts). */
export function answerTo(snapshot: EngagementSnapshot): HireActionResponse {
  const activity = activityOf(snapshot)!;
  const { side } = snapshot.context;
  const status = TO[activity]!;
  const item = hireItem(side, { status, ...(status === 'ended' ? { end_outcome: snapshot.context.outcome!, ended_by: side } : {}) });
  const message = { active: messages.hireAccepted('Lekki Bakes'), declined: messages.hireDeclined, withdrawn: messages.hireWithdrawn, ended: messages.hireEnded }[
    status as 'active' | 'declined' | 'withdrawn' | 'ended'
  ];
  return { message, item };
}

/** The 409 a move gets when the other side moved first, and what a reload then answers. */
export function conflictOf(snapshot: EngagementSnapshot): { error: SubmitError; latest: HireItem } {
  const first = FIRST[activityOf(snapshot)!]!;
  return {
    error: new SubmitError({ field: 'status', message: messages.hireConflict[first] }),
    latest: hireItem(snapshot.context.side, { status: first }),
  };
}

/** The event as it happens from `snapshot` itself (answers are made for the request actually in flight). */
export function liveEvent(event: EngagementModelEvent, snapshot: EngagementSnapshot): EngagementModelEvent {
  if (event.type === 'xstate.done.actor.moveEngagement') return { ...event, output: answerTo(snapshot) };
  return event;
}

const alertFailure = () => new SubmitError({ field: 'alert', message: messages.submitFailed });

/** What can happen in the state: what the side can do on the card, or the network's answers. */
export function engagementEvents(snapshot: EngagementSnapshot): EngagementModelEvent[] {
  const activity = activityOf(snapshot);
  const { side, item, outcome } = snapshot.context;
  if (activity === 'reloading') {
    return [
      { type: 'xstate.done.actor.loadEngagement', output: reloadAnswer(snapshot) },
      { type: 'xstate.error.actor.loadEngagement', error: alertFailure() },
    ];
  }
  if (activity === 'accepting' || activity === 'declining' || activity === 'withdrawing' || activity === 'ending') {
    const conflict = conflictOf(snapshot);
    return [
      { type: 'xstate.done.actor.moveEngagement', output: answerTo(snapshot) },
      { type: 'xstate.error.actor.moveEngagement', error: alertFailure() },
      { type: 'xstate.error.actor.moveEngagement', error: conflict.error },
    ];
  }
  if (activity === 'confirmingEnd') {
    return [
      ...(outcome === null ? [{ type: 'CHOOSE_OUTCOME', outcome: 'early' } as const, { type: 'CHOOSE_OUTCOME', outcome: 'completed' } as const] : []),
      { type: 'CONFIRM_END' },
      { type: 'CANCEL' },
    ];
  }
  if (activity === 'confirmingEarlyEnd') return [{ type: 'CONFIRM_END' }, { type: 'CANCEL' }];
  if (activity === 'idle' && item.status === 'requested') {
    return side === 'rider' ? [{ type: 'ACCEPT' }, { type: 'DECLINE' }, { type: 'EXPIRE' }] : [{ type: 'WITHDRAW' }, { type: 'EXPIRE' }];
  }
  if (activity === 'idle' && item.status === 'active') return [{ type: 'END' }];
  return [];
}

/** What a reload after a 409 answers: the status the 409's message named (the other side's move). */
export function reloadAnswer(snapshot: EngagementSnapshot): HireItem {
  const message = snapshot.context.error?.message;
  const status = (Object.keys(messages.hireConflict) as EngagementStatus[]).find((s) => messages.hireConflict[s] === message) ?? 'withdrawn';
  return hireItem(snapshot.context.side, { status });
}

/** Coarse on purpose: where the machine is, the item's status, the failure's kind, the outcome chosen. */
export function serializeEngagement(snapshot: EngagementSnapshot): string {
  const { error, outcome, item } = snapshot.context;
  return JSON.stringify([snapshot.value, item.status, error?.kind ?? null, outcome]);
}

interface Step {
  event: { type: string };
  state: unknown;
}

/** The graph edge a step takes: from, event (with its outcome or failure kind), to. */
function stepKeys(_machine: AnyStateMachine, before: EngagementSnapshot, step: Step): string[] {
  const event = step.event as { type: string; outcome?: string; error?: unknown };
  const detail = event.outcome ?? (event.error instanceof SubmitError ? event.error.fieldError.field : '');
  return [`${serializeEngagement(before)} --${event.type}:${detail}--> ${serializeEngagement(step.state as EngagementSnapshot)}`];
}

/** The fewest, shortest paths that together take every edge of the graph. */
export function coveringPaths(machine: AnyStateMachine, initial: EngagementSnapshot, paths: Step[][]): Step[][] {
  return coverAll(paths, (steps) => steps.length, (steps) => pathKeys(initial, steps, (before, step) => stepKeys(machine, before, step)));
}

/** The paths run for one side: every edge of its graph, by the fewest shortest paths. */
export function pathsFor(side: EngagementSide) {
  const input = { side, item: hireItem(side) };
  const model = new TestModel(engagementMachine, { events: engagementEvents as never, serializeState: serializeEngagement as never, input } as never);
  const initial = createActor(engagementMachine, { input }).getSnapshot();
  const everyEdge = edgePaths(
    { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
    serializeEngagement as never,
  );
  return { input, paths: coveringPaths(engagementMachine, initial, everyEdge as never) };
}

