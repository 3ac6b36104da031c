/**
 * The captcha-then-submit form machine every public form reuses (spec §4 'Form submission').
 *
 *   editing ──SUBMIT──▶ checking ─┬─▶ editing            (a rule failed: error shown)
 *                                 ├─▶ submitting         (captcha already passed this session)
 *                                 └─▶ verifyingCaptcha ──▶ submitting | editing (failed)
 *   submitting ──▶ succeeded | editing (server error under its field, or a toast)
 *
 * Pure: the field rules come in the input, every effect (captcha check, the request,
 * toasts, the session flag) is a named actor or action supplied with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../src/shared/api';
import { messages } from '../src/shared/messages';
import { validateForm, type FormDefinition } from '../src/shared/validation';

export interface FormInput {
  form: FormDefinition;
  /** Spec §4: once the captcha succeeded in this browser session, it is not asked again. */
  captchaPassed: boolean;
  /** Spec §5 (waitlist): the captcha is checked before the fields. */
  captchaFirst?: boolean;
  /** The captcha failure text: 'CAPTCHA verification failed ❌', or without the mark on sign-up. */
  captchaFailedMessage?: string;
  /** The toast for a failure the server did not explain: spec §8's form default, or 'Something went wrong.' on reset. */
  failureMessage?: string;
}

export interface FormContext {
  form: FormDefinition;
  values: Record<string, string>;
  error: FieldError | null;
  captchaToken: string | null;
  captchaPassed: boolean;
  captchaFirst: boolean;
  captchaFailedMessage: string;
  failureMessage: string;
  /** Bumped whenever the widget must be reset; the view resets it when this changes. */
  captchaResets: number;
  /** The user has started on the form: only then is the captcha script loaded (DESIGN.md §8). */
  engaged: boolean;
}

export type FormEvent =
  | { type: 'CHANGE'; field: string; value: string }
  | { type: 'CAPTCHA_SOLVED'; token: string }
  | { type: 'CAPTCHA_EXPIRED' }
  | { type: 'CAPTCHA_ERROR' }
  | { type: 'ENGAGE' }
  /** The session flag was found after the first render (the prerendered HTML has no flag). */
  | { type: 'CAPTCHA_PASS_RESTORED' }
  | { type: 'SUBMIT' };

/** What the submit actor rejects with when the server answered {error:{field,message}}. */
export class SubmitError extends Error {
  constructor(readonly fieldError: FieldError) {
    super(fieldError.message);
    this.name = 'SubmitError';
  }
}

function emptyValues(form: FormDefinition): Record<string, string> {
  return Object.fromEntries(Object.keys(form.fields).map((k) => [k, '']));
}

export const CAPTCHA_FIELD = 'captcha';

