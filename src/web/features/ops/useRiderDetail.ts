/**
 * A rider's console page actor (machines/ops/idReviewMachine.ts) with its effects: the console API's
 * requests, a toast for each success, and the documents opened with the staff token.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../kit/components/toast';
import { fromPromise, type InspectionEvent } from 'xstate';
import { idReviewMachine, idReviewSnapshotToView, type IdReviewEvent, type IdReviewView } from '../../../../machines/ops/idReviewMachine';
import { messages } from '../../../shared/messages';
import type { OpsRiderActionResponse, OpsRiderDetail, OpsRiderDocument } from '../../../shared/opsRiders';
import { downloadFromOps, opsApi } from './opsApi';

const riderPath = (id: string) => `/riders/${encodeURIComponent(id)}`;

/** The machine with the console API's requests and a toast for each success. */
function riderDetailLogic() {
  return idReviewMachine.provide({
    actors: {
      loadRider: fromPromise<OpsRiderDetail, { riderId: string }>(({ input }) => opsApi<OpsRiderDetail>(riderPath(input.riderId))),
      decide: fromPromise(({ input }) =>
        opsApi<OpsRiderActionResponse>(`${riderPath(input.riderId)}/id-review`, {
          method: 'POST',
          body: input.decision === 'approve' ? { decision: 'approve', files: input.files } : { decision: 'reject', reason: input.reason, files: input.files },
        }),
      ),
      suspend: fromPromise(({ input }) =>
        opsApi<OpsRiderActionResponse>(`${riderPath(input.riderId)}/suspend`, { method: 'POST', body: { reason: input.reason, confirmation: input.confirmation } }),
      ),
      lift: fromPromise(({ input }) => opsApi<OpsRiderActionResponse>(`${riderPath(input.riderId)}/unsuspend`, { method: 'POST', body: {} })),
    },
    actions: {
      notify: (_, params) => {
        toast.success(params.message);
      },
    },
  });
}

export function openRiderDocument(riderId: string, document: OpsRiderDocument): void {
  downloadFromOps(`${riderPath(riderId)}/files/${encodeURIComponent(document.id)}`, `${document.kind}.${document.extension}`).catch(() =>
    toast.error(messages.documentUnavailable),
  );
}

export function useRiderDetail(riderId: string, inspect?: (event: InspectionEvent) => void): { view: IdReviewView; send: (event: IdReviewEvent) => void } {
  const actor = useActorRef(riderDetailLogic(), { input: { riderId }, inspect });
  const view = useSelector(actor, idReviewSnapshotToView, sameView);
  return { view, send: actor.send };
}

function sameView(a: IdReviewView, b: IdReviewView): boolean {
  return (Object.keys(a) as Array<keyof IdReviewView>).every((key) => a[key] === b[key]);
}
