/**
 * Step 5 of the sign-up wizard, 'Rider Agreement' (spec §2): tick I AGREE, then Continue.
 *
 *   editing ⇄ error ──SUBMIT──▶ submitting ──▶ accepted (final; 'Agreement accepted' toast) | error
 *
 * Tags: 'busy' while the acceptance is sent.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { messages } from '../../src/shared/messages';
import type { SignupProgressResponse } from '../../src/shared/signup';
import { messageOf } from '../kit/errors';

export const AGREEMENT_FIELD = 'rider_agreement';

export interface AgreementContext {
  agreed: boolean;
  error: FieldError | null;
}

export type AgreementEvent = { type: 'TOGGLE_AGREE'; agreed: boolean } | { type: 'SUBMIT' };

export const agreementStep = setup({
  types: {
    context: {} as AgreementContext,
    events: {} as AgreementEvent,
  },
  actors: {
    acceptAgreement: fromPromise<SignupProgressResponse>(async () => {
      throw new Error('acceptAgreement not provided');
    }),
  },
  actions: {
    /** A toast in the app. */
    announce: (_, _params: { message: string }) => {},
    clearError: assign({ error: null }),
    toggle: assign(({ event }) => {
      assertEvent(event, 'TOGGLE_AGREE');
      return { agreed: event.agreed };
    }),
    showNotAgreed: assign({ error: { field: AGREEMENT_FIELD, message: messages.acceptAgreement } }),
  },
  guards: {
    notAgreed: ({ context }) => !context.agreed,
  },
}).createMachine({
  id: 'agreementStep',
  context: { agreed: false, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        TOGGLE_AGREE: { actions: 'toggle' },
        SUBMIT: [{ guard: 'notAgreed', target: 'error', actions: 'showNotAgreed' }, { target: 'submitting' }],
      },
    },
    error: {
      on: {
        TOGGLE_AGREE: { target: 'editing', actions: ['toggle', 'clearError'] },
        SUBMIT: [{ guard: 'notAgreed', target: 'error', actions: 'showNotAgreed' }, { target: 'submitting' }],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'acceptAgreement',
        src: 'acceptAgreement',
        onDone: { target: 'accepted', actions: { type: 'announce', params: { message: messages.agreementAccepted } } },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => ({ field: AGREEMENT_FIELD, message: messageOf(event.error, messages.submitFailed) }) }),
        },
      },
    },
    accepted: {
      type: 'final',
      // Only until the wizard takes the step's end: the step still shows its request as under way.
      tags: ['busy'],
    },
  },
});

export type AgreementStep = typeof agreementStep;
