/**
 * The captcha-then-submit form machine every public form reuses (spec §4 'Form submission').
 *
 *   editing ──SUBMIT──▶ checking ─┬─▶ editing            (rules failed: every field's error shown at once)
 *                                 ├─▶ submitting         (captcha already passed this session)
 *                                 └─▶ verifyingCaptcha ──▶ submitting | editing (failed)
 *   submitting ──▶ succeeded | editing (server error under its field, or a toast and a notice)
 *   succeeded ──SEND_ANOTHER──▶ editing   (the confirmation's way to send another)
 *
 * The captcha pass is the session's (machines/kit/captchaPassMachine.ts): the app tells the form
 * with CAPTCHA_PASS whenever it changes and at the moment the form is submitted, and the form
 * tells it back (rememberCaptchaPassed / forgetCaptchaPassed) what the server said.
 *
 * Pure: the field rules come in the input, every effect (captcha check, the request,
 * toasts, the session's pass) is a named actor or action supplied with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { messages } from '../../src/shared/messages';
import { SubmitError } from '../../src/shared/requestErrors';
import { validateAll, type FormDefinition } from '../../src/shared/validation';

export interface FormInput {
  form: FormDefinition;
  /** Spec §4: once the captcha succeeded in this browser session, it is not asked again. */
  captchaPassed: boolean;
  /** Spec §5 (waitlist): the captcha is checked before the fields (its message comes first). */
  captchaFirst?: boolean;
  /** The captcha failure text: 'CAPTCHA verification failed ❌', or without the mark on sign-up. */
  captchaFailedMessage?: string;
  /** The toast for a failure the server did not explain: spec §8's form default, or 'Something went wrong.' on reset. */
  failureMessage?: string;
  /** Values the form starts with (e.g. what an invitation already knows); the rest start empty. */
  values?: Record<string, string>;
  /** Only the first failing rule is shown (a form that shows one message at a time). */
  firstErrorOnly?: boolean;
}

