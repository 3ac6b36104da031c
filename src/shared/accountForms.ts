/**
 * The account forms: login, forgot password and reset password. Each field's rule is
 * defined here once and used by the browser's form machine and by the API's first check.
 * The server adds the one rule the browser cannot check cheaply: a new password on the list of
 * common passwords is refused (src/server/lib/passwords.ts).
 */
import { EMAIL_MAX } from './forms';
import { messages } from './messages';
import { defineForm, email, field, minLength, required, sameAs } from './validation';

/** OWASP's advice: at least 8 characters, allow long passphrases, no composition rules. */
const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** A reset token is 32 random bytes in base64url (43 characters); anything longer is not one. */
export const RESET_TOKEN_MAX = 64;

/** Every new password: sign-up and reset use this one rule. */
export const newPasswordField = field({
  rules: [required(messages.fieldRequired), minLength(PASSWORD_MIN, messages.passwordTooShort)],
  maxLength: PASSWORD_MAX,
  required: true,
});

/**
 * Spec §2 'Login', §5: the login-type select, email and password; an empty one gives
 * 'This field is required' under it. The password is only required here: a login never
 * tells which rules a password meets.
 */
export const loginForm = defineForm('login', {
  user_type: field({ rules: [required(messages.fieldRequired)], maxLength: 2, required: true }),
  email: field({
    rules: [required(messages.fieldRequired), email(messages.invalidEmail)],
    maxLength: EMAIL_MAX,
    required: true,
  }),
  password: field({ rules: [required(messages.fieldRequired)], maxLength: PASSWORD_MAX, required: true }),
});

/** Spec §5: 'Email is required'. */
export const forgotPasswordForm = defineForm('forgotPassword', {
  email: field({
    rules: [required(messages.emailIsRequired), email(messages.invalidEmail)],
    maxLength: EMAIL_MAX,
    required: true,
  }),
});

/** The Reset Password screen: New Password and Confirm Password ('Passwords do not match'). */
export const resetPasswordForm = defineForm('resetPassword', {
  newPassword: newPasswordField,
  confirmPassword: field({
    rules: [required(messages.fieldRequired), sameAs('newPassword', messages.passwordsDoNotMatch)],
    maxLength: PASSWORD_MAX,
    required: true,
  }),
});

/** POST /api/auth/reset-password {token, newPassword} (spec §7). */
export const resetPasswordRequestForm = defineForm('resetPasswordRequest', {
  token: field({ rules: [required(messages.resetLinkInvalid)], maxLength: RESET_TOKEN_MAX, required: true }),
  newPassword: newPasswordField,
});

/**
 * The login-type select (spec §3 'Login payload'): the empty placeholder, Rider and, since
 * invited companies can sign up, Company (user_type 2) on the same login page.
 */
export const loginTypeOptions = [
  { value: '', label: 'Select login type' },
  { value: '1', label: 'Rider' },
  { value: '2', label: 'Company' },
] as const;
