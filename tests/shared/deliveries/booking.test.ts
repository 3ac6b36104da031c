/** The booking's field rules, shared by the booking screen and POST /api/deliveries. */
import { describe, expect, it } from 'vitest';
import {
  bookingValuesOf,
  checkBookingFields,
  normaliseAbroadPhone,
  paymentMatchesQuote,
  storedPhone,
  validateBooking,
} from '../../../src/shared/deliveries/booking';
import { deliveryMessages } from '../../../src/shared/deliveries/messages';
import { messages } from '../../../src/shared/messages';

const m = deliveryMessages.booking;

const lagosBody = {
  quote_id: '3f0c6c1e-1b2a-4c3d-8e9f-0a1b2c3d4e5f',
  sender: { name: 'Ada Obi', phone: '0803 123 4567', email: 'ada@example.com' },
  pickup: { state: 'Lagos', area: 'Ikeja', address: '12 Allen Avenue', landmark: 'Opposite the bank', contact_name: 'Ada', contact_phone: '08031234567' },
  dropoff: { state: 'Lagos', area: 'Lekki', address: '3 Admiralty Way', contact_name: 'Tunde', contact_phone: '+234 805 000 1111' },
  description: 'Two pairs of shoes',
  payment: 'cash_on_delivery',
};

const abroadBody = {
  ...lagosBody,
  dropoff: { country: 'GB', city: 'London', address: '10 Baker Street', contact_name: 'Chika', contact_phone: '+44 7700 900123' },
  payment: 'transfer',
};

describe('booking fields', () => {
  it('accepts a complete booking within Lagos and one abroad, the landmark left out', () => {
    expect(checkBookingFields(lagosBody)).toBeNull();
    expect(checkBookingFields(abroadBody)).toBeNull();
  });

  it('shows every empty field at once under its dotted name, in the screen order', () => {
    const fields = validateBooking({}, false).map((e) => e.field);
    expect(fields).toEqual([
      'quote_id',
      'sender.name',
      'sender.phone',
      'sender.email',
      'pickup.address',
      'pickup.contact_name',
      'pickup.contact_phone',
      'dropoff.address',
      'dropoff.contact_name',
      'dropoff.contact_phone',
      'description',
      'payment',
    ]);
  });

  it('refuses each bad field under its own name with its own message', () => {
    const cases: [unknown, string, string][] = [
      [{ ...lagosBody, sender: { ...lagosBody.sender, phone: '12345' } }, 'sender.phone', m.enterPhone],
      [{ ...lagosBody, sender: { ...lagosBody.sender, email: 'ada.example.com' } }, 'sender.email', m.enterEmail],
      [{ ...lagosBody, pickup: { ...lagosBody.pickup, address: ' ' } }, 'pickup.address', m.enterAddress],
      [{ ...lagosBody, pickup: { ...lagosBody.pickup, landmark: 'a\u0000b' } }, 'pickup.landmark', m.noControlCharacters],
      [{ ...lagosBody, dropoff: { ...lagosBody.dropoff, contact_phone: '+44 7700 900123' } }, 'dropoff.contact_phone', m.enterContactPhone],
      [{ ...abroadBody, dropoff: { ...abroadBody.dropoff, contact_phone: '0803 123 4567' } }, 'dropoff.contact_phone', m.enterAbroadPhone],
      [{ ...abroadBody, payment: 'cash_on_delivery' }, 'payment', deliveryMessages.noCashOnDeliveryAbroad],
      [{ ...lagosBody, payment: 'card' }, 'payment', deliveryMessages.unknownPayment],
      [{ ...lagosBody, description: 'x'.repeat(501) }, 'description', messages.tooLong(500)],
      [{ ...lagosBody, sender: { ...lagosBody.sender, name: 42 } }, 'sender.name', m.enterName],
      [{ ...lagosBody, sender: 'Ada' }, 'sender.name', m.enterName],
      [{ ...lagosBody, quote_id: { $ne: null } }, 'quote_id', m.quoteMissing],
    ];
    for (const [body, field, message] of cases) expect(checkBookingFields(body), field).toEqual({ field, message });
  });

  it("takes the recipient's e-mail as optional, by the sender's e-mail rule, within Lagos and abroad", () => {
    const withEmail = (body: typeof lagosBody | typeof abroadBody, contact_email: unknown) => ({ ...body, dropoff: { ...body.dropoff, contact_email } });
    for (const body of [lagosBody, abroadBody]) {
      expect(checkBookingFields(withEmail(body, 'tunde@example.com'))).toBeNull();
      expect(checkBookingFields(withEmail(body, ''))).toBeNull();
      expect(checkBookingFields(withEmail(body, null))).toBeNull();
      const refused = (value: unknown, message: string) => expect(checkBookingFields(withEmail(body, value)), String(value)).toEqual({ field: 'dropoff.contact_email', message });
      // The sender's rule (shared/validation.ts email): something@something.something, no spaces.
      for (const bad of ['tunde', 'tunde@example', 'tunde @example.com', '@example.com', 'a@b@c.d']) refused(bad, m.enterRecipientEmail);
      refused('tunde@example.com', m.noControlCharacters);
      refused(`${'a'.repeat(250)}@example.com`, messages.tooLong(254));
      // A number or an object is refused under the field with its own message, not read as text.
      refused(42, m.enterRecipientEmail);
      refused({ $ne: null }, m.enterRecipientEmail);
    }
    // The screen shows it with the other messages, and no message while it is empty.
    expect(validateBooking({ 'dropoff.contact_email': 'tunde' }, false).find((e) => e.field === 'dropoff.contact_email')?.message).toBe(m.enterRecipientEmail);
    expect(validateBooking({}, true).map((e) => e.field)).not.toContain('dropoff.contact_email');
  });

  it('lets a description run over lines, but not an address', () => {
    expect(checkBookingFields({ ...lagosBody, description: 'Shoes\nand a bag' })).toBeNull();
    expect(checkBookingFields({ ...lagosBody, pickup: { ...lagosBody.pickup, address: '12 Allen\nAvenue' } })).toEqual({
      field: 'pickup.address',
      message: m.noControlCharacters,
    });
  });

  it('reads nested values as the flat fields the screen uses', () => {
    const { values, wrongType } = bookingValuesOf(lagosBody);
    expect(values['pickup.landmark']).toBe('Opposite the bank');
    expect(values['dropoff.landmark']).toBe('');
    expect(wrongType).toBeNull();
  });

  it('keeps phones in one form', () => {
    expect(storedPhone('0803 123 4567', false)).toBe('+2348031234567');
    expect(storedPhone('+44 (0)7700 900123'.replace('(0)', ''), true)).toBe('+447700900123');
    expect(normaliseAbroadPhone('001 416 555 0123')).toBe('+14165550123');
    expect(normaliseAbroadPhone('+234 803 123 4567')).toBeNull();
  });

  it('books a price with the payment it was priced for: the cash-on-delivery fee is in it or not', () => {
    expect(paymentMatchesQuote('cash_on_pickup', 'transfer')).toBeNull();
    expect(paymentMatchesQuote(null, 'cash_on_pickup')).toBeNull();
    expect(paymentMatchesQuote('cash_on_pickup', 'cash_on_delivery')).toBe(m.cashOnDeliveryNotQuoted);
    expect(paymentMatchesQuote('cash_on_delivery', 'transfer')).toBe(m.cashOnDeliveryQuoted);
    expect(paymentMatchesQuote('cash_on_delivery', 'cash_on_delivery')).toBeNull();
  });
});
