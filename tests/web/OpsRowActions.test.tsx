// @vitest-environment jsdom
/**
 * The console's row-action machine (machines/kit/rowActionMachine.ts) driven through the real
 * waitlist and newsletter screens (WaitlistScreen, NewsletterScreen: list frame, row buttons,
 * the revoke dialog, the step-up ConfirmDialog, toasts, the console API client), with only
 * fetch stood in at the network edge. Paths come from xstate/graph (every state's shortest
 * path and every transition from it), once with the waitlist's actions (Invite: no question;
 * Revoke: a plain yes/no) and once with the newsletter's (Unsubscribe: password or code). Each
 * model event is a click or a typed confirmation, or the network's answer to the held request.
 * After each step the page must show what the state says, and the screens' own actors together
 * must take every transition of the machine.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SubmitError } from '../../machines/kit/formMachine';
import { rowActionMachine, type RowActionRequest } from '../../machines/kit/rowActionMachine';
import type { OpsWaitlistEntry } from '../../src/shared/invitations';
import { messages } from '../../src/shared/messages';
import type { OpsSubscriber } from '../../src/shared/opsNewsletter';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { NewsletterScreen } from '../../src/web/features/ops/NewsletterView';
import { WaitlistScreen } from '../../src/web/features/ops/WaitlistView';
import { TransitionRecorder, edgePaths } from '../machines/coverage';
import { ApiEdge } from './support/apiEdge';

type Snapshot = SnapshotFrom<typeof rowActionMachine>;
type ModelEvent =
  | { type: 'START'; request: RowActionRequest }
  | { type: 'CONFIRM'; confirmation?: string }
  | { type: 'CANCEL' }
  | { type: 'xstate.done.actor.perform'; output: { message: string } }
  | { type: 'xstate.error.actor.perform'; error: SubmitError; status: number };

// ---------------------------------------------------------------------------------------------
// What the screens list.

const future = new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString();
const waiting: OpsWaitlistEntry = {
  id: '11111111-1111-4111-8111-111111111111',
  companyName: 'Mama Put Foods',
  email: 'orders@mamaput.ng',
  features: 'Same-day delivery',
  status: 'waiting',
  createdAt: '2026-11-01T09:00:00.000Z',
  invitation: { state: 'none', sentAt: null, expiresAt: null },
};
const invited: OpsWaitlistEntry = {
  id: '22222222-2222-4222-8222-222222222222',
  companyName: 'Ikeja Pharmacy',
  email: 'hello@ikejapharm.ng',
  features: null,
  status: 'invited',
  createdAt: '2026-10-20T09:00:00.000Z',
  invitation: { state: 'pending', sentAt: '2026-11-20T09:00:00.000Z', expiresAt: future },
};
const reader: OpsSubscriber = { id: '33333333-3333-4333-8333-333333333333', email: 'ada@example.com', sourcePath: '/', createdAt: '2026-11-02T10:00:00.000Z' };

interface Screen {
  name: string;
  render: () => void;
  listPath: string;
  page: { items: unknown[]; next: null };
  starts: RowActionRequest[];
  /** The label of the button that starts a request on its row. */
  startLabel: (request: RowActionRequest) => string;
  actionPath: (request: RowActionRequest) => string;
  errors: Array<{ error: SubmitError; status: number }>;
}

const screens: Screen[] = [
  {
    name: 'waitlist',
    render: () => render(<><WaitlistScreen inspectAction={recorder.inspect} /><Toasts /></>),
    listPath: '/api/ops/waitlist',
    page: { items: [waiting, invited], next: null },
    starts: [
      { rowId: waiting.id, action: 'invite', confirm: 'none', subject: waiting.companyName },
      { rowId: invited.id, action: 'revoke', confirm: 'plain', subject: invited.companyName },
    ],
    startLabel: (r) => `${messages.opsInviteAction[r.action as 'invite' | 'revoke']} ${r.subject}`,
    actionPath: (r) => `/api/ops/waitlist/${r.rowId}/${r.action}`,
    errors: [{ error: new SubmitError({ field: 'alert', message: messages.opsInviteAlreadyLive }), status: 409 }],
  },
  {
    name: 'newsletter',
    render: () => render(<><NewsletterScreen inspectAction={recorder.inspect} /><Toasts /></>),
    listPath: '/api/ops/newsletter',
    page: { items: [reader], next: null },
    starts: [{ rowId: reader.id, action: 'unsubscribe', confirm: 'stepUp', subject: reader.email }],
    startLabel: (r) => `${messages.opsNewsletterUnsubscribe} ${r.subject}`,
    actionPath: (r) => `/api/ops/newsletter/${r.rowId}`,
    errors: [
      { error: new SubmitError({ field: 'confirmation', message: messages.opsConfirmFailed }), status: 403 },
      { error: new SubmitError({ field: 'alert', message: messages.submitFailed }), status: 500 },
    ],
  },
];

