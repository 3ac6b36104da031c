/**
 * The search (or shortlist) page's actor (machines/search/riderSearchMachine.ts) with its effects: the
 * API's requests, toasts, and the route's `publish` that puts applied filters in the URL. The
 * page renders `view` and sends events; it keeps no workflow state itself.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../kit/components/toast';
import { fromPromise, type InspectionEvent } from 'xstate';
import {
  riderSearchMachine,
  riderSearchSnapshotToView,
  type RiderSearchEvent,
  type RiderSearchView,
  type SearchRequest,
  type ShortlistRequest,
} from '../../../../machines/search/riderSearchMachine';
import type { RiderSearchFilters, RiderSearchPage, ShortlistResponse } from '../../../shared/riderSearch';
import { searchApi } from './searchApi';

export type RiderListSource = 'search' | 'shortlist';

/** The machine with the API's requests. */
function riderSearchLogic(source: RiderListSource, publish: (filters: RiderSearchFilters) => void) {
  return riderSearchMachine.provide({
    actors: {
      searchRiders: fromPromise<RiderSearchPage, SearchRequest>(({ input }) =>
        source === 'shortlist' ? searchApi.shortlist(input.cursor) : searchApi.search(input.filters, input.cursor),
      ),
      setShortlisted: fromPromise<ShortlistResponse, ShortlistRequest>(({ input }) => searchApi.setShortlisted(input.username, input.shortlisted)),
    },
    actions: {
      publishFilters: (_, params) => publish(params.filters),
      announce: (_, params) => {
        toast.success(params.message);
      },
      warn: (_, params) => {
        toast.error(params.message);
      },
    },
  });
}

export function useRiderSearch(options: {
  source: RiderListSource;
  filters: RiderSearchFilters;
  publish: (filters: RiderSearchFilters) => void;
  inspect?: (event: InspectionEvent) => void;
}): { view: RiderSearchView; send: (event: RiderSearchEvent) => void } {
  const actor = useActorRef(riderSearchLogic(options.source, options.publish), { input: { filters: options.filters }, inspect: options.inspect });
  const view = useSelector(actor, riderSearchSnapshotToView, sameView);
  return { view, send: actor.send };
}

function sameView(a: RiderSearchView, b: RiderSearchView): boolean {
  return (
    a.state === b.state &&
    a.filters === b.filters &&
    a.draft === b.draft &&
    a.results === b.results &&
    a.canLoadMore === b.canLoadMore &&
    a.pendingShortlist === b.pendingShortlist &&
    a.error === b.error &&
    a.moreError === b.moreError &&
    a.shortlistError === b.shortlistError &&
    a.filtersOpen === b.filtersOpen
  );
}
