/**
 * The booking screen's checks, from the shared rules (src/shared/deliveries/): the trip's (the
 * quote's field rules, the pickup time's) and the details' (the booking's field rules), each
 * under the API body's dotted path, so a server refusal lands under the same field. Also the
 * pure helpers the machine and the view share: the request bodies, the pickup time, the times
 * a sender may choose and the estimate while typing.
 */
import type { FieldError } from '../../src/shared/api';
import { validateAll } from '../../src/shared/validation';
import { validateBooking } from '../../src/shared/deliveries/booking';
import { savedAddressForm, type SavedAddress } from '../../src/shared/deliveries/savedAddresses';
import { validateForm } from '../../src/shared/validation';
import { checkPickupAt, internationalQuoteForm, lagosQuoteForm, QUOTE_FIELDS } from '../../src/shared/deliveries/fields';
import { isOpen, minutesOf, startOfLagosDay } from '../../src/shared/deliveries/lagosTime';
import { deliveryMessages as m } from '../../src/shared/deliveries/messages';
import { priceInternational, priceLagos } from '../../src/shared/deliveries/price';
import { defaultRateCard, PAYMENTS, type RateCard } from '../../src/shared/deliveries/rateCard';

/** The values the screen keeps, by the API body's path ('dropoff.kind', 'when' are the screen's own). */
export const TRIP_FIELDS = [
  'pickup.area',
  'dropoff.kind',
  'dropoff.area',
  'dropoff.country',
  'dropoff.city',
  'parcel.size',
  'parcel.weight_kg',
  'parcel.length_cm',
  'parcel.width_cm',
  'parcel.height_cm',
  'when',
  'pickup_at',
  'payment',
] as const;

export const DETAIL_FIELDS = [
  'pickup.address',
  'pickup.landmark',
  'pickup.contact_name',
  'pickup.contact_phone',
  'dropoff.address',
  'dropoff.landmark',
  'dropoff.contact_name',
  'dropoff.contact_phone',
  'dropoff.contact_email',
  'description',
  'sender.name',
  'sender.phone',
  'sender.email',
] as const;

/** A signed-in company's "save this address" choice for each end ('yes' or ''), and the name it is saved under. */
export const SAVE_FIELDS = ['pickup.save', 'pickup.save_label', 'dropoff.save', 'dropoff.save_label'] as const;

export type TripField = (typeof TRIP_FIELDS)[number];
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type SaveField = (typeof SAVE_FIELDS)[number];
export type BookingField = TripField | DetailField | SaveField;
export type BookingEnd = 'pickup' | 'dropoff';
export type BookingValues = Record<BookingField, string>;

export const WHENS = ['now', 'today', 'tomorrow'] as const;
export type When = (typeof WHENS)[number];

export function emptyBookingValues(): BookingValues {
  const values = Object.fromEntries([...TRIP_FIELDS, ...DETAIL_FIELDS, ...SAVE_FIELDS].map((f) => [f, ''])) as BookingValues;
  values['dropoff.kind'] = 'lagos';
  values.when = 'now';
  return values;
}

const abroad = (values: BookingValues) => values['dropoff.kind'] === 'abroad';

/** A field of the trip (the first step): a refusal under it sends the sender back there. */
export const isTripField = (field: string): boolean =>
  (TRIP_FIELDS as readonly string[]).includes(field) || field.startsWith('parcel.') || field === 'pickup.state' || field === 'dropoff.state';

/** The chosen pickup time as an ISO instant, or null for "as soon as possible" (or no time yet). */
export function pickupAtOf(values: BookingValues, now: number): string | null {
  if (values.when === 'now' || values.pickup_at === '') return null;
  const day = startOfLagosDay(now, values.when === 'tomorrow' ? 1 : 0);
  return new Date(day + minutesOf(values.pickup_at as `${number}:${number}`) * 60_000).toISOString();
}

const SLOT_MINUTES = 30;

