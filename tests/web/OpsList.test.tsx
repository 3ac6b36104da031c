// @vitest-environment jsdom
/**
 * The console's list machine (machines/kit/pagedListMachine.ts) tested through the real list frame
 * (OpsList, OpsSearch, useOpsList and the console's API client), with only fetch stood in at
 * the network edge. Paths come from xstate/graph: every state's shortest path and every
 * transition from it. Each model event is something staff do on the page (search, Load more,
 * Refresh, Try again), an answer of the network to the held request, or the poll timer. After
 * each step the page must show what the state says, and the page's own actor must have taken
 * every transition of the machine.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { SubmitError } from '../../machines/kit/formMachine';
import { pagedListMachine } from '../../machines/kit/pagedListMachine';
import { messages } from '../../src/shared/messages';
import { OpsList, OpsSearch } from '../../src/web/features/ops/OpsList';
import { useOpsList } from '../../src/web/features/ops/useOpsList';
import { TransitionRecorder, edgePaths } from '../machines/coverage';
import { ApiEdge } from './support/apiEdge';

type Snapshot = SnapshotFrom<typeof pagedListMachine>;
type ModelEvent =
  | { type: 'SET_FILTER'; name: string; value: string }
  | { type: 'LOAD_MORE' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  | { type: `xstate.done.actor.${'firstPage' | 'nextPage' | 'refreshPage'}`; output: { items: Row[]; next: string | null } }
  | { type: `xstate.error.actor.${'firstPage' | 'nextPage' | 'refreshPage'}`; error: unknown };

interface Row {
  id: string;
  name: string;
}

const PATH = '/api/ops/things';
const POLL_MS = 40;
const page = (from: number, count: number, next: string | null) => ({
  items: Array.from({ length: count }, (_, i) => ({ id: `row-${from + i}`, name: `Company ${from + i}` })),
  next,
});

/** What the network may answer to the request the state has in flight. */
function events(snapshot: Snapshot): ModelEvent[] {
  const answers = (id: 'firstPage' | 'nextPage' | 'refreshPage'): ModelEvent[] => [
    { type: `xstate.done.actor.${id}`, output: page(id === 'nextPage' ? 2 : 0, 2, id === 'nextPage' ? null : 'cursor-2') },
    { type: `xstate.error.actor.${id}`, error: new SubmitError({ field: 'alert', message: messages.submitFailed }) },
  ];
  if (snapshot.matches('loading')) return answers('firstPage');
  if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
  if (snapshot.matches({ ready: 'loadingMore' })) return answers('nextPage');
  if (snapshot.matches({ ready: 'refreshing' })) return answers('refreshPage');
  return [
    { type: 'LOAD_MORE' },
    { type: 'REFRESH' },
    { type: 'SET_FILTER', name: 'q', value: 'ikeja' },
  ];
}

const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.items.length, s.context.next, s.context.error, s.context.filters]);

const edge = new ApiEdge();
const recorder = new TransitionRecorder();

/** The list frame on a page; the poll waits a minute unless a test wants it sooner. */
function Harness({ pollMs = 60_000 }: { pollMs?: number }) {
  const { view, send } = useOpsList<Row>(PATH.replace('/api/ops', ''), { poll: true, pollIntervalMs: pollMs, inspect: recorder.inspect });
  return (
    <div>
      <OpsSearch value={view.filters.q ?? ''} onSearch={(q) => send({ type: 'SET_FILTER', name: 'q', value: q })} />
      <OpsList view={view} send={send} label="Things">
        {(items) => (
          <ul>
            {items.map((r) => (
              <li key={r.id}>{r.name}</li>
            ))}
          </ul>
        )}
      </OpsList>
    </div>
  );
}

