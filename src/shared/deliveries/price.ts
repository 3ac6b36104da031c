/**
 * The price of a delivery (DESIGN.md §11): pure functions over a rate card, run by the
 * browser for the estimate while the sender types and by the server for the price it holds.
 * Money is integer kobo; every amount is a whole naira, the total a multiple of ₦50, and the
 * breakdown's lines add up to the total exactly. docs/deliveries.md explains the computation.
 */
import type { FieldError } from '../api';
import { PLACE_NAME_MAX } from '../locations';
import { findLagosArea, roadTenthsOfKm, type LagosArea, type Side } from './areas';
import { QUOTE_FIELDS, checkPickupAt, isLagosState, measureMessage, parseDecimal, plainText, CITY_MAX } from './fields';
import { isRushHour } from './lagosTime';
import { deliveryMessages as m } from './messages';
import {
  COUNTRIES,
  PARCEL_SIZES,
  PAYMENTS,
  type Country,
  type MarginalBand,
  type ParcelSize,
  type Payment,
  type RateCard,
} from './rateCard';

export interface BreakdownLine {
  label: string;
  amount_kobo: number;
}

export interface PriceQuote {
  price_kobo: number;
  currency: 'NGN';
  breakdown: BreakdownLine[];
  /** Road distance used (Lagos), or of the first-mile pickup (international), to 0.1 km. */
  distance_km?: number;
  /** International only: the larger of actual and volumetric weight, rounded up to 0.5 kg. */
  chargeable_weight_kg?: number;
  rate_card_version: number;
}

export type PriceResult = { ok: true; quote: PriceQuote } | { ok: false; error: FieldError };

export interface LagosPriceInput {
  pickupArea: string;
  dropoffArea: string;
  size: ParcelSize | string;
  /** Defaults to Lagos; any other state is refused. */
  pickupState?: string;
  dropoffState?: string;
  /** When the rider picks up (epoch ms, or ISO 8601 with a zone); absent or null = now. */
  pickupAt?: string | number | Date | null;
  payment?: Payment | string;
}

export interface InternationalPriceInput {
  pickupArea: string;
  pickupState?: string;
  country: Country | string;
  city: string;
  weight_kg: number | string;
  length_cm: number | string;
  width_cm: number | string;
  height_cm: number | string;
  pickupAt?: string | number | Date | null;
}

export interface PriceOptions {
  /** The current time (epoch ms), for a pickup "now" and to check a chosen time. Default Date.now(). */
  now?: number;
}

const fail = (field: string, message: string): PriceResult => ({ ok: false, error: { field, message } });

/** a ÷ b rounded up, for non-negative integers (exact below 2^53, unlike Math.ceil of a float quotient near an integer). */
export const ceilDiv = (a: number, b: number): number => Math.floor((a + b - 1) / b);

/** Up to the next multiple of `step` (non-negative integers). */
export const ceilTo = (kobo: number, step: number): number => ceilDiv(kobo, step) * step;

/**
 * Marginal bands over an amount held in integer units (`unitsPerWhole` units make one km or kg):
 * each band's rate applies to the units inside it. Rounded up to the naira.
 */
export function marginalChargeKobo(units: number, unitsPerWhole: number, bands: readonly MarginalBand[]): number {
  let total = 0;
  let lower = 0;
  for (const band of bands) {
    const upper = band.upTo === null ? Infinity : Math.round(band.upTo * unitsPerWhole);
    const inside = Math.max(0, Math.min(units, upper) - lower);
    total += inside * band.rateKobo;
    if (units <= upper) break;
    lower = upper;
  }
  return ceilDiv(total, unitsPerWhole * 100) * 100;
}

export interface LagosTrip {
  /** Road distance in tenths of a km (an integer ≥ 0). */
  tenthsOfKm: number;
  fromSide: Side;
  toSide: Side;
  size: ParcelSize;
  rushHour: boolean;
  payment: Payment;
}

/**
 * The Lagos rules on a trip already measured: base fare, distance, size, crossing, rush hour,
 * the minimum, the cash-on-delivery fee, then the rounding up to ₦50. Lines of ₦0 are left out.
 */
