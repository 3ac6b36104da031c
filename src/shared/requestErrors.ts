/**
 * How a failed API request reaches the machines: the browser's HTTP client (src/web/kit/http)
 * turns every failure into one of these, and the machines read them. They live here, not in a
 * machine or the client, so both import them without importing each other.
 */
import type { FieldError } from './api';
import { messages } from './messages';

/** The server answered {error:{field,message}}: the message to show, on its field when it names one. */
export class SubmitError extends Error {
  constructor(readonly fieldError: FieldError) {
    super(fieldError.message);
    this.name = 'SubmitError';
  }
}

/** The request never got an answer (offline, timed out). */
export class NetworkFailure extends Error {
  constructor(message = 'network') {
    super(message);
    this.name = 'NetworkFailure';
  }
}

/** The server said to wait before sending another code (429 with Retry-After). */
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

/** A 409 to the review window: it moved on (deadline passed, published, already replied), so it is read again. */
export class ReviewWindowStale extends SubmitError {}

/** The invitation check's 404: the link is not live. */
export class InvitationDeadError extends Error {
  constructor() {
    super(messages.invitationInvalid);
    this.name = 'InvitationDeadError';
  }
}
