/**
 * Builds a route's body schema and its first check from a shared form definition, so the
 * server checks exactly the rules the browser checks (src/shared/validation.ts).
 */
import type { FastifyRequest } from 'fastify';
import { pickValues, validateForm, type FormDefinition } from '../../shared/validation';
import { AppError } from '../errors';

export function formBodySchema(form: FormDefinition, extra: Record<string, object> = {}) {
  const properties: Record<string, object> = { ...extra };
  const required: string[] = [];
  for (const [name, spec] of Object.entries(form.fields)) {
    properties[name] = { type: 'string', maxLength: spec.maxLength };
    if (spec.required) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false } as const;
}

/**
 * preValidation hook: runs before the JSON schema so the user gets the specification's
 * own message ('Please fill in the email field'), not a generic one. An optional field the
 * body leaves out is then set to '' (what FormValues promises the handler), so a service
 * never meets undefined where its type says string.
 */
export function checkForm(form: FormDefinition) {
  return async (request: FastifyRequest): Promise<void> => {
    const error = validateForm(form, pickValues(form, request.body));
    if (error) throw AppError.invalid(error.field, error.message);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const values = body as Record<string, unknown>;
    for (const name of Object.keys(form.fields)) if (values[name] === undefined) values[name] = '';
  };
}
