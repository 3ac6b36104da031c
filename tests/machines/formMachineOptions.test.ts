/** The form machine's options added for the account forms. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SubmitError, formMachine } from '../../machines/kit/formMachine';
import { resetPasswordForm } from '../../src/shared/accountForms';
import { messages } from '../../src/shared/messages';

function run(failureMessage: string | undefined, error: unknown) {
  const toasts: string[] = [];
  const actor = createActor(
    formMachine.provide({
      actors: { submitForm: fromPromise(() => Promise.reject(error)) },
      actions: { announceFailure: (_, params) => void toasts.push(params.message) },
    }),
    { input: { form: resetPasswordForm, captchaPassed: true, failureMessage } },
  );
  actor.start();
  actor.send({ type: 'CHANGE', field: 'newPassword', value: 'a-long-passphrase' });
  actor.send({ type: 'CHANGE', field: 'confirmPassword', value: 'a-long-passphrase' });
  actor.send({ type: 'SUBMIT' });
  return new Promise<string[]>((resolve) => setTimeout(() => resolve(toasts), 0));
}

describe('form machine options', () => {
  it("shows the form's own failure text when the server did not explain ('Something went wrong.' on reset)", async () => {
    expect(await run(messages.somethingWentWrong, new Error('offline'))).toEqual(['Something went wrong.']);
    expect(await run(undefined, new Error('offline'))).toEqual([messages.submitFailed]);
    expect(await run(messages.somethingWentWrong, new SubmitError({ field: 'alert', message: messages.resetLinkInvalid }))).toEqual([
      messages.resetLinkInvalid,
    ]);
  });

  it("checks 'Passwords do not match' across the two fields, from the shared rule", () => {
    const actor = createActor(formMachine, { input: { form: resetPasswordForm, captchaPassed: true } }).start();
    actor.send({ type: 'CHANGE', field: 'newPassword', value: 'a-long-passphrase' });
    actor.send({ type: 'CHANGE', field: 'confirmPassword', value: 'a-long-passphrasf' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual([{ field: 'confirmPassword', message: 'Passwords do not match' }]);
    actor.send({ type: 'CHANGE', field: 'newPassword', value: 'short' });
    actor.send({ type: 'SUBMIT' });
    // Both fields' messages at once.
    expect(actor.getSnapshot().context.errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 8 characters' },
      { field: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });
});
