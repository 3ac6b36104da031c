/** The field rules the booking screen and the quote endpoint share. */
import { describe, expect, it } from 'vitest';
import { validateAll, validateForm } from '../../../src/shared/validation';
import {
  checkPickupAt,
  internationalQuoteForm,
  lagosQuoteForm,
  measureMessage,
  parseDecimal,
  parsePickupAt,
} from '../../../src/shared/deliveries/fields';
import { deliveryMessages as m } from '../../../src/shared/deliveries/messages';
import { defaultRateCard as card } from '../../../src/shared/deliveries/rateCard';

describe('Lagos quote form', () => {
  const valid = { 'pickup.area': 'Ikeja', 'dropoff.area': 'Lekki', 'parcel.size': 'medium' };

  it('accepts a trip between two areas of the list, the state left out or Lagos', () => {
    expect(validateForm(lagosQuoteForm, valid)).toBeNull();
    expect(validateForm(lagosQuoteForm, { ...valid, 'pickup.state': 'Lagos', payment: 'cash_on_delivery' })).toBeNull();
  });

  it('shows every empty or wrong field at once, under its own name', () => {
    expect(validateAll(lagosQuoteForm, {})).toEqual([
      { field: 'pickup.area', message: m.selectArea },
      { field: 'dropoff.area', message: m.selectArea },
      { field: 'parcel.size', message: m.selectSize },
    ]);
    expect(
      validateAll(lagosQuoteForm, { 'pickup.state': 'Kano', 'pickup.area': 'Kano', 'dropoff.area': 'Lekki', 'parcel.size': 'xl', payment: 'card' }),
    ).toEqual([
      { field: 'pickup.state', message: m.outsideLagos },
      { field: 'pickup.area', message: m.unknownArea },
      { field: 'parcel.size', message: m.unknownSize },
      { field: 'payment', message: m.unknownPayment },
    ]);
  });
});

describe('international quote form', () => {
  const form = internationalQuoteForm(card);
  const valid = {
    'pickup.area': 'Ogba',
    'dropoff.country': 'GB',
    'dropoff.city': 'London',
    'parcel.weight_kg': '2',
    'parcel.length_cm': '30',
    'parcel.width_cm': '20',
    'parcel.height_cm': '15.5',
  };

  it('accepts a parcel within the limits', () => expect(validateForm(form, valid)).toBeNull());

  it('refuses empty, non-numeric, zero, negative and oversized measures, under their own field', () => {
    expect(validateForm(form, { ...valid, 'parcel.weight_kg': '' })).toEqual({ field: 'parcel.weight_kg', message: m.enterWeight });
    expect(validateForm(form, { ...valid, 'parcel.weight_kg': 'two' })).toEqual({ field: 'parcel.weight_kg', message: m.notANumber });
    expect(validateForm(form, { ...valid, 'parcel.weight_kg': '0' })).toEqual({ field: 'parcel.weight_kg', message: m.mustBePositive });
    expect(validateForm(form, { ...valid, 'parcel.weight_kg': '-1' })).toEqual({ field: 'parcel.weight_kg', message: m.mustBePositive });
    expect(validateForm(form, { ...valid, 'parcel.weight_kg': '26' })).toEqual({ field: 'parcel.weight_kg', message: m.weightOverLimit(25) });
    expect(validateForm(form, { ...valid, 'parcel.height_cm': '100.5' })).toEqual({ field: 'parcel.height_cm', message: m.sideOverLimit(100) });
    expect(validateForm(form, { ...valid, 'parcel.width_cm': 'Infinity' })).toEqual({ field: 'parcel.width_cm', message: m.notANumber });
    expect(validateForm(form, { ...valid, 'dropoff.country': 'NG' })).toEqual({ field: 'dropoff.country', message: m.unknownCountry });
    expect(validateForm(form, { ...valid, 'dropoff.city': 'a\u0000b' })).toEqual({ field: 'dropoff.city', message: m.enterCity });
  });

  it('reads measures from text and from JSON numbers by one definition', () => {
    expect(parseDecimal('2.5')).toBe(2.5);
    expect(parseDecimal(' 30 ')).toBe(30);
    expect(parseDecimal(2.5)).toBe(2.5);
    for (const bad of ['', '1e3', '0x10', '2,5', '.5', '5.', 'NaN', 'Infinity', '1\u00002', null, undefined, true, {}, Infinity, NaN, '9'.repeat(17)]) {
      expect(parseDecimal(bad), String(bad)).toBeNull();
    }
    expect(measureMessage(3, 25, 'over', 'empty')).toBeNull();
    expect(measureMessage('3', 25, 'over', 'empty')).toBeNull();
    expect(measureMessage(26, 25, 'over', 'empty')).toBe('over');
    expect(measureMessage('', 25, 'over', 'empty')).toBe('empty');
  });
});

describe('pickup time', () => {
  /** Tuesday 1 December 2026, 12:00 in Lagos. */
  const now = Date.parse('2026-12-01T12:00:00+01:00');
  const at = (iso: string) => checkPickupAt(iso, now, card);

  it('reads epoch ms and ISO 8601 with a zone, nothing else', () => {
    expect(parsePickupAt('2026-12-01T13:00:00+01:00')).toBe(Date.parse('2026-12-01T12:00:00Z'));
    expect(parsePickupAt('2026-12-01T12:00Z')).toBe(Date.parse('2026-12-01T12:00:00Z'));
    expect(parsePickupAt(now)).toBe(now);
    expect(parsePickupAt('2026-12-01T13:00:00')).toBeNull();
    expect(parsePickupAt('next tuesday')).toBeNull();
    expect(parsePickupAt(Number.NaN)).toBeNull();
  });

  it('takes a time today or tomorrow within the opening hours, with five minutes of grace', () => {
    expect(at('2026-12-01T13:00:00+01:00')).toBeNull();
    expect(at('2026-12-01T11:56:00+01:00')).toBeNull();
    expect(at('2026-12-02T07:00:00+01:00')).toBeNull();
    expect(at('2026-12-02T19:59:00+01:00')).toBeNull();
    expect(at('2026-12-01T11:54:00+01:00')?.message).toBe(m.pickupAtPast);
    expect(at('2026-12-02T20:00:00+01:00')?.message).toMatch(/^We pick up Monday to Friday 07:00–20:00/);
    expect(at('2026-12-02T06:59:00+01:00')?.field).toBe('pickup_at');
    expect(at('2026-12-03T00:00:00+01:00')?.message).toBe(m.pickupAtTooLate);
    // Saturday opens at 08:00, Sunday at 10:00.
    const friday = Date.parse('2026-12-04T12:00:00+01:00');
    expect(checkPickupAt('2026-12-05T07:30:00+01:00', friday, card)?.field).toBe('pickup_at');
    expect(checkPickupAt('2026-12-05T08:00:00+01:00', friday, card)).toBeNull();
    const saturday = Date.parse('2026-12-05T12:00:00+01:00');
    expect(checkPickupAt('2026-12-06T09:30:00+01:00', saturday, card)?.field).toBe('pickup_at');
    expect(checkPickupAt('2026-12-06T10:00:00+01:00', saturday, card)).toBeNull();
  });
});
