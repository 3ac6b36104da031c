/**
 * The operations console's forms: each field's rule once, for the browser's form
 * checks and the API's first check alike.
 */
import { newPasswordField, PASSWORD_MAX, RESET_TOKEN_MAX } from './accountForms';
import { EMAIL_MAX } from './forms';
import { messages } from './messages';
import { defineForm, email, field, required, sameAs } from './validation';

// Where the console lives in the browser: a module of its own, which every page's router needs.

export const STAFF_ROLES = ['admin', 'dispatcher'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffRoleLabels: Record<StaffRole, string> = {
  admin: messages.opsRoleAdmin,
  dispatcher: messages.opsRoleDispatcher,
};

const emailField = field({
  rules: [required(messages.fieldRequired), email(messages.invalidEmail)],
  maxLength: EMAIL_MAX,
  required: true,
});

export const opsLoginForm = defineForm('opsLogin', {
  email: emailField,
  password: field({ rules: [required(messages.fieldRequired)], maxLength: PASSWORD_MAX, required: true }),
});

/** A 6-digit TOTP code; spaces a user types between the groups are dropped first. */
const TOTP_CODE_PATTERN = /^\d{6}$/;
export const opsCodeForm = defineForm('opsCode', {
  code: field({
    rules: [required(messages.fieldRequired), (v) => (TOTP_CODE_PATTERN.test(v.replace(/\s+/g, '')) ? null : messages.opsCodeInvalid)],
    maxLength: 12,
    required: true,
  }),
});

export const opsRecoveryForm = defineForm('opsRecovery', {
  recoveryCode: field({ rules: [required(messages.fieldRequired)], maxLength: 32, required: true }),
});

export const opsSetPasswordForm = defineForm('opsSetPassword', {
  password: newPasswordField,
  confirmPassword: field({
    rules: [required(messages.fieldRequired), sameAs('password', messages.passwordsDoNotMatch)],
    maxLength: PASSWORD_MAX,
    required: true,
  }),
});

export const opsSetPasswordRequestForm = defineForm('opsSetPasswordRequest', {
  token: field({ rules: [required(messages.opsLinkInvalid)], maxLength: RESET_TOKEN_MAX, required: true }),
  password: newPasswordField,
});

export const opsInviteStaffForm = defineForm('opsInviteStaff', {
  email: emailField,
  role: field({
    rules: [required(messages.fieldRequired), (v) => ((STAFF_ROLES as readonly string[]).includes(v) ? null : messages.fieldRequired)],
    maxLength: 16,
    required: true,
  }),
});

/** localStorage key of the staff token: never the riders' authToken. */
export const OPS_TOKEN_KEY = 'opsToken';

/** One page of a console list: keyset paging, `next` is the cursor of the following page. */
export interface OpsPage<T> {
  items: T[];
  next: string | null;
}

export interface OpsMe {
  email: string;
  role: StaffRole;
}

export interface OpsLoginResponse {
  token: string;
  /** 'code': answer a TOTP or recovery code; 'enrol': set up TOTP first. */
  next: 'code' | 'enrol';
}

export interface OpsEnrolment {
  otpauthUrl: string;
  qrSvg: string;
  secret: string;
}

export interface OpsStaffMember {
  id: string;
  email: string;
  role: StaffRole;
  status: 'invited' | 'active' | 'removed';
  twoFactor: boolean;
  createdAt: string;
}
