/**
 * A console list screen's actor: the one list machine with its page request pointed at a
 * console route. The screen renders `view` and sends events; it keeps no list state itself.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { pagedListMachine, pagedListView, type ListFilters, type ListPage, type PagedListView } from '../../../../machines/kit/pagedListMachine';
import { opsApi, withQuery } from './opsApi';

export type OpsListSend = ReturnType<typeof useActorRef<typeof pagedListMachine>>['send'];

/** The machine with its request: GET `path`?filters&cursor. */
function opsListLogic(path: string) {
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<ListPage<unknown>, { filters: ListFilters; cursor: string | null }>(({ input }) =>
        opsApi<ListPage<unknown>>(withQuery(path, { ...input.filters, cursor: input.cursor })),
      ),
    },
  });
}

export interface OpsListOptions {
  filters?: ListFilters;
  /** Ask for the first page again every `pollIntervalMs` (default 20 s) so new rows appear. */
  poll?: boolean;
  pollIntervalMs?: number;
  /** XState inspection (the view tests record the transitions taken). */
  inspect?: (event: InspectionEvent) => void;
}

export function useOpsList<T>(path: string, options: OpsListOptions = {}): { view: PagedListView<T>; send: OpsListSend } {
  const logic = opsListLogic(path);
  const actor = useActorRef(options.pollIntervalMs ? logic.provide({ delays: { pollInterval: options.pollIntervalMs } }) : logic, {
    input: { filters: options.filters, poll: options.poll },
    inspect: options.inspect,
  });
  const view = useSelector(actor, (snapshot) => pagedListView<T>(snapshot), sameView);
  return { view, send: actor.send };
}

function sameView<T>(a: PagedListView<T>, b: PagedListView<T>): boolean {
  return a.state === b.state && a.items === b.items && a.filters === b.filters && a.error === b.error && a.canLoadMore === b.canLoadMore;
}
