/** Every public form's fields and rules (spec §5), shared by browser and server. */
import { messages } from './messages';
import { defineForm, email, field, required } from './validation';

export const EMAIL_MAX = 254;

export const newsletterForm = defineForm('newsletter', {
  email: field({
    rules: [required(messages.fillEmailField), email(messages.invalidEmail)],
    maxLength: EMAIL_MAX,
    required: true,
  }),
});
