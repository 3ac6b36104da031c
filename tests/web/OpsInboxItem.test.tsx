// @vitest-environment jsdom
/**
 * The inbox item machine (machines/ops/inboxItemMachine.ts) tested through the real item page
 * (InboxItemView, useInboxItem, the console's API client and the toasts), with only fetch stood
 * in at the network edge (tests/web/support/apiEdge.ts). Paths come from xstate/graph
 * (tests/machines/inboxItemModel.ts), chosen so that together they take every transition. Each
 * model event is something staff do on the page (a status button, the assignee select, typing
 * a note or a reply and sending it, Refresh, Try again) or the server's answer to the request
 * the page has in flight. After each step the page must show what the state says; the page's
 * own actor is inspected and must have taken every transition of the machine, or the test fails.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { TestModel } from 'xstate/graph';
import { inboxItemMachine, type InboxItemSnapshot } from '../../machines/ops/inboxItemMachine';
import { canReply, inboxKindLabels, inboxMoves, inboxStatusLabels, moveLabel, type InboxStatus } from '../../src/shared/inbox';
import { messages } from '../../src/shared/messages';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { InboxItemView } from '../../src/web/features/ops/InboxItemView';
import { useInboxItem } from '../../src/web/features/ops/useInboxItem';
import { TransitionRecorder, edgePaths } from '../machines/coverage';
import { coveringPaths, inboxEvents, itemDetail, ITEM_ID, liveEvent, serializeInbox, type InboxModelEvent } from '../machines/inboxItemModel';
import { ApiEdge } from './support/apiEdge';

const BASE = `/api/ops/inbox/${ITEM_ID}`;
const edge = new ApiEdge();
const recorder = new TransitionRecorder();

function Page() {
  const { view, send } = useInboxItem(ITEM_ID, recorder.inspect);
  // In the console the page sits in the shell's <main> (OpsShell).
  return (
    <>
      <main>
        <InboxItemView view={view} send={send} />
      </main>
      <Toasts />
    </>
  );
}

/** The page in a router of its own (its links are router links). */
function renderPage() {
  const router = createRouter({
    routeTree: createRootRoute({ component: Page }),
    history: createMemoryHistory({ initialEntries: [`/ops/inbox/${ITEM_ID}`] }),
  });
  return render(<RouterProvider router={router} />);
}

/** Where each request actor's call goes, and what it must carry. */
const requestOf: Record<string, { method: string; path: string }> = {
  loadItem: { method: 'GET', path: BASE },
  changeStatus: { method: 'POST', path: `${BASE}/status` },
  assignItem: { method: 'POST', path: `${BASE}/assign` },
  addNote: { method: 'POST', path: `${BASE}/notes` },
  sendReply: { method: 'POST', path: `${BASE}/reply` },
};

const statusOf = (state: InboxItemSnapshot): InboxStatus | null => {
  const value = state.value as unknown as { loaded?: Record<string, string> | string };
  return typeof value === 'object' && typeof value.loaded === 'object' ? (Object.keys(value.loaded)[0] as InboxStatus) : null;
};
const activityOf = (state: InboxItemSnapshot): string | null => {
  const status = statusOf(state);
  return status ? (state.value as unknown as { loaded: Record<string, string> }).loaded[status]! : null;
};

/** Does on the page what the model event stands for. `before` is the state it happens in. */
async function perform(event: InboxModelEvent, before: InboxItemSnapshot): Promise<void> {
  // The path's first step is the machine starting: the page did that by rendering.
  if ((event.type as string) === 'xstate.init') return;
  const type = event.type;
  if (type === 'RETRY') fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
  else if (type === 'REFRESH') fireEvent.click(screen.getByRole('button', { name: messages.opsRefresh }));
  else if (type === 'MOVE') fireEvent.click(screen.getByRole('button', { name: moveLabel(statusOf(before)!, event.to) }));
  else if (type === 'ASSIGN') fireEvent.change(screen.getByLabelText(messages.opsInboxAssignee), { target: { value: event.staffId ?? '' } });
  else if (type === 'EDIT_NOTE') fireEvent.change(screen.getByLabelText(messages.opsInboxNoteLabel), { target: { value: event.value } });
  else if (type === 'ADD_NOTE') fireEvent.click(screen.getByRole('button', { name: messages.opsInboxAddNote }));
  else if (type === 'EDIT_REPLY') {
    const label = event.field === 'subject' ? messages.opsInboxReplySubject : messages.opsInboxReplyBody;
    fireEvent.change(screen.getByLabelText(label), { target: { value: event.value } });
  } else if (type === 'SEND_REPLY') fireEvent.click(screen.getByRole('button', { name: messages.opsInboxSendReply }));
  else {
    const actor = type.replace(/^xstate\.(done|error)\.actor\./, '');
    const { method, path } = requestOf[actor]!;
    const held = await waitFor(() => edge.take(path));
    expect(held.method).toBe(method);
    // The request carries what the action asked for.
    const context = before.context;
    if (actor === 'changeStatus') expect(held.body).toEqual({ status: context.pendingMove });
    if (actor === 'assignItem') expect(held.body).toEqual({ staffId: context.pendingAssignee });
    if (actor === 'addNote') expect(held.body).toEqual({ body: context.note.trim() });
    if (actor === 'sendReply') expect(held.body).toEqual({ subject: context.reply.subject.trim(), body: context.reply.body.trim() });
    if (type.startsWith('xstate.done.')) {
      await act(async () => held.respond(200, (event as { output: unknown }).output));
    } else {
      const error = (event as { error: { fieldError?: { field: string; message: string } } }).error;
      const body = { error: error.fieldError ?? { field: 'alert', message: messages.submitFailed } };
      await act(async () => held.respond(body.error.field === 'alert' ? 502 : body.error.field === 'status' ? 409 : 400, body));
    }
  }
  await act(async () => {});
}