/** Does on the page what the model event stands for. */
async function perform(event: ModelEvent): Promise<void> {
  const type = event.type;
  if (type === 'LOAD_MORE') fireEvent.click(screen.getByRole('button', { name: messages.opsLoadMore }));
  else if (type === 'REFRESH') fireEvent.click(screen.getByRole('button', { name: messages.opsRefresh }));
  else if (type === 'RETRY') fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
  else if (type === 'SET_FILTER') {
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: event.value } });
    fireEvent.submit(screen.getByRole('search'));
  } else if (type.startsWith('xstate.done.actor.')) {
    const held = await waitFor(() => edge.take(PATH));
    await act(async () => held.respond(200, (event as { output: unknown }).output));
  } else if (type.startsWith('xstate.error.actor.')) {
    const held = await waitFor(() => edge.take(PATH));
    await act(async () => held.respond(502, { error: { field: 'alert', message: messages.submitFailed } }));
  }
  await act(async () => {});
}

/** What the page must show in the state. */
async function expectScreen(state: Snapshot): Promise<void> {
  const names = () => screen.queryAllByRole('listitem').map((li) => li.textContent);
  if (state.matches('loading')) {
    await waitFor(() => expect(screen.getByRole('status').getAttribute('aria-label')).toContain(messages.opsLoading));
  } else if (state.matches('failed')) {
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(messages.opsLoadFailed));
    expect(screen.getByRole('button', { name: messages.tryAgain })).toBeTruthy();
  } else {
    await waitFor(() => expect(names()).toEqual(state.context.items.map((r) => (r as Row).name)));
    const more = screen.queryByRole('button', { name: state.matches({ ready: 'loadingMore' }) ? messages.opsLoading : messages.opsLoadMore });
    const expectMore = (state.matches({ ready: 'idle' }) && state.context.next !== null) || state.matches({ ready: 'loadingMore' });
    expect(Boolean(more), 'Load more shows exactly when there is a next page to ask for').toBe(expectMore);
    if (state.matches({ ready: 'refreshing' })) expect(screen.getByRole('button', { name: messages.opsRefreshing })).toBeTruthy();
    if (state.context.error) expect(screen.getByRole('alert').textContent).toContain(state.context.error);
    else expect(screen.queryByRole('alert')).toBeNull();
  }
}

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());

describe('the console list machine through the real list frame', () => {
  const model = new TestModel(pagedListMachine.provide({ delays: { pollInterval: POLL_MS } }), {
    events: events as never,
    serializeState: serialize as never,
    input: { poll: true },
  } as never);
  const paths = edgePaths(model as never, serialize as never);

  it.each(paths.map((steps, i) => [i + 1, steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), steps] as const))(
    'path %i: %s',
    async (_i, _name, steps) => {
      edge.reset();
      render(<Harness />);
      try {
        await waitFor(() => expect(screen.getByRole('status').getAttribute('aria-label')).toContain(messages.opsLoading));
        for (const step of steps) {
          await perform(step.event as ModelEvent);
          await expectScreen(step.state as Snapshot);
        }
        if (steps.some((s) => s.event.type === 'SET_FILTER')) expect(edge.log.some((r) => r.path === PATH)).toBe(true);
      } finally {
        cleanup();
      }
    },
  );

  it('a search asks the server with the words typed', async () => {
    edge.reset();
    render(<Harness />);
    try {
      (await waitFor(() => edge.take(PATH))).respond(200, page(0, 1, null));
      await perform({ type: 'SET_FILTER', name: 'q', value: 'ada ikeja' });
      const held = await waitFor(() => edge.take(PATH));
      expect(new URLSearchParams(held.search).get('q')).toBe('ada ikeja');
    } finally {
      cleanup();
    }
  });

  // xstate/graph does not follow delayed transitions: the poll is driven here, on the real timer.
  it('asks for the first page again by itself while idle, and shows the new rows', async () => {
    edge.reset();
    render(<Harness pollMs={POLL_MS} />);
    try {
      (await waitFor(() => edge.take(PATH))).respond(200, page(0, 1, null));
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
      const polled = await waitFor(() => edge.take(PATH), { timeout: 1000 });
      await act(async () => polled.respond(200, page(0, 3, null)));
      await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Company 0', 'Company 1', 'Company 2']));
    } finally {
      cleanup();
    }
  });

  it('drives every transition of the machine through the page', () => {
    expect(recorder.report('pagedListMachine through OpsList', pagedListMachine)).toEqual([]);
  });
});
