/**
 * The rate card page's actor (machines/ops/rateCardMachine.ts) with its requests to the
 * console API. The page renders `view` and sends events; it keeps no workflow state itself.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { rateCardMachine, rateCardView, type RateCardEvent, type RateCardSaveInput, type RateCardView } from '../../../../machines/ops/rateCardMachine';
import type { OpsRateCard } from '../../../shared/deliveries/rateCardForm';
import { opsApi } from './opsApi';

const logic = rateCardMachine.provide({
  actors: {
    load: fromPromise<OpsRateCard>(() => opsApi<OpsRateCard>('/rate-card')),
    save: fromPromise<OpsRateCard, RateCardSaveInput>(({ input }) => opsApi<OpsRateCard>('/rate-card', { method: 'POST', body: input })),
  },
});

export function useRateCard(canEdit: boolean, inspect?: (event: InspectionEvent) => void): { view: RateCardView; send: (event: RateCardEvent) => void } {
  const actor = useActorRef(logic, { input: { canEdit }, inspect });
  // The view is derived (the preview prices the draft): compare what changes it.
  const view = useSelector(actor, rateCardView, (a, b) => a.state === b.state && a.data === b.data && a.draft === b.draft && a.alert === b.alert && a.notice === b.notice && a.confirmError === b.confirmError && JSON.stringify(a.errors) === JSON.stringify(b.errors));
  return { view, send: actor.send };
}
