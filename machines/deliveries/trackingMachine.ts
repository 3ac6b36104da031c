/**
 * The public tracking page /track/{token}: one read, by the token of the link.
 *
 *   loading ─┬─▶ shown
 *            ├─▶ notFound (an unknown or mistyped link)
 *            └─▶ failed ──RETRY──▶ loading
 *
 * Pure: the request is a named actor supplied with .provide().
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/** The server's 404: no delivery has this token. */
export class TrackingNotFound extends Error {
  constructor() {
    super('tracking not found');
    this.name = 'TrackingNotFound';
  }
}

export interface TrackingEvent {
  status: string;
  at: string;
}

export interface TrackingPlace {
  state?: string;
  area?: string;
  country?: string;
  city?: string;
}

/** GET /api/deliveries/tracking: what anyone holding the link may see (no phone, no e-mail). */
export interface Tracking {
  reference: string;
  status: string;
  pickup: TrackingPlace;
  dropoff: TrackingPlace;
  pickup_at: string | null;
  price_kobo: number;
  payment: string;
  events: TrackingEvent[];
}

export interface TrackingContext {
  token: string;
  tracking: Tracking | null;
}

export const trackingMachine = setup({
  types: {
    input: {} as { token: string },
    context: {} as TrackingContext,
    events: {} as { type: 'RETRY' },
  },
  actors: {
    /** Rejects with TrackingNotFound for a token no delivery has. */
    loadTracking: fromPromise<{ tracking: Tracking }, { token: string }>(async () => {
      throw new Error('loadTracking not provided');
    }),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => params.error instanceof TrackingNotFound,
  },
}).createMachine({
  id: 'tracking',
  context: ({ input }) => ({ token: input.token, tracking: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTracking',
        src: 'loadTracking',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'shown', actions: assign({ tracking: ({ event }) => event.output.tracking }) },
        onError: [{ guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' }, { target: 'failed' }],
      },
    },
    shown: {},
    notFound: {},
    failed: { on: { RETRY: 'loading' } },
  },
});

export type TrackingSnapshot = SnapshotFrom<typeof trackingMachine>;

export const trackingViewStates = ['loading', 'shown', 'notFound', 'failed'] as const;
export type TrackingViewState = (typeof trackingViewStates)[number];
export const trackingViewState = (snapshot: Pick<TrackingSnapshot, 'matches'>): TrackingViewState =>
  trackingViewStates.find((s) => snapshot.matches(s)) ?? 'loading';
