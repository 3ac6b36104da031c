/** Reset Password in every state its view can show (no captcha: it never verifies one). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { FormInput } from '../../machines/kit/formMachine';
import { formSnapshotToView, type FormViewState } from '../../machines/kit/formView';
import { ResetPasswordFormView } from '../../src/web/features/auth/ResetPasswordFormView';
import { resetPasswordForm } from '../../src/shared/accountForms';
import { messages } from '../../src/shared/messages';
import { on, snapshotAfter, type StoryEvent } from '../support/formSnapshots';

const input: FormInput = { form: resetPasswordForm, captchaPassed: true, failureMessage: messages.somethingWentWrong };
const formShape = {
  submit: 'Reset Password',
  fields: [
    ['newPassword', 'New Password'],
    ['confirmPassword', 'Confirm Password'],
  ],
};
const PASSPHRASE = 'a-new-lagos-passphrase';

const meta = {
  title: 'Accounts/Reset password',
  component: ResetPasswordFormView,
  args: { send: fn() },
  argTypes: { view: { control: false } },
} satisfies Meta<typeof ResetPasswordFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

const after = (viewState: FormViewState, events: readonly StoryEvent[], keyText: readonly string[]): Story => ({
  args: { view: formSnapshotToView(snapshotAfter(input, events)) },
  parameters: { viewState, keyText, formShape },
});

export const Editing = after('editing', [], ['Reset Password', 'New Password', 'Confirm Password']);
export const InvalidTooShort = after('invalid', [on.type('newPassword', 'short'), on.submit], [messages.passwordTooShort]);
export const InvalidMismatch = after(
  'invalid',
  [on.type('newPassword', PASSPHRASE), on.type('confirmPassword', `${PASSPHRASE}!`), on.submit],
  [messages.passwordsDoNotMatch],
);
/** The server refused a common password: its message under New Password. */
export const InvalidCommonPassword = after(
  'invalid',
  [
    on.type('newPassword', 'password1'),
    on.type('confirmPassword', 'password1'),
    on.submit,
    on.submitRejected('newPassword', messages.passwordTooCommon),
  ],
  [messages.passwordTooCommon],
);
export const Submitting = after(
  'submitting',
  [on.type('newPassword', PASSPHRASE), on.type('confirmPassword', PASSPHRASE), on.submit],
  [messages.submitting],
);
export const Succeeded = after(
  'succeeded',
  [on.type('newPassword', PASSPHRASE), on.type('confirmPassword', PASSPHRASE), on.submit, on.submitted({ message: messages.passwordReset })],
  [messages.passwordReset],
);
