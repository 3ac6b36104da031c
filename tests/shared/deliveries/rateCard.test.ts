import { describe, expect, it } from 'vitest';
import { formatLine, formatNaira } from '../../../src/shared/deliveries/messages';
import { defaultRateCard as card, riderShareKobo, type RateCard } from '../../../src/shared/deliveries/rateCard';
import { rateCardErrors } from '../../../src/shared/deliveries/rateCardRules';

describe('money as text', () => {
  it('formats kobo as naira with thousands separators', () => {
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(100_000)).toBe('₦1,000');
    expect(formatNaira(123_456_700)).toBe('₦1,234,567');
    expect(formatNaira(4_340)).toBe('₦43.40');
    expect(formatLine({ label: 'Base fare', amount_kobo: 100_000 })).toBe('Base fare ₦1,000');
  });

  it("gives the rider 75% of the price, down to the naira", () => {
    expect(riderShareKobo(675_000, card)).toBe(506_200);
    expect(riderShareKobo(150_000, card)).toBe(112_500);
  });
});

describe('rate card checks', () => {
  it('finds nothing wrong with the default card', () => {
    expect(rateCardErrors(card)).toEqual([]);
  });

  it('names each problem by its path, one message per field', () => {
    const bad: RateCard = {
      ...card,
      lagos: {
        ...card.lagos,
        baseFareKobo: 100_050,
        roadFactor: 0.5,
        distanceBands: [
          { upTo: 20, rateKobo: 15_000 },
          { upTo: 10, rateKobo: 11_000 },
          { upTo: 30, rateKobo: 10_000 },
        ],
        sizes: { ...card.lagos.sizes, large: { ...card.lagos.sizes.large, surchargeKobo: 10_000 } },
        rushHours: { ...card.lagos.rushHours, windows: [{ from: '10:00', to: '07:00', days: [7] }] },
        openingHours: card.lagos.openingHours.slice(0, 6),
      },
    };
    expect(rateCardErrors(bad).map((e) => e.field)).toEqual([
      'lagos.baseFareKobo',
      'lagos.roadFactor',
      'lagos.distanceBands[1].upTo',
      'lagos.distanceBands[2].upTo',
      'lagos.sizes.large.surchargeKobo',
      'lagos.rushHours.windows[0].to',
      'lagos.rushHours.windows[0].days',
      'lagos.openingHours',
    ]);
  });
});
