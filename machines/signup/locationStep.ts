/**
 * Step 3 of the sign-up wizard, 'Choose Location' (spec §2, §8): the list of states and their
 * towns (GET /api/locations, or the built-in shorter list when that fails), a state, then a town.
 *
 *   loading ──▶ editing | loadingFallback ──▶ editing | error (nothing to choose from)
 *   editing ⇄ error ──SUBMIT──▶ submitting ──▶ saved (final) | error (under state, or town)
 *
 * Tags: 'loading' while a list loads, 'busy' while the choice is saved.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { locationForm, type SignupProgressResponse } from '../../src/shared/signup';
import { validateForm } from '../../src/shared/validation';
import { SubmitError } from '../kit/formMachine';
import { messageOf } from '../kit/errors';

export interface LocationContext {
  locations: LocationState[] | null;
  /** The built-in shorter list is shown (the full one failed to load). */
  locationsFallback: boolean;
  state: string;
  town: string;
  error: FieldError | null;
}

export type LocationEvent = { type: 'SELECT_STATE'; state: string } | { type: 'SELECT_TOWN'; town: string } | { type: 'SUBMIT' };

const choiceError = (context: LocationContext) => validateForm(locationForm, { state: context.state, town: context.town });

export const locationStep = setup({
  types: {
    context: {} as LocationContext,
    events: {} as LocationEvent,
  },
  actors: {
    loadLocations: fromPromise<LocationState[]>(async () => {
      throw new Error('loadLocations not provided');
    }),
    loadFallbackLocations: fromPromise<LocationState[]>(async () => {
      throw new Error('loadFallbackLocations not provided');
    }),
    saveLocation: fromPromise<SignupProgressResponse, { state: string; town: string }>(async () => {
      throw new Error('saveLocation not provided');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    selectState: assign(({ event }) => {
      assertEvent(event, 'SELECT_STATE');
      return { state: event.state, town: '' };
    }),
    selectTown: assign(({ event }) => {
      assertEvent(event, 'SELECT_TOWN');
      return { town: event.town };
    }),
    showChoiceError: assign({ error: ({ context }) => choiceError(context) }),
  },
  guards: {
    locationInvalid: ({ context }) => choiceError(context) !== null,
    isTownError: (_, params: { error: unknown }) => params.error instanceof SubmitError && params.error.fieldError.field === 'town',
  },
}).createMachine({
  id: 'locationStep',
  context: { locations: null, locationsFallback: false, state: '', town: '', error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadLocations',
        src: 'loadLocations',
        onDone: { target: 'editing', actions: assign({ locations: ({ event }) => event.output, locationsFallback: false }) },
        onError: { target: 'loadingFallback' },
      },
    },
    loadingFallback: {
      tags: ['loading'],
      invoke: {
        id: 'loadFallbackLocations',
        src: 'loadFallbackLocations',
        onDone: { target: 'editing', actions: assign({ locations: ({ event }) => event.output, locationsFallback: true }) },
        onError: {
          target: 'error',
          actions: assign({ locations: [], error: { field: 'state', message: messages.submitFailed } }),
        },
      },
    },
    editing: {
      on: {
        SELECT_STATE: { actions: 'selectState' },
        SELECT_TOWN: { actions: 'selectTown' },
        SUBMIT: [{ guard: 'locationInvalid', target: 'error', actions: 'showChoiceError' }, { target: 'submitting' }],
      },
    },
    error: {
      on: {
        SELECT_STATE: { target: 'editing', actions: ['selectState', 'clearError'] },
        SELECT_TOWN: { target: 'editing', actions: ['selectTown', 'clearError'] },
        SUBMIT: [{ guard: 'locationInvalid', target: 'error', actions: 'showChoiceError' }, { target: 'submitting' }],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveLocation',
        src: 'saveLocation',
        input: ({ context }) => ({ state: context.state, town: context.town }),
        onDone: { target: 'saved' },
        onError: [
          // Spec §8: a location failure shows under state (under town when it is the town's).
          {
            guard: { type: 'isTownError', params: ({ event }) => ({ error: event.error }) },
            target: 'error',
            actions: assign({ error: ({ event }) => (event.error as SubmitError).fieldError }),
          },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => ({ field: 'state', message: messageOf(event.error, messages.submitFailed) }) }),
          },
        ],
      },
    },
    saved: {
      type: 'final',
      // Only until the wizard takes the step's end: the step still shows its request as under way.
      tags: ['busy'],
    },
  },
});

export type LocationStep = typeof locationStep;
