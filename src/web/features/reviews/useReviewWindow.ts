/**
 * A review window's actor (machines/reviews/reviewWindowMachine.ts) with its effects: the API's
 * requests and a toast for each success. The view renders `view` and sends events.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../kit/components/toast';
import { waiting } from '../../kit/session/waiting';
import { fromPromise, type InspectionEvent } from 'xstate';
import {
  reviewWindowMachine,
  reviewWindowSnapshotToView,
  type ReviewReplyRequest,
  type ReviewSaveRequest,
  type ReviewWindowEvent,
  type ReviewWindowView,
} from '../../../../machines/reviews/reviewWindowMachine';
import type { ReviewSide, ReviewWindowData, ReviewWindowResponse } from '../../../shared/reviews';
import { reviewsApi } from './reviewsApi';

/** The machine with the API's requests. */
function reviewWindowLogic() {
  return reviewWindowMachine.provide({
    actors: {
      loadWindow: fromPromise<ReviewWindowData, { engagementId: string }>(({ input }) => reviewsApi.load(input.engagementId)),
      saveReview: fromPromise<ReviewWindowResponse, ReviewSaveRequest>(({ input }) => reviewsApi.save(input)),
      postReply: fromPromise<ReviewWindowResponse, ReviewReplyRequest>(({ input }) => reviewsApi.reply(input)),
    },
    actions: {
      announce: (_, params) => {
        toast.success(params.message);
        waiting.changed();
      },
    },
  });
}

export function useReviewWindow(
  engagementId: string,
  side: ReviewSide,
  inspect?: (event: InspectionEvent) => void,
): { view: ReviewWindowView; send: (event: ReviewWindowEvent) => void } {
  const actor = useActorRef(reviewWindowLogic(), { input: { engagementId, side }, inspect });
  const view = useSelector(actor, (snapshot) => reviewWindowSnapshotToView(snapshot), sameView);
  return { view, send: actor.send };
}

/** The mapper makes a new object (and a new fieldError function) each time: compare what it shows. */
function sameView(a: ReviewWindowView, b: ReviewWindowView): boolean {
  return (
    a.state === b.state &&
    a.window === b.window &&
    a.values === b.values &&
    a.reply === b.reply &&
    a.alert === b.alert &&
    a.notice === b.notice &&
    a.loadError === b.loadError &&
    a.busy === b.busy &&
    a.daysLeft === b.daysLeft &&
    (['rating', 'comment', 'would_hire_again', 'reply'] as const).every((f) => a.fieldError(f) === b.fieldError(f))
  );
}
