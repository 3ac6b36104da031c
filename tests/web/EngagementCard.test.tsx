// @vitest-environment jsdom
/**
 * The engagement machine (machines/hiring/engagementMachine.ts) tested through the real card
 * (EngagementCard, useEngagement, the hiring API client and the toasts) as the company and as
 * the rider, with only fetch stood in at the network edge (tests/web/support/apiEdge.ts). Paths
 * come from xstate/graph (tests/machines/engagementModel.ts). Each model event is something the
 * side does on the card (Accept, Decline, Withdraw request, End engagement, an outcome, Yes, end
 * it, Keep it active), the 7 days running out (the page regains focus after the expiry), or the
 * server's answer to the request in flight. After each step the card must show what the state
 * says; the cards' actors are inspected and must take every transition of the machine.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { engagementMachine, type EngagementSnapshot } from '../../machines/hiring/engagementMachine';
import { DAY_MS, movesFor, type EngagementSide, type HireItem } from '../../src/shared/hiring';
import { messages } from '../../src/shared/messages';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { EngagementCard } from '../../src/web/features/hiring/EngagementCard';
import { TransitionRecorder } from '../machines/coverage';
import { activityOf, ENGAGEMENT_ID, hireItem, liveEvent, pathsFor, serializeEngagement, type EngagementModelEvent } from '../machines/engagementModel';
import { ApiEdge } from './support/apiEdge';

const BASE = `/api/hiring/requests/${ENGAGEMENT_ID}`;
const edge = new ApiEdge();
const recorder = new TransitionRecorder();

/** The request as first shown: waiting, with three days left by the real clock. */
const EXPIRES = new Date(Date.now() + 3 * DAY_MS).toISOString();
const firstItem = (side: EngagementSide): HireItem => hireItem(side, { expires_at: EXPIRES });

function renderCard(side: EngagementSide, item = firstItem(side), reviewSlot?: Parameters<typeof EngagementCard>[0]['reviewSlot']) {
  return render(
    <>
      <main>
        <EngagementCard item={item} inspect={recorder.inspect} reviewSlot={reviewSlot} />
      </main>
      <Toasts />
    </>,
  );
}

const ACTION_LABEL = { accept: messages.hireAccept, decline: messages.hireDecline, withdraw: messages.hireWithdraw, end: messages.hireEnd } as const;
const BUSY = { accepting: messages.hireAccepting, declining: messages.hireDeclining, withdrawing: messages.hireWithdrawing } as const;
const ACTION_OF = { accepting: 'accept', declining: 'decline', withdrawing: 'withdraw', ending: 'end' } as const;

async function perform(event: EngagementModelEvent, before: EngagementSnapshot): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  const type = event.type;
  if (type === 'ACCEPT') fireEvent.click(screen.getByRole('button', { name: messages.hireAccept }));
  else if (type === 'DECLINE') fireEvent.click(screen.getByRole('button', { name: messages.hireDecline }));
  else if (type === 'WITHDRAW') fireEvent.click(screen.getByRole('button', { name: messages.hireWithdraw }));
  else if (type === 'END') fireEvent.click(screen.getByRole('button', { name: messages.hireEnd }));
  else if (type === 'CHOOSE_OUTCOME') fireEvent.click(screen.getByLabelText(messages.hireOutcomeLabels[event.outcome]));
  else if (type === 'CONFIRM_END') fireEvent.click(screen.getByRole('button', { name: messages.hireEndConfirm }));
  else if (type === 'CANCEL') fireEvent.click(screen.getByRole('button', { name: messages.hireEndCancel }));
  else if (type === 'EXPIRE') {
    // The phone slept through the expiry; the page comes back.
    const later = Date.parse(before.context.item.expires_at) + 60_000;
    const spy = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await act(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    } finally {
      spy.mockRestore();
    }
  } else if (type.endsWith('actor.moveEngagement')) {
    const action = ACTION_OF[activityOf(before) as keyof typeof ACTION_OF];
    const held = await waitFor(() => edge.take(`${BASE}/${action}`));
    expect(held.method).toBe('POST');
    if (action === 'end') expect(held.body).toEqual({ outcome: before.context.outcome });
    else expect(held.body).toBeUndefined();
    if (type.startsWith('xstate.done.')) await act(async () => held.respond(200, (event as { output: unknown }).output));
    else {
      const fieldError = (event as { error: { fieldError: { field: string; message: string } } }).error.fieldError;
      await act(async () => held.respond(fieldError.field === 'status' ? 409 : 502, { error: fieldError }));
    }
  } else {
    const held = await waitFor(() => edge.take(BASE));
    expect(held.method).toBe('GET');
    if (type.startsWith('xstate.done.')) await act(async () => held.respond(200, (event as { output: unknown }).output));
    else await act(async () => held.respond(502, { error: { field: 'alert', message: messages.submitFailed } }));
  }
  await act(async () => {});
}

