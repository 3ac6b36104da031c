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

const NAME_MAX = 120;
const PHONE_MAX = 20;
const MESSAGE_MAX = 4000;
const COMPANY_MAX = 160;
const FEATURES_MAX = 2000;

/** Quick Enquiry (home) and Get Quote (contact): spec §3 'Enquiry/quote', §5. */
export const enquiryForm = defineForm('enquiry', {
  name: field({ rules: [required(messages.requiredFields)], maxLength: NAME_MAX, required: true }),
  email: field({
    rules: [required(messages.requiredFields), email(messages.invalidEmail)],
    maxLength: EMAIL_MAX,
    required: true,
  }),
  phone: field({ maxLength: PHONE_MAX }),
  message: field({ rules: [required(messages.requiredFields)], maxLength: MESSAGE_MAX, required: true }),
});

/** Company waitlist: spec §3 'Waitlist entry', §5 (the captcha is asked for first). */
export const waitlistForm = defineForm('waitlist', {
  companyName: field({ rules: [required(messages.requiredFields)], maxLength: COMPANY_MAX, required: true }),
  email: field({
    rules: [required(messages.requiredFields), email(messages.invalidEmail)],
    maxLength: EMAIL_MAX,
    required: true,
  }),
  features: field({ maxLength: FEATURES_MAX }),
});
