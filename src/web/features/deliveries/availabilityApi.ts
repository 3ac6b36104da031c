/**
 * The "Available for deliveries" switch's requests (GET and PUT /api/users/availability), and the
 * availability machine with them: its own file, so the rider dashboard's card does not carry the
 * job screen's requests (the photo's resizing among them).
 */
import { fromPromise } from 'xstate';
import { availabilityMachine } from '../../../../machines/deliveries/availabilityMachine';
import type { AvailabilityResponse } from '../../../shared/deliveries/dispatch';
import { api } from '../../kit/http/client';

export const availabilityApi = {
  load: () => api<AvailabilityResponse>('/users/availability'),
  save: (body: { available: boolean; areas: string[] }) => api<AvailabilityResponse>('/users/availability', { method: 'PUT', body }),
};

/** The machine with its requests, on the dashboard and as the job screen's child. */
export const availabilityActors = availabilityMachine.provide({
  actors: {
    loadAvailability: fromPromise(() => availabilityApi.load()),
    saveAvailability: fromPromise(({ input }) => availabilityApi.save(input)),
  },
});