async function expectScreen(state: EngagementSnapshot, event: EngagementModelEvent): Promise<void> {
  const { context } = state;
  const { item, side, error, outcome } = context;
  const activity = activityOf(state);
  const title = side === 'rider' ? messages.hireCompanyRequests(item.company.name) : (item.rider.full_name ?? item.rider.display_name);
  const card = (await screen.findByRole('heading', { level: 3, name: title })).closest('article')!;
  await waitFor(() => expect(within(card).getByText(messages.hireStatusLabels[item.status])).toBeTruthy());
  expect(within(card).getByText(item.role)).toBeTruthy();
  expect(within(card).getByText(item.pay_note)).toBeTruthy();

  // The countdown while waiting for an answer.
  if (item.status === 'requested') expect(within(card).getByText(/Expires in/)).toBeTruthy();
  else expect(within(card).queryByText(/Expires in/)).toBeNull();

  // Contact only once accepted: tel:, WhatsApp and mailto links.
  if (item.contact) {
    expect(within(card).getByRole('link', { name: messages.hireCall(item.contact.phone!) }).getAttribute('href')).toBe(`tel:${item.contact.phone}`);
    expect(within(card).getByRole('link', { name: messages.hireWhatsApp }).getAttribute('href')).toBe(item.contact.whatsapp);
    expect(within(card).getByRole('link', { name: messages.hireEmail(item.contact.email) }).getAttribute('href')).toBe(`mailto:${item.contact.email}`);
  } else {
    expect(within(card).queryByRole('link', { name: messages.hireWhatsApp })).toBeNull();
  }

  // The controls of the state.
  const buttons = within(card)
    .queryAllByRole('button')
    .map((b) => [b.textContent, (b as HTMLButtonElement).disabled || b.closest('fieldset')?.disabled === true]);
  if (activity === 'accepting' || activity === 'declining' || activity === 'withdrawing') {
    expect(buttons).toEqual([[BUSY[activity], true]]);
  } else if (activity === 'confirmingEarlyEnd') {
    // Said first: the company's early end counts against the rider's Job Success.
    const confirm = within(card).getByRole('button', { name: messages.hireEndConfirm });
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)?.textContent).toBe(messages.hireEarlyEndWarning(item.rider.full_name ?? item.rider.display_name));
    expect(within(card).queryByLabelText(messages.hireOutcomeLabels.early)).toBeNull();
    expect(buttons).toEqual([
      [messages.hireEndConfirm, false],
      [messages.hireEndCancel, false],
    ]);
  } else if (activity === 'confirmingEnd' || activity === 'ending') {
    expect(within(card).getByRole('group', { name: messages.hireEndHeading })).toBeTruthy();
    for (const o of ['completed', 'early'] as const) {
      expect((within(card).getByLabelText(messages.hireOutcomeLabels[o]) as HTMLInputElement).checked).toBe(outcome === o);
    }
    expect(buttons).toEqual(
      activity === 'ending'
        ? [
            [messages.hireEnding, true],
            [messages.hireEndCancel, true],
          ]
        : [
            [messages.hireEndConfirm, outcome === null],
            [messages.hireEndCancel, false],
          ],
    );
  } else if (activity === 'reloading') {
    expect(within(card).getByRole('status').textContent).toBe(messages.hireReloading);
    expect(buttons).toEqual([]);
  } else {
    expect(buttons).toEqual(movesFor(item.status, side).map((a) => [ACTION_LABEL[a], false]));
  }

  // A failure, or none.
  const alerts = within(card)
    .queryAllByRole('alert')
    .map((a) => a.textContent);
  expect(alerts).toEqual(error ? [error.message] : []);

  if (event.type === 'xstate.done.actor.moveEngagement') await screen.findAllByText((event as { output: { message: string } }).output.message);
}

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
afterEach(() => {
  toast.dismiss();
  cleanup();
  edge.reset();
});

