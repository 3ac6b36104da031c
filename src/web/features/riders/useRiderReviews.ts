/** Runs the reviews list machine for a view: supplies the request, hands back the view model and `send`. */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { riderReviewsMachine, riderReviewsSnapshotToView, type RiderReviewsEvent, type RiderReviewsView } from '../../../../machines/riders/riderReviewsMachine';
import { fetchRiderReviews } from './riderReviewsApi';

export function useRiderReviews(
  username: string,
  options: { inspect?: (event: InspectionEvent) => void } = {},
): { view: RiderReviewsView; send: (event: RiderReviewsEvent) => void } {
  const actor = useActorRef(
    riderReviewsMachine.provide({
      actors: { loadPage: fromPromise(({ input }) => fetchRiderReviews(input.username, input.cursor)) },
    }),
    { input: { username }, inspect: options.inspect },
  );
  const snapshot = useSelector(actor, (s) => s);
  return { view: riderReviewsSnapshotToView(snapshot), send: actor.send };
}
