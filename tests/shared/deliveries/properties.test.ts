/**
 * Properties of the price over hundreds of seeded random inputs (a small PRNG instead of
 * fast-check): it never falls as the distance, the weight or a dimension rises, never goes under
 * the minimum, is always a multiple of ₦50 in integer kobo, and its breakdown adds up to it.
 */
import { describe, expect, it } from 'vitest';
import { lagosAreaNames } from '../../../src/shared/deliveries/areas';
import {
  priceInternational,
  priceLagos,
  priceLagosTrip,
  type LagosTrip,
  type PriceQuote,
} from '../../../src/shared/deliveries/price';
import { COUNTRIES, PARCEL_SIZES, PAYMENTS, defaultRateCard as card } from '../../../src/shared/deliveries/rateCard';
import { prng } from './prng';

const RUNS = 500;
/** Tuesday 1 December 2026, 00:00 in Lagos; pickups are chosen across that day and the next. */
const MIDNIGHT = Date.parse('2026-12-01T00:00:00+01:00');

function expectWellFormed(quote: { price_kobo: number; breakdown: { amount_kobo: number }[] }) {
  expect(Number.isSafeInteger(quote.price_kobo)).toBe(true);
  expect(quote.price_kobo % 5_000).toBe(0);
  for (const line of quote.breakdown) {
    expect(Number.isSafeInteger(line.amount_kobo)).toBe(true);
    expect(line.amount_kobo).toBeGreaterThan(0);
  }
  expect(quote.breakdown.reduce((sum, line) => sum + line.amount_kobo, 0)).toBe(quote.price_kobo);
}

const randomTrip = (r: ReturnType<typeof prng>): LagosTrip => ({
  tenthsOfKm: r.int(0, 2_000),
  fromSide: r.pick(['island', 'mainland'] as const),
  toSide: r.pick(['island', 'mainland'] as const),
  size: r.pick(PARCEL_SIZES),
  rushHour: r.next() < 0.5,
  payment: r.pick(PAYMENTS),
});

describe('Lagos price properties', () => {
  it('never falls as the distance rises, all else the same', () => {
    const r = prng(31);
    for (let i = 0; i < RUNS; i++) {
      const trip = randomTrip(r);
      const longer = { ...trip, tenthsOfKm: trip.tenthsOfKm + r.int(0, 500) };
      expect(priceLagosTrip(longer, card).price_kobo).toBeGreaterThanOrEqual(priceLagosTrip(trip, card).price_kobo);
    }
  });

  it('rises step by step over every 100 m from 0 to 200 km without ever falling', () => {
    const falls: string[] = [];
    for (const size of PARCEL_SIZES) {
      for (const payment of PAYMENTS) {
        let previous = 0;
        for (let tenths = 0; tenths <= 2_000; tenths++) {
          const price = priceLagosTrip({ tenthsOfKm: tenths, fromSide: 'mainland', toSide: 'island', size, rushHour: false, payment }, card).price_kobo;
          if (price < previous) falls.push(`${size} ${payment} at ${tenths / 10} km`);
          previous = price;
        }
      }
    }
    expect(falls).toEqual([]);
  });

  it('never falls for a bigger size, a crossing, rush hour or cash on delivery', () => {
    const r = prng(32);
    for (let i = 0; i < RUNS; i++) {
      const trip = randomTrip(r);
      const base = priceLagosTrip({ ...trip, size: 'small', fromSide: 'mainland', toSide: 'mainland', rushHour: false, payment: 'cash_on_pickup' }, card).price_kobo;
      const bigger = priceLagosTrip({ ...trip, fromSide: 'mainland', toSide: 'mainland', rushHour: false, payment: 'cash_on_pickup' }, card).price_kobo;
      expect(bigger).toBeGreaterThanOrEqual(base);
      expect(priceLagosTrip(trip, card).price_kobo).toBeGreaterThanOrEqual(
        priceLagosTrip({ ...trip, toSide: trip.fromSide, rushHour: false, payment: 'transfer' }, card).price_kobo,
      );
    }
  });

  it('is never under the minimum, always whole ₦50 in integer kobo, and its lines add up', () => {
    const r = prng(33);
    for (let i = 0; i < RUNS; i++) {
      const quote = priceLagosTrip(randomTrip(r), card);
      expect(quote.price_kobo).toBeGreaterThanOrEqual(card.lagos.minimumKobo);
      expectWellFormed(quote);
    }
  });

  it('holds the same between random areas of the wizard at random times', () => {
    const r = prng(34);
    for (let i = 0; i < RUNS; i++) {
      const now = MIDNIGHT + r.int(0, 24 * 60) * 60_000;
      const pickupAt = r.next() < 0.5 ? undefined : now + r.int(0, 20 * 60) * 60_000;
      const result = priceLagos(
        { pickupArea: r.pick(lagosAreaNames), dropoffArea: r.pick(lagosAreaNames), size: r.pick(PARCEL_SIZES), payment: r.pick(PAYMENTS), pickupAt },
        card,
        { now },
      );
      if (!result.ok) {
        // Only a chosen time outside the opening hours is refused here.
        expect(result.error.field).toBe('pickup_at');
        continue;
      }
      expect(result.quote.price_kobo).toBeGreaterThanOrEqual(card.lagos.minimumKobo);
      expect(Number.isInteger(Math.round(result.quote.distance_km! * 10))).toBe(true);
      expectWellFormed(result.quote);
    }
  });

  it('costs the same both ways between two areas', () => {
    const r = prng(35);
    for (let i = 0; i < 200; i++) {
      const [a, b] = [r.pick(lagosAreaNames), r.pick(lagosAreaNames)];
      const there = priceLagos({ pickupArea: a, dropoffArea: b, size: 'small' }, card, { now: MIDNIGHT + 12 * 3_600_000 });
      const back = priceLagos({ pickupArea: b, dropoffArea: a, size: 'small' }, card, { now: MIDNIGHT + 12 * 3_600_000 });
      expect(there.ok && back.ok && there.quote.price_kobo === back.quote.price_kobo).toBe(true);
    }
  });
});