const doneMessage = (r: RowActionRequest) => `Done: ${r.action} ${r.subject}`;

function eventsFor(s: Screen) {
  return (snapshot: Snapshot): ModelEvent[] => {
    if (snapshot.matches('idle')) return s.starts.map((request) => ({ type: 'START', request }));
    if (snapshot.matches('confirming')) return [{ type: 'CONFIRM', confirmation: 'ogba-rides-at-dawn-42' }, { type: 'CANCEL' }];
    const request = snapshot.context.request!;
    return [
      { type: 'xstate.done.actor.perform', output: { message: doneMessage(request) } },
      ...s.errors.map(({ error, status }) => ({ type: 'xstate.error.actor.perform' as const, error, status })),
    ];
  };
}

const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.request?.action ?? null, s.context.error]);

const edge = new ApiEdge();
const recorder = new TransitionRecorder();

beforeAll(() => {
  edge.install();
  window.scrollTo = () => {};
});
afterAll(() => edge.uninstall());
afterEach(() => {
  cleanup();
  toast.dismiss();
});

/** The request on screen: the last one started (the model's state knows it). */
let current: RowActionRequest | null = null;

async function perform(s: Screen, event: ModelEvent): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  if (event.type === 'START') {
    current = event.request;
    fireEvent.click(screen.getByRole('button', { name: s.startLabel(event.request) }));
  } else if (event.type === 'CONFIRM') {
    const dialog = screen.getByRole('dialog');
    if (current!.confirm === 'stepUp') {
      fireEvent.change(within(dialog).getByLabelText(messages.opsConfirmLabel), { target: { value: event.confirmation } });
      fireEvent.click(within(dialog).getByRole('button', { name: messages.opsNewsletterUnsubscribe }));
    } else {
      fireEvent.click(within(dialog).getByRole('button', { name: messages.opsInviteAction.revoke }));
    }
  } else if (event.type === 'CANCEL') {
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: current!.confirm === 'stepUp' ? messages.cancel : messages.opsInviteCancel }));
  } else {
    const held = await waitFor(() => edge.take(s.actionPath(current!)));
    if (current!.confirm === 'stepUp') expect(held.body).toEqual({ confirmation: 'ogba-rides-at-dawn-42' });
    if (event.type === 'xstate.done.actor.perform') {
      await act(async () => held.respond(200, { message: event.output.message, entry: waiting }));
      // The change is made: the list asks for its first page again.
      const refresh = await waitFor(() => edge.take(s.listPath));
      await act(async () => refresh.respond(200, s.page));
    } else {
      await act(async () => held.respond(event.status, { error: event.error.fieldError }));
    }
  }
  await act(async () => {});
}

