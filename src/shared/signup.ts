/**
 * The rider sign-up wizard (spec §2 'Rider sign-up wizard', §5): its steps, each
 * field's rule (defined once, used by the browser's machine and by the API's first check), the
 * verification code's rules, the profile picture's limits and the request and response shapes.
 */
import { newPasswordField } from './accountForms';
import { VERIFY_CODE_LENGTH } from './constants';
import { EMAIL_MAX } from './forms';
import { PLACE_NAME_MAX } from './locations';
import { messages } from './messages';
import { USERNAME_MAX, usernameShape } from './profile';
import { defineForm, email, field, notSameAsAny, required, type Rule } from './validation';

export const SIGNUP_STEP_TITLES = [
  'Create Account',
  'Verify Your Email',
  'Choose Location',
  'Add Profile Picture',
  'Rider Agreement',
] as const;

export type SignupStep = 1 | 2 | 3 | 4 | 5;

/** A stored current_tab as a step (anything out of range starts at the first step). */
export function toSignupStep(value: unknown): SignupStep {
  const n = Number(value);
  return n === 2 || n === 3 || n === 4 || n === 5 ? n : 1;
}

/** Step 1, Create Account → POST /api/auth/create {email, username, password, user_type}. */
export const signupForm = defineForm('signup', {
  username: field({
    rules: [required(messages.fieldRequired), usernameShape(messages.usernameShape)],
    maxLength: USERNAME_MAX,
    required: true,
  }),
  email: field({
    rules: [required(messages.fieldRequired), email(messages.invalidEmail)],
    maxLength: EMAIL_MAX,
    required: true,
  }),
  password: { ...newPasswordField, rules: [...newPasswordField.rules, notSameAsAny(['username', 'email'], messages.passwordIsIdentity)] },
});

// ---------------------------------------------------------------------------------------------
// Step 2, the verification code (spec §5 'Verification code: 4 digits, non-digits stripped').

/** A code works for ten minutes, once. */
export const VERIFY_CODE_LIFETIME_MS = 10 * 60 * 1000;
/** After five wrong tries a code is dead; a new one must be sent. */
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
/** At most this many codes an hour for one account (on top of the 60-second cooldown). */
export const VERIFY_CODES_PER_HOUR = 10;

/**
 * A paste into the boxes (spec §2): when the pasted text starts with a digit, its first four
 * characters are used, with non-digits stripped. Surrounding white space (as copied from an
 * e-mail) is ignored. Returns null when the paste is not a code.
 */
export function digitsFromPaste(text: string): string[] | null {
  const trimmed = text.trim();
  if (!/^\d/.test(trimmed)) return null;
  return trimmed.slice(0, VERIFY_CODE_LENGTH).replace(/\D/g, '').split('');
}

const fourDigits: Rule = (value) => (value === '' || /^\d{4}$/.test(value) ? null : messages.enterCode);

/** PUT /api/users/verify-email {verify_email_code}. */
export const verifyEmailForm = defineForm('verifyEmail', {
  verify_email_code: field({ rules: [required(messages.enterCode), fourDigits], maxLength: VERIFY_CODE_LENGTH, required: true }),
});

/**
 * Step 2's 'Wrong e-mail? Change it' → PUT /api/users/signup-email {email}: the
 * address's rule is step 1's. A new code goes to the new address; the old code dies.
 */
export const changeEmailForm = defineForm('changeEmail', { email: signupForm.fields.email });

/** PUT /api/users/signup-email: the address now on the account (as stored) and the resend's cooldown. */
export interface ChangeSignupEmailResponse {
  message: string;
  email: string;
  resend_after_seconds: number;
}

// ---------------------------------------------------------------------------------------------
// Step 3, the location (spec §5: 'Select a state', 'Select a town').

export const locationForm = defineForm('location', {
  state: field({ rules: [required(messages.selectState)], maxLength: PLACE_NAME_MAX, required: true }),
  town: field({ rules: [required(messages.selectTown)], maxLength: PLACE_NAME_MAX, required: true }),
});

// ---------------------------------------------------------------------------------------------
// Step 4, the profile picture.

export const PROFILE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The picture input's accept attribute. */
export const PROFILE_IMAGE_ACCEPT = PROFILE_IMAGE_TYPES.join(',');

/**
 * The browser's first look at a chosen file (the server checks the bytes themselves): its
 * declared type and its size. Returns the message to show, or null.
 */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return messages.imageType;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return messages.imageTooLarge;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Step 5, the rider agreement.

/** The version of the agreement text a rider accepts; recorded with the time of acceptance. */
export const RIDER_AGREEMENT_VERSION = '2025-04-24';

// ---------------------------------------------------------------------------------------------
// Requests and answers.

/** PUT /api/users/signup-update's request_type values ('skip_picture' saves step 4's Skip). */
export const SIGNUP_UPDATE_TYPES = ['location', 'skip_picture', 'rider_agreement'] as const;
export type SignupUpdateType = (typeof SIGNUP_UPDATE_TYPES)[number];

export type SignupUpdateRequest =
  | { request_type: 'location'; state: string; town: string }
  | { request_type: 'skip_picture' }
  | { request_type: 'rider_agreement'; rider_agreement: true };

/** Every step's answer: where the rider now is. */
export interface SignupProgressResponse {
  message: string;
  current_tab: number;
  profile_completed: number;
}

/** POST /api/users/send-verify-email: 200 means sent. */
export interface SendVerifyEmailResponse {
  message: string;
  /** Seconds until another code may be asked for (the cooldown). */
  resend_after_seconds: number;
}

/** POST /api/users/upload-profile-image. Urls are relative to the API base (spec §3). */
export interface UploadProfileImageResponse {
  message: string;
  picture: { url: string; thumb_url: string };
  current_tab: number;
}
