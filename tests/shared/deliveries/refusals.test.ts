/** Refusals: each a {field, message} under the field of the API's body that it is about. */
import { describe, expect, it } from 'vitest';
import { priceInternational, priceLagos } from '../../../src/shared/deliveries/price';
import { deliveryMessages as m } from '../../../src/shared/deliveries/messages';
import { defaultRateCard as card } from '../../../src/shared/deliveries/rateCard';

const NOON = Date.parse('2026-12-01T12:00:00+01:00');
const trip = { pickupArea: 'Ikeja', dropoffArea: 'Lekki', size: 'small' };
const box = { pickupArea: 'Ogba', country: 'GB', city: 'London', weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 15 };
const lagos = (input: Record<string, unknown>) => priceLagos({ ...trip, ...input } as never, card, { now: NOON });
const abroad = (input: Record<string, unknown>) => priceInternational({ ...box, ...input } as never, card, { now: NOON });
const refused = (field: string, message: string) => ({ ok: false, error: { field, message } });

describe('Lagos refusals', () => {
  it('refuses another state under the state of that end, with the quote form as the way out', () => {
    expect(lagos({ pickupState: 'Ogun' })).toEqual(refused('pickup.state', m.outsideLagos));
    expect(lagos({ dropoffState: 'Federal Capital Territory' })).toEqual(refused('dropoff.state', m.outsideLagos));
    expect(m.outsideLagos).toBe('We deliver within Lagos for now. For anything else, send us the quote form.');
    expect(lagos({ pickupState: ' lagos ', dropoffState: 'Lagos State' }).ok).toBe(true);
    expect(lagos({ pickupState: '' })).toEqual(refused('pickup.state', m.selectState));
  });

  it('refuses an unknown or empty area under that end', () => {
    expect(lagos({ pickupArea: 'Abuja' })).toEqual(refused('pickup.area', m.unknownArea));
    expect(lagos({ dropoffArea: 'Lekki Phase 9' })).toEqual(refused('dropoff.area', m.unknownArea));
    expect(lagos({ dropoffArea: '' })).toEqual(refused('dropoff.area', m.selectArea));
    expect(lagos({ pickupArea: 42 })).toEqual(refused('pickup.area', m.selectArea));
    expect(lagos({ pickupArea: 'Ikeja\u0000' })).toEqual(refused('pickup.area', m.unknownArea));
    expect(lagos({ dropoffArea: 'Lekki '.repeat(1_000_000) })).toEqual(refused('dropoff.area', m.unknownArea));
  });

  it('refuses a size, a payment or a pickup time it does not know', () => {
    expect(lagos({ size: 'huge' })).toEqual(refused('parcel.size', m.unknownSize));
    expect(lagos({ size: '' })).toEqual(refused('parcel.size', m.selectSize));
    expect(lagos({ payment: 'card' })).toEqual(refused('payment', m.unknownPayment));
    expect(lagos({ pickupAt: 'tomorrow' })).toEqual(refused('pickup_at', m.pickupAtInvalid));
    expect(lagos({ pickupAt: '2026-12-01T10:00:00+01:00' })).toEqual(refused('pickup_at', m.pickupAtPast));
    expect(lagos({ pickupAt: '2026-12-03T10:00:00+01:00' })).toEqual(refused('pickup_at', m.pickupAtTooLate));
    expect(lagos({ pickupAt: '2026-12-01T21:00:00+01:00' })).toEqual(
      refused('pickup_at', m.pickupAtClosed('Monday to Friday 07:00–20:00, Saturday 08:00–20:00 and Sunday 10:00–18:00')),
    );
  });
});

describe('international refusals', () => {
  it('refuses other countries and a missing city', () => {
    expect(abroad({ country: 'US' })).toEqual(refused('dropoff.country', m.unknownCountry));
    expect(abroad({ city: '  ' })).toEqual(refused('dropoff.city', m.enterCity));
    expect(abroad({ city: 'Lon\u0000don' })).toEqual(refused('dropoff.city', m.enterCity));
    expect(abroad({ city: 'x'.repeat(81) })).toEqual(refused('dropoff.city', m.cityTooLong(80)));
    expect(abroad({ pickupState: 'Oyo' })).toEqual(refused('pickup.state', m.outsideLagos));
    expect(abroad({ pickupArea: 'Ibadan' })).toEqual(refused('pickup.area', m.unknownArea));
  });

  it('refuses hostile measures under their own field', () => {
    expect(abroad({ weight_kg: -2 })).toEqual(refused('parcel.weight_kg', m.mustBePositive));
    expect(abroad({ weight_kg: 0 })).toEqual(refused('parcel.weight_kg', m.mustBePositive));
    expect(abroad({ weight_kg: Number.NaN })).toEqual(refused('parcel.weight_kg', m.notANumber));
    expect(abroad({ weight_kg: Infinity })).toEqual(refused('parcel.weight_kg', m.notANumber));
    expect(abroad({ weight_kg: 1e308 })).toEqual(refused('parcel.weight_kg', m.weightOverLimit(25)));
    expect(abroad({ weight_kg: '0x10' })).toEqual(refused('parcel.weight_kg', m.notANumber));
    expect(abroad({ weight_kg: '1e3' })).toEqual(refused('parcel.weight_kg', m.notANumber));
    expect(abroad({ weight_kg: true })).toEqual(refused('parcel.weight_kg', m.notANumber));
    expect(abroad({ weight_kg: undefined })).toEqual(refused('parcel.weight_kg', m.enterWeight));
    expect(abroad({ length_cm: 101 })).toEqual(refused('parcel.length_cm', m.sideOverLimit(100)));
    expect(abroad({ width_cm: '9'.repeat(40) })).toEqual(refused('parcel.width_cm', m.notANumber));
    expect(abroad({ height_cm: -0.1 })).toEqual(refused('parcel.height_cm', m.mustBePositive));
    expect(abroad({ weight_kg: ' 2.5 ' }).ok).toBe(true);
  });

  it('refuses a parcel too bulky to price online', () => {
    expect(abroad({ length_cm: 100, width_cm: 60, height_cm: 50 })).toEqual(refused('parcel.length_cm', m.tooBulky(50)));
    expect(abroad({ length_cm: 100, width_cm: 50, height_cm: 50 }).ok).toBe(true);
  });
});
