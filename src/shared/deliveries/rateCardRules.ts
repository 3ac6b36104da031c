/**
 * The rules a rate card must keep, defined once: the console's form runs them on the draft
 * (after converting naira to kobo) and the server runs them on what it is asked to save. Each
 * refusal is a FieldError under the card's path (e.g. `lagos.distanceBands[1].upTo`), the name
 * of the form's field for that figure. They keep the price function's promises: integer kobo,
 * whole-naira lines, a price that never falls as distance, size or weight rise, and figures no
 * slip of a finger can make absurd (a ₦100,000,000 base fare, a window ending before it starts).
 */
import type { FieldError } from '../api';
import { formatNaira } from './messages';
import { ceilTo, marginalChargeKobo } from './price';
import { COUNTRIES, PARCEL_SIZES, type MarginalBand, type RateCard } from './rateCard';
import { rateCardMessages as m } from './rateCardMessages';

/** The most any single amount of the card may be: ₦1,000,000. */
export const MAX_AMOUNT_KOBO = 100_000_000;
export const MAX_BANDS = 10;
export const MAX_WINDOWS = 6;
export const MAX_DISTANCE_KM = 200;
export const MAX_WEIGHT_KG = 100;
export const MAX_SIDE_CM = 300;
export const ROAD_FACTOR = { min: 1, max: 3 } as const;
export const VOLUMETRIC_DIVISOR = { min: 1_000, max: 10_000 } as const;
/** Rounding: from ₦1 to ₦1,000. */
export const ROUND_TO_KOBO = { min: 100, max: 100_000 } as const;
/** The trip a minimum charge is compared with: 10 km, a small parcel, off-peak, no crossing. */
export const TYPICAL_TRIP_TENTHS_OF_KM = 100;
/** …and for a destination abroad, 5 kg. */
export const TYPICAL_PARCEL_KG = 5;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const LAGOS_BOUNDS = { lat: [6.2, 6.8], lng: [2.6, 4.4] } as const;

