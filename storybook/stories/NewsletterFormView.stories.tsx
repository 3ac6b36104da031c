/**
 * The newsletter form in every state its view can show (machines/kit/formView.ts). Each story's
 * view is formSnapshotToView of a real form machine snapshot, reached with the events named
 * in the story; `parameters.viewState` says which view state it shows, and
 * tests/storybook checks that every view state has a story and that the label is true.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { FormInput } from '../../machines/kit/formMachine';
import { formSnapshotToView, type FormViewState } from '../../machines/kit/formView';
import { NewsletterFormView } from '../../src/web/features/newsletter/NewsletterFormView';
import { newsletterForm } from '../../src/shared/forms';
import { messages } from '../../src/shared/messages';
import { on, snapshotAfter, type StoryEvent } from '../support/formSnapshots';

const VALID_EMAIL = 'rider@example.com';
const freshSession: FormInput = { form: newsletterForm, captchaPassed: false };
const captchaPassed: FormInput = { form: newsletterForm, captchaPassed: true };

const meta = {
  title: 'Forms/Newsletter',
  component: NewsletterFormView,
  args: { send: fn() },
  argTypes: { view: { control: false } },
} satisfies Meta<typeof NewsletterFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A story of the view after `events`, labelled with the view state it shows and its key texts;
 * captchaSolved tells the stand-in widget to show the token the snapshot holds.
 */
function after(
  viewState: FormViewState,
  input: FormInput,
  events: readonly StoryEvent[],
  keyText: readonly string[],
  parameters: Record<string, unknown> = {},
): Story {
  const snapshot = snapshotAfter(input, events);
  return {
    args: { view: formSnapshotToView(snapshot) },
    parameters: { viewState, keyText, captchaSolved: snapshot.context.captchaToken !== null, ...parameters },
  };
}

/** As the page opens: nothing typed, no captcha loaded yet (DESIGN.md §8). */
export const Editing = after('editing', freshSession, [], ['Subscribe']);

/** In use: the captcha widget is shown under the field. */
export const EditingEngaged = after('editing', freshSession, [on.engage, on.type('email', VALID_EMAIL)], [
  'Subscribe',
  'I am human',
]);

export const Invalid = after('invalid', freshSession, [on.type('email', 'not-an-email'), on.submit], [
  messages.invalidEmail,
]);

export const InvalidEmpty = after('invalid', freshSession, [on.submit], [messages.fillEmailField]);

export const InvalidCaptchaMissing = after('invalid', freshSession, [on.type('email', VALID_EMAIL), on.submit], [
  messages.completeCaptcha,
]);

export const InvalidCaptchaRejected = after(
  'invalid',
  freshSession,
  [on.type('email', VALID_EMAIL), on.solveCaptcha, on.submit, on.captchaAnswered(false)],
  [messages.captchaFailed],
);

/** The server refused the address (captcha already passed in this session). */
export const InvalidServerFieldError = after(
  'invalid',
  captchaPassed,
  [on.type('email', VALID_EMAIL), on.submit, on.submitRejected('email', messages.invalidEmail)],
  [messages.invalidEmail],
);

export const VerifyingCaptcha = after(
  'verifyingCaptcha',
  freshSession,
  [on.type('email', VALID_EMAIL), on.solveCaptcha, on.submit],
  [messages.submitting],
);

export const Submitting = after('submitting', captchaPassed, [on.type('email', VALID_EMAIL), on.submit], [
  messages.submitting,
]);

/** Sent: the form gives way to what happens next, with a way to subscribe another address. */
export const Succeeded = after(
  'succeeded',
  captchaPassed,
  [on.type('email', VALID_EMAIL), on.submit, on.submitted({ message: messages.subscribed })],
  [messages.confirmNewsletterHeading, messages.confirmNewsletterText(VALID_EMAIL), messages.confirmNewsletterAgain],
  { confirmation: messages.confirmNewsletterHeading },
);

/** The session's pass arrived from another form of the page: no widget, no kept place. */
export const EditingPassedElsewhere = after(
  'editing',
  freshSession,
  [on.engage, on.type('email', VALID_EMAIL), { type: 'CAPTCHA_PASS', passed: true }],
  ['Subscribe'],
);