export function priceLagosTrip(trip: LagosTrip, card: RateCard): { price_kobo: number; breakdown: BreakdownLine[] } {
  const rules = card.lagos;
  const lines: BreakdownLine[] = [];
  const add = (label: string, amount: number) => {
    if (amount > 0) lines.push({ label, amount_kobo: amount });
  };
  add(m.labels.baseFare, rules.baseFareKobo);
  add(m.labels.distance(trip.tenthsOfKm / 10), marginalChargeKobo(trip.tenthsOfKm, 10, rules.distanceBands));
  add(m.labels.size[trip.size], rules.sizes[trip.size].surchargeKobo);
  if (trip.fromSide !== trip.toSide) add(m.labels.islandCrossing, rules.crossingKobo);
  if (trip.rushHour) add(m.labels.rushHour, rules.rushHours.surchargeKobo);
  const sum = () => lines.reduce((total, line) => total + line.amount_kobo, 0);
  add(m.labels.minimumAdjustment, rules.minimumKobo - sum());
  if (trip.payment === 'cash_on_delivery') {
    const share = ceilDiv(sum() * rules.cashOnDelivery.basisPoints, 10_000 * 100) * 100;
    add(m.labels.cashOnDelivery, Math.max(rules.cashOnDelivery.minimumKobo, share));
  }
  const beforeRounding = sum();
  add(m.labels.roundUp(rules.roundToKobo), ceilTo(beforeRounding, rules.roundToKobo) - beforeRounding);
  return { price_kobo: sum(), breakdown: lines };
}

function checkState(raw: string | undefined, field: string): PriceResult | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || raw.trim() === '') return fail(field, m.selectState);
  return isLagosState(raw) ? null : fail(field, m.outsideLagos);
}

function lookUpArea(raw: unknown, field: string): LagosArea | PriceResult {
  if (typeof raw !== 'string' || raw.trim() === '') return fail(field, m.selectArea);
  if (raw.length > PLACE_NAME_MAX) return fail(field, m.unknownArea);
  return findLagosArea(raw) ?? fail(field, m.unknownArea);
}

const isArea = (value: LagosArea | PriceResult): value is LagosArea => 'lat' in value;

/** The pickup time the price uses: the chosen one (checked) or now. */
function pickupTime(raw: LagosPriceInput['pickupAt'], now: number, card: RateCard): number | PriceResult {
  if (raw === undefined || raw === null) return now;
  const error = checkPickupAt(raw, now, card);
  if (error) return { ok: false, error };
  return raw instanceof Date ? raw.getTime() : typeof raw === 'number' ? raw : Date.parse(raw);
}

/** Same-day delivery between two Lagos areas. */
export function priceLagos(input: LagosPriceInput, card: RateCard, options: PriceOptions = {}): PriceResult {
  const now = options.now ?? Date.now();
  const stateError =
    checkState(input.pickupState, QUOTE_FIELDS.pickupState) ?? checkState(input.dropoffState, QUOTE_FIELDS.dropoffState);
  if (stateError) return stateError;
  const from = lookUpArea(input.pickupArea, QUOTE_FIELDS.pickupArea);
  if (!isArea(from)) return from;
  const to = lookUpArea(input.dropoffArea, QUOTE_FIELDS.dropoffArea);
  if (!isArea(to)) return to;
  if (typeof input.size !== 'string' || input.size === '') return fail(QUOTE_FIELDS.size, m.selectSize);
  if (!(PARCEL_SIZES as readonly string[]).includes(input.size)) return fail(QUOTE_FIELDS.size, m.unknownSize);
  const payment = input.payment ?? 'cash_on_pickup';
  if (!(PAYMENTS as readonly string[]).includes(payment)) return fail(QUOTE_FIELDS.payment, m.unknownPayment);
  const at = pickupTime(input.pickupAt, now, card);
  if (typeof at !== 'number') return at;

  const tenthsOfKm = roadTenthsOfKm(from, to, card.lagos.roadFactor);
  const priced = priceLagosTrip(
    {
      tenthsOfKm,
      fromSide: from.side,
      toSide: to.side,
      size: input.size as ParcelSize,
      rushHour: isRushHour(at, card),
      payment: payment as Payment,
    },
    card,
  );
  return {
    ok: true,
    quote: { ...priced, currency: 'NGN', distance_km: tenthsOfKm / 10, rate_card_version: card.version },
  };
}

/** The larger of actual and volumetric weight, in half kilograms (rounded up), from grams and millimetres. */
export function chargeableHalfKilos(grams: number, mm: [number, number, number], divisor: number): number {
  const actual = ceilDiv(grams, 500);
  // (L×W×H in cm³) ÷ divisor kg = (L×W×H in mm³) ÷ (1000 × divisor) kg; in half kilos, × 2.
  const volumetric = ceilDiv(mm[0] * mm[1] * mm[2] * 2, 1000 * divisor);
  return Math.max(actual, volumetric);
}

/** The Lagos size band an international parcel's first mile falls in: the first that fits it. */
export function sizeForParcel(weightKg: number, sidesCm: readonly number[], card: RateCard): ParcelSize {
  const longest = Math.max(...sidesCm);
  return (
    PARCEL_SIZES.find((size) => weightKg <= card.lagos.sizes[size].maxWeightKg && longest <= card.lagos.sizes[size].maxSideCm) ??
    'large'
  );
}

/**
 * Lagos to the United Kingdom or Canada: the freight by chargeable weight over the destination's
 * marginal bands (at least its minimum), plus the first-mile pickup from the sender's area to the
 * airport cargo hub priced by the Lagos rules (paid at pickup), rounded up to ₦50. Duties and
 * taxes are not included.
 */
