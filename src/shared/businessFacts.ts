/**
 * The rules of the business facts (site.ts's BusinessFacts), apart from site.ts so that every
 * page, which reads the brand, does not carry the phone and CAC rules' modules.
 */
import { normaliseCac } from './company';
import { normalisePhone } from './profile';

export const BUSINESS_TEXT_MAX = 200;

/**
 * Each fact's rule: its stored form from what the operator wrote, or the reason it is refused.
 * One place for the server's start-up check and for the shapes the pages rely on.
 */
export const businessFactRules = {
  phone: (value: string) => normalisePhone(value) ?? 'must be a Nigerian mobile number, e.g. +2348012345678',
  cacNumber: (value: string) => normaliseCac(value) ?? 'must be a CAC registration number: RC or BN and the digits, e.g. RC123456',
  text: (value: string) => (value.length <= BUSINESS_TEXT_MAX && !/[<>]/.test(value) ? value : `must be plain text of at most ${BUSINESS_TEXT_MAX} characters`),
  mapLocation: (value: string): { lat: number; lon: number } | string => {
    const match = /^(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(value);
    const lat = Number(match?.[1]);
    const lon = Number(match?.[2]);
    return match && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : 'must be a latitude and longitude, e.g. 6.6303,3.3411';
  },
  socialUrl: (value: string) => {
    try {
      return new URL(value).protocol === 'https:' ? value : 'must be an https:// address';
    } catch {
      return 'must be an https:// address';
    }
  },
} as const;

