/**
 * The Quick Enquiry, the Get Quote and the company waitlist forms in the states issues 9 and 13
 * added (the states they share with the newsletter form are in NewsletterFormView.stories):
 * every field's message at once, and the confirmation that replaces a sent form. Each view is
 * formSnapshotToView of a real form machine snapshot reached with the events named.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { FormInput } from '../../machines/formMachine';
import { formSnapshotToView, type FormViewState } from '../../machines/formView';
import { enquiryForm, waitlistForm } from '../../src/shared/forms';
import { messages } from '../../src/shared/messages';
import { EnquiryFormView } from '../../src/web/features/enquiries/EnquiryForm';
import { WaitlistFormView } from '../../src/web/features/waitlist/WaitlistForm';
import { on, snapshotAfter, type StoryEvent } from '../support/formSnapshots';

const EMAIL = 'bola@example.com';
const enquiryShape = {
  fields: [
    ['name', 'Name'],
    ['email', 'Email'],
    ['phone', /^Phone/],
    ['message', 'Message'],
  ],
};
const waitlistShape = {
  submit: 'Join the waitlist',
  captchaFirst: true,
  fields: [
    ['companyName', 'Company name'],
    ['email', 'Email'],
    ['features', /What would you like to see/],
  ],
};
const filledEnquiry: StoryEvent[] = [on.type('name', 'Bola'), on.type('email', EMAIL), on.type('message', 'Two parcels to Lekki')];

/** A form story: the view after `events`, the view state it shows and the texts it must show. */
function story(
  viewState: FormViewState,
  input: FormInput,
  events: readonly StoryEvent[],
  keyText: readonly string[],
  parameters: Record<string, unknown>,
) {
  const snapshot = snapshotAfter(input, events);
  return {
    args: { view: formSnapshotToView(snapshot) },
    parameters: { viewState, keyText, captchaSolved: snapshot.context.captchaToken !== null, ...parameters },
  };
}

const meta = {
  title: 'Forms/Enquiry, quote and waitlist',
  component: EnquiryFormView,
  args: { send: fn(), kind: 'enquiry' },
  argTypes: { view: { control: false } },
} satisfies Meta<typeof EnquiryFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Issue 9: an empty Quick Enquiry says so under each required field at once, and asks for the captcha. */
export const EnquiryInvalidEveryField: Story = story('invalid', { form: enquiryForm, captchaPassed: false }, [on.submit], [messages.requiredFields, messages.completeCaptcha], {
  formShape: { ...enquiryShape, submit: 'Send enquiry' },
});

/** Issue 13: the sent enquiry gives way to what happens next. */
export const EnquirySucceeded: Story = story(
  'succeeded',
  { form: enquiryForm, captchaPassed: true },
  [...filledEnquiry, on.submit, on.submitted({ message: messages.messageSent })],
  [messages.confirmEnquiryHeading, messages.confirmEnquiryText(EMAIL), messages.confirmEnquiryAgain],
  { confirmation: messages.confirmEnquiryHeading },
);

/** Issue 13: the same on Contact Us, for a quote. */
export const QuoteSucceeded: Story = {
  ...story(
    'succeeded',
    { form: enquiryForm, captchaPassed: true },
    [...filledEnquiry, on.submit, on.submitted({ message: messages.messageSent })],
    [messages.confirmQuoteHeading, messages.confirmQuoteText(EMAIL), messages.confirmQuoteAgain],
    { confirmation: messages.confirmQuoteHeading },
  ),
  args: {
    ...story('succeeded', { form: enquiryForm, captchaPassed: true }, [...filledEnquiry, on.submit, on.submitted({})], [], {}).args,
    kind: 'quote',
  },
};

/** Issue 9: the waitlist asks for the captcha first, and says what else is missing at the same time. */
export const WaitlistInvalidEveryField: Story = {
  ...story('invalid', { form: waitlistForm, captchaPassed: false, captchaFirst: true }, [on.submit], [messages.completeCaptcha, messages.requiredFields], {
    formShape: waitlistShape,
  }),
  render: (args) => <WaitlistFormView view={args.view} send={args.send} />,
};

/** Issue 13: on the waitlist. */
export const WaitlistSucceeded: Story = {
  ...story(
    'succeeded',
    { form: waitlistForm, captchaPassed: true, captchaFirst: true },
    [on.type('companyName', 'Ogba Foods'), on.type('email', EMAIL), on.submit, on.submitted({ message: messages.waitlisted })],
    [messages.confirmWaitlistHeading, messages.confirmWaitlistText(EMAIL), messages.confirmWaitlistAgain],
    { confirmation: messages.confirmWaitlistHeading },
  ),
  render: (args) => <WaitlistFormView view={args.view} send={args.send} />,
};
