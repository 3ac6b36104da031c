/** /track/{token}: the tracking machine on the page. */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { trackingMachine, trackingViewState } from '../../../../machines/deliveries/trackingMachine';
import { deliveriesApi } from './deliveriesApi';
import { TrackingView } from './TrackingView';

export function TrackingPage({ token, inspect }: { token: string; inspect?: (event: InspectionEvent) => void }) {
  const [machine] = useState(() =>
    trackingMachine.provide({ actors: { loadTracking: fromPromise(({ input }) => deliveriesApi.tracking(input.token)) } }),
  );
  const actor = useActorRef(machine, { input: { token }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  return <TrackingView state={trackingViewState(snapshot)} tracking={snapshot.context.tracking} retry={() => actor.send({ type: 'RETRY' })} />;
}
