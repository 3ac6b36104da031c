/** The company waitlist (spec §2, §5): the captcha is asked for first. */
import { waitlistForm } from '../../../shared/forms';
import { messages } from '../../../shared/messages';
import { waitlistApi } from '../../kit/http/client';
import { MachineFormView, type FormViewProps } from '../../kit/forms/MachineFormView';
import { useFormMachine } from '../../kit/forms/useFormMachine';

const fields = [
  { name: 'companyName', label: 'Company name', autoComplete: 'organization' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'features', label: 'What would you like to see?', multiline: true },
] as const;

export function WaitlistFormView({ view, send }: FormViewProps) {
  return (
    <MachineFormView
      id="waitlist"
      title="Join the waitlist"
      headingLevel="h2"
      intro="Companies will soon browse rider profiles, ratings and work histories. Join the waitlist and we will tell you first."
      form={waitlistForm}
      fields={fields}
      submitLabel="Join the waitlist"
      captchaFirst
      confirmation={(sent) => ({
        heading: messages.confirmWaitlistHeading,
        text: messages.confirmWaitlistText(sent.email ?? ''),
        again: messages.confirmWaitlistAgain,
      })}
      view={view}
      send={send}
    />
  );
}

export function WaitlistForm() {
  const { view, send } = useFormMachine({
    form: waitlistForm,
    submit: (values) =>
      waitlistApi.join({
        companyName: values.companyName ?? '',
        email: values.email ?? '',
        features: values.features ?? '',
      }),
    successMessage: messages.waitlisted,
    captchaFirst: true,
  });
  return <WaitlistFormView view={view} send={send} />;
}
