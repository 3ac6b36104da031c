/**
 * The Quick Enquiry, the Get Quote and the company waitlist forms in each state:
 * idle, in use with the captcha, every field's message at once, the captcha refused, verifying
 * the captcha, submitting, failed (the request went wrong: the values stay, the toast says so)
 * and the confirmation that replaces a sent form. Each view is formSnapshotToView of a real form
 * machine snapshot reached with the events named; `parameters.publicForm` names the form and the
 * state, and tests/storybook/everyStateHasAStory.test.tsx fails when one has no story.
 */
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { toast as sonnerToast } from 'sonner';
import { fn } from 'storybook/test';
import type { FormInput } from '../../machines/kit/formMachine';
import { formSnapshotToView, type FormViewState } from '../../machines/kit/formView';
import { enquiryForm, waitlistForm } from '../../src/shared/forms';
import { messages } from '../../src/shared/messages';
import { toast } from '../../src/web/kit/components/toast';
import { Toasts } from '../../src/web/kit/components/Toasts';
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

/** An empty Quick Enquiry says so under each required field at once, and asks for the captcha. */
export const EnquiryInvalidEveryField: Story = story('invalid', { form: enquiryForm, captchaPassed: false }, [on.submit], [messages.requiredFields, messages.completeCaptcha], {
  formShape: { ...enquiryShape, submit: 'Send enquiry' },
  publicForm: { form: 'enquiry', state: 'fieldErrors' },
});

/** The sent enquiry gives way to what happens next. */
export const EnquirySucceeded: Story = story(
  'succeeded',
  { form: enquiryForm, captchaPassed: true },
  [...filledEnquiry, on.submit, on.submitted({ message: messages.messageSent })],
  [messages.confirmEnquiryHeading, messages.confirmEnquiryText(EMAIL), messages.confirmEnquiryAgain],
  { confirmation: messages.confirmEnquiryHeading, publicForm: { form: 'enquiry', state: 'succeeded' } },
);

/** The same on Contact Us, for a quote. */
export const QuoteSucceeded: Story = {
  ...story(
    'succeeded',
    { form: enquiryForm, captchaPassed: true },
    [...filledEnquiry, on.submit, on.submitted({ message: messages.messageSent })],
    [messages.confirmQuoteHeading, messages.confirmQuoteText(EMAIL), messages.confirmQuoteAgain],
    { confirmation: messages.confirmQuoteHeading, publicForm: { form: 'quote', state: 'succeeded' } },
  ),
  args: {
    ...story('succeeded', { form: enquiryForm, captchaPassed: true }, [...filledEnquiry, on.submit, on.submitted({})], [], {}).args,
    kind: 'quote',
  },
};

/** The waitlist asks for the captcha first, and says what else is missing at the same time. */
export const WaitlistInvalidEveryField: Story = {
  ...story('invalid', { form: waitlistForm, captchaPassed: false, captchaFirst: true }, [on.submit], [messages.completeCaptcha, messages.requiredFields], {
    formShape: waitlistShape,
    publicForm: { form: 'waitlist', state: 'fieldErrors' },
  }),
  render: (args) => <WaitlistFormView view={args.view} send={args.send} />,
};

/** On the waitlist. */
export const WaitlistSucceeded: Story = {
  ...story(
    'succeeded',
    { form: waitlistForm, captchaPassed: true, captchaFirst: true },
    [on.type('companyName', 'Ogba Foods'), on.type('email', EMAIL), on.submit, on.submitted({ message: messages.waitlisted })],
    [messages.confirmWaitlistHeading, messages.confirmWaitlistText(EMAIL), messages.confirmWaitlistAgain],
    { confirmation: messages.confirmWaitlistHeading, publicForm: { form: 'waitlist', state: 'succeeded' } },
  ),
  render: (args) => <WaitlistFormView view={args.view} send={args.send} />,
};

// ---- Every other state of the three forms

/** The states a designer reviews for each public form (the test's list is in everyStateHasAStory.test.tsx). */
type PublicFormState = 'idle' | 'captcha' | 'fieldErrors' | 'captchaRefused' | 'verifyingCaptcha' | 'submitting' | 'failed' | 'succeeded';
type PublicForm = 'enquiry' | 'quote' | 'waitlist';

const fresh = (form: PublicForm): FormInput =>
  form === 'waitlist' ? { form: waitlistForm, captchaPassed: false, captchaFirst: true } : { form: enquiryForm, captchaPassed: false };
