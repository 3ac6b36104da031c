/**
 * The one error type (the pattern of Documenso's AppError): a code, an HTTP status,
 * the field the message belongs under ('alert' for a toast) and a message fit to show.
 */
import { messages } from '../shared/messages';

export type AppErrorCode =
  | 'INVALID_INPUT'
  | 'CAPTCHA_REQUIRED'
  | 'CAPTCHA_FAILED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

const STATUS: Record<AppErrorCode, number> = {
  INVALID_INPUT: 400,
  CAPTCHA_REQUIRED: 403,
  CAPTCHA_FAILED: 403,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly field: string = 'alert',
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }

  static invalid(field: string, message: string): AppError {
    return new AppError('INVALID_INPUT', message, field);
  }

  static internal(): AppError {
    return new AppError('INTERNAL', messages.submitFailed);
  }
}

/** JSON schema of every error body, declared on each route's 4xx/5xx responses. */
export const errorBodySchema = {
  $id: 'ErrorBody',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['field', 'message'],
      properties: { field: { type: 'string' }, message: { type: 'string' } },
    },
  },
} as const;

export const errorResponses = {
  400: { $ref: 'ErrorBody#' },
  403: { $ref: 'ErrorBody#' },
  429: { $ref: 'ErrorBody#' },
  500: { $ref: 'ErrorBody#' },
} as const;
