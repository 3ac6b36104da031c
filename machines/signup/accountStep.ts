/**
 * Step 1 of the sign-up wizard, 'Create Account' (spec §2, §4): the public forms' captcha-then-
 * submit machine (machines/kit/formMachine.ts) with the sign-up form's rules, its captcha message
 * ('CAPTCHA verification failed' without the mark) and a failure shown at the top of the step
 * (its notice) rather than as a toast. No second copy of the captcha flow: this IS formMachine,
 * given the sign-up specifics, and it tells the wizard when the account exists (ACCOUNT_CREATED,
 * with what was sent and when the first code went out).
 *
 * The wizard invokes it as 'account'; the app supplies verifyCaptcha, submitForm (POST
 * /api/auth/create, storing the token; it resolves with { sentAt }) and the session's captcha
 * pass (rememberCaptchaPassed / forgetCaptchaPassed).
 */
import { assertEvent, assign, sendParent } from 'xstate';
import { messages } from '../../src/shared/messages';
import { signupForm } from '../../src/shared/signup';
import { formMachine, type FormContext, type FormEvent, type FormInput } from '../kit/formMachine';

/** What step 1 reports to the wizard: the account exists and the first code went out at sentAt. */
export interface AccountCreated {
  type: 'ACCOUNT_CREATED';
  username: string;
  email: string;
  sentAt: number;
}

export const accountInput = (captchaPassed: boolean): FormInput => ({
  form: signupForm,
  captchaPassed,
  captchaFailedMessage: messages.signupCaptchaFailed,
  failureMessage: messages.submitFailed,
});

/**
 * Step 1's own way with a typed value: as every form (the value replaces the old one and that
 * field's message goes), and the message at the top of the step goes too (the wizard always
 * cleared it when the rider typed again; a public form keeps it until the next try).
 */
export const accountActions = {
  applyChange: assign<FormContext, FormEvent, unknown, FormEvent, never>(({ context, event }) => {
    assertEvent(event, 'CHANGE');
    return {
      values: { ...context.values, [event.field]: event.value },
      errors: context.errors.filter((e) => e.field !== event.field),
      notice: null,
    };
  }),
};

export const accountStep = formMachine.provide({
  actions: {
    ...accountActions,
    // The form's success: the wizard moves on (the values were kept in `sent` just before).
    announceSuccess: sendParent(({ context, event }) => {
      const sent = context.sent ?? {};
      const output = (event as { output?: { sentAt?: number } }).output;
      return {
        type: 'ACCOUNT_CREATED',
        username: (sent.username ?? '').trim(),
        email: (sent.email ?? '').trim().toLowerCase(),
        sentAt: output?.sentAt ?? 0,
      } satisfies AccountCreated;
    }),
    // A failure that belongs to no field shows at the top of the step (the form's notice), not as a toast.
    announceFailure: () => {},
  },
});

export type AccountStep = typeof accountStep;