for (const side of ['company', 'rider'] as const) {
  const { input, paths } = pathsFor(side);
  const initial = getInitialSnapshot(engagementMachine, { ...input, item: firstItem(side) });
  describe(`the ${side}'s engagement card along the engagement machine's paths`, () => {
    it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
      'path %i: %s',
      async (_i, _name, steps) => {
        renderCard(side);
        await expectScreen(initial, { type: 'CANCEL' });
        let before = initial;
        for (const step of steps) {
          const event = liveEvent(step.event as EngagementModelEvent, before);
          if ((event.type as string) === 'xstate.init') continue;
          await perform(event, before);
          const expected = getNextSnapshot(engagementMachine, before, event as never);
          expect(serializeEngagement(expected), 'the card follows the model’s path').toBe(serializeEngagement(step.state as EngagementSnapshot));
          await expectScreen(expected, event);
          before = expected;
        }
        expect(edge.held.length).toBeLessThanOrEqual(1);
      },
    );
  });
}

describe('the engagement card', () => {
  it('draws the review slot under an ended engagement only', async () => {
    const slot = vi.fn((e: { id: string; status: string; review_deadline: string | null }) => <p>Review slot for {e.status}</p>);
    renderCard('company', hireItem('company', { status: 'ended' }), slot);
    expect(await screen.findByText('Review slot for ended')).toBeTruthy();
    expect(slot).toHaveBeenCalledWith({ id: ENGAGEMENT_ID, status: 'ended', review_deadline: '2026-12-09T17:00:00.000Z' });
    cleanup();
    renderCard('company', hireItem('company', { status: 'active' }), slot);
    await screen.findByText(messages.hireStatusLabels.active);
    expect(screen.queryByText(/Review slot/)).toBeNull();
  });

  it('has no axe violations: waiting, active with contact, ending, and refused', async () => {
    const run = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.help}`);
    renderCard('rider');
    await screen.findByRole('button', { name: messages.hireAccept });
    expect(await run()).toEqual([]);
    cleanup();
    renderCard('company', hireItem('company', { status: 'active' }));
    fireEvent.click(await screen.findByRole('button', { name: messages.hireEnd }));
    expect(await run()).toEqual([]);
    fireEvent.click(screen.getByLabelText(messages.hireOutcomeLabels.completed));
    fireEvent.click(screen.getByRole('button', { name: messages.hireEndConfirm }));
    const held = await waitFor(() => edge.take(`${BASE}/end`));
    expect(held.body).toEqual({ outcome: 'completed' });
    await act(async () => held.respond(409, { error: { field: 'status', message: messages.hireConflict.ended } }));
    const asked = await waitFor(() => edge.take(BASE));
    await act(async () => asked.respond(200, hireItem('company', { status: 'ended' })));
    await screen.findByText(messages.hireConflict.ended);
    expect(await run()).toEqual([]);
  });

  it('drives every transition of the machine through the cards', () => {
    expect(recorder.report('engagementMachine through the engagement card', engagementMachine)).toEqual([]);
  });
});
