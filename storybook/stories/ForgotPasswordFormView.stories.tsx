/** Forgot Password in every state its view can show (no captcha: it never verifies one). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { FormInput } from '../../machines/kit/formMachine';
import { formSnapshotToView, type FormViewState } from '../../machines/kit/formView';
import { ForgotPasswordFormView } from '../../src/web/features/auth/ForgotPasswordFormView';
import { forgotPasswordForm } from '../../src/shared/accountForms';
import { messages } from '../../src/shared/messages';
import { on, snapshotAfter, type StoryEvent } from '../support/formSnapshots';
import { withRouter } from '../support/StoryRouter';

/** A form without a captcha runs as if it had been passed (useFormMachine's captcha: false). */
const input: FormInput = { form: forgotPasswordForm, captchaPassed: true };
const formShape = { submit: 'Send Reset Link', fields: [['email', 'Email']] };

const meta = {
  title: 'Accounts/Forgot password',
  component: ForgotPasswordFormView,
  decorators: [withRouter],
  args: { send: fn() },
  argTypes: { view: { control: false } },
} satisfies Meta<typeof ForgotPasswordFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

const after = (viewState: FormViewState, events: readonly StoryEvent[], keyText: readonly string[]): Story => ({
  args: { view: formSnapshotToView(snapshotAfter(input, events)) },
  parameters: { viewState, keyText, formShape },
});

export const Editing = after('editing', [], ['Forgot Password', 'Send Reset Link', 'Back to Login']);
export const InvalidEmpty = after('invalid', [on.submit], [messages.emailIsRequired]);
export const InvalidEmail = after('invalid', [on.type('email', 'ade@'), on.submit], [messages.invalidEmail]);
export const Submitting = after('submitting', [on.type('email', 'ade@example.com'), on.submit], [messages.submitting]);
export const Succeeded = after(
  'succeeded',
  [on.type('email', 'ade@example.com'), on.submit, on.submitted({ message: messages.resetLinkSent })],
  [messages.resetLinkSent],
);