/** What the page must show in the state. */
async function expectScreen(state: InboxItemSnapshot, event: InboxModelEvent): Promise<void> {
  if (state.matches('loading')) {
    await waitFor(() => expect(screen.getByRole('status').getAttribute('aria-label')).toBe(messages.opsLoading));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    return;
  }
  if (state.matches('failed')) {
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(messages.opsInboxLoadFailed));
    expect(screen.getByRole('button', { name: messages.tryAgain })).toBeTruthy();
    return;
  }
  const { context } = state;
  const detail = context.detail!;
  const status = statusOf(state)!;
  const activity = activityOf(state)!;
  const busy = activity !== 'idle';

  const heading = await screen.findByRole('heading', { level: 1, name: detail.item.name });
  const head = heading.closest('header')!;
  await waitFor(() => expect(within(head).getByText(inboxStatusLabels[status])).toBeTruthy());
  expect(within(head).getByText(inboxKindLabels[detail.item.kind])).toBeTruthy();
  expect(screen.getByText(detail.item.message)).toBeTruthy();

  // The moves the table allows from here, and only those; every control waits while busy.
  const moves = within(screen.getByRole('group', { name: messages.opsInboxStatus })).getAllByRole('button');
  expect(moves.map((b) => b.textContent)).toEqual(
    inboxMoves[status].map((to) => (activity === 'changingStatus' && context.pendingMove === to ? messages.opsInboxSaving : moveLabel(status, to))),
  );
  for (const button of moves) expect((button as HTMLButtonElement).disabled).toBe(busy);
  const select = screen.getByLabelText(messages.opsInboxAssignee) as HTMLSelectElement;
  expect(select.disabled).toBe(busy);
  expect(select.value).toBe(activity === 'assigning' ? (context.pendingAssignee ?? '') : (detail.item.assignee?.id ?? ''));
  if (activity === 'assigning') expect(screen.getAllByText(messages.opsInboxSaving).length).toBeGreaterThan(0);
  expect(screen.getByRole('button', { name: activity === 'refreshing' ? messages.opsInboxRefreshingItem : messages.opsRefresh })).toBeTruthy();

  // The timeline: the server's entries, oldest first.
  const timeline = screen.getByRole('heading', { name: messages.opsInboxTimeline }).closest('section')!;
  const entries = within(timeline).queryAllByRole('listitem');
  expect(entries.map((li) => li.querySelector('.ops-text')?.textContent)).toEqual(detail.timeline.map((e) => e.body));
  if (detail.timeline.length === 0) expect(within(timeline).getByText(messages.opsInboxTimelineEmpty)).toBeTruthy();

  // The note form holds the draft; its button says when it is adding.
  expect((screen.getByLabelText(messages.opsInboxNoteLabel) as HTMLTextAreaElement).value).toBe(context.note);
  expect(screen.getByRole('button', { name: activity === 'addingNote' ? messages.opsInboxAddingNote : messages.opsInboxAddNote })).toBeTruthy();

  // The reply form, except on a closed item.
  if (canReply(status)) {
    expect((screen.getByLabelText(messages.opsInboxReplySubject) as HTMLInputElement).value).toBe(context.reply.subject);
    expect((screen.getByLabelText(messages.opsInboxReplyBody) as HTMLTextAreaElement).value).toBe(context.reply.body);
    expect(screen.getByText(messages.opsInboxReplyTo(detail.item.email, detail.replyTo))).toBeTruthy();
    expect(screen.getByRole('button', { name: activity === 'sendingReply' ? messages.opsInboxSendingReply : messages.opsInboxSendReply })).toBeTruthy();
  } else {
    expect(screen.queryByLabelText(messages.opsInboxReplyBody)).toBeNull();
    expect(screen.getByText(messages.opsInboxReplyClosed)).toBeTruthy();
  }

  // A failure: under its field, or as an alert under no field; none when there is none.
  const error = context.error;
  const alerts = screen.queryAllByRole('alert').map((a) => a.textContent);
  if (!error) expect(alerts).toEqual([]);
  else {
    expect(alerts).toEqual([error.message]);
    if (error.action === 'note' && error.field === 'body') {
      expect(screen.getByLabelText(messages.opsInboxNoteLabel).getAttribute('aria-invalid')).toBe('true');
    }
    if (error.action === 'reply' && error.field === 'body') {
      expect(screen.getByLabelText(messages.opsInboxReplyBody).getAttribute('aria-invalid')).toBe('true');
    }
  }

  // A success says so in a toast.
  if (event.type === 'xstate.done.actor.addNote') await screen.findAllByText(messages.opsInboxNoteAdded);
  if (event.type === 'xstate.done.actor.sendReply') await screen.findAllByText(messages.opsInboxReplySent);
}

