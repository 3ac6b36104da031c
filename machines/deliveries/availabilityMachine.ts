/**
 * "Available for deliveries": the rider's switch and the areas they cover, with why it cannot go
 * on (sign-up unfinished, ID not verified, suspended: the server's `blocked`). One machine for the
 * rider dashboard's card, which loads it, and the job screen, which composes it as its child
 * `availability` while there is no work and hands it what it loaded.
 *
 *   start ─┬─[given]─▶ ready                       (the job screen's load)
 *          └─▶ loading ─┬─▶ ready                  (the dashboard: GET /api/users/availability)
 *                       └─▶ loadFailed ─RETRY─▶ loading
 *   ready ─AREAS─▶ ready;  ready ─SWITCH─▶ switching ─┬─▶ ready (the server's answer and its message)
 *                                                      └─▶ ready (the refusal under its field)
 *
 * Pure: the two requests are named actors supplied with .provide().
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import type { AVAILABILITY_FIELDS, AvailabilityResponse } from '../../src/shared/deliveries/dispatch';
import { fieldErrorOf } from '../kit/errors';

export interface AvailabilityContext {
  availability: AvailabilityResponse | null;
  /** The areas as typed, comma-separated. */
  areasText: string;
  error: FieldError | null;
  notice: string | null;
}

export type AvailabilityEvent = { type: 'RETRY' } | { type: 'AREAS'; value: string } | { type: 'SWITCH'; available: boolean };

export interface AvailabilityInput {
  /** Already loaded (the job screen's load): no request. */
  availability?: AvailabilityResponse | null;
}

/**
 * The switch's fields, typed against the shared AVAILABILITY_FIELDS: a type import, so the
 * dashboard does not carry dispatch.ts and the Lagos areas it imports (2.5 kB brotli).
 */
const SWITCH_FIELDS: ReadonlyArray<(typeof AVAILABILITY_FIELDS)[keyof typeof AVAILABILITY_FIELDS]> = ['available', 'areas'];

const loaded = (availability: AvailabilityResponse) => ({ availability, areasText: availability.areas.join(', ') });

/** The areas typed, as the API takes them. */
export const areasOf = (text: string): string[] =>
  text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

export const availabilityMachine = setup({
  types: {
    context: {} as AvailabilityContext,
    events: {} as AvailabilityEvent,
    input: {} as AvailabilityInput,
  },
  actors: {
    /** GET /api/users/availability. */
    loadAvailability: fromPromise<AvailabilityResponse, void>(async () => {
      throw new Error('loadAvailability not provided');
    }),
    /** PUT /api/users/availability. */
    saveAvailability: fromPromise<AvailabilityResponse, { available: boolean; areas: string[] }>(async () => {
      throw new Error('saveAvailability not provided');
    }),
  },
  guards: {
    given: ({ context }) => context.availability !== null,
  },
}).createMachine({
  id: 'availability',
  context: ({ input }) => ({
    ...(input?.availability ? loaded(input.availability) : { availability: null, areasText: '' }),
    error: null,
    notice: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'given', target: 'ready' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: 'loadAvailability',
        src: 'loadAvailability',
        onDone: { target: 'ready', actions: assign(({ event }) => loaded(event.output)) },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        AREAS: { actions: assign({ areasText: ({ event }) => event.value, error: null }) },
        SWITCH: { target: 'switching', actions: assign({ error: null, notice: null }) },
      },
    },
    switching: {
      invoke: {
        id: 'saveAvailability',
        src: 'saveAvailability',
        input: ({ context, event }) => ({ available: (event as Extract<AvailabilityEvent, { type: 'SWITCH' }>).available, areas: areasOf(context.areasText) }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...loaded(event.output), notice: event.output.message ?? null })) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => fieldErrorOf(event.error) }) },
      },
    },
  },
});

export type AvailabilitySnapshot = SnapshotFrom<typeof availabilityMachine>;

export const availabilityViewStates = ['loading', 'loadFailed', 'ready', 'switching'] as const;
export type AvailabilityViewState = (typeof availabilityViewStates)[number];

/** Everything the switch shows, from the snapshot. */
export interface AvailabilityView {
  state: AvailabilityViewState;
  available: boolean;
  /** Why it cannot go on (a sentence from the server), or null. */
  blocked: string | null;
  areasText: string;
  /** The areas' (or the switch's) refusal, shown under the areas. */
  areasError: string | null;
  /** Any other refusal (the network, the server), on the alert line. */
  alert: string | null;
  notice: string | null;
}

export function availabilitySnapshotToView(snapshot: Pick<AvailabilitySnapshot, 'value' | 'context'>): AvailabilityView {
  const c = snapshot.context;
  const value = snapshot.value as string;
  const onAreas = c.error !== null && (SWITCH_FIELDS as readonly string[]).includes(c.error.field);
  return {
    state: value === 'start' ? 'loading' : (value as AvailabilityViewState),
    available: c.availability?.available ?? false,
    blocked: c.availability?.blocked ?? null,
    areasText: c.areasText,
    areasError: onAreas ? c.error!.message : null,
    alert: c.error && !onAreas ? c.error.message : null,
    notice: c.notice,
  };
}