export const formMachine = setup({
  types: {
    input: {} as FormInput,
    context: {} as FormContext,
    events: {} as FormEvent,
  },
  actors: {
    verifyCaptcha: fromPromise<{ success: boolean }, { token: string }>(async () => {
      throw new Error('verifyCaptcha not provided');
    }),
    submitForm: fromPromise<unknown, { values: Record<string, string> }>(async () => {
      throw new Error('submitForm not provided');
    }),
  },
  actions: {
    /** A typed value replaces the old one and clears that field's message. */
    applyChange: assign({
      values: ({ context, event }) => {
        const e = event as Extract<FormEvent, { type: 'CHANGE' }>;
        return { ...context.values, [e.field]: e.value };
      },
      error: ({ context, event }) => {
        const e = event as Extract<FormEvent, { type: 'CHANGE' }>;
        return context.error?.field === e.field ? null : context.error;
      },
    }),
    /** Store the session flag (sessionStorage in the app). */
    rememberCaptchaPassed: () => {},
    /** Clear the session flag: the server no longer honours the pass. */
    forgetCaptchaPassed: () => {},
    /** Show the success text (a toast in the app). */
    announceSuccess: () => {},
    /** Show a failure that belongs to no field (a toast in the app). */
    announceFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    captchaNeeded: ({ context }) => !context.captchaPassed && context.captchaToken === null,
    checkCaptchaFirst: ({ context }) =>
      context.captchaFirst && !context.captchaPassed && context.captchaToken === null,
    invalid: ({ context }) => validateForm(context.form, context.values) !== null,
    captchaAlreadyPassed: ({ context }) => context.captchaPassed,
    captchaAccepted: (_, params: { success: boolean }) => params.success,
    isCaptchaRejection: (_, params: { error: unknown }) =>
      params.error instanceof SubmitError && params.error.fieldError.field === CAPTCHA_FIELD,
    isFieldError: (_, params: { error: unknown }) =>
      params.error instanceof SubmitError && params.error.fieldError.field !== 'alert',
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({
    form: input.form,
    values: emptyValues(input.form),
    error: null,
    captchaToken: null,
    captchaPassed: input.captchaPassed,
    captchaFirst: input.captchaFirst ?? false,
    captchaFailedMessage: input.captchaFailedMessage ?? messages.captchaFailed,
    failureMessage: input.failureMessage ?? messages.submitFailed,
    captchaResets: 0,
    engaged: false,
  }),
  initial: 'editing',
  on: {
    ENGAGE: { actions: assign({ engaged: true }) },
    CAPTCHA_PASS_RESTORED: { actions: assign({ captchaPassed: true }) },
    CAPTCHA_SOLVED: {
      actions: assign({
        captchaToken: ({ event }) => event.token,
        error: ({ context }) => (context.error?.field === CAPTCHA_FIELD ? null : context.error),
      }),
    },
    CAPTCHA_EXPIRED: {
      actions: assign({ captchaToken: null, captchaResets: ({ context }) => context.captchaResets + 1 }),
    },
    CAPTCHA_ERROR: {
      actions: assign({ captchaToken: null, captchaResets: ({ context }) => context.captchaResets + 1 }),
    },
  },
  states: {
    editing: {
      on: { CHANGE: { actions: 'applyChange' }, SUBMIT: 'checking' },
    },
    checking: {
      entry: assign({ engaged: true }),
      always: [
        {
          guard: 'checkCaptchaFirst',
          target: 'editing',
          actions: assign({ error: { field: CAPTCHA_FIELD, message: messages.completeCaptcha } }),
        },
        {
          guard: 'invalid',
          target: 'editing',
          actions: assign({ error: ({ context }) => validateForm(context.form, context.values) }),
        },
        {
          guard: 'captchaNeeded',
          target: 'editing',
          actions: assign({ error: { field: CAPTCHA_FIELD, message: messages.completeCaptcha } }),
        },
        { guard: 'captchaAlreadyPassed', target: 'submitting', actions: assign({ error: null }) },
        { target: 'verifyingCaptcha', actions: assign({ error: null }) },
      ],
    },
    verifyingCaptcha: {
      invoke: {
        id: 'verifyCaptcha',
        src: 'verifyCaptcha',
        input: ({ context }) => ({ token: context.captchaToken ?? '' }),
        onDone: [
          {
            guard: { type: 'captchaAccepted', params: ({ event }) => event.output },
            target: 'submitting',
            actions: [assign({ captchaPassed: true, captchaToken: null }), 'rememberCaptchaPassed'],
          },
          {
            target: 'editing',
            actions: assign({
              error: ({ context }) => ({ field: CAPTCHA_FIELD, message: context.captchaFailedMessage }),
              captchaToken: null,
              captchaResets: ({ context }) => context.captchaResets + 1,
            }),
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({ captchaToken: null, captchaResets: ({ context }) => context.captchaResets + 1 }),
            { type: 'announceFailure', params: ({ context }) => ({ message: context.failureMessage }) },
          ],
        },
      },
    },
    submitting: {
      invoke: {
        id: 'submitForm',
        src: 'submitForm',
        input: ({ context }) => ({ values: context.values }),
        onDone: {
          target: 'succeeded',
          actions: [assign({ values: ({ context }) => emptyValues(context.form), error: null }), 'announceSuccess'],
        },
        onError: [
          {
            // The server no longer honours this browser's pass (expired): ask for the captcha again.
            guard: { type: 'isCaptchaRejection', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: [
              assign({
                captchaPassed: false,
                captchaToken: null,
                captchaResets: ({ context }) => context.captchaResets + 1,
                error: { field: CAPTCHA_FIELD, message: messages.completeCaptcha },
              }),
              'forgetCaptchaPassed',
            ],
          },
          {
            guard: { type: 'isFieldError', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ error: ({ event }) => (event.error as SubmitError).fieldError }),
          },
          {
            target: 'editing',
            actions: {
              type: 'announceFailure',
              params: ({ context, event }) => ({
                message: event.error instanceof SubmitError ? event.error.fieldError.message : context.failureMessage,
              }),
            },
          },
        ],
      },
    },
    succeeded: {
      on: { CHANGE: { target: 'editing', actions: 'applyChange' }, SUBMIT: 'checking' },
    },
  },
});

export type FormMachine = typeof formMachine;