export interface FormContext {
  form: FormDefinition;
  values: Record<string, string>;
  /** Every message under a field (or the captcha) the form shows now, in the form's order. */
  errors: FieldError[];
  /** The last failure that belongs to no field (Login keeps it on the page until the next try). */
  notice: string | null;
  /** Bumped whenever errors are shown, so the view moves the focus to the first invalid field. */
  focusInvalid: number;
  /** What the last successful submission sent (the confirmation says where the answer goes). */
  sent: Record<string, string> | null;
  captchaToken: string | null;
  captchaPassed: boolean;
  captchaFirst: boolean;
  captchaFailedMessage: string;
  failureMessage: string;
  firstErrorOnly: boolean;
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
  /**
   * The session's captcha pass as it is now: sent when it changes and just before SUBMIT (the
   * prerendered HTML and the first render know of no pass; it arrives after).
   */
  | { type: 'CAPTCHA_PASS'; passed: boolean }
  | { type: 'SUBMIT' }
  /** The confirmation's "send another". */
  | { type: 'SEND_ANOTHER' };

// What the submit actor rejects with when the server answered {error:{field,message}}.
export { SubmitError };

function emptyValues(form: FormDefinition): Record<string, string> {
  return Object.fromEntries(Object.keys(form.fields).map((k) => [k, '']));
}

export const CAPTCHA_FIELD = 'captcha';

const captchaMissing = (context: FormContext) => !context.captchaPassed && context.captchaToken === null;

/**
 * Every message the form must show on SUBMIT: each invalid field's, and 'Please complete the
 * CAPTCHA.' while the captcha is needed (first on the waitlist, spec §5; else after the fields).
 */
function formErrors(context: FormContext): FieldError[] {
  const fields = validateAll(context.form, context.values);
  const captcha = { field: CAPTCHA_FIELD, message: messages.completeCaptcha };
  const all = !captchaMissing(context) ? fields : context.captchaFirst ? [captcha, ...fields] : [...fields, captcha];
  return context.firstErrorOnly ? all.slice(0, 1) : all;
}

const without = (errors: readonly FieldError[], field: string) => errors.filter((e) => e.field !== field);

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
      errors: ({ context, event }) => without(context.errors, (event as Extract<FormEvent, { type: 'CHANGE' }>).field),
    }),
    /** Every failing rule shown at once, the focus to the first. */
    showErrors: assign({
      errors: ({ context }) => formErrors(context),
      focusInvalid: ({ context }) => context.focusInvalid + 1,
    }),
    /** Tell the session's captcha pass that the server granted one (every form then skips the captcha). */
    rememberCaptchaPassed: () => {},
    /** Tell the session's captcha pass that the server no longer honours it (every form asks again). */
    forgetCaptchaPassed: () => {},
    /** Show the success text (a toast in the app). */
    announceSuccess: () => {},
    /** Show a failure that belongs to no field (a toast in the app). */
    announceFailure: (_, _params: { message: string }) => {},
    /** A submit ended back at the form, refused by a rule, the captcha or the server (a parent may act on it). */
    refused: () => {},
  },
  guards: {
    invalid: ({ context }) => formErrors(context).length > 0,
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
    values: { ...emptyValues(input.form), ...input.values },
    errors: [],
    notice: null,
    focusInvalid: 0,
    sent: null,
    captchaToken: null,
    captchaPassed: input.captchaPassed,
    captchaFirst: input.captchaFirst ?? false,
    captchaFailedMessage: input.captchaFailedMessage ?? messages.captchaFailed,
    failureMessage: input.failureMessage ?? messages.submitFailed,
    firstErrorOnly: input.firstErrorOnly ?? false,
    captchaResets: 0,
    engaged: false,
  }),
  initial: 'editing',
  on: {
    ENGAGE: { actions: assign({ engaged: true }) },
    CAPTCHA_PASS: {
      actions: assign({
        captchaPassed: ({ event }) => event.passed,
        errors: ({ context, event }) => (event.passed ? without(context.errors, CAPTCHA_FIELD) : context.errors),
      }),
    },
    CAPTCHA_SOLVED: {
      actions: assign({
        captchaToken: ({ event }) => event.token,
        errors: ({ context }) => without(context.errors, CAPTCHA_FIELD),
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
      // A new try: the last failure's notice goes.
      entry: assign({ engaged: true, notice: null }),
      always: [
        { guard: 'invalid', target: 'editing', actions: ['showErrors', 'refused'] },
        { guard: 'captchaAlreadyPassed', target: 'submitting', actions: assign({ errors: [] }) },
        { target: 'verifyingCaptcha', actions: assign({ errors: [] }) },
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
            actions: [
              assign({
                errors: ({ context }) => [{ field: CAPTCHA_FIELD, message: context.captchaFailedMessage }],
                focusInvalid: ({ context }) => context.focusInvalid + 1,
                captchaToken: null,
                captchaResets: ({ context }) => context.captchaResets + 1,
              }),
              'refused',
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({
              captchaToken: null,
              captchaResets: ({ context }) => context.captchaResets + 1,
              notice: ({ context }) => context.failureMessage,
            }),
            { type: 'announceFailure', params: ({ context }) => ({ message: context.failureMessage }) },
            'refused',
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
          actions: [
            assign({ sent: ({ context }) => context.values, values: ({ context }) => emptyValues(context.form), errors: [] }),
            'announceSuccess',
          ],
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
                errors: [{ field: CAPTCHA_FIELD, message: messages.completeCaptcha }],
                focusInvalid: ({ context }) => context.focusInvalid + 1,
              }),
              'forgetCaptchaPassed',
              'refused',
            ],
          },
          {
            guard: { type: 'isFieldError', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: [
              assign({
                errors: ({ event }) => [(event.error as SubmitError).fieldError],
                focusInvalid: ({ context }) => context.focusInvalid + 1,
              }),
              'refused',
            ],
          },
          {
            target: 'editing',
            actions: [
              assign({
                notice: ({ context, event }) =>
                  event.error instanceof SubmitError ? event.error.fieldError.message : context.failureMessage,
              }),
              {
                type: 'announceFailure',
                params: ({ context, event }) => ({
                  message: event.error instanceof SubmitError ? event.error.fieldError.message : context.failureMessage,
                }),
              },
              'refused',
            ],
          },
        ],
      },
    },
    succeeded: {
      on: {
        CHANGE: { target: 'editing', actions: 'applyChange' },
        SUBMIT: 'checking',
        SEND_ANOTHER: { target: 'editing', actions: assign({ sent: null, engaged: true }) },
      },
    },
  },
});

export type FormMachine = typeof formMachine;
