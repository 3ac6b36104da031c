/**
 * What the sign-up wizard's step machines share: the server's message for a failed request, and
 * the result every step reports to the wizard when it is done.
 */
import { SubmitError } from '../formMachine';

/** The server's message for a failed request, or the step's default. */
export const messageOf = (error: unknown, fallback: string): string => (error instanceof SubmitError ? error.fieldError.message : fallback);

/** What the resend and address-change actors reject with when the server says to wait (429 with Retry-After). */
export class ResendCooldownError extends Error {
  constructor(
    message: string,
    /** When a new code may be asked for (ms since the epoch). */
    readonly retryAt: number,
  ) {
    super(message);
    this.name = 'ResendCooldownError';
  }
}