async function expectScreen(s: Screen, event: ModelEvent, state: Snapshot): Promise<void> {
  const dialog = () => screen.queryByRole('dialog');
  if (state.matches('idle')) {
    await waitFor(() => expect(dialog()).toBeNull());
    for (const request of s.starts) expect((screen.getByRole('button', { name: s.startLabel(request) }) as HTMLButtonElement).disabled).toBe(false);
    if (event.type === 'xstate.done.actor.perform') await screen.findByText(event.output.message);
    if (event.type === 'xstate.error.actor.perform') await screen.findByText(event.error.message);
  } else if (state.matches('confirming')) {
    const open = await waitFor(() => {
      const found = dialog();
      expect(found).not.toBeNull();
      return found!;
    });
    const request = state.context.request!;
    expect(open.textContent).toContain(request.confirm === 'stepUp' ? messages.opsNewsletterUnsubscribeTitle(request.subject) : messages.opsInviteRevokeConfirm(request.subject));
    if (state.context.error) expect(within(open).getByRole('alert').textContent).toBe(state.context.error);
    else expect(within(open).queryByRole('alert')).toBeNull();
  } else {
    const request = state.context.request!;
    if (request.confirm === 'none') {
      await waitFor(() => expect(screen.getByRole('button', { name: `${messages.opsInviteWorking.invite} ${request.subject}` })).toBeTruthy());
      expect(dialog()).toBeNull();
    } else {
      const open = await waitFor(() => {
        const found = dialog();
        expect(found).not.toBeNull();
        return found!;
      });
      const busyLabel = request.confirm === 'stepUp' ? messages.submitting : messages.opsInviteWorking.revoke;
      expect((within(open).getByRole('button', { name: busyLabel }) as HTMLButtonElement).disabled).toBe(true);
    }
  }
}

for (const s of screens) {
  describe(`the row-action machine through the ${s.name} screen`, () => {
    const model = new TestModel(rowActionMachine, { events: eventsFor(s) as never, serializeState: serialize as never } as never);
    // TestModel drops a shortest path that is the prefix of another: ask for every one.
    const everyPrefix = { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true }), getAdjacencyMap: () => model.getAdjacencyMap() };
    const paths = edgePaths(everyPrefix as never, serialize as never);

    it.each(paths.map((steps, i) => [i + 1, steps.map((st) => st.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
      'path %i: %s',
      async (_i, _name, steps) => {
        edge.reset();
        current = null;
        s.render();
        try {
          const first = await waitFor(() => edge.take(s.listPath));
          await act(async () => first.respond(200, s.page));
          await expectScreen(s, { type: 'CANCEL' }, rowActionMachine.resolveState({ value: 'idle', context: { request: null, confirmation: null, error: null } }) as Snapshot);
          for (const step of steps) {
            await perform(s, step.event as ModelEvent);
            await expectScreen(s, step.event as ModelEvent, step.state as Snapshot);
          }
        } finally {
          cleanup();
          toast.dismiss();
        }
      },
    );
  });
}

describe('the screens', () => {
  it('have no axe violations, with a row of each kind and with the step-up dialog open', async () => {
    for (const s of screens) {
      edge.reset();
      s.render();
      const first = await waitFor(() => edge.take(s.listPath));
      await act(async () => first.respond(200, s.page));
      await screen.findByRole('table');
      const run = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.help}`);
      expect(await run(), s.name).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: s.startLabel(s.starts[s.starts.length - 1]!) }));
      await screen.findByRole('dialog');
      expect(await run(), `${s.name} with its dialog`).toEqual([]);
      cleanup();
    }
  });

  it('the waitlist filters by status; a failed newsletter export is told in a toast', async () => {
    edge.reset();
    screens[0]!.render();
    (await waitFor(() => edge.take('/api/ops/waitlist'))).respond(200, screens[0]!.page);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText(messages.opsWaitlistStatusLabel), { target: { value: 'invited' } });
    const filtered = await waitFor(() => edge.take('/api/ops/waitlist'));
    expect(new URLSearchParams(filtered.search).get('status')).toBe('invited');
    await act(async () => filtered.respond(200, { items: [invited], next: null }));
    await waitFor(() => expect(screen.queryByText(waiting.companyName)).toBeNull());
    expect(screen.getByText(messages.opsInvitationState.pending(new Date(future).toLocaleString('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' })))).toBeTruthy();
    cleanup();

    edge.reset();
    screens[1]!.render();
    (await waitFor(() => edge.take('/api/ops/newsletter'))).respond(200, screens[1]!.page);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: messages.opsNewsletterExport }));
    const exported = await waitFor(() => edge.take('/api/ops/newsletter/export.csv'));
    await act(async () => exported.respond(500, { error: { field: 'alert', message: messages.submitFailed } }));
    await screen.findByText(messages.opsNewsletterExportFailed);
  });

  it('drives every transition of the machine through the two screens', () => {
    expect(recorder.report('rowActionMachine through WaitlistScreen and NewsletterScreen', rowActionMachine)).toEqual([]);
  });
});
