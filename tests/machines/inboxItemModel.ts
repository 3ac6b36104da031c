/**
 * The events the inbox item machine (machines/ops/inboxItemMachine.ts) is explored with, shared by
 * its model-based test, its view test and its stories: in each status, every move the table
 * allows, assigning, writing and adding a note (empty and filled), writing and sending a reply
 * (empty and filled), reloading; and every answer the network can give to the request in flight
 * (the item as the server now has it, a failure under no field, a failure under a field).
 *
 * The model's states are coarse (status, activity, the failure's kind, whether the drafts are
 * empty), so the graph stays small; the paths run are chosen so that together they take every
 * transition of the machine (`coveringPaths`).
 */
import type { AnyStateMachine } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import type { InboxItemEvent, InboxItemSnapshot } from '../../machines/ops/inboxItemMachine';
import { canReply, inboxMoves, type InboxItemDetail, type InboxStatus } from '../../src/shared/inbox';
import { messages } from '../../src/shared/messages';
import { coverAll, pathKeys, transitionKey } from './coverage';

export const ITEM_ID = '0b9c6a52-3f0e-4b1b-9a57-2d6f7c0e8a11';
export const ME = { id: '5d7e2c1a-8b44-4f0e-a1c2-93b7d1e0f001', email: 'tolu@ogbadispatch.ng' };
export const COLLEAGUE = { id: '5d7e2c1a-8b44-4f0e-a1c2-93b7d1e0f002', email: 'bisi@ogbadispatch.ng' };
export const NOTE_TEXT = 'Rang the customer, will call back at noon';
export const REPLY_BODY = 'Good afternoon Funke,\n\nOgba to Lekki is ₦4,500 for a small parcel.';

const CREATED = '2026-11-20T09:15:00.000Z';

/** The item as the server first answers it. */
export function itemDetail(overrides: Partial<InboxItemDetail['item']> = {}, timeline: InboxItemDetail['timeline'] = []): InboxItemDetail {
  return {
    item: {
      id: ITEM_ID,
      kind: 'quote',
      name: 'Funke Adeyemi',
      email: 'funke@example.com',
      phone: '08031234567',
      message: 'How much to send 3 parcels from Ogba to Lekki every week?',
      status: 'new',
      assignee: null,
      createdAt: CREATED,
      updatedAt: CREATED,
      ...overrides,
    },
    timeline,
    staff: [COLLEAGUE, ME],
    replyTo: 'desk@ogbadispatch.ng',
  };
}

export type InboxModelEvent =
  | InboxItemEvent
  | { type: `xstate.done.actor.${'loadItem' | 'changeStatus' | 'assignItem' | 'addNote' | 'sendReply'}`; output: InboxItemDetail }
  | { type: `xstate.error.actor.${'loadItem' | 'changeStatus' | 'assignItem' | 'addNote' | 'sendReply'}`; error: unknown };

const alertFailure = () => new SubmitError({ field: 'alert', message: messages.submitFailed });

type Activity = 'idle' | 'changingStatus' | 'assigning' | 'addingNote' | 'sendingReply' | 'refreshing';

function where(snapshot: InboxItemSnapshot): { status: InboxStatus | null; activity: Activity | null } {
  const value = snapshot.value as unknown;
  if (typeof value !== 'object' || value === null) return { status: null, activity: null };
  const loaded = (value as { loaded: unknown }).loaded;
  if (typeof loaded !== 'object' || loaded === null) return { status: null, activity: null };
  const status = Object.keys(loaded)[0] as InboxStatus;
  return { status, activity: (loaded as Record<string, Activity>)[status]! };
}

/** The item as the server answers each action (what the real API does, see tests/server/opsInbox.test.ts). */
export function answerTo(snapshot: InboxItemSnapshot): InboxItemDetail {
  const detail = snapshot.context.detail!;
  const { activity } = where(snapshot);
  const at = '2026-11-20T10:00:00.000Z';
  if (activity === 'changingStatus') return { ...detail, item: { ...detail.item, status: snapshot.context.pendingMove!, updatedAt: at } };
  if (activity === 'assigning') {
    const member = detail.staff.find((s) => s.id === snapshot.context.pendingAssignee) ?? null;
    return { ...detail, item: { ...detail.item, assignee: member, updatedAt: at } };
  }
  if (activity === 'addingNote') {
    const entry = { id: `note-${detail.timeline.length + 1}`, kind: 'note' as const, staffEmail: ME.email, subject: null, body: snapshot.context.note.trim(), createdAt: at };
    return { ...detail, item: { ...detail.item, updatedAt: at }, timeline: [...detail.timeline, entry] };
  }
  if (activity === 'sendingReply') {
    const entry = { id: `reply-${detail.timeline.length + 1}`, kind: 'reply' as const, staffEmail: ME.email, subject: snapshot.context.reply.subject.trim(), body: snapshot.context.reply.body.trim(), createdAt: at };
    return { ...detail, item: { ...detail.item, status: 'answered', updatedAt: at }, timeline: [...detail.timeline, entry] };
  }
  return detail;
}

