/** Response pieces every console route declares. */
import { errorResponses } from '../../errors';
import { consoleNotFoundResponse } from '../../plugins/staffAuth';
import { confirmationSchema } from '../../domain/stepUp';

export const messageResponse = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

/** 400/403/429/500 in the error shape, and the 404 anyone but staff gets. */
export const opsErrors = { ...errorResponses, ...consoleNotFoundResponse } as const;

/** A page of a keyset list: `items` as given, `next` the cursor of the following page. */
export function pageOf(item: object) {
  return {
    type: 'object',
    required: ['items', 'next'],
    properties: { items: { type: 'array', items: item }, next: { type: ['string', 'null'] } },
  } as const;
}

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

/** The body of a destructive DELETE: the password or a fresh code, checked by assertConfirmed. */
export const confirmationBody = {
  type: 'object',
  properties: { confirmation: confirmationSchema },
  additionalProperties: false,
} as const;