export function priceInternational(input: InternationalPriceInput, card: RateCard, options: PriceOptions = {}): PriceResult {
  const now = options.now ?? Date.now();
  const intl = card.international;
  const stateError = checkState(input.pickupState, QUOTE_FIELDS.pickupState);
  if (stateError) return stateError;
  const from = lookUpArea(input.pickupArea, QUOTE_FIELDS.pickupArea);
  if (!isArea(from)) return from;
  if (typeof input.country !== 'string' || !(COUNTRIES as readonly string[]).includes(input.country)) {
    return fail(QUOTE_FIELDS.dropoffCountry, m.unknownCountry);
  }
  const country = input.country as Country;
  if (typeof input.city !== 'string' || input.city.trim() === '' || plainText(m.enterCity)(input.city, {})) {
    return fail(QUOTE_FIELDS.dropoffCity, m.enterCity);
  }
  if (input.city.length > CITY_MAX) return fail(QUOTE_FIELDS.dropoffCity, m.cityTooLong(CITY_MAX));
  const measures = [
    [QUOTE_FIELDS.weight, input.weight_kg, intl.limits.maxWeightKg, m.weightOverLimit(intl.limits.maxWeightKg), m.enterWeight],
    [QUOTE_FIELDS.length, input.length_cm, intl.limits.maxSideCm, m.sideOverLimit(intl.limits.maxSideCm), m.enterLength],
    [QUOTE_FIELDS.width, input.width_cm, intl.limits.maxSideCm, m.sideOverLimit(intl.limits.maxSideCm), m.enterWidth],
    [QUOTE_FIELDS.height, input.height_cm, intl.limits.maxSideCm, m.sideOverLimit(intl.limits.maxSideCm), m.enterHeight],
  ] as const;
  for (const [field, raw, max, over, empty] of measures) {
    const message = measureMessage(raw, max, over, empty);
    if (message) return fail(field, message);
  }
  const [weightKg, lengthCm, widthCm, heightCm] = measures.map(([, raw]) => parseDecimal(raw) as number) as [
    number,
    number,
    number,
    number,
  ];
  // Measured to the gram and the millimetre, so that the rest is integer arithmetic.
  const grams = Math.max(1, Math.round(weightKg * 1000));
  const mm: [number, number, number] = [lengthCm, widthCm, heightCm].map((cm) => Math.max(1, Math.round(cm * 10))) as [
    number,
    number,
    number,
  ];
  const halves = chargeableHalfKilos(grams, mm, intl.volumetricDivisor);
  if (halves > intl.limits.maxChargeableKg * 2) return fail(QUOTE_FIELDS.length, m.tooBulky(intl.limits.maxChargeableKg));
  const at = pickupTime(input.pickupAt, now, card);
  if (typeof at !== 'number') return at;

  const destination = intl.destinations[country];
  const lines: BreakdownLine[] = [];
  let lower = 0;
  for (const band of destination.weightBands) {
    const upper = band.upTo === null ? Infinity : Math.round(band.upTo * 2);
    const inside = Math.max(0, Math.min(halves, upper) - lower);
    if (inside > 0) lines.push({ label: m.labels.weightBand(inside / 2, band.rateKobo), amount_kobo: ceilDiv(inside * band.rateKobo, 2 * 100) * 100 });
    if (halves <= upper) break;
    lower = upper;
  }
  const freight = lines.reduce((total, line) => total + line.amount_kobo, 0);
  if (freight < destination.minimumKobo) {
    lines.push({ label: m.labels.minimumAdjustment, amount_kobo: destination.minimumKobo - freight });
  }

  const tenthsOfKm = roadTenthsOfKm(from, intl.hub, card.lagos.roadFactor);
  const firstMile = priceLagosTrip(
    {
      tenthsOfKm,
      fromSide: from.side,
      toSide: intl.hub.side,
      size: sizeForParcel(weightKg, [lengthCm, widthCm, heightCm], card),
      rushHour: isRushHour(at, card),
      payment: 'cash_on_pickup',
    },
    card,
  );
  lines.push({ label: m.labels.firstMile(from.name, intl.hub.name, tenthsOfKm / 10), amount_kobo: firstMile.price_kobo });
  const beforeRounding = lines.reduce((total, line) => total + line.amount_kobo, 0);
  const roundUp = ceilTo(beforeRounding, card.lagos.roundToKobo) - beforeRounding;
  if (roundUp > 0) lines.push({ label: m.labels.roundUp(card.lagos.roundToKobo), amount_kobo: roundUp });
  return {
    ok: true,
    quote: {
      price_kobo: beforeRounding + roundUp,
      currency: 'NGN',
      breakdown: lines,
      distance_km: tenthsOfKm / 10,
      chargeable_weight_kg: halves / 2,
      rate_card_version: card.version,
    },
  };
}