const passed = (form: PublicForm): FormInput => ({ ...fresh(form), captchaPassed: true });
const filled = (form: PublicForm): StoryEvent[] =>
  form === 'waitlist' ? [on.type('companyName', 'Ogba Foods'), on.type('email', EMAIL), on.type('features', 'Riders who take cash on delivery')] : filledEnquiry;
const submitLabel: Record<PublicForm, string> = { enquiry: 'Send enquiry', quote: 'Get quote', waitlist: 'Join the waitlist' };
const shapeOf = (form: PublicForm) => (form === 'waitlist' ? waitlistShape : { ...enquiryShape, submit: submitLabel[form] });

/** A failed request says so in a toast, as useFormMachine does with the machine's notice. */
function FailureToast({ message }: { message: string }) {
  useEffect(() => {
    toast.error(message);
    return () => {
      sonnerToast.dismiss();
    };
  }, [message]);
  return <Toasts />;
}
const withFailureToast =
  (message: string): Decorator =>
  (Story) => (
    <>
      <Story />
      <FailureToast message={message} />
    </>
  );

function formStory(form: PublicForm, state: PublicFormState, viewState: FormViewState, input: FormInput, events: readonly StoryEvent[], keyText: readonly string[]): Story {
  const made = story(viewState, input, events, keyText, { formShape: shapeOf(form), publicForm: { form, state } });
  if (form === 'waitlist') return { ...made, render: (args) => <WaitlistFormView view={args.view} send={args.send} /> };
  return { ...made, args: { ...made.args, kind: form } };
}

function statesOf(form: PublicForm) {
  const title = form === 'enquiry' ? 'Quick Enquiry' : form === 'quote' ? 'Get Quote' : submitLabel.waitlist;
  return {
    /** As the page opens: nothing typed, the captcha's place kept (DESIGN.md §8). */
    idle: formStory(form, 'idle', 'editing', fresh(form), [], [title, submitLabel[form]]),
    /** In use: the captcha widget is shown. */
    captcha: formStory(form, 'captcha', 'editing', fresh(form), [on.engage, ...filled(form)], [submitLabel[form], 'I am human']),
    /** The captcha passed and sent, and hCaptcha's server refused it. */
    captchaRefused: formStory(
      form,
      'captchaRefused',
      'invalid',
      fresh(form),
      [...filled(form), on.solveCaptcha, on.submit, on.captchaAnswered(false)],
      [messages.captchaFailed],
    ),
    verifyingCaptcha: formStory(form, 'verifyingCaptcha', 'verifyingCaptcha', fresh(form), [...filled(form), on.solveCaptcha, on.submit], [messages.submitting]),
    /** The captcha was passed earlier in the session: straight to the send. */
    submitting: formStory(form, 'submitting', 'submitting', passed(form), [...filled(form), on.submit], [messages.submitting]),
    /** The request failed (offline, the server down): the values stay for another try, and a toast says so. */
    failed: {
      ...formStory(form, 'failed', 'editing', passed(form), [...filled(form), on.submit, on.submitFailed()], [messages.submitFailed]),
      decorators: [withFailureToast(messages.submitFailed)],
    },
  };
}

const enquiry = statesOf('enquiry');
export const EnquiryIdle = enquiry.idle;
export const EnquiryCaptcha = enquiry.captcha;
export const EnquiryCaptchaRefused = enquiry.captchaRefused;
export const EnquiryVerifyingCaptcha = enquiry.verifyingCaptcha;
export const EnquirySubmitting = enquiry.submitting;
export const EnquiryFailed = enquiry.failed;

const quote = statesOf('quote');
export const QuoteIdle = quote.idle;
export const QuoteCaptcha = quote.captcha;
/** Every field's message at once, and the captcha asked for. */
export const QuoteInvalidEveryField = formStory('quote', 'fieldErrors', 'invalid', fresh('quote'), [on.submit], [messages.requiredFields, messages.completeCaptcha]);
export const QuoteCaptchaRefused = quote.captchaRefused;
export const QuoteVerifyingCaptcha = quote.verifyingCaptcha;
export const QuoteSubmitting = quote.submitting;
export const QuoteFailed = quote.failed;

const waitlist = statesOf('waitlist');
export const WaitlistIdle = waitlist.idle;
export const WaitlistCaptcha = waitlist.captcha;
export const WaitlistCaptchaRefused = waitlist.captchaRefused;
export const WaitlistVerifyingCaptcha = waitlist.verifyingCaptcha;
export const WaitlistSubmitting = waitlist.submitting;
export const WaitlistFailed = waitlist.failed;
