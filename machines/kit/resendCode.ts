/**
 * The e-mail code's shared pieces: the field its message goes under and the resend countdown,
 * used by the kit's verify step (machines/kit/verifyStep.ts, the rider wizard's step 2) and the company sign-up
 * (machines/companies/companySignupMachine.ts). The countdown keeps a deadline (a timestamp) and
 * the time comes in events, so a simulated clock drives it in tests.
 */
import { RESEND_COOLDOWN_SECONDS } from '../../src/shared/constants';

export const CODE_FIELD = 'verify_email_code';
export const COOLDOWN_MS = RESEND_COOLDOWN_SECONDS * 1000;

/** When a new code may be asked for, after one went out at `sentAt`. */
export const resendDeadlineAfter = (sentAt: number): number => sentAt + COOLDOWN_MS;

/** Whole seconds until a new code may be asked for; 0 when it may. */
export const resendSecondsLeft = (deadline: number | null, now: number): number =>
  deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
