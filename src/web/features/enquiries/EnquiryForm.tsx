/** Quick Enquiry (home) and Get Quote (contact us): one form machine, two kinds (spec §2). */
import { useEffect } from 'react';
import { enquiryForm } from '../../../shared/forms';
import { messages } from '../../../shared/messages';
import { enquiriesApi, type EnquiryKind } from '../../kit/http/client';
import type { Confirmation } from '../../kit/forms/FormConfirmation';
import { MachineFormView, type FormViewProps } from '../../kit/forms/MachineFormView';
import { useFormMachine } from '../../kit/forms/useFormMachine';

const fields = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'message', label: 'Message', multiline: true },
] as const;

const copy: Record<EnquiryKind, { title: string; intro: string; submit: string; confirmation: (sent: Record<string, string>) => Confirmation }> = {
  enquiry: {
    title: 'Quick Enquiry',
    intro: 'Ask us anything about pickups, deliveries or riding with us. We answer within one working day.',
    submit: 'Send enquiry',
    confirmation: (sent) => ({
      heading: messages.confirmEnquiryHeading,
      text: messages.confirmEnquiryText(sent.email ?? ''),
      again: messages.confirmEnquiryAgain,
    }),
  },
  quote: {
    title: 'Get Quote',
    intro: 'Tell us what you are sending, from where to where, and how often. We reply with a price.',
    submit: 'Get quote',
    confirmation: (sent) => ({
      heading: messages.confirmQuoteHeading,
      text: messages.confirmQuoteText(sent.email ?? ''),
      again: messages.confirmQuoteAgain,
    }),
  },
};

export function EnquiryFormView({ kind, view, send }: FormViewProps & { kind: EnquiryKind }) {
  const text = copy[kind];
  return (
    <MachineFormView
      id={kind}
      title={text.title}
      intro={text.intro}
      form={enquiryForm}
      fields={fields}
      submitLabel={text.submit}
      confirmation={text.confirmation}
      view={view}
      send={send}
    />
  );
}

/**
 * `prefillMessage`: a message to start from (the quote asked from a rider's public page:
 * "I would like to hire rider USERNAME"), typed in after hydration so the prerendered HTML matches.
 */
export function EnquiryForm({ kind, prefillMessage }: { kind: EnquiryKind; prefillMessage?: string | null }) {
  const { view, send } = useFormMachine({
    form: enquiryForm,
    submit: (values) =>
      enquiriesApi.send(kind, {
        name: values.name ?? '',
        email: values.email ?? '',
        phone: values.phone ?? '',
        message: values.message ?? '',
      }),
    successMessage: messages.messageSent,
  });
  useEffect(() => {
    if (prefillMessage) send({ type: 'CHANGE', field: 'message', value: prefillMessage });
  }, [prefillMessage, send]);
  return <EnquiryFormView kind={kind} view={view} send={send} />;
}
