/**
 * Reading a failed request in a machine: the error types come from src/shared (the browser's HTTP
 * client throws them), and the few ways machines turn them into what a view shows are here once.
 */
import type { FieldError } from '../../src/shared/api';
import { messages } from '../../src/shared/messages';
import { SubmitError } from '../../src/shared/requestErrors';

export { InvitationDeadError, NetworkFailure, ResendCooldownError, ReviewWindowStale, SubmitError } from '../../src/shared/requestErrors';

/** The server's message for a failed request, or the caller's default. */
export const messageOf = (error: unknown, fallback: string): string => (error instanceof SubmitError ? error.fieldError.message : fallback);

/** The server's field error, or the generic failure on the alert line. */
export const fieldErrorOf = (error: unknown): FieldError =>
  error instanceof SubmitError ? error.fieldError : { field: 'alert', message: messages.submitFailed };

/** Any failure's own text. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
