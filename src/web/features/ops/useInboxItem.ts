/**
 * An inbox item's console page actor (machines/ops/inboxItemMachine.ts) with its effects: the
 * console API's requests and a toast for each success. The page renders `view` and sends
 * events; it keeps no workflow state itself.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../kit/components/toast';
import { fromPromise, type InspectionEvent } from 'xstate';
import { inboxItemMachine, inboxItemSnapshotToView, type InboxItemEvent, type InboxItemView, type InboxRequest } from '../../../../machines/ops/inboxItemMachine';
import type { InboxItemDetail } from '../../../shared/inbox';
import { opsApi } from './opsApi';

const itemPath = (id: string) => `/inbox/${encodeURIComponent(id)}`;
const post = (path: string, body: object) => opsApi<InboxItemDetail>(path, { method: 'POST', body });

/** The machine with the console API's requests. */
function inboxItemLogic() {
  return inboxItemMachine.provide({
    actors: {
      loadItem: fromPromise<InboxItemDetail, InboxRequest>(({ input }) => opsApi<InboxItemDetail>(itemPath(input.id))),
      changeStatus: fromPromise<InboxItemDetail, InboxRequest>(({ input }) => post(`${itemPath(input.id)}/status`, { status: input.status })),
      assignItem: fromPromise<InboxItemDetail, InboxRequest>(({ input }) => post(`${itemPath(input.id)}/assign`, { staffId: input.staffId })),
      addNote: fromPromise<InboxItemDetail, InboxRequest>(({ input }) => post(`${itemPath(input.id)}/notes`, { body: input.body })),
      sendReply: fromPromise<InboxItemDetail, InboxRequest>(({ input }) => post(`${itemPath(input.id)}/reply`, { subject: input.subject, body: input.body })),
    },
    actions: {
      announce: (_, params) => {
        toast.success(params.message);
      },
    },
  });
}

export function useInboxItem(id: string, inspect?: (event: InspectionEvent) => void): { view: InboxItemView; send: (event: InboxItemEvent) => void } {
  const actor = useActorRef(inboxItemLogic(), { input: { id }, inspect });
  const view = useSelector(actor, inboxItemSnapshotToView, sameView);
  return { view, send: actor.send };
}

/** The mapper makes a new object (and a new fieldError function) each time: compare what it shows. */
function sameView(a: InboxItemView, b: InboxItemView): boolean {
  return (
    a.state === b.state &&
    a.detail === b.detail &&
    a.note === b.note &&
    a.reply === b.reply &&
    a.alert === b.alert &&
    a.loadError === b.loadError &&
    a.busy === b.busy &&
    a.pendingMove === b.pendingMove &&
    a.pendingAssignee === b.pendingAssignee &&
    a.fieldError('note', 'body') === b.fieldError('note', 'body') &&
    a.fieldError('reply', 'subject') === b.fieldError('reply', 'subject') &&
    a.fieldError('reply', 'body') === b.fieldError('reply', 'body') &&
    a.fieldError('status', 'status') === b.fieldError('status', 'status') &&
    a.fieldError('assign', 'staffId') === b.fieldError('assign', 'staffId')
  );
}