/** The times ("09:30") a pickup may be booked for on that day, every half hour within opening hours, from now on. */
export function pickupSlots(now: number, when: When, card: RateCard = defaultRateCard): string[] {
  if (when === 'now') return [];
  const day = startOfLagosDay(now, when === 'tomorrow' ? 1 : 0);
  const slots: string[] = [];
  for (let minute = 0; minute < 24 * 60; minute += SLOT_MINUTES) {
    const at = day + minute * 60_000;
    if (at <= now || !isOpen(at, card.lagos.openingHours)) continue;
    slots.push(`${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`);
  }
  return slots;
}

/** Every message of the trip at once, in the screen's order. */
export function tripErrors(values: BookingValues, now: number): FieldError[] {
  const errors = abroad(values)
    ? validateAll(internationalQuoteForm(), values)
    : validateAll(lagosQuoteForm, { ...values, payment: '' });
  if (values.when !== 'now') {
    const at = pickupAtOf(values, now);
    const error = at === null ? { field: QUOTE_FIELDS.pickupAt, message: m.pickupAtInvalid } : checkPickupAt(at, now);
    if (error) errors.push(error);
  }
  if (!(PAYMENTS as readonly string[]).includes(values.payment)) errors.push({ field: 'payment', message: m.unknownPayment });
  else if (abroad(values) && values.payment === 'cash_on_delivery') errors.push({ field: 'payment', message: m.noCashOnDeliveryAbroad });
  return errors;
}

/** The instant estimate while the sender types (the shared price function), or null while it cannot be priced. */
export function estimateKobo(values: BookingValues, now: number): number | null {
  const pickupAt = pickupAtOf(values, now);
  const result = abroad(values)
    ? priceInternational(
        {
          pickupArea: values['pickup.area'],
          country: values['dropoff.country'],
          city: values['dropoff.city'] || '-',
          weight_kg: values['parcel.weight_kg'],
          length_cm: values['parcel.length_cm'],
          width_cm: values['parcel.width_cm'],
          height_cm: values['parcel.height_cm'],
          pickupAt,
        },
        defaultRateCard,
        { now },
      )
    : priceLagos(
        {
          pickupArea: values['pickup.area'],
          dropoffArea: values['dropoff.area'],
          size: values['parcel.size'],
          pickupAt,
          payment: values.payment || undefined,
        },
        defaultRateCard,
        { now },
      );
  return result.ok ? result.quote.price_kobo : null;
}

/** POST /api/deliveries/quotes's body. */
export function quoteBody(values: BookingValues, now: number): Record<string, unknown> {
  const pickup = { state: 'Lagos', area: values['pickup.area'] };
  const pickupAt = pickupAtOf(values, now);
  const common = { pickup, ...(pickupAt ? { pickup_at: pickupAt } : {}), payment: values.payment };
  if (abroad(values)) {
    return {
      ...common,
      dropoff: { country: values['dropoff.country'], city: values['dropoff.city'].trim() },
      parcel: {
        weight_kg: Number(values['parcel.weight_kg']),
        length_cm: Number(values['parcel.length_cm']),
        width_cm: Number(values['parcel.width_cm']),
        height_cm: Number(values['parcel.height_cm']),
      },
    };
  }
  return { ...common, dropoff: { state: 'Lagos', area: values['dropoff.area'] }, parcel: { size: values['parcel.size'] } };
}

/** An optional field goes in the body only when filled. */
const optional = (key: string, value: string) => (value.trim() === '' ? {} : { [key]: value.trim() });

