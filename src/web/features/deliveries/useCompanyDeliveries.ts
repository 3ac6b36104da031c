/** Runs the company's deliveries list machine for a view: supplies the request, hands back the view model and `send`. */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type InspectionEvent } from 'xstate';
import {
  companyDeliveriesMachine,
  companyDeliveriesSnapshotToView,
  type CompanyDeliveriesEvent,
  type CompanyDeliveriesView,
} from '../../../../machines/deliveries/companyDeliveriesMachine';
import { fetchCompanyDeliveries } from './companyDeliveriesApi';

export function useCompanyDeliveries(
  options: { inspect?: (event: InspectionEvent) => void } = {},
): { view: CompanyDeliveriesView; send: (event: CompanyDeliveriesEvent) => void } {
  const actor = useActorRef(
    companyDeliveriesMachine.provide({
      actors: { loadPage: fromPromise(({ input }) => fetchCompanyDeliveries(input.cursor)) },
    }),
    { inspect: options.inspect },
  );
  const snapshot = useSelector(actor, (s) => s);
  return { view: companyDeliveriesSnapshotToView(snapshot), send: actor.send };
}
