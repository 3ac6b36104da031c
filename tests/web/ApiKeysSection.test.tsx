// @vitest-environment jsdom
/**
 * The real "API keys" section of the Account tab (ApiKeysSection's view with the real machine,
 * hook and API client) driven along the machine's model paths (tests/machines/apiKeysModel.ts,
 * the same edge paths as tests/machines/apiKeysMachine.test.ts). Only the edges are stand-ins:
 * fetch (each answer of the model is the server's answer to the request the section made) and
 * the browser's clipboard. After every step the screen must show what the model's state says;
 * every transition of the machine must be taken from the page.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { TestModel } from 'xstate/graph';
import { apiKeysMachine, type ApiKeysSnapshot } from '../../machines/companies/apiKeysMachine';
import { apiKeyDate, apiKeyMessages as m } from '../../src/shared/apiKeys';
import { ApiKeysSectionView } from '../../src/web/features/companies/ApiKeysSection';
import { useApiKeys } from '../../src/web/features/companies/useApiKeys';
import { apiKeysEvents, liveKey, serializeApiKeys, type ApiKeysModelEvent } from '../machines/apiKeysModel';
import { TransitionRecorder, edgePaths } from '../machines/coverage';
import { ApiEdge } from './support/apiEdge';

const KEYS = '/api/companies/me/api-keys';
const edge = new ApiEdge();
const recorder = new TransitionRecorder();

/** The clipboard at the browser's edge: each write waits for the test to let it through or refuse it. */
const clipboard = {
  writes: [] as Array<{ text: string; resolve: () => void; reject: (error: unknown) => void }>,
  writeText(text: string): Promise<void> {
    return new Promise((resolve, reject) => clipboard.writes.push({ text, resolve, reject }));
  },
};

function Page() {
  return <ApiKeysSectionView {...useApiKeys({ inspect: recorder.inspect })} />;
}

const section = () => screen.getByRole('region', { name: m.sectionTitle });

async function perform(event: ApiKeysModelEvent, before: ApiKeysSnapshot): Promise<void> {
  if ((event.type as string) === 'xstate.init') return;
  const here = within(section());
  switch (event.type) {
    case 'RETRY':
      fireEvent.click(here.getByRole('button', { name: m.retry }));
      return;
    case 'CHANGE':
      fireEvent.change(here.getByLabelText(m.nameLabel, { exact: false }), { target: { value: event.value } });
      return;
    case 'CREATE':
      fireEvent.click(here.getByRole('button', { name: m.create }));
      return;
    case 'COPY':
      fireEvent.click(here.getByRole('button', { name: before.context.copied === 'done' ? m.copied : m.copy }));
      return;
    case 'DONE':
      fireEvent.click(here.getByRole('button', { name: m.done }));
      return;
    case 'REVOKE': {
      const key = before.context.keys.find((k) => k.id === event.id)!;
      fireEvent.click(here.getByRole('button', { name: `${m.revoke} ${key.name}` }));
      return;
    }
    case 'CONFIRM':
      fireEvent.click(screen.getByRole('button', { name: m.revokeConfirm }));
      return;
    case 'CANCEL':
      fireEvent.click(screen.getByRole('button', { name: m.cancel }));
      return;
  }
  if (event.type.endsWith('copyKey')) {
    const write = await waitFor(() => clipboard.writes.shift() ?? Promise.reject(new Error('no clipboard write yet')));
    expect(write.text).toBe(before.context.newKey!.key);
    await act(async () => (event.type.startsWith('xstate.done') ? write.resolve() : write.reject(new Error('denied'))));
    return;
  }
  const path = event.type.endsWith('revokeKey') ? `${KEYS}/${before.context.target!.id}` : KEYS;
  const request = await waitFor(() => edge.take(path));
  const method = event.type.endsWith('loadKeys') ? 'GET' : event.type.endsWith('createKey') ? 'POST' : 'DELETE';
  expect(request.method).toBe(method);
  if (method === 'POST') expect(request.body).toEqual({ name: before.context.name.trim() });
  await act(async () => {
    if (event.type.startsWith('xstate.done.actor.')) {
      const output = (event as { output: unknown }).output;
      request.respond(method === 'GET' ? 200 : method === 'POST' ? 201 : 200, method === 'GET' ? { keys: output } : method === 'POST' ? output : { api_key: output });
    } else {
      const error = (event as { error: { fieldError: { field: string; message: string } } }).error;
      request.respond(error.fieldError.message === m.tooMany ? 409 : 500, { error: error.fieldError });
    }
  });
}

