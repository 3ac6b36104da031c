import { newsletterForm } from '../../../shared/forms';
import { messages } from '../../../shared/messages';
import { newsletterApi } from '../../kit/http/client';
import { useFormMachine, type UseFormMachineOptions } from '../../kit/forms/useFormMachine';
import { NewsletterFormView } from './NewsletterFormView';

export function NewsletterForm({ inspect }: Pick<UseFormMachineOptions, 'inspect'> = {}) {
  const { view, send } = useFormMachine({
    form: newsletterForm,
    inspect,
    submit: (values) => newsletterApi.subscribe({ email: values.email ?? '' }),
    successMessage: messages.subscribed,
  });
  return <NewsletterFormView view={view} send={send} />;
}
