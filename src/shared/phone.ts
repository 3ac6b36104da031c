/**
 * Nigerian phone numbers: the field rule and the stored form, shared by the rider's profile, the
 * company's details and the booking. A module of its own (re-exported by profile.ts) so that the
 * booking screen does not load the rider profile's rules to check a phone.
 */
import type { Rule } from './validation';

export const PHONE_INPUT_MAX = 20;

/**
 * A Nigerian mobile number as people write it: 0803 123 4567, 08031234567, +234 803 123 4567,
 * 234-803-123-4567. Returns the one stored form, +2348031234567, or null when it is not one.
 */
export function normalisePhone(value: string): string | null {
  const compact = value.replace(/[\s\-().]/g, '');
  const match = /^(?:\+?234|0)([789][01]\d{8})$/.exec(compact);
  return match ? `+234${match[1]}` : null;
}

export const nigerianPhone =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' || normalisePhone(value) !== null ? null : message;