const model = new TestModel(inboxItemMachine, { events: inboxEvents as never, serializeState: serializeInbox as never, input: { id: ITEM_ID } } as never);
const initial = getInitialSnapshot(inboxItemMachine, { id: ITEM_ID });
const paths = coveringPaths(
  inboxItemMachine,
  initial,
  edgePaths({ getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never, serializeInbox as never) as never,
);

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
afterEach(() => {
  toast.dismiss();
  cleanup();
  edge.reset();
});

describe('the inbox item page along the item machine’s paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      renderPage();
      await expectScreen(initial, { type: 'RETRY' });
      // What the screen must show is the machine's state after the events the page was given
      // (the graph's stored snapshot is the same state, but may hold another timeline or draft).
      let before = initial;
      for (const step of steps) {
        const event = liveEvent(step.event as InboxModelEvent, before);
        if ((event.type as string) === 'xstate.init') continue;
        await perform(event, before);
        const expected = getNextSnapshot(inboxItemMachine, before, event as never);
        expect(serializeInbox(expected), 'the page follows the model’s path').toBe(serializeInbox(step.state as InboxItemSnapshot));
        await expectScreen(expected, event);
        before = expected;
      }
      // Nothing is asked of the server that the path did not answer, but the request of a busy state.
      expect(edge.held.length).toBeLessThanOrEqual(1);
    },
  );

  it('has no axe violations: loaded, with a rule broken, while sending, and closed', async () => {
    const run = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.help}`);
    renderPage();
    const asked = await waitFor(() => edge.take(BASE));
    await act(async () => asked.respond(200, itemDetail({ status: 'open' })));
    await screen.findByRole('heading', { level: 1 });
    expect(await run()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: messages.opsInboxSendReply }));
    await screen.findByText(messages.fieldRequired);
    expect(await run()).toEqual([]);
    fireEvent.change(screen.getByLabelText(messages.opsInboxReplyBody), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: messages.opsInboxSendReply }));
    await screen.findByRole('button', { name: messages.opsInboxSendingReply });
    expect(await run()).toEqual([]);
    const reply = await waitFor(() => edge.take(`${BASE}/reply`));
    await act(async () => reply.respond(200, itemDetail({ status: 'closed' })));
    await screen.findByText(messages.opsInboxReplyClosed);
    expect(await run()).toEqual([]);
  });

  it('is worked by keyboard: the controls are reachable in order and a status button works with Enter', async () => {
    renderPage();
    const asked = await waitFor(() => edge.take(BASE));
    await act(async () => asked.respond(200, itemDetail({ status: 'new' })));
    const open = await screen.findByRole('button', { name: messages.opsInboxMoveOpen });
    // Native buttons, inputs and selects only: each is in the tab order, none has a negative tabindex.
    const focusable = [...document.querySelectorAll('a[href], button, input, select, textarea')];
    expect(focusable.every((el) => (el as HTMLElement).tabIndex >= 0)).toBe(true);
    open.focus();
    expect(document.activeElement).toBe(open);
    // A button's Enter is its click in a browser; jsdom needs the click itself.
    fireEvent.keyDown(open, { key: 'Enter' });
    fireEvent.click(open);
    const held = await waitFor(() => edge.take(`${BASE}/status`));
    expect(held.body).toEqual({ status: 'open' });
  });

  it('drives every transition of the machine through the page', () => {
    expect(recorder.report('inboxItemMachine through the inbox item page', inboxItemMachine)).toEqual([]);
  });
});
