/**
 * Model-based test of machines/ops/inboxItemMachine.ts: paths generated with xstate/graph
 * (tests/machines/inboxItemModel.ts) run against a real actor whose requests the test holds
 * and answers; after each step the actor must be where the model says and the view model must
 * say what that state shows. Every transition of the machine must be taken; the table is
 * printed. The same paths drive the real screen in tests/web/OpsInboxItem.test.tsx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  inboxItemMachine,
  inboxItemSnapshotToView,
  inboxItemViewStates,
  type InboxItemSnapshot,
  type InboxRequest,
} from '../../machines/ops/inboxItemMachine';
import { inboxMoves } from '../../src/shared/inbox';
import { messages } from '../../src/shared/messages';
import { HeldActors, play } from './heldActors';
import { TransitionRecorder, edgePaths } from './coverage';
import { coveringPaths, inboxEvents, itemDetail, ITEM_ID, liveEvent, NOTE_TEXT, serializeInbox, type InboxModelEvent } from './inboxItemModel';

function harness(recorder?: TransitionRecorder) {
  const held = new HeldActors();
  const notices: string[] = [];
  const machine = inboxItemMachine.provide({
    actors: { loadItem: held.actor('loadItem'), changeStatus: held.actor('changeStatus'), assignItem: held.actor('assignItem'), addNote: held.actor('addNote'), sendReply: held.actor('sendReply') },
    actions: { announce: (_, params) => void notices.push(params.message) },
  });
  const actor = createActor(machine, { input: { id: ITEM_ID }, inspect: recorder?.inspect });
  actor.start();
  return { actor, held, notices };
}

const drive = (h: ReturnType<typeof harness>, event: InboxModelEvent) => play(h.actor, h.held, event);

const model = new TestModel(inboxItemMachine, { events: inboxEvents as never, serializeState: serializeInbox as never, input: { id: ITEM_ID } } as never);
const initial = createActor(inboxItemMachine, { input: { id: ITEM_ID } }).getSnapshot();
const everyEdge = edgePaths(
  { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
  serializeInbox as never,
);
const paths = coveringPaths(inboxItemMachine, initial, everyEdge as never);
const recorder = new TransitionRecorder();
const viewStatesSeen = new Set<string>();

describe('inboxItemMachine along its model paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      const h = harness(recorder);
      for (const step of steps) {
        const event = liveEvent(step.event as InboxModelEvent, h.actor.getSnapshot());
        const requestsBefore = h.held.requests.length;
        await drive(h, event);
        const expected = step.state as InboxItemSnapshot;
        const actual = h.actor.getSnapshot();
        expect(actual.value, event.type).toEqual(expected.value);
        expect(serializeInbox(actual)).toBe(serializeInbox(expected));
        const view = inboxItemSnapshotToView(actual);
        viewStatesSeen.add(view.state);
        // Busy exactly while a request is in flight, and then exactly one request is held.
        expect(view.busy).toBe(h.held.busy);
        if (view.status) {
          expect(view.moves.map((m) => m.to)).toEqual(inboxMoves[view.status]);
          expect(view.canReply).toBe(view.status !== 'closed');
          expect(view.status).toBe(actual.context.detail!.item.status);
        }
        // A rule the browser checks sends nothing.
        if ((event.type === 'ADD_NOTE' || event.type === 'SEND_REPLY') && view.state === 'invalid') {
          expect(h.held.requests.length).toBe(requestsBefore);
        }
        // A request carries what the action asks for.
        if (h.held.requests.length > requestsBefore) {
          const { src } = h.held.requests.at(-1)!;
          const input = h.held.requests.at(-1)!.input as InboxRequest;
          expect(input.id).toBe(ITEM_ID);
          if (src === 'changeStatus' && event.type === 'MOVE') expect(input.status).toBe(event.to);
          if (src === 'assignItem' && event.type === 'ASSIGN') expect(input.staffId).toBe(event.staffId);
          if (src === 'addNote') expect(input.body).toBe(NOTE_TEXT);
        }
      }
      h.actor.stop();
    },
  );

  it('ignores a move the table does not allow and a reply to a closed item: no request is made', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.loadItem', output: itemDetail({ status: 'new' }) });
    h.actor.send({ type: 'MOVE', to: 'closed' });
    h.actor.send({ type: 'MOVE', to: 'answered' });
    expect(h.actor.getSnapshot().value).toEqual({ loaded: { new: 'idle' } });
    expect(h.held.requests.map((r) => r.src)).toEqual(['loadItem']);

    const closed = harness();
    await drive(closed, { type: 'xstate.done.actor.loadItem', output: itemDetail({ status: 'closed' }) });
    closed.actor.send({ type: 'EDIT_REPLY', field: 'body', value: 'Hello' });
    closed.actor.send({ type: 'SEND_REPLY' });
    expect(closed.actor.getSnapshot().value).toEqual({ loaded: { closed: 'idle' } });
    expect(closed.held.requests.map((r) => r.src)).toEqual(['loadItem']);
    expect(inboxItemSnapshotToView(closed.actor.getSnapshot()).moves).toEqual([{ to: 'open', label: messages.opsInboxMoveReopen }]);
  });

  it('starts a reply with the subject for the kind, checks it, and clears it after sending', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.loadItem', output: itemDetail({ kind: 'waitlist', status: 'open' }) });
    expect(h.actor.getSnapshot().context.reply).toEqual({ subject: messages.opsInboxReplySubjectWaitlist, body: '' });
    h.actor.send({ type: 'EDIT_REPLY', field: 'subject', value: 'Line one\nLine two' });
    h.actor.send({ type: 'EDIT_REPLY', field: 'body', value: 'We have a place for you.' });
    h.actor.send({ type: 'SEND_REPLY' });
    let view = inboxItemSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.fieldError('reply', 'subject')]).toEqual(['invalid', messages.opsInboxSubjectOneLine]);
    // Typing in the field the message is under clears it; the other field keeps its own.
    h.actor.send({ type: 'EDIT_REPLY', field: 'subject', value: 'Welcome' });
    expect(inboxItemSnapshotToView(h.actor.getSnapshot()).state).toBe('open');
    h.actor.send({ type: 'SEND_REPLY' });
    expect(h.held.pending[0]?.input).toMatchObject({ subject: 'Welcome', body: 'We have a place for you.' });
    await drive(h, { type: 'xstate.done.actor.sendReply', output: itemDetail({ kind: 'waitlist', status: 'answered' }) });
    view = inboxItemSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.reply]).toEqual(['answered', { subject: messages.opsInboxReplySubjectWaitlist, body: '' }]);
    expect(h.notices).toEqual([messages.opsInboxReplySent]);
  });

  it('keeps the item on screen when an action fails and says why by the action', async () => {
    const h = harness();
    await drive(h, { type: 'xstate.done.actor.loadItem', output: itemDetail({ status: 'open' }) });
    h.actor.send({ type: 'EDIT_NOTE', value: '  ' });
    h.actor.send({ type: 'ADD_NOTE' });
    expect(inboxItemSnapshotToView(h.actor.getSnapshot()).fieldError('note', 'body')).toBe(messages.fieldRequired);
    h.actor.send({ type: 'MOVE', to: 'closed' });
    expect(inboxItemSnapshotToView(h.actor.getSnapshot())).toMatchObject({ state: 'changingStatus', pendingMove: 'closed', busy: true });
    await drive(h, { type: 'xstate.error.actor.changeStatus', error: new Error('offline') });
    const view = inboxItemSnapshotToView(h.actor.getSnapshot());
    expect([view.state, view.alert, view.detail?.item.status]).toEqual(['actionFailed', messages.submitFailed, 'open']);
  });

  it('has a view state for every state it can be in', () => {
    expect([...viewStatesSeen].sort()).toEqual([...inboxItemViewStates].sort());
  });

  afterAll(() => {
    expect(recorder.report('inboxItemMachine', inboxItemMachine)).toEqual([]);
  });
});
