/**
 * The Login screen's form in every state its view can show (machines/kit/formView.ts), each from a
 * real form machine snapshot reached with the events named in the story. `parameters.viewState`
 * says which state it shows; `parameters.formShape` tells the story test the form's button and
 * fields (tests/storybook).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SubmitError, type FormInput } from '../../machines/kit/formMachine';
import { formSnapshotToView, type FormViewState } from '../../machines/kit/formView';
import { LoginFormView } from '../../src/web/features/auth/LoginFormView';
import { loginForm } from '../../src/shared/accountForms';
import { messages } from '../../src/shared/messages';
import { on, snapshotAfter, type StoryEvent } from '../support/formSnapshots';
import { withRouter } from '../support/StoryRouter';

const freshSession: FormInput = { form: loginForm, captchaPassed: false };
const captchaPassed: FormInput = { form: loginForm, captchaPassed: true };
const formShape = {
  submit: 'Login',
  notice: true,
  fields: [
    ['user_type', 'Login type'],
    ['email', 'Email'],
    ['password', 'Password'],
  ],
};
const filled: StoryEvent[] = [on.type('user_type', '1'), on.type('email', 'ade@example.com'), on.type('password', 'ogba-rides-at-dawn')];

const meta = {
  title: 'Accounts/Login',
  component: LoginFormView,
  decorators: [withRouter],
  args: { send: fn(), googleSignIn: true },
  argTypes: { view: { control: false } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoginFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

function after(
  viewState: FormViewState,
  input: FormInput,
  events: readonly StoryEvent[],
  keyText: readonly string[],
  extra: { googleSignIn?: boolean | null } = {},
): Story {
  const snapshot = snapshotAfter(input, events);
  return {
    args: { view: formSnapshotToView(snapshot), ...extra },
    parameters: { viewState, keyText, formShape, captchaSolved: snapshot.context.captchaToken !== null },
  };
}

/** As the page opens: the captcha's place is kept, its script not loaded yet. */
export const Editing = after('editing', freshSession, [], ['Login', 'Continue with Google', 'Forgot password?', 'Register here']);

/** In use: the captcha widget is shown above Login. */
export const EditingEngaged = after('editing', freshSession, [on.engage, ...filled], ['I am human']);

/** Without GOOGLE_CLIENT_ID: no Google button and no "or"; e-mail and password only. */
export const GoogleSignInOff = after('editing', freshSession, [], ['Login', 'Forgot password?', 'Register here'], { googleSignIn: false });

/** An empty form says 'This field is required' under every field at once, and asks for the captcha. */
export const InvalidEmptyType = after('invalid', freshSession, [on.submit], [messages.fieldRequired, messages.completeCaptcha]);

export const InvalidEmptyPassword = after('invalid', freshSession, [on.type('user_type', '1'), on.type('email', 'ade@example.com'), on.submit], [
  messages.fieldRequired,
]);

export const InvalidEmail = after('invalid', freshSession, [on.type('user_type', '1'), on.type('email', 'ade'), on.submit], [messages.invalidEmail]);

export const InvalidCaptchaMissing = after('invalid', freshSession, [...filled, on.submit], [messages.completeCaptcha]);

export const InvalidCaptchaRejected = after(
  'invalid',
  freshSession,
  [...filled, on.solveCaptcha, on.submit, on.captchaAnswered(false)],
  [messages.captchaFailed],
);

/** A server error with a field shows under it ('alert' errors are toasts, outside the form). */
export const InvalidServerFieldError = after(
  'invalid',
  captchaPassed,
  [...filled, on.submit, { type: 'xstate.error.actor.submitForm', error: new SubmitError({ field: 'email', message: messages.invalidEmail }) }],
  [messages.invalidEmail],
);

/** A failed login's message stays in the page (besides the toast) until the next try. */
export const FailedLoginNotice = after(
  'editing',
  captchaPassed,
  [...filled, on.submit, { type: 'xstate.error.actor.submitForm', error: new SubmitError({ field: 'alert', message: messages.invalidCredentials }) }],
  [messages.invalidCredentials],
);

export const VerifyingCaptcha = after('verifyingCaptcha', freshSession, [...filled, on.solveCaptcha, on.submit], [messages.submitting]);

export const Submitting = after('submitting', captchaPassed, [...filled, on.submit], [messages.submitting]);

/** Signed in: the page moves on to the dashboard right after this. */
export const Succeeded = after('succeeded', captchaPassed, [...filled, on.submit, on.submitted(null)], ['Login']);
