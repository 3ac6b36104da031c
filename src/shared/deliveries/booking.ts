/**
 * The booking's field rules (POST /api/deliveries), defined once and used by the booking screen
 * and by the server, in the style of ../validation.ts and ./fields.ts: a rule returns a message or
 * null, a refusal is a {field, message} under the body's dotted path (`sender.phone`,
 * `pickup.address`, `dropoff.contact_phone`).
 *
 * The places' areas, the parcel and the pickup time come from the quote (fields.ts); the booking
 * adds who sends, the street addresses and the people at each end, what it is and how it is paid.
 * The server checks what the screen cannot: the quote is held, and the booking's areas, pickup
 * time and payment are the ones it was priced with.
 */
import type { FieldError } from '../api';
import { EMAIL_MAX } from '../forms';
import { nigerianPhone, normalisePhone, PHONE_INPUT_MAX } from '../phone';
import { defineForm, email, field, required, validateAll, validateForm, type FieldSpec, type Rule } from '../validation';
import { deliveryMessages } from './messages';
import { PAYMENTS, type Payment } from './rateCard';

const m = deliveryMessages.booking;

export const BOOKING_FIELDS = {
  quoteId: 'quote_id',
  senderName: 'sender.name',
  senderPhone: 'sender.phone',
  senderEmail: 'sender.email',
  pickupState: 'pickup.state',
  pickupArea: 'pickup.area',
  pickupAddress: 'pickup.address',
  pickupLandmark: 'pickup.landmark',
  pickupContactName: 'pickup.contact_name',
  pickupContactPhone: 'pickup.contact_phone',
  dropoffState: 'dropoff.state',
  dropoffArea: 'dropoff.area',
  dropoffCountry: 'dropoff.country',
  dropoffCity: 'dropoff.city',
  dropoffAddress: 'dropoff.address',
  dropoffLandmark: 'dropoff.landmark',
  dropoffContactName: 'dropoff.contact_name',
  dropoffContactPhone: 'dropoff.contact_phone',
  dropoffContactEmail: 'dropoff.contact_email',
  description: 'description',
  payment: 'payment',
  pickupAt: 'pickup_at',
} as const;

export const PERSON_NAME_MAX = 120;
export const ADDRESS_MAX = 200;
export const LANDMARK_MAX = 200;
export const DESCRIPTION_MAX = 500;
/** A quote id is a UUID (36 characters); anything longer is not one. */
export const QUOTE_ID_MAX = 64;
/** The Idempotency-Key header's longest value. */
export const IDEMPOTENCY_KEY_MAX = 255;

/** One line of text: no control characters (NUL bytes, line breaks and the like). */
export const oneLine: Rule = (value) =>
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f]/.test(value) ? m.noControlCharacters : null;

/** Text that may run over lines (the description): no control characters but line breaks and tabs. */
export const multiLine: Rule = (value) =>
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value) ? m.noControlCharacters : null;

/**
 * A recipient's number in the United Kingdom (+44, then 9 or 10 digits) or Canada (+1, then 10
 * digits) as people write it: spaces, dashes, dots and brackets aside, "0044" for "+44". Returns
 * the stored form (+447700900123), or null when it is not one.
 */
export function normaliseAbroadPhone(value: string): string | null {
  const compact = value.replace(/[\s\-().]/g, '').replace(/^00/, '+');
  if (/^\+44\d{9,10}$/.test(compact) || /^\+1\d{10}$/.test(compact)) return compact;
  return null;
}

export const abroadPhone =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' || normaliseAbroadPhone(value) !== null ? null : message;

export const isPayment = (value: string): value is Payment => (PAYMENTS as readonly string[]).includes(value);

const text = (message: string, max: number, rules: readonly Rule[] = [oneLine]): FieldSpec =>
  field({ rules: [required(message), ...rules], maxLength: max, required: true });

const senderFields = {
  [BOOKING_FIELDS.senderName]: text(m.enterName, PERSON_NAME_MAX),
  [BOOKING_FIELDS.senderPhone]: text(m.enterPhone, PHONE_INPUT_MAX, [nigerianPhone(m.enterPhone)]),
  [BOOKING_FIELDS.senderEmail]: text(m.enterEmail, EMAIL_MAX, [email(m.enterEmail)]),
};

/** A Lagos end's street address and the person there: the pickup's, a Lagos drop-off's and a company's saved address's rules. */
export const lagosEndSpecs = {
  address: text(m.enterAddress, ADDRESS_MAX),
  landmark: field({ rules: [oneLine], maxLength: LANDMARK_MAX }),
  contact_name: text(m.enterContactName, PERSON_NAME_MAX),
  contact_phone: text(m.enterContactPhone, PHONE_INPUT_MAX, [nigerianPhone(m.enterContactPhone)]),
} as const;

/**
 * The recipient's e-mail: optional; when given, the booking, pickup (with the delivery code),
 * delivery and failure e-mails go there too. The sender's e-mail rule, and no control characters.
 */
export const recipientEmailSpec = field({ rules: [oneLine, email(m.enterRecipientEmail)], maxLength: EMAIL_MAX });

const pickupFields = {
  [BOOKING_FIELDS.pickupAddress]: lagosEndSpecs.address,
  [BOOKING_FIELDS.pickupLandmark]: lagosEndSpecs.landmark,
  [BOOKING_FIELDS.pickupContactName]: lagosEndSpecs.contact_name,
  [BOOKING_FIELDS.pickupContactPhone]: lagosEndSpecs.contact_phone,
};