function expectScreen(state: ApiKeysSnapshot): void {
  const value = state.value as string;
  const here = within(section());
  const { keys, newKey, error, copied, target } = state.context;
  expect(section().getAttribute('aria-busy'), value).toBe(String(['loading', 'creating', 'revoking', 'copying'].includes(value)));
  expect(here.queryByRole('status')?.textContent ?? null).toBe(value === 'loading' ? m.loading : null);
  expect(here.queryByText(m.loadFailed) !== null).toBe(value === 'failed');
  const listed = !['loading', 'failed'].includes(value);
  // The list: each key's name, first characters, dates and status; a revoke button on live keys only.
  const table = here.queryByRole('table');
  expect(table !== null, value).toBe(listed && keys.length > 0);
  expect(here.queryByText(m.none) !== null).toBe(listed && keys.length === 0);
  if (table) {
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(keys.map((k) => k.name));
    keys.forEach((k, i) => {
      const text = rows[i]!.textContent!;
      expect(text).toContain(`${k.prefix}…`);
      expect(text).toContain(apiKeyDate(k.created_at));
      expect(text).toContain(k.last_used_at ? apiKeyDate(k.last_used_at) : m.neverUsed);
      expect(text).toContain(k.revoked_at ? m.revoked : m.live);
      expect(within(rows[i]!).queryByRole('button', { name: `${m.revoke} ${k.name}` }) !== null).toBe(k.revoked_at === null);
    });
  }
  // The new key: shown once, with the warning and the copy button; otherwise the name and "Make a key".
  const shown = value === 'shown' || value === 'copying';
  expect(here.queryByTestId('new-api-key')?.textContent ?? null).toBe(shown ? newKey!.key : null);
  expect(here.queryByText(m.newKeyShownOnce) !== null).toBe(shown);
  expect(section().textContent!.includes('ogb_live_Sh0pW3bs1te')).toBe(shown);
  if (shown) {
    expect(here.getByRole('button', { name: copied === 'done' ? m.copied : m.copy })).toBeTruthy();
    expect(here.queryByText(m.copyFailed) !== null).toBe(copied === 'failed');
  } else if (listed) {
    const input = here.getByLabelText(m.nameLabel, { exact: false }) as HTMLInputElement;
    expect(input.value).toBe(state.context.name);
    const make = here.getByRole('button', { name: value === 'creating' ? m.creating : m.create }) as HTMLButtonElement;
    expect(make.disabled).toBe(value !== 'list');
  }
  expect(here.queryByText(m.enterName) !== null).toBe(error?.field === 'name');
  const alerts = here.queryAllByRole('alert').map((a) => a.textContent);
  if (error && error.field !== 'name') expect(alerts).toContain(error.message);
  // The confirmation, naming the key.
  const dialog = screen.queryByRole('dialog');
  expect(dialog !== null, value).toBe(value === 'confirming' || value === 'revoking');
  if (dialog) {
    expect(dialog.textContent).toContain(m.revokeConfirmTitle(target!.name));
    expect(dialog.textContent).toContain(m.revokeConfirmText);
    expect(within(dialog).getByRole('button', { name: value === 'revoking' ? m.revoking : m.revokeConfirm })).toBeTruthy();
  }
}

const model = new TestModel(apiKeysMachine, { events: apiKeysEvents as never, serializeState: serializeApiKeys as never } as never);
const paths = edgePaths(
  { getShortestPaths: () => model.getShortestPaths({ allowDuplicatePaths: true } as never), getAdjacencyMap: () => model.getAdjacencyMap() } as never,
  serializeApiKeys as never,
);

beforeAll(() => {
  edge.install();
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
});
afterEach(() => {
  cleanup();
  edge.reset();
  clipboard.writes.length = 0;
});

describe('the API keys section along the machine paths', () => {
  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      render(<Page />);
      let expected = getInitialSnapshot(apiKeysMachine) as ApiKeysSnapshot;
      let before: ApiKeysSnapshot | null = null;
      for (const step of steps) {
        const event = step.event as ApiKeysModelEvent;
        if (before) {
          await perform(event, before);
          expected = getNextSnapshot(apiKeysMachine, expected, event as never) as ApiKeysSnapshot;
        }
        expect(serializeApiKeys(expected)).toBe(serializeApiKeys(step.state as ApiKeysSnapshot));
        const shown = expected;
        await waitFor(() => expectScreen(shown));
        before = expected;
      }
    },
  );

  it('escapes a key name as text', async () => {
    render(<Page />);
    const request = await waitFor(() => edge.take(KEYS));
    await act(async () => request.respond(200, { keys: [{ ...liveKey, name: '<b>Till</b>' }] }));
    expect(await within(section()).findByText('<b>Till</b>')).toBeTruthy();
  });

  afterAll(() => {
    edge.uninstall();
    const missing = recorder.report('apiKeysMachine, driven from the Account tab', apiKeysMachine);
    expect(missing, `transitions the section never drove:\n${missing.join('\n')}`).toEqual([]);
  });
});
