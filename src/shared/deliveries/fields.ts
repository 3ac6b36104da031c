/**
 * The quote's field rules, defined once and used by the browser (while the sender types) and by
 * the server (on POST /api/deliveries/quotes), in the style of ../validation.ts: a rule returns a
 * message or null, a refusal is a {field, message} under the field it is about.
 *
 * Field names are the paths of the API's body (`pickup.area`, `parcel.weight_kg`, …) so that a
 * server refusal lands under the same field the screen shows.
 */
import type { FieldError } from '../api';
import { PLACE_NAME_MAX } from '../locations';
import { defineForm, field, required, type Rule } from '../validation';
import { findLagosArea } from './areas';
import { describeOpeningHours, isOpen, startOfLagosDay } from './lagosTime';
import { deliveryMessages as m } from './messages';
import { COUNTRIES, PARCEL_SIZES, PAYMENTS, defaultRateCard, type RateCard } from './rateCard';

export const QUOTE_FIELDS = {
  pickupState: 'pickup.state',
  pickupArea: 'pickup.area',
  dropoffState: 'dropoff.state',
  dropoffArea: 'dropoff.area',
  dropoffCountry: 'dropoff.country',
  dropoffCity: 'dropoff.city',
  size: 'parcel.size',
  weight: 'parcel.weight_kg',
  length: 'parcel.length_cm',
  width: 'parcel.width_cm',
  height: 'parcel.height_cm',
  pickupAt: 'pickup_at',
  payment: 'payment',
} as const;

/** The longest number text accepted ("12345.678" and the like). */
export const NUMBER_MAX_LENGTH = 16;
export const CITY_MAX = PLACE_NAME_MAX;

const DECIMAL = /^-?\d{1,9}(\.\d{1,9})?$/;

/**
 * A measure as a number: a finite JSON number, or a plain decimal text ("2", "2.5", " 30 ").
 * Anything else (hex, exponents, "Infinity", NaN, NUL bytes, booleans) is null.
 */
export function parseDecimal(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || raw.length > NUMBER_MAX_LENGTH) return null;
  const text = raw.trim();
  return DECIMAL.test(text) ? Number(text) : null;
}

/** One definition of a measure's checks, for text (the form) and numbers (a JSON body) alike. */
export function measureMessage(raw: unknown, max: number, overMessage: string, emptyMessage: string): string | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return emptyMessage;
  const value = parseDecimal(raw);
  if (value === null) return m.notANumber;
  if (value <= 0) return m.mustBePositive;
  if (value > max) return overMessage;
  return null;
}

const measure =
  (max: number, overMessage: string, emptyMessage: string): Rule =>
  (value) =>
    value.trim() === '' ? null : measureMessage(value, max, overMessage, emptyMessage);

export const oneOf =
  (options: readonly string[], message: string): Rule =>
  (value) =>
    value.trim() === '' || options.includes(value.trim()) ? null : message;

/** Lagos or nothing (the state defaults to Lagos); any other state is refused. */
export const isLagosState = (value: string): boolean => {
  const key = value.trim().toLowerCase().replace(/\s+/g, ' ');
  return key === 'lagos' || key === 'lagos state';
};

export const lagosState: Rule = (value) => (value.trim() === '' || isLagosState(value) ? null : m.outsideLagos);

export const lagosArea: Rule = (value) => (value.trim() === '' || findLagosArea(value) ? null : m.unknownArea);

/** Text without control characters (NUL bytes and the like). */
export const plainText =
  (message: string): Rule =>
  (value) =>
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(value) ? message : null;

/** A Lagos area of the list, required: each end of a Lagos trip, and a company's saved address. */
export const lagosAreaField = () =>
  field({ rules: [required(m.selectArea), lagosArea], maxLength: PLACE_NAME_MAX, required: true });
const area = lagosAreaField;
const state = () => field({ rules: [lagosState], maxLength: PLACE_NAME_MAX });

/** Lagos to Lagos by parcel size. */
export const lagosQuoteForm = defineForm('deliveryLagosQuote', {
  [QUOTE_FIELDS.pickupState]: state(),
  [QUOTE_FIELDS.pickupArea]: area(),
  [QUOTE_FIELDS.dropoffState]: state(),
  [QUOTE_FIELDS.dropoffArea]: area(),
  [QUOTE_FIELDS.size]: field({
    rules: [required(m.selectSize), oneOf(PARCEL_SIZES, m.unknownSize)],
    maxLength: 10,
    required: true,
  }),
  [QUOTE_FIELDS.payment]: field({ rules: [oneOf(PAYMENTS, m.unknownPayment)], maxLength: 20 }),
});

/** Lagos to the United Kingdom or Canada by weight and dimensions, with the card's limits. */
export function internationalQuoteForm(card: RateCard = defaultRateCard) {
  const { maxWeightKg, maxSideCm } = card.international.limits;
  const side = (empty: string) =>
    field({
      rules: [required(empty), measure(maxSideCm, m.sideOverLimit(maxSideCm), empty)],
      maxLength: NUMBER_MAX_LENGTH,
      required: true,
    });
  return defineForm('deliveryInternationalQuote', {
    [QUOTE_FIELDS.pickupState]: state(),
    [QUOTE_FIELDS.pickupArea]: area(),
    [QUOTE_FIELDS.dropoffCountry]: field({
      rules: [required(m.unknownCountry), oneOf(COUNTRIES, m.unknownCountry)],
      maxLength: 2,
      required: true,
    }),
    [QUOTE_FIELDS.dropoffCity]: field({
      rules: [required(m.enterCity), plainText(m.enterCity)],
      maxLength: CITY_MAX,
      required: true,
    }),
    [QUOTE_FIELDS.weight]: field({
      rules: [required(m.enterWeight), measure(maxWeightKg, m.weightOverLimit(maxWeightKg), m.enterWeight)],
      maxLength: NUMBER_MAX_LENGTH,
      required: true,
    }),
    [QUOTE_FIELDS.length]: side(m.enterLength),
    [QUOTE_FIELDS.width]: side(m.enterWidth),
    [QUOTE_FIELDS.height]: side(m.enterHeight),
  });
}

/** A pickup time as UTC ms: epoch ms, or an ISO 8601 text with its zone ("…T10:00:00+01:00", "…Z"). */
export function parsePickupAt(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (raw instanceof Date) return Number.isFinite(raw.getTime()) ? raw.getTime() : null;
  if (typeof raw !== 'string' || raw.length > 40) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

/** How far in the past a pickup time may be (the sender took a while to press Book). */
export const PICKUP_GRACE_MS = 5 * 60_000;

/**
 * A chosen pickup time: from now on, today or tomorrow (Lagos days), within the card's opening
 * hours. "Now" (no time given) is not checked here.
 */
export function checkPickupAt(raw: unknown, now: number, card: RateCard = defaultRateCard): FieldError | null {
  const error = (message: string): FieldError => ({ field: QUOTE_FIELDS.pickupAt, message });
  const at = parsePickupAt(raw);
  if (at === null) return error(m.pickupAtInvalid);
  if (at < now - PICKUP_GRACE_MS) return error(m.pickupAtPast);
  if (at >= startOfLagosDay(now, 2)) return error(m.pickupAtTooLate);
  if (!isOpen(at, card.lagos.openingHours)) return error(m.pickupAtClosed(describeOpeningHours(card.lagos.openingHours)));
  return null;
}
