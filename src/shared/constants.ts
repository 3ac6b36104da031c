/** Business constants of spec §9. */
export const USER_TYPE_RIDER = 1;
/** Spec §1: any other value is a company; invited companies are made with 2. */
export const USER_TYPE_COMPANY = 2;
export const VERIFY_CODE_LENGTH = 4;
export const RESEND_COOLDOWN_SECONDS = 60;
export const RESET_REDIRECT_DELAY_MS = 2000;
export const SIGNUP_STEPS = 5;
export const MOBILE_BREAKPOINT_PX = 789;
export const MINIMUM_AGE = 18;
export const COPYRIGHT_START_YEAR = 2022;
export const POLICY_EFFECTIVE_DATE = 'April 24, 2025';
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TOAST_DURATION_MS = 5000;
export const AUTH_TOKEN_KEY = 'authToken';
/** sessionStorage key of the "captcha passed in this session" flag (spec §4). */
export const CAPTCHA_PASSED_KEY = 'captchaPassed';
/**
 * sessionStorage key of the booking in progress on "Send a parcel" (this tab only: it holds names
 * and phone numbers). Read by the app and by the early script of the prerendered booking form.
 */
export const BOOKING_KEY = 'sendAParcel';
