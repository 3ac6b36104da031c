/**
 * The job machine on the rider's job screen: the requests, the phone's outbox (read at start, so a
 * reload loses no step and no photo), the browser's "online" event, which sends the queue again,
 * and the service worker that opens the screen on a reload with no network (jobWorker.ts).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { AvailabilitySnapshot } from '../../../../machines/deliveries/availabilityMachine';
import { jobMachine, jobSnapshotToView } from '../../../../machines/deliveries/jobMachine';
import { availabilityActors } from './availabilityApi';
import { flushOutbox, jobsApi, keepProof, loadJobScreen } from './jobsApi';
import { registerJobWorker } from './jobWorker';
import { JobScreenView } from './JobScreenView';
import { defaultStore, Outbox, type OutboxStore } from './outbox';

export interface JobScreenProps {
  inspect?: (event: InspectionEvent) => void;
  /** Where the steps are kept: IndexedDB unless a test says otherwise. */
  store?: OutboxStore;
  /** How long the queue waits before trying again without an "online" event (ms). */
  retryMs?: number;
}

export function JobScreen({ inspect, store, retryMs }: JobScreenProps) {
  const [machine] = useState(() => {
    const outbox = new Outbox(store ?? defaultStore());
    return jobMachine.provide({
      actors: {
        load: fromPromise(() => loadJobScreen(outbox)),
        availability: availabilityActors,
        accept: fromPromise(({ input }) => jobsApi.accept(input.offerId)),
        decline: fromPromise(({ input }) => jobsApi.decline(input.offerId)),
        enqueue: fromPromise(({ input }) => outbox.add(input.jobId, input.draft, new Date(), input.job)),
        keepProof: fromPromise(({ input }) => keepProof(outbox, input.jobId, input.job, input.photo)),
        flush: fromPromise(({ input }) => flushOutbox(outbox, input.jobId)),
      },
      ...(retryMs === undefined ? {} : { delays: { retry: retryMs } }),
    });
  });
  const actor = useActorRef(machine, { inspect });
  const snapshot = useSelector(actor, (s) => s);
  // The switch is the machine's child while there is no work: its own snapshots redraw it.
  const availability = useSelector(snapshot.children.availability as AnyActorRef | undefined, (s) => s as AvailabilitySnapshot | undefined);
  const view = jobSnapshotToView(snapshot, { availability });
  useEffect(() => {
    const online = () => actor.send({ type: 'ONLINE' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);
  // The service worker that lets a reload with no network open this screen.
  useEffect(() => registerJobWorker(), []);
  return <JobScreenView view={view} send={actor.send} />;
}