const plain = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Every refusal of `card`, each under its field; empty when it may be saved. */
export function rateCardErrors(card: Omit<RateCard, 'version'> & { version?: number }): FieldError[] {
  const errors: FieldError[] = [];
  const taken = new Set<string>();
  const fault = (field: string, message: string) => {
    // One message per field: the first problem found is the one to fix first.
    if (taken.has(field)) return;
    taken.add(field);
    errors.push({ field, message });
  };
  const money = (field: string, kobo: number, { wholeNaira = true, min = 0 } = {}) => {
    if (!Number.isSafeInteger(kobo)) return fault(field, m.enterAmount);
    if (kobo < 0) return fault(field, m.notNegative);
    if (kobo < min) return fault(field, m.atLeast(formatNaira(min)));
    if (kobo > MAX_AMOUNT_KOBO) return fault(field, m.atMost(formatNaira(MAX_AMOUNT_KOBO)));
    if (wholeNaira && kobo % 100 !== 0) fault(field, m.wholeNaira);
  };
  const measure = (field: string, value: number, max: number) => {
    if (!Number.isFinite(value)) return fault(field, m.enterNumber);
    if (value <= 0) return fault(field, m.aboveZero);
    if (value > max) fault(field, m.atMost(plain(max)));
  };
  const bands = (path: string, list: readonly MarginalBand[], step: number, max: number) => {
    if (list.length === 0 || list.length > MAX_BANDS) return fault(path, m.bandCount(MAX_BANDS));
    let previous = 0;
    list.forEach((band, i) => {
      // A per-km or per-kg rate may have kobo: the total is rounded up to whole naira later.
      money(`${path}[${i}].rateKobo`, band.rateKobo, { wholeNaira: false });
      const field = `${path}[${i}].upTo`;
      if (i === list.length - 1) {
        if (band.upTo !== null) fault(field, m.lastBandOpen);
        return;
      }
      if (band.upTo === null || !Number.isFinite(band.upTo)) return fault(field, m.enterNumber);
      if (band.upTo <= previous) return fault(field, m.bandsRise);
      if (band.upTo > max) return fault(field, m.atMost(plain(max)));
      if (Math.abs(Math.round(band.upTo / step) * step - band.upTo) > 1e-9) return fault(field, m.bandStep(String(step)));
      previous = band.upTo;
    });
  };
  const basisPoints = (field: string, bp: number) => {
    if (!Number.isInteger(bp)) return fault(field, m.enterNumber);
    if (bp < 0 || bp > 10_000) fault(field, m.between('0%', '100%'));
  };
  const clock = (field: string, value: string): boolean => {
    if (typeof value === 'string' && CLOCK.test(value)) return true;
    fault(field, m.enterTime);
    return false;
  };

  const l = card.lagos;
  money('lagos.baseFareKobo', l.baseFareKobo);
  if (!Number.isFinite(l.roadFactor)) fault('lagos.roadFactor', m.enterNumber);
  else if (l.roadFactor < ROAD_FACTOR.min || l.roadFactor > ROAD_FACTOR.max) fault('lagos.roadFactor', m.between(String(ROAD_FACTOR.min), String(ROAD_FACTOR.max)));
  bands('lagos.distanceBands', l.distanceBands, 0.1, MAX_DISTANCE_KM);

  let smaller: (typeof l.sizes)['small'] | null = null;
  for (const size of PARCEL_SIZES) {
    const band = l.sizes[size];
    const path = `lagos.sizes.${size}`;
    money(`${path}.surchargeKobo`, band.surchargeKobo);
    measure(`${path}.maxWeightKg`, band.maxWeightKg, MAX_WEIGHT_KG);
    measure(`${path}.maxSideCm`, band.maxSideCm, MAX_SIDE_CM);
    if (smaller) {
      if (band.surchargeKobo < smaller.surchargeKobo) fault(`${path}.surchargeKobo`, m.biggerSize);
      if (band.maxWeightKg < smaller.maxWeightKg) fault(`${path}.maxWeightKg`, m.biggerSize);
      if (band.maxSideCm < smaller.maxSideCm) fault(`${path}.maxSideCm`, m.biggerSize);
    }
    smaller = band;
  }
  money('lagos.crossingKobo', l.crossingKobo);
  money('lagos.rushHours.surchargeKobo', l.rushHours.surchargeKobo);
  if (l.rushHours.windows.length > MAX_WINDOWS) fault('lagos.rushHours.windows', m.windowCount(MAX_WINDOWS));
  l.rushHours.windows.forEach((w, i) => {
    const path = `lagos.rushHours.windows[${i}]`;
    const times = clock(`${path}.from`, w.from) && clock(`${path}.to`, w.to);
    if (times && w.from >= w.to) fault(`${path}.to`, m.endsAfterStart);
    if (w.days.some((d) => !Number.isInteger(d) || d < 0 || d > 6) || new Set(w.days).size !== w.days.length) fault(`${path}.days`, m.daysOfWeek);
    // A window on no day would never apply: surely a slip.
    else if (w.days.length === 0) fault(`${path}.days`, m.chooseDay);
  });
  basisPoints('lagos.cashOnDelivery.basisPoints', l.cashOnDelivery.basisPoints);
  money('lagos.cashOnDelivery.minimumKobo', l.cashOnDelivery.minimumKobo);
  money('lagos.roundToKobo', l.roundToKobo, { min: ROUND_TO_KOBO.min });
  if (l.roundToKobo > ROUND_TO_KOBO.max) fault('lagos.roundToKobo', m.atMost(formatNaira(ROUND_TO_KOBO.max)));
  money('lagos.minimumKobo', l.minimumKobo);
  if (!taken.has('lagos.minimumKobo') && !errors.some((e) => e.field.startsWith('lagos.distanceBands') || e.field === 'lagos.baseFareKobo')) {
    const typical = ceilTo(l.baseFareKobo + marginalChargeKobo(TYPICAL_TRIP_TENTHS_OF_KM, 10, l.distanceBands), 100);
    if (l.minimumKobo > typical) fault('lagos.minimumKobo', m.minimumOverTypical(formatNaira(typical)));
  }
  if (l.openingHours.length !== 7) fault('lagos.openingHours', m.shape);
  l.openingHours.forEach((h, day) => {
    if (!h) return;
    const path = `lagos.openingHours[${day}]`;
    const times = clock(`${path}.open`, h.open) && clock(`${path}.close`, h.close);
    if (times && h.open >= h.close) fault(`${path}.close`, m.closesAfterOpen);
  });
  basisPoints('lagos.riderShareBasisPoints', l.riderShareBasisPoints);

  const intl = card.international;
  const divisor = intl.volumetricDivisor;
  if (!Number.isSafeInteger(divisor)) fault('international.volumetricDivisor', m.wholeNumber);
  else if (divisor < VOLUMETRIC_DIVISOR.min || divisor > VOLUMETRIC_DIVISOR.max)
    fault('international.volumetricDivisor', m.between(plain(VOLUMETRIC_DIVISOR.min), plain(VOLUMETRIC_DIVISOR.max)));
  const { lat, lng } = intl.hub;
  if (!(lat >= LAGOS_BOUNDS.lat[0] && lat <= LAGOS_BOUNDS.lat[1] && lng >= LAGOS_BOUNDS.lng[0] && lng <= LAGOS_BOUNDS.lng[1])) fault('international.hub', m.hubInLagos);
  measure('international.limits.maxWeightKg', intl.limits.maxWeightKg, MAX_WEIGHT_KG);
  measure('international.limits.maxSideCm', intl.limits.maxSideCm, MAX_SIDE_CM);
  measure('international.limits.maxChargeableKg', intl.limits.maxChargeableKg, MAX_WEIGHT_KG);
  for (const country of COUNTRIES) {
    const path = `international.destinations.${country}`;
    const destination = intl.destinations[country];
    bands(`${path}.weightBands`, destination.weightBands, 0.5, MAX_WEIGHT_KG);
    money(`${path}.minimumKobo`, destination.minimumKobo);
    if (!taken.has(`${path}.minimumKobo`) && !errors.some((e) => e.field.startsWith(`${path}.weightBands`))) {
      const typical = ceilTo(marginalChargeKobo(TYPICAL_PARCEL_KG * 2, 2, destination.weightBands), 100);
      if (destination.minimumKobo > typical) fault(`${path}.minimumKobo`, m.minimumOverTypical(formatNaira(typical)));
    }
  }
  return errors;
}

