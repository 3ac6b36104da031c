// @vitest-environment jsdom
/**
 * The rate card machine (machines/ops/rateCardMachine.ts) tested through the real page
 * (RateCardPage: the view, its hook and the console's API client), with only fetch stood in at
 * the network edge (tests/web/support/apiEdge.ts). Paths come from xstate/graph
 * (tests/machines/rateCardModel.ts), chosen so that together they take every transition; each
 * model event is something an admin does on the page (types a figure, Discard, Save, types the
 * password, Cancel, Load the latest version, Try again) or the server's answer to the request
 * in flight. After each step the page must show what the state says; the page's own actor must
 * have taken every transition. A dispatcher sees the same figures, read only.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { TestModel } from 'xstate/graph';
import { rateCardMachine } from '../../machines/ops/rateCardMachine';
import { formatNaira } from '../../src/shared/deliveries/messages';
import { canAdd, cardOfDraft, draftChanged, draftCounts, draftDays, priceSamples, rateCardFields, shapeOf } from '../../src/shared/deliveries/rateCardForm';
import { rateCardMessages as rm } from '../../src/shared/deliveries/rateCardMessages';
import { messages } from '../../src/shared/messages';
import { RateCardPage } from '../../src/web/features/ops/RateCardView';
import { edgePaths, TransitionRecorder } from '../machines/coverage';
import {
  coveringPaths,
  FIELD,
  liveEvent,
  rateCardData,
  rateCardEvents,
  serializeRateCard,
  type RateCardModelEvent,
  type RateCardSnapshot,
} from '../machines/rateCardModel';
import { ApiEdge } from './support/apiEdge';

const PATH = '/api/ops/rate-card';
const edge = new ApiEdge();
const recorder = new TransitionRecorder();
const baseFareLabel = rm.fields.baseFare;

const bodyOf = (card: { version: number }) => {
  const { version: _v, ...body } = card;
  return body as Parameters<typeof shapeOf>[0];
};

async function perform(event: RateCardModelEvent, before: RateCardSnapshot): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  const type = event.type;
  if (type === 'RETRY') fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
  else if (type === 'RELOAD') fireEvent.click(screen.getByRole('button', { name: rm.reload }));
  else if (type === 'EDIT') fireEvent.change(screen.getByLabelText(baseFareLabel), { target: { value: event.value } });
  else if (type === 'DISCARD') fireEvent.click(screen.getByRole('button', { name: rm.discard }));
  else if (type === 'ADD') fireEvent.click(screen.getByRole('button', { name: event.list === 'bands' ? rm.addBand : rm.addWindow }));
  else if (type === 'REMOVE') fireEvent.click(screen.getByRole('button', { name: event.list === 'bands' ? rm.removeBand(event.index + 1) : rm.removeWindow(event.index + 1) }));
  else if (type === 'TOGGLE_DAY')
    fireEvent.click(within(screen.getByRole('group', { name: rm.fields.windowDays(event.index + 1) })).getByRole('checkbox', { name: rm.dayShort[event.day] }));
  else if (type === 'SAVE') fireEvent.click(screen.getByRole('button', { name: rm.save }));
  else if (type === 'CANCEL') fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: messages.cancel }));
  else if (type === 'CONFIRM') {
    fireEvent.change(screen.getByLabelText(messages.opsConfirmLabel), { target: { value: event.confirmation } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: rm.confirmLabel }));
  } else {
    const held = await waitFor(() => edge.take(PATH));
    if (type.endsWith('.save')) {
      expect(held.method).toBe('POST');
      // The request carries the draft in kobo, the version it was edited from, and the password.
      const { data, draft, confirmation } = before.context;
      expect(held.body).toEqual({ card: cardOfDraft(bodyOf(data!.current.card), draft).card, baseVersion: data!.current.version, confirmation });
    } else expect(held.method).toBe('GET');
    if (type.startsWith('xstate.done.')) await act(async () => held.respond(200, (event as { output: unknown }).output));
    else {
      const error = (event as { error: { fieldError: { field: string; message: string } } }).error.fieldError;
      const status = error.field === 'confirmation' ? 403 : error.message === rm.conflict ? 409 : error.field === 'alert' ? 502 : 400;
      await act(async () => held.respond(status, { error }));
    }
  }
  await act(async () => {});
}

async function expectScreen(state: RateCardSnapshot): Promise<void> {
  if (state.matches('loading')) {
    await waitFor(() => expect(screen.getByRole('status').getAttribute('aria-label')).toBe(rm.loading));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    return;
  }
  if (state.matches('failed')) {
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(rm.loadFailed));
    return;
  }
  const { context } = state;
  const data = context.data!;
  await screen.findByRole('heading', { level: 1, name: rm.heading });
  expect(screen.getByText(new RegExp(`^Version ${data.current.version}, saved by ${data.current.savedBy ?? rm.shippedBy}`))).toBeTruthy();
  // Every figure of the card, in naira, as the draft has it: as many bands and windows as the draft.
  const base = bodyOf(data.current.card);
  const fields = rateCardFields(shapeOf(base, context.draft));
  const { bands, windows } = draftCounts(context.draft);
  expect(document.querySelectorAll('input[name$=".rateKobo"][name^="lagos.distanceBands"]')).toHaveLength(bands);
  expect(document.querySelectorAll('input[name$=".from"][name^="lagos.rushHours.windows"]')).toHaveLength(windows);
  for (const field of fields) {
    if (field.kind === 'days') {
      // A window's days: a tick box per day, ticked as the draft has them.
      const group = screen.getByRole('group', { name: field.label });
      const on = draftDays(context.draft, field.item!.index);
      expect(within(group).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual(rm.dayShort.map((_d, i) => on.includes(i)));
      continue;
    }
    // Labels repeat between groups (each destination's "Minimum charge"): the input by its name, its label by its id.
    const input = document.querySelector<HTMLInputElement>(`input[name="${field.name}"]`)!;
    expect(document.querySelector(`label[for="${input.id}"]`)!.textContent).toBe(field.label);
    expect(input.value, field.name).toBe(context.draft[field.name]);
    expect(input.readOnly).toBe(!context.canEdit);
  }
  expect((screen.getByLabelText(baseFareLabel) as HTMLInputElement).getAttribute('aria-invalid')).toBe(context.errors.some((e) => e.field === FIELD) ? 'true' : 'false');
  for (const error of context.errors) expect(screen.getByText(error.message)).toBeTruthy();
  // The preview: each sample now and with the draft (a dash while the draft is refused).
  const drafted = cardOfDraft(base, context.draft);
  const now = priceSamples(base);
  const next = drafted.errors.length === 0 ? priceSamples(drafted.card) : null;
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual(
    now.map((s, i) => [s.label, formatNaira(s.priceKobo!), next ? formatNaira(next[i]!.priceKobo!) : '—']),
  );
  // Every version, newest first.
  const history = screen.getByRole('heading', { name: rm.history }).closest('section')!;
  expect(within(history).getAllByRole('listitem').map((li) => li.textContent!.split(':')[0])).toEqual(data.versions.map((v) => `Version ${v.version}`));

  if (context.notice) expect(screen.getByRole('status').textContent).toBe(context.notice);
  else expect(screen.queryByRole('status')).toBeNull();
  const alerts = screen.queryAllByRole('alert').map((a) => a.textContent);
  const conflictShown = state.matches('conflict');
  expect(alerts).toEqual([...(conflictShown ? [`${rm.conflict}${rm.reload}`] : []), ...(context.alert ? [context.alert] : []), ...(context.confirmError ? [context.confirmError] : [])]);

  const dialog = screen.queryByRole('dialog');
  if (state.matches('confirming') || state.matches('saving')) {
    expect(dialog).not.toBeNull();
    expect(within(dialog!).getByText(rm.confirmHelp)).toBeTruthy();
    const button = within(dialog!).getByRole('button', { name: state.matches('saving') ? messages.submitting : rm.confirmLabel }) as HTMLButtonElement;
    expect(button.disabled).toBe(state.matches('saving'));
  } else expect(dialog).toBeNull();

  if (context.canEdit && !conflictShown) {
    const save = screen.getByRole('button', { name: state.matches('saving') ? rm.saving : rm.save }) as HTMLButtonElement;
    expect(save.disabled).toBe(!state.matches('ready'));
    const discard = screen.getByRole('button', { name: rm.discard }) as HTMLButtonElement;
    expect(discard.disabled).toBe(!state.matches('ready') || !draftChanged(base, context.draft));
    // Add and Remove, pressable only while editing and within the rules' counts (one band at least).
    const ready = state.matches('ready');
    expect((screen.getByRole('button', { name: rm.addBand }) as HTMLButtonElement).disabled).toBe(!ready || !canAdd(context.draft, 'bands'));
    expect((screen.getByRole('button', { name: rm.addWindow }) as HTMLButtonElement).disabled).toBe(!ready || !canAdd(context.draft, 'windows'));
    for (let i = 0; i < bands; i++) expect((screen.getByRole('button', { name: rm.removeBand(i + 1) }) as HTMLButtonElement).disabled).toBe(!ready || bands === 1);
    for (let i = 0; i < windows; i++) expect((screen.getByRole('button', { name: rm.removeWindow(i + 1) }) as HTMLButtonElement).disabled).toBe(!ready);
  } else {
    expect(screen.queryByRole('button', { name: rm.save })).toBeNull();
    expect(screen.queryByRole('button', { name: rm.addBand })).toBeNull();
    expect(screen.queryByRole('button', { name: rm.removeBand(1) })).toBeNull();
  }
  if (!context.canEdit) expect(screen.getByText(rm.readOnly)).toBeTruthy();
}

function runPaths(canEdit: boolean) {
  const model = new TestModel(rateCardMachine, { events: rateCardEvents as never, serializeState: serializeRateCard as never, input: { canEdit } } as never);
  const initial = getInitialSnapshot(rateCardMachine, { canEdit });
  const paths = coveringPaths(
    rateCardMachine,
    initial,
    edgePaths({ getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never, serializeRateCard as never) as never,
  );
  return { initial, paths };
}

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
afterEach(() => {
  cleanup();
  edge.reset();
});

for (const canEdit of [true, false]) {
  const { initial, paths } = runPaths(canEdit);
  describe(`the rate card page along the machine’s paths (${canEdit ? 'admin' : 'dispatcher'})`, () => {
    it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))('path %i: %s', async (_i, _name, steps) => {
      render(<RateCardPage canEdit={canEdit} inspect={recorder.inspect} />);
      await expectScreen(initial);
      let before = initial;
      for (const step of steps) {
        const event = liveEvent(step.event as RateCardModelEvent, before);
        if ((event.type as string) === 'xstate.init') continue;
        await perform(event, before);
        const expected = getNextSnapshot(rateCardMachine, before, event as never);
        expect(serializeRateCard(expected), 'the page follows the model’s path').toBe(serializeRateCard(step.state as RateCardSnapshot));
        await expectScreen(expected);
        before = expected;
      }
      expect(edge.held.length).toBeLessThanOrEqual(1);
    });
  });
}

describe('the rate card page', () => {
  it('a dispatcher cannot type into a figure', async () => {
    render(<RateCardPage canEdit={false} />);
    const held = await waitFor(() => edge.take(PATH));
    await act(async () => held.respond(200, rateCardData()));
    const input = (await screen.findByLabelText(baseFareLabel)) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '5000' } });
    expect(input.value).toBe('1000');
  });

  it('has no axe violations: loaded, with a figure refused, and asking for the password', async () => {
    const run = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.help}`);
    render(<RateCardPage canEdit />);
    const held = await waitFor(() => edge.take(PATH));
    await act(async () => held.respond(200, rateCardData()));
    await screen.findByRole('heading', { level: 1, name: rm.heading });
    expect(await run()).toEqual([]);
    fireEvent.change(screen.getByLabelText(baseFareLabel), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: rm.save }));
    await screen.findByText(rm.enterAmount);
    expect(await run()).toEqual([]);
    fireEvent.change(screen.getByLabelText(baseFareLabel), { target: { value: '1200' } });
    fireEvent.click(screen.getByRole('button', { name: rm.save }));
    await screen.findByRole('dialog');
    expect(await run()).toEqual([]);
  });

  it('drives every transition of the machine through the page', () => {
    expect(recorder.report('rateCardMachine through the rate card page', rateCardMachine)).toEqual([]);
  });
});
