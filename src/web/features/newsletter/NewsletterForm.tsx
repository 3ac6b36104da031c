import { newsletterForm } from '../../../shared/forms';
import { messages } from '../../../shared/messages';
import { newsletterApi } from '../../api/client';
import { useFormMachine } from '../../forms/useFormMachine';
import { NewsletterFormView } from './NewsletterFormView';

export function NewsletterForm() {
  const { view, send } = useFormMachine({
    form: newsletterForm,
    submit: (values) => newsletterApi.subscribe({ email: values.email ?? '' }),
    successMessage: messages.subscribed,
  });
  return <NewsletterFormView view={view} send={send} />;
}