/**
 * The event as it happens from `snapshot` itself. The graph keeps one snapshot per coarse
 * state, so a path's stored event may carry an answer made for another snapshot with the same
 * key (another timeline, another draft): the server answers the request actually made.
 */
export function liveEvent(event: InboxModelEvent, snapshot: InboxItemSnapshot): InboxModelEvent {
  if (!event.type.startsWith('xstate.done.actor.')) return event;
  return { ...event, output: event.type === 'xstate.done.actor.loadItem' && snapshot.matches('loading') ? (event as { output: InboxItemDetail }).output : answerTo(snapshot) } as InboxModelEvent;
}

/** What can happen in the state: what staff can do on the screen, or the network's answers. */
export function inboxEvents(snapshot: InboxItemSnapshot): InboxModelEvent[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadItem', output: itemDetail() },
      { type: 'xstate.error.actor.loadItem', error: alertFailure() },
    ];
  }
  if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
  const { status, activity } = where(snapshot);
  if (!status || !activity) return [];
  const { context } = snapshot;
  if (activity !== 'idle') {
    const id = activity === 'changingStatus' ? 'changeStatus' : activity === 'assigning' ? 'assignItem' : activity === 'addingNote' ? 'addNote' : activity === 'sendingReply' ? 'sendReply' : 'loadItem';
    const events: InboxModelEvent[] = [
      { type: `xstate.done.actor.${id}`, output: answerTo(snapshot) },
      { type: `xstate.error.actor.${id}`, error: alertFailure() },
    ];
    // A refusal the server explains under a field: a move someone else made first, a note or reply it will not take.
    if (id === 'changeStatus') events.push({ type: 'xstate.error.actor.changeStatus', error: new SubmitError({ field: 'status', message: messages.opsInboxMoveRefused('New', 'Open') }) });
    if (id === 'addNote' || id === 'sendReply') events.push({ type: `xstate.error.actor.${id}`, error: new SubmitError({ field: 'body', message: messages.tooLong(4000) }) });
    return events;
  }
  const assignee = context.detail?.item.assignee ?? null;
  return [
    ...inboxMoves[status].map((to): InboxModelEvent => ({ type: 'MOVE', to })),
    { type: 'ASSIGN', staffId: assignee ? null : COLLEAGUE.id },
    ...(context.note === '' ? [{ type: 'EDIT_NOTE', value: NOTE_TEXT } as const] : []),
    { type: 'ADD_NOTE' },
    ...(canReply(status)
      ? [...(context.reply.body === '' ? [{ type: 'EDIT_REPLY', field: 'body', value: REPLY_BODY } as const] : []), { type: 'SEND_REPLY' } as const]
      : []),
    { type: 'REFRESH' },
  ];
}

/** Coarse on purpose (see the file's comment): where the machine is, the failure's kind, which drafts are written. */
export function serializeInbox(snapshot: InboxItemSnapshot): string {
  const { error, note, reply } = snapshot.context;
  return JSON.stringify([snapshot.value, error ? `${error.action}:${error.field === 'alert' ? 'alert' : 'field'}` : null, note !== '', reply.body !== '']);
}

interface Step {
  event: { type: string };
  state: unknown;
}

/** The machine's transition keys (tests/machines/coverage.ts) that one step takes, with the eventless ones after it. */
function stepKeys(machine: AnyStateMachine, before: InboxItemSnapshot, step: Step): string[] {
  const keys = (machine.getTransitionData(before as never, step.event as never) as Parameters<typeof transitionKey>[0][]).map(transitionKey);
  const after = step.state as InboxItemSnapshot;
  // Every answer goes through loaded.sorting to the status the server gave.
  if (keys.some((k) => k.endsWith('--> loaded.sorting') || k.endsWith('--> loaded'))) {
    const status = where(after).status;
    if (status) keys.push(`loaded.sorting --always[is]--> loaded.${status}`);
  }
  return keys;
}

/**
 * From the edge paths (every reachable state's shortest path plus each of its events), the
 * fewest, shortest first, that together take every transition a path can take.
 */
export function coveringPaths(machine: AnyStateMachine, initial: InboxItemSnapshot, paths: Step[][]): Step[][] {
  return coverAll(paths, (steps) => steps.length, (steps) => pathKeys(initial, steps, (before, step) => stepKeys(machine, before, step)));
}