const dropoffFields = (abroad: boolean) => ({
  [BOOKING_FIELDS.dropoffAddress]: lagosEndSpecs.address,
  [BOOKING_FIELDS.dropoffLandmark]: lagosEndSpecs.landmark,
  [BOOKING_FIELDS.dropoffContactName]: lagosEndSpecs.contact_name,
  [BOOKING_FIELDS.dropoffContactPhone]: abroad
    ? text(m.enterAbroadPhone, PHONE_INPUT_MAX, [abroadPhone(m.enterAbroadPhone)])
    : lagosEndSpecs.contact_phone,
  [BOOKING_FIELDS.dropoffContactEmail]: recipientEmailSpec,
});

const paymentRule =
  (abroad: boolean): Rule =>
  (value) => {
    const choice = value.trim();
    if (!isPayment(choice)) return deliveryMessages.unknownPayment;
    return abroad && choice === 'cash_on_delivery' ? deliveryMessages.noCashOnDeliveryAbroad : null;
  };

const bookingFields = (abroad: boolean) => ({
  [BOOKING_FIELDS.quoteId]: text(m.quoteMissing, QUOTE_ID_MAX),
  ...senderFields,
  ...pickupFields,
  ...dropoffFields(abroad),
  [BOOKING_FIELDS.description]: text(m.describeParcel, DESCRIPTION_MAX, [multiLine]),
  [BOOKING_FIELDS.payment]: field({ rules: [required(m.selectPayment), paymentRule(abroad)], maxLength: 20, required: true }),
});

/** A booking within Lagos: every end has a Nigerian phone. */
export const lagosBookingForm = defineForm('deliveryLagosBooking', bookingFields(false));

/** A booking to the United Kingdom or Canada: the recipient's phone has its country code; no cash on delivery. */
export const internationalBookingForm = defineForm('deliveryInternationalBooking', bookingFields(true));

export type BookingFieldName = keyof typeof lagosBookingForm.fields;
export type BookingValues = Record<BookingFieldName, string>;

/** The form for a quote's drop-off: abroad when it has a country. */
export const bookingFormFor = (abroad: boolean) => (abroad ? internationalBookingForm : lagosBookingForm);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a body's drop-off is abroad (it names a country or a city), as the quote tells them apart. */
export function isAbroadDropoff(dropoff: unknown): boolean {
  return isObject(dropoff) && ('country' in dropoff || 'city' in dropoff);
}

/**
 * A request body's fields as the form's flat values (`sender.phone` → "0803…"). A field of the
 * wrong type (a number, an object) is returned as `wrongType`, the first such field in form
 * order, to be refused with the field's own message rather than read as text.
 */
export function bookingValuesOf(body: unknown): { values: BookingValues; wrongType: BookingFieldName | null } {
  const input = isObject(body) ? body : {};
  const values: Record<string, string> = {};
  let wrongType: BookingFieldName | null = null;
  for (const name of Object.keys(lagosBookingForm.fields) as BookingFieldName[]) {
    const path = name.split('.');
    let raw: unknown = input;
    for (const part of path) raw = isObject(raw) ? raw[part] : undefined;
    if (raw === undefined || raw === null) values[name] = '';
    else if (typeof raw === 'string') values[name] = raw;
    else {
      values[name] = '';
      wrongType ??= name;
    }
  }
  return { values: values as BookingValues, wrongType };
}

/**
 * The message a field of the wrong type shows: its first rule's answer to '' (a required
 * field's), else to '@' (the optional e-mail's "Enter … e-mail").
 */
function emptyMessage(spec: FieldSpec): string {
  for (const sample of ['', '@']) {
    for (const rule of spec.rules) {
      const message = rule(sample, {});
      if (message) return message;
    }
  }
  return m.quoteMissing;
}

/**
 * The server's check of a booking body's own fields (not the quote): the first refusal in field
 * order, or null. Every message at once for the screen is `validateAll(bookingFormFor(abroad), values)`.
 */
export function checkBookingFields(body: unknown): FieldError | null {
  const abroad = isAbroadDropoff(isObject(body) ? body.dropoff : undefined);
  const form = bookingFormFor(abroad);
  const { values, wrongType } = bookingValuesOf(body);
  const first = validateForm(form, values);
  if (wrongType) {
    // A wrong type counts where it stands in field order.
    const order = Object.keys(form.fields);
    if (!first || order.indexOf(wrongType) < order.indexOf(first.field)) {
      return { field: wrongType, message: emptyMessage(form.fields[wrongType]) };
    }
  }
  return first;
}

/** Every invalid field's message at once (the booking screen's check). */
export function validateBooking(values: Partial<BookingValues>, abroad: boolean): FieldError[] {
  return validateAll(bookingFormFor(abroad), values);
}

/** A recipient's e-mail as stored (a booking's, a saved address's): lower-cased, null when none was given. */
export function storedRecipientEmail(value: string): string | null {
  return value.trim().toLowerCase() || null;
}

/** A phone as stored: +234… in Nigeria, +44…/+1… for a recipient abroad. */
export function storedPhone(value: string, abroad: boolean): string {
  return (abroad ? normaliseAbroadPhone(value) : normalisePhone(value)) ?? value.trim();
}

/**
 * Whether a quote's price can be booked with this payment: the cash-on-delivery fee is in the
 * price only when the quote asked for cash on delivery, so switching to or from it needs a new
 * price (a booking never reprices). Cash at pickup and bank transfer cost the same.
 */
export function paymentMatchesQuote(quotedPayment: string | null, payment: Payment): string | null {
  const quotedCod = quotedPayment === 'cash_on_delivery';
  if (payment === 'cash_on_delivery' && !quotedCod) return m.cashOnDeliveryNotQuoted;
  if (payment !== 'cash_on_delivery' && quotedCod) return m.cashOnDeliveryQuoted;
  return null;
}
