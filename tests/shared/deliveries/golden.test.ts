/**
 * Twenty Lagos trips priced with the default rate card, written down once and reviewed for
 * plausibility (Ikeja → Lekki Phase 1 small ₦6,100; Yaba → Surulere ₦1,700; Badagry → Ikeja
 * medium ₦9,400). A change of rates or coordinates fails here: when the change is meant, bump the
 * rate card's version and write the new figures down with it.
 */
import { describe, expect, it } from 'vitest';
import { priceLagos } from '../../../src/shared/deliveries/price';
import { defaultRateCard } from '../../../src/shared/deliveries/rateCard';

/** Tuesday 1 December 2026, 12:00 in Lagos: off-peak. */
const NOW = Date.parse('2026-12-01T12:00:00+01:00');

type Row = [from: string, to: string, size: string, payment: string, pickupAt: string | undefined, km: number, priceKobo: number];

const GOLDEN: Row[] = [
  ['Ikeja', 'Lekki', 'small', 'cash_on_pickup', undefined, 34.4, 610_000],
  ['Ikeja', 'Lekki', 'medium', 'cash_on_delivery', undefined, 34.4, 675_000],
  ['Ogba', 'Victoria Island', 'small', 'cash_on_pickup', undefined, 32.1, 585_000],
  ['Yaba', 'Surulere', 'small', 'cash_on_pickup', undefined, 4.6, 170_000],
  ['Ikoyi', 'Victoria Island', 'small', 'cash_on_pickup', undefined, 4.2, 165_000],
  ['Lekki', 'Ajah', 'medium', 'cash_on_pickup', undefined, 14.4, 370_000],
  ['Ikorodu', 'Ikeja', 'large', 'cash_on_pickup', undefined, 31.1, 675_000],
  ['Festac Town', 'Apapa', 'small', 'cash_on_pickup', undefined, 13.1, 300_000],
  ['Gbagada', 'Ikoyi', 'medium', 'cash_on_pickup', undefined, 18, 470_000],
  ['Alimosho', 'Oshodi-Isolo', 'small', 'cash_on_pickup', undefined, 10, 250_000],
  ['Agege', 'Lagos Island', 'large', 'cash_on_pickup', undefined, 28.9, 700_000],
  ['Badagry', 'Ikeja', 'medium', 'cash_on_pickup', undefined, 64.1, 940_000],
  ['Epe', 'Ibeju-Lekki', 'small', 'cash_on_pickup', undefined, 25, 505_000],
  ['Maryland', 'Obalende', 'small', 'cash_on_delivery', undefined, 21.4, 480_000],
  ['Ikeja', 'Ikeja', 'small', 'cash_on_pickup', undefined, 0, 150_000],
  ['Sangotedo', 'Ikota', 'medium', 'cash_on_pickup', undefined, 13.9, 360_000],
  ['Mushin', 'Ebute Metta', 'small', 'transfer', undefined, 10.2, 255_000],
  ['Egbeda', 'Ojota', 'large', 'cash_on_pickup', '2026-12-01T17:30:00+01:00', 15.4, 535_000],
  ['Ojo', 'Lekki', 'medium', 'cash_on_pickup', undefined, 50.3, 835_000],
  ['Magodo', 'Ajah', 'small', 'cash_on_delivery', '2026-12-02T08:15:00+01:00', 40, 735_000],
];

describe('golden table: 20 Lagos trips with rate card version 1', () => {
  it('holds 20 rows', () => expect(GOLDEN).toHaveLength(20));

  it.each(GOLDEN)('%s → %s, %s, %s, %s: %s km, %s kobo', (from, to, size, payment, pickupAt, km, priceKobo) => {
    const result = priceLagos({ pickupArea: from, dropoffArea: to, size, payment, pickupAt }, defaultRateCard, { now: NOW });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.quote.distance_km).toBe(km);
    expect(result.quote.price_kobo).toBe(priceKobo);
    expect(result.quote.rate_card_version).toBe(1);
  });

  it('prices the worked example of docs/deliveries.md line by line', () => {
    const result = priceLagos(
      { pickupArea: 'Ikeja', dropoffArea: 'Lekki', size: 'medium', payment: 'cash_on_delivery' },
      defaultRateCard,
      { now: NOW },
    );
    expect(result).toEqual({
      ok: true,
      quote: {
        price_kobo: 675_000,
        currency: 'NGN',
        distance_km: 34.4,
        rate_card_version: 1,
        breakdown: [
          { label: 'Base fare', amount_kobo: 100_000 },
          { label: '34.4 km', amount_kobo: 458_400 },
          { label: 'Medium parcel', amount_kobo: 50_000 },
          { label: 'Island crossing', amount_kobo: 50_000 },
          { label: 'Cash on delivery', amount_kobo: 13_200 },
          { label: 'Rounded up to the next ₦50', amount_kobo: 3_400 },
        ],
      },
    });
  });
});

describe('another rate card', () => {
  it('prices with the card it is given and records its version', () => {
    const card = {
      ...defaultRateCard,
      version: 2,
      lagos: {
        ...defaultRateCard.lagos,
        minimumKobo: 300_000,
        sizes: { ...defaultRateCard.lagos.sizes, small: { ...defaultRateCard.lagos.sizes.small, surchargeKobo: 20_000 } },
      },
    };
    const result = priceLagos({ pickupArea: 'Yaba', dropoffArea: 'Surulere', size: 'small' }, card, { now: NOW });
    expect(result.ok && result.quote).toMatchObject({
      price_kobo: 300_000,
      rate_card_version: 2,
      breakdown: [
        { label: 'Base fare', amount_kobo: 100_000 },
        { label: '4.6 km', amount_kobo: 69_000 },
        { label: 'Small parcel', amount_kobo: 20_000 },
        { label: 'Minimum charge adjustment', amount_kobo: 111_000 },
      ],
    });
  });
});
