/**
 * Field rules, defined once and used by both the browser check and the server check
 * (the pattern of Epic Stack's user-validation). A rule returns a message or null.
 */
import type { FieldError } from './api';
import { messages } from './messages';

/** A rule sees its own value and, for rules that compare fields ('Passwords do not match'), the form's values. */
export type Rule = (value: string, values: Readonly<Record<string, string>>) => string | null;

export interface FieldSpec {
  /** Checked in order; the first message wins. */
  rules: readonly Rule[];
  /** Upper bound checked by the browser and by the server's JSON schema. */
  maxLength: number;
  /** True when the field must be present (drives the JSON schema's `required`). */
  required: boolean;
}

export interface FormDefinition<K extends string = string> {
  name: string;
  fields: { readonly [P in K]: FieldSpec };
}

export type FormValues<F extends FormDefinition> = {
  [P in keyof F['fields']]: string;
};

export const required =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' ? message : null;

/**
 * Spec §5: "The email must contain both '@' and '.'". We keep that rule and make it
 * just strict enough to be useful: something@something.something, with no spaces.
 * An empty value passes here; `required` reports it.
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' || EMAIL_SHAPE.test(value.trim()) ? null : message;

export const minLength =
  (min: number, message: string): Rule =>
  (value) =>
    value !== '' && value.length < min ? message : null;

/** The value must equal another field's value (e.g. Confirm Password). */
export const sameAs =
  (other: string, message: string): Rule =>
  (value, values) =>
    value !== (values[other] ?? '') ? message : null;

/**
 * The value must not be another field's value, nor an e-mail field's part before the @
 * (a password that is the username or the address). Case and spaces aside.
 */
export const notSameAsAny =
  (others: readonly string[], message: string): Rule =>
  (value, values) => {
    const candidate = value.trim().toLowerCase();
    if (candidate === '') return null;
    const words = others.flatMap((name) => {
      const other = (values[name] ?? '').trim().toLowerCase();
      return other.includes('@') ? [other, other.split('@')[0]!] : [other];
    });
    return words.filter((w) => w !== '').includes(candidate) ? message : null;
  };

export const maxLength =
  (max: number, message: string): Rule =>
  (value) =>
    value.length > max ? message : null;

export function field(spec: { rules?: readonly Rule[]; maxLength: number; required?: boolean }): FieldSpec {
  return { rules: spec.rules ?? [], maxLength: spec.maxLength, required: spec.required ?? false };
}

export function defineForm<K extends string>(name: string, fields: { [P in K]: FieldSpec }): FormDefinition<K> {
  return { name, fields };
}

/** Coerces anything (a parsed JSON body, a form's values) into the form's string fields. */
export function pickValues<F extends FormDefinition>(form: F, input: unknown): FormValues<F> {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const key of Object.keys(form.fields)) {
    const raw = source[key];
    out[key] = typeof raw === 'string' ? raw : raw == null ? '' : String(raw);
  }
  return out as FormValues<F>;
}

/** One field's first failing rule (or its length), or null when the field is valid. */
function fieldError(name: string, spec: FieldSpec, values: Partial<Record<string, string>>): FieldError | null {
  const value = values[name] ?? '';
  for (const rule of spec.rules) {
    const message = rule(value, values as Readonly<Record<string, string>>);
    if (message) return { field: name, message };
  }
  if (value.length > spec.maxLength) return { field: name, message: messages.tooLong(spec.maxLength) };
  return null;
}

/**
 * Every invalid field's message at once, in field order (each empty field shows its
 * message, not one at a time); an empty list when valid. The browser's machines show these.
 */
export function validateAll<F extends FormDefinition>(form: F, values: Partial<Record<string, string>>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, spec] of Object.entries(form.fields) as [string, FieldSpec][]) {
    const error = fieldError(name, spec, values);
    if (error) errors.push(error);
  }
  return errors;
}

/** The first failing rule in field order, as the error the user sees; null when valid (the server's answer). */
export function validateForm<F extends FormDefinition>(
  form: F,
  values: Partial<Record<string, string>>,
): FieldError | null {
  for (const [name, spec] of Object.entries(form.fields) as [string, FieldSpec][]) {
    const error = fieldError(name, spec, values);
    if (error) return error;
  }
  return null;
}
