/** The newsletter form as a pure view of the form machine's snapshot (used by stories and tests). */
import { newsletterForm } from '../../../shared/forms';
import { messages } from '../../../shared/messages';
import { MachineFormView, type FormViewProps } from '../../kit/forms/MachineFormView';

export type { FormViewProps };

const fields = [{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' }] as const;

export function NewsletterFormView({ view, send }: FormViewProps) {
  return (
    <MachineFormView
      id="newsletter"
      title="Subscribe to our newsletter"
      intro="Delivery tips for Lagos businesses and new work for riders, about once a month."
      form={newsletterForm}
      fields={fields}
      submitLabel="Subscribe"
      confirmation={(sent) => ({
        heading: messages.confirmNewsletterHeading,
        text: messages.confirmNewsletterText(sent.email ?? ''),
        again: messages.confirmNewsletterAgain,
      })}
      view={view}
      send={send}
    />
  );
}
