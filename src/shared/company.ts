/**
 * The company side's accounts: the invited sign-up, the company profile, the
 * password change and the deletion. Each field's rule is defined here once and used by the
 * browser (the sign-up machine, the account page) and by the API's first check. The server adds
 * what the browser cannot check: the invitation is live, the e-mail is free, the password is not
 * a common one, the state and area are in the location data.
 */
import { newPasswordField, PASSWORD_MAX } from './accountForms';
import { EMAIL_MAX } from './forms';
import { PLACE_NAME_MAX } from './locations';
import { messages } from './messages';
import { COMPANY_CONTACT_MAX, COMPANY_NAME_MAX } from './profile';
import { nigerianPhone, PHONE_INPUT_MAX } from './phone';
import { defineForm, email, field, notSameAsAny, required, type Rule } from './validation';

/** An invitation token is 43 characters; anything longer is not one. */
const INVITE_TOKEN_MAX = 64;
const COMPANY_ADDRESS_MAX = 200;
const CAC_INPUT_MAX = 20;

/**
 * A CAC registration number as people write it: RC or BN, then the digits, with or without a
 * space, dash or dot between ("rc 123456", "BN-1234567"). Returns the one stored form,
 * "RC123456", or null when it is not one.
 */
export function normaliseCac(value: string): string | null {
  const match = /^(RC|BN)[\s.\-/]*(\d{1,9})$/i.exec(value.trim());
  return match ? `${match[1]!.toUpperCase()}${match[2]}` : null;
}

export const cacNumber =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' || normaliseCac(value) !== null ? null : message;

const companyNameField = field({ rules: [required(messages.fieldRequired)], maxLength: COMPANY_NAME_MAX, required: true });
const contactPersonField = field({ rules: [required(messages.fieldRequired)], maxLength: COMPANY_CONTACT_MAX, required: true });
const phoneField = field({
  rules: [required(messages.fieldRequired), nigerianPhone(messages.invalidPhone)],
  maxLength: PHONE_INPUT_MAX,
  required: true,
});
const addressField = field({ rules: [required(messages.companyAddressRequired)], maxLength: COMPANY_ADDRESS_MAX, required: true });
const stateField = field({ rules: [required(messages.selectState)], maxLength: PLACE_NAME_MAX, required: true });
const townField = field({ rules: [required(messages.selectTown)], maxLength: PLACE_NAME_MAX, required: true });
const cacField = field({ rules: [cacNumber(messages.companyCacInvalid)], maxLength: CAC_INPUT_MAX });

/** POST /api/companies/signup: the invited company's account (the logo follows, uploaded apart). */
export const companySignupForm = defineForm('companySignup', {
  invite: field({ rules: [required(messages.invitationInvalid)], maxLength: INVITE_TOKEN_MAX, required: true }),
  company_name: companyNameField,
  contact_person: contactPersonField,
  email: field({
    rules: [required(messages.fieldRequired), email(messages.invalidEmail)],
    maxLength: EMAIL_MAX,
    required: true,
  }),
  phone: phoneField,
  // Not the e-mail nor its part before the @, in the browser too.
  password: { ...newPasswordField, rules: [...newPasswordField.rules, notSameAsAny(['email'], messages.passwordIsIdentity)] },
  address: addressField,
  state: stateField,
  town: townField,
  cac_number: cacField,
});

/** The fields the company types (the invitation comes from the link). */
export const COMPANY_SIGNUP_FIELDS = [
  'company_name',
  'contact_person',
  'email',
  'phone',
  'password',
  'address',
  'state',
  'town',
  'cac_number',
] as const;

/** PUT /api/companies/me: the company profile on the account page. */
export const companyProfileForm = defineForm('companyProfile', {
  company_name: companyNameField,
  contact_person: contactPersonField,
  phone: phoneField,
  address: addressField,
  state: stateField,
  town: townField,
  cac_number: cacField,
});

/** PUT /api/companies/me/password. */
export const companyPasswordForm = defineForm('companyPassword', {
  current_password: field({ rules: [required(messages.fieldRequired)], maxLength: PASSWORD_MAX, required: true }),
  new_password: newPasswordField,
});

/** DELETE /api/companies/me {password}. */
export const companyDeleteForm = defineForm('companyDelete', {
  password: field({ rules: [required(messages.passwordToConfirm)], maxLength: PASSWORD_MAX, required: true }),
});

// ---------------------------------------------------------------------------------------------
// The logo: small, public, re-encoded by the server (no metadata).

export const COMPANY_LOGO_MAX_BYTES = 2 * 1024 * 1024;
const COMPANY_LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const COMPANY_LOGO_ACCEPT = COMPANY_LOGO_TYPES.join(',');

/** The browser's first look at a chosen logo (the server judges the bytes). */
export function checkLogoFile(file: { type: string; size: number }): string | null {
  if (!(COMPANY_LOGO_TYPES as readonly string[]).includes(file.type)) return messages.imageType;
  if (file.size > COMPANY_LOGO_MAX_BYTES) return messages.companyLogoTooLarge;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Answers.

/** GET /api/companies/me (and the profile in every account answer). */
export interface CompanyProfile {
  company_name: string;
  contact_person: string;
  email: string;
  email_verified: boolean;
  /** +234… as stored. */
  phone: string | null;
  address: string | null;
  state: string | null;
  town: string | null;
  cac_number: string | null;
  logo: { url: string } | null;
  created_at: string;
}

export interface CompanyProfileResponse {
  message: string;
  profile: CompanyProfile;
}

/** POST /api/companies/me/send-verify-email. */
export interface CompanyResendResponse {
  message: string;
  resend_after_seconds: number;
}
