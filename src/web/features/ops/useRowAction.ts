/**
 * A console screen's row-action actor (machines/kit/rowActionMachine.ts) with its effects: the
 * request, a refresh of the list once the change is made, and toasts.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../kit/components/toast';
import { fromPromise, type InspectionEvent } from 'xstate';
import {
  rowActionMachine,
  rowActionView,
  type RowActionOutput,
  type RowActionRequest,
  type RowActionView,
} from '../../../../machines/kit/rowActionMachine';

export type RowActionSend = ReturnType<typeof useActorRef<typeof rowActionMachine>>['send'];

export interface RowActionOptions {
  perform: (request: RowActionRequest, confirmation: string | null) => Promise<RowActionOutput>;
  /** After a change is made (e.g. the list's REFRESH). */
  onApplied: () => void;
  inspect?: (event: InspectionEvent) => void;
}

export function useRowAction(options: RowActionOptions): { view: RowActionView; send: RowActionSend } {
  const actor = useActorRef(
    rowActionMachine.provide({
      actors: { perform: fromPromise(({ input }) => options.perform(input.request, input.confirmation)) },
      actions: {
        applied: () => options.onApplied(),
        announceDone: (_, params) => {
          toast.success(params.message);
        },
        announceFailure: (_, params) => {
          toast.error(params.message);
        },
      },
    }),
    { inspect: options.inspect },
  );
  const view = useSelector(actor, rowActionView, (a, b) => a.state === b.state && a.request === b.request && a.error === b.error);
  return { view, send: actor.send };
}