/** POST /api/deliveries's body (the captcha travels as the session's pass, like every public form). */
export function bookingBody(values: BookingValues, quoteId: string, now: number): Record<string, unknown> {
  const t = (f: BookingField) => values[f].trim();
  const pickupAt = pickupAtOf(values, now);
  return {
    quote_id: quoteId,
    sender: { name: t('sender.name'), phone: t('sender.phone'), email: t('sender.email') },
    pickup: {
      state: 'Lagos',
      area: t('pickup.area'),
      address: t('pickup.address'),
      ...optional('landmark', values['pickup.landmark']),
      contact_name: t('pickup.contact_name'),
      contact_phone: t('pickup.contact_phone'),
    },
    dropoff: abroad(values)
      ? {
          country: t('dropoff.country'),
          city: t('dropoff.city'),
          address: t('dropoff.address'),
          contact_name: t('dropoff.contact_name'),
          contact_phone: t('dropoff.contact_phone'),
          ...optional('contact_email', values['dropoff.contact_email']),
        }
      : {
          state: 'Lagos',
          area: t('dropoff.area'),
          address: t('dropoff.address'),
          ...optional('landmark', values['dropoff.landmark']),
          contact_name: t('dropoff.contact_name'),
          contact_phone: t('dropoff.contact_phone'),
          ...optional('contact_email', values['dropoff.contact_email']),
        },
    description: t('description'),
    payment: values.payment,
    ...(pickupAt ? { pickup_at: pickupAt } : {}),
  };
}

/** The ends a signed-in company asked to save (a drop-off abroad is never saved: saved addresses are in Lagos). */
export const endsToSave = (values: BookingValues): BookingEnd[] =>
  (['pickup', 'dropoff'] as const).filter((end) => values[`${end}.save`] === 'yes' && !(end === 'dropoff' && abroad(values)));

/** Every message of the details at once (the booking's shared rules; the quote and the payment are the trip's), and a saved address's name when one is to be saved. */
export function detailErrors(values: BookingValues, company = false): FieldError[] {
  const fields = DETAIL_FIELDS as readonly string[];
  const errors = validateBooking(values, abroad(values)).filter((e) => fields.includes(e.field));
  if (!company) return errors;
  for (const end of endsToSave(values)) {
    const error = validateForm(savedAddressForm, { ...addressValuesOf(values, end), label: values[`${end}.save_label`] });
    if (error?.field === 'label') errors.push({ field: `${end}.save_label`, message: error.message });
  }
  return errors;
}

/** One end's place as a saved address's fields (a drop-off's with the recipient's e-mail: the pickup has none). */
function addressValuesOf(values: BookingValues, end: BookingEnd) {
  return {
    area: values[`${end}.area`],
    address: values[`${end}.address`],
    landmark: values[`${end}.landmark`],
    contact_name: values[`${end}.contact_name`],
    contact_phone: values[`${end}.contact_phone`],
    ...(end === 'dropoff' ? { contact_email: values['dropoff.contact_email'] } : {}),
  };
}

/** POST /api/companies/me/addresses's body for an end the company asked to save. */
export function savedAddressBody(values: BookingValues, end: BookingEnd): Record<string, string> {
  const place = addressValuesOf(values, end);
  return {
    label: values[`${end}.save_label`].trim(),
    ...Object.fromEntries(Object.entries(place).map(([k, v]) => [k, v.trim()])),
  };
}

/**
 * The saved address's place in the end's values (the area too, so the price is the place's). As
 * the drop-off, its recipient's e-mail too, emptied when it has none: an e-mail typed for another
 * recipient must not follow the parcel to this one. The pickup has no e-mail to fill.
 */
export function valuesFromSaved(end: BookingEnd, address: SavedAddress): Partial<BookingValues> {
  return {
    [`${end}.area`]: address.area,
    [`${end}.address`]: address.address,
    [`${end}.landmark`]: address.landmark,
    [`${end}.contact_name`]: address.contact_name,
    [`${end}.contact_phone`]: address.contact_phone,
    ...(end === 'dropoff' ? { 'dropoff.contact_email': address.contact_email } : {}),
  };
}

const same = (a: string, b: string) => a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

/** Whether the end's place is one of the saved addresses already (nothing to save). */
export function isSavedPlace(values: BookingValues, end: BookingEnd, addresses: readonly SavedAddress[]): boolean {
  return addresses.some(
    (a) => same(a.area, values[`${end}.area`]) && same(a.address, values[`${end}.address`]) && same(a.contact_name, values[`${end}.contact_name`]),
  );
}
