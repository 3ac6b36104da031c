import { describe, expect, it } from 'vitest';
import { chargeableHalfKilos, priceInternational, sizeForParcel } from '../../../src/shared/deliveries/price';
import { defaultRateCard as card } from '../../../src/shared/deliveries/rateCard';

const NOON = Date.parse('2026-12-01T12:00:00+01:00');
const box = { pickupArea: 'Ogba', country: 'GB', city: 'London', weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 15 };

describe('Lagos to the United Kingdom and Canada', () => {
  it('prices a 2 kg box of 30×20×15 cm by its actual weight (volumetric 1.8 kg)', () => {
    const result = priceInternational(box, card, { now: NOON });
    expect(result).toEqual({
      ok: true,
      quote: {
        price_kobo: 4_615_000,
        currency: 'NGN',
        distance_km: 7.5,
        chargeable_weight_kg: 2,
        rate_card_version: 1,
        breakdown: [
          { label: '2 kg at ₦22,000 a kg', amount_kobo: 4_400_000 },
          { label: 'Pickup in Lagos, Ogba to the airport cargo terminal, Ikeja (7.5 km)', amount_kobo: 215_000 },
        ],
      },
    });
  });

  it('charges a light, bulky box by its volume: 1 kg of 50×40×30 cm counts as 12 kg', () => {
    const result = priceInternational({ ...box, weight_kg: 1, length_cm: 50, width_cm: 40, height_cm: 30, country: 'CA', city: 'Toronto' }, card, { now: NOON });
    expect(result.ok && result.quote.chargeable_weight_kg).toBe(12);
    expect(result.ok && result.quote.breakdown.map((l) => [l.label, l.amount_kobo])).toEqual([
      ['2 kg at ₦26,000 a kg', 5_200_000],
      ['3 kg at ₦21,000 a kg', 6_300_000],
      ['5 kg at ₦17,000 a kg', 8_500_000],
      ['2 kg at ₦13,500 a kg', 2_700_000],
      // A medium parcel for the first mile (its longest side is 50 cm): ₦2,150 + ₦500.
      ['Pickup in Lagos, Ogba to the airport cargo terminal, Ikeja (7.5 km)', 265_000],
    ]);
    expect(result.ok && result.quote.price_kobo).toBe(22_965_000);
  });

  it('raises a small parcel to the destination minimum, then adds the first mile', () => {
    const result = priceInternational({ ...box, weight_kg: 0.3, length_cm: 20, width_cm: 15, height_cm: 3 }, card, { now: NOON });
    expect(result.ok && result.quote.chargeable_weight_kg).toBe(0.5);
    expect(result.ok && result.quote.breakdown.map((l) => [l.label, l.amount_kobo])).toEqual([
      ['0.5 kg at ₦22,000 a kg', 1_100_000],
      ['Minimum charge adjustment', 1_400_000],
      ['Pickup in Lagos, Ogba to the airport cargo terminal, Ikeja (7.5 km)', 215_000],
    ]);
    expect(result.ok && result.quote.price_kobo).toBe(2_715_000);
  });

  it('prices the first mile from the Island with its crossing, and in rush hour', () => {
    const result = priceInternational({ ...box, pickupArea: 'Lekki', pickupAt: '2026-12-01T17:00:00+01:00' }, card, { now: NOON });
    expect(result.ok && result.quote.breakdown.at(-1)).toEqual({
      label: 'Pickup in Lagos, Lekki to the airport cargo terminal, Ikeja (31.8 km)',
      // ₦1,000 + 31.8 km ₦4,298 + crossing ₦500 + rush hour ₦500 = ₦6,298, rounded up to ₦6,300.
      amount_kobo: 630_000,
    });
  });

  it('rounds the chargeable weight up to the next half kilo, in integer grams and millimetres', () => {
    expect(chargeableHalfKilos(2_000, [300, 200, 150], 5_000)).toBe(4);
    expect(chargeableHalfKilos(2_001, [300, 200, 150], 5_000)).toBe(5);
    expect(chargeableHalfKilos(100, [500, 400, 300], 5_000)).toBe(24);
    expect(chargeableHalfKilos(1, [1, 1, 1], 5_000)).toBe(1);
  });

  it('puts the first mile in the Lagos size band the parcel fits', () => {
    expect(sizeForParcel(2, [30, 20, 15], card)).toBe('small');
    expect(sizeForParcel(2, [55, 20, 15], card)).toBe('medium');
    expect(sizeForParcel(12, [30, 20, 15], card)).toBe('large');
    expect(sizeForParcel(25, [100, 60, 40], card)).toBe('large');
  });
});