describe('international price properties', () => {
  const NOON = MIDNIGHT + 12 * 3_600_000;
  const { maxWeightKg, maxSideCm } = card.international.limits;
  const price = (input: { weight_kg: number; length_cm: number; width_cm: number; height_cm: number; country: string; area: string }) =>
    priceInternational({ ...input, pickupArea: input.area, city: 'London' }, card, { now: NOON });
  const ok = (result: ReturnType<typeof price>): PriceQuote => {
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    return result.quote;
  };
  const randomParcel = (r: ReturnType<typeof prng>) => ({
    weight_kg: r.measure(maxWeightKg / 2, 3),
    length_cm: r.measure(60, 1),
    width_cm: r.measure(50, 1),
    height_cm: r.measure(40, 1),
    country: r.pick(COUNTRIES),
    area: r.pick(lagosAreaNames),
  });

  it('never falls as the weight or any dimension rises, all else the same', () => {
    const r = prng(36);
    for (let i = 0; i < RUNS; i++) {
      const parcel = randomParcel(r);
      const before = ok(price(parcel)).price_kobo;
      const key = r.pick(['weight_kg', 'length_cm', 'width_cm', 'height_cm'] as const);
      const grown = { ...parcel, [key]: Math.round((parcel[key] + r.measure(key === 'weight_kg' ? 10 : 30, 1)) * 10) / 10 };
      expect(ok(price(grown)).price_kobo, JSON.stringify({ parcel, grown })).toBeGreaterThanOrEqual(before);
    }
  });

  it('charges the larger of actual and volumetric weight, never under the minimum, lines adding up', () => {
    const r = prng(37);
    for (let i = 0; i < RUNS; i++) {
      const parcel = randomParcel(r);
      const quote = ok(price(parcel));
      const volumetric = (parcel.length_cm * parcel.width_cm * parcel.height_cm) / card.international.volumetricDivisor;
      const expected = Math.ceil(Math.max(parcel.weight_kg, volumetric) * 2 - 1e-9) / 2;
      expect(quote.chargeable_weight_kg).toBe(expected);
      expect(quote.price_kobo).toBeGreaterThanOrEqual(card.international.destinations[parcel.country as 'GB' | 'CA'].minimumKobo + card.lagos.minimumKobo);
      expectWellFormed(quote);
    }
  });

  it('stays within the limits it refuses beyond', () => {
    expect(ok(price({ weight_kg: maxWeightKg, length_cm: 40, width_cm: 30, height_cm: 20, country: 'GB', area: 'Ikeja' })).price_kobo).toBeGreaterThan(0);
    expect(ok(price({ weight_kg: 1, length_cm: maxSideCm, width_cm: 10, height_cm: 10, country: 'CA', area: 'Ikeja' })).price_kobo).toBeGreaterThan(0);
  });
});
