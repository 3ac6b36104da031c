/**
 * A rider's console page actor (machines/ops/idReviewMachine.ts) with its effects: the console API's
 * requests, a toast for each success, and the documents fetched with the staff token (shown inline,
 * or downloaded).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { toast } from '../../kit/components/toast';
import { fromPromise, type InspectionEvent } from 'xstate';
import { idReviewMachine, idReviewSnapshotToView, type IdReviewEvent, type IdReviewView } from '../../../../machines/ops/idReviewMachine';
import { messages } from '../../../shared/messages';
import type { OpsRiderActionResponse, OpsRiderDetail, OpsRiderDocument } from '../../../shared/opsRiders';
import { downloadFromOps, fetchFromOps, opsApi } from './opsApi';

const riderPath = (id: string) => `/riders/${encodeURIComponent(id)}`;

/** The kinds a browser shows inline; anything else is only offered as a download. */
const SHOWN_INLINE = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

/**
 * Each document fetched with the staff token (in a header: the private file route serves no
 * one else) and handed to the page as a blob: address of this origin, typed as the server
 * checked it, so an <img> or <iframe> can show it with no token in any URL.
 */
async function loadDocuments(riderId: string, documents: OpsRiderDocument[], made: Set<string>): Promise<Record<string, string>> {
  const urls: Record<string, string> = {};
  for (const document of documents) {
    if (!SHOWN_INLINE.has(document.contentType)) continue;
    const response = await fetchFromOps(`${riderPath(riderId)}/files/${encodeURIComponent(document.id)}`);
    const url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: document.contentType }));
    made.add(url);
    urls[document.id] = url;
  }
  return urls;
}

/** The machine with the console API's requests and a toast for each success. */
function riderDetailLogic(made: Set<string>) {
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
      loadDocuments: fromPromise(({ input }) => loadDocuments(input.riderId, input.documents, made)),
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
  // The blob: addresses made for this page, released when it closes.
  const made = useMemo(() => new Set<string>(), []);
  useEffect(
    () => () => {
      for (const url of made) URL.revokeObjectURL(url);
      made.clear();
    },
    [made],
  );
  const actor = useActorRef(riderDetailLogic(made), { input: { riderId }, inspect });
  const view = useSelector(actor, idReviewSnapshotToView, sameView);
  return { view, send: actor.send };
}

function sameView(a: IdReviewView, b: IdReviewView): boolean {
  return (Object.keys(a) as Array<keyof IdReviewView>).every((key) => a[key] === b[key]);
}
