/**
 * The rider dashboard's "Available for deliveries" card: the availability machine with its
 * requests, drawn by the switch the job screen shows too. What goes below it (the link to the job
 * screen) is the page's.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import { availabilitySnapshotToView } from '../../../../machines/deliveries/availabilityMachine';
import { availabilityActors } from './availabilityApi';
import { AvailabilitySwitch } from './AvailabilitySwitch';

export interface AvailabilityCardProps {
  children?: ReactNode;
  inspect?: (event: InspectionEvent) => void;
}

export function AvailabilityCard({ children, inspect }: AvailabilityCardProps) {
  const actor = useActorRef(availabilityActors, { input: {}, inspect });
  const view = useSelector(actor, availabilitySnapshotToView, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  return (
    <div className="availability-card">
      <AvailabilitySwitch view={view} send={actor.send}>
        {children}
      </AvailabilitySwitch>
    </div>
  );
}
