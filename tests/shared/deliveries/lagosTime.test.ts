import { describe, expect, it } from 'vitest';
import { describeOpeningHours, isOpen, isRushHour, lagosClock, startOfLagosDay } from '../../../src/shared/deliveries/lagosTime';
import { defaultRateCard as card } from '../../../src/shared/deliveries/rateCard';

describe('Lagos time (UTC+1, no daylight saving)', () => {
  it('reads the day and minute in Lagos', () => {
    expect(lagosClock(Date.parse('2026-12-01T23:30:00Z'))).toEqual({ day: 3, minute: 30 }); // Wednesday 00:30 in Lagos
    expect(lagosClock(Date.parse('2026-06-15T06:59:00Z'))).toEqual({ day: 1, minute: 7 * 60 + 59 }); // June: still UTC+1
    expect(lagosClock(Date.parse('1969-12-31T23:00:00Z'))).toEqual({ day: 4, minute: 0 });
    expect(startOfLagosDay(Date.parse('2026-12-01T23:30:00Z'))).toBe(Date.parse('2026-12-02T00:00:00+01:00'));
    expect(startOfLagosDay(Date.parse('2026-12-01T12:00:00Z'), 1)).toBe(Date.parse('2026-12-02T00:00:00+01:00'));
  });

  it('finds rush hours on weekdays, 07:00-10:00 and 16:00-20:00, ends excluded', () => {
    const rush = (iso: string) => isRushHour(Date.parse(iso), card);
    expect(rush('2026-12-01T06:59:00+01:00')).toBe(false);
    expect(rush('2026-12-01T07:00:00+01:00')).toBe(true);
    expect(rush('2026-12-01T09:59:00+01:00')).toBe(true);
    expect(rush('2026-12-01T10:00:00+01:00')).toBe(false);
    expect(rush('2026-12-01T16:00:00+01:00')).toBe(true);
    expect(rush('2026-12-01T20:00:00+01:00')).toBe(false);
    expect(rush('2026-12-05T08:00:00+01:00')).toBe(false); // Saturday
    expect(rush('2026-12-01T06:30:00Z')).toBe(true); // 07:30 in Lagos
  });

  it('describes and applies the opening hours', () => {
    expect(describeOpeningHours(card.lagos.openingHours)).toBe(
      'Monday to Friday 07:00–20:00, Saturday 08:00–20:00 and Sunday 10:00–18:00',
    );
    expect(isOpen(Date.parse('2026-12-06T17:59:00+01:00'), card.lagos.openingHours)).toBe(true);
    expect(isOpen(Date.parse('2026-12-06T18:00:00+01:00'), card.lagos.openingHours)).toBe(false);
  });
});
