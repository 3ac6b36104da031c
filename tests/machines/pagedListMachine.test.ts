/**
 * The console list machine (machines/kit/pagedListMachine.ts) on its own, with a stand-in page
 * request: what it asks for and what it keeps. Its paths through the real page are in
 * tests/web/OpsList.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pagedListMachine, pagedListView, type ListFilters, type ListPage } from '../../machines/kit/pagedListMachine';

function harness(answers: Array<{ items: number[]; next: string | null } | Error>) {
  const asked: Array<{ filters: ListFilters; cursor: string | null }> = [];
  const logic = pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<ListPage<unknown>, { filters: ListFilters; cursor: string | null }>(async ({ input }) => {
        asked.push(input);
        const answer = answers.shift();
        if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
        return answer;
      }),
    },
  });
  const actor = createActor(logic, { input: { filters: { status: 'new' } } }).start();
  return { actor, asked, idle: () => waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches('failed')) };
}

describe('pagedListMachine', () => {
  it('asks for the first page with its filters, then the next one by the cursor, appending', async () => {
    const { actor, asked, idle } = harness([{ items: [1, 2], next: 'c2' }, { items: [3], next: null }]);
    await idle();
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.items.length === 3);
    expect(asked).toEqual([
      { filters: { status: 'new' }, cursor: null },
      { filters: { status: 'new' }, cursor: 'c2' },
    ]);
    expect(pagedListView(actor.getSnapshot())).toMatchObject({ state: 'idle', items: [1, 2, 3], canLoadMore: false });
    actor.send({ type: 'LOAD_MORE' });
    expect(asked).toHaveLength(2);
  });

  it('starts over from the first page when a filter changes', async () => {
    const { actor, asked, idle } = harness([{ items: [1], next: 'c1' }, { items: [9], next: null }]);
    await idle();
    actor.send({ type: 'SET_FILTER', name: 'q', value: 'ada' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.items[0] === 9);
    expect(asked[1]).toEqual({ filters: { status: 'new', q: 'ada' }, cursor: null });
  });

  it('keeps the rows on screen when a refresh or a next page fails, and says so', async () => {
    const { actor, idle } = harness([{ items: [1], next: 'c1' }, new Error('offline'), new Error('offline again')]);
    await idle();
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.items).toEqual([1]);
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.context.error === 'offline again');
    expect(pagedListView(actor.getSnapshot())).toMatchObject({ items: [1], canLoadMore: true, error: 'offline again' });
  });

  it('fails the first load with nothing shown, and tries again on RETRY', async () => {
    const { actor, idle } = harness([new Error('down'), { items: [5], next: null }]);
    await idle();
    expect(pagedListView(actor.getSnapshot())).toMatchObject({ state: 'failed', items: [], error: 'down' });
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.items).toEqual([5]);
  });
});
