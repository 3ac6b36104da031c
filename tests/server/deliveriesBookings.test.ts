/**
 * POST /api/deliveries, GET /api/deliveries/{id}, GET /api/deliveries/tracking and GET
 * /api/companies/me/deliveries: a held quote books once at its price; the booking's delivery,
 * timeline, inbox item and e-mail are written together; an Idempotency-Key books once (also two
 * taps at once); every refusal lands under its field; each kind of caller gets what it should.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliveries, deliveryEvents, deliveryIdempotencyKeys, deliveryQuotes, inboxItems, outboxEmails } from '../../src/server/db/schema';
import { BOOKING_ADDRESS_LIMIT, BOOKING_API_KEY_LIMIT } from '../../src/server/features/deliveries/bookingRoutes';
import { deliveryMessages } from '../../src/shared/deliveries/messages';
import { recipientMessages } from '../../src/shared/deliveries/recipientMessages';
import { messages } from '../../src/shared/messages';
import {
  apiKeyOf,
  bookAs,
  bookAsVisitor,
  bookingBody,
  captchaCookie,
  heldQuote,
  lagosQuoteBody,
  postBooking,
  trackingTokenOf,
  ukQuoteBody,
  type Booked,
} from './bookingHelpers';
import { buildTestApp, describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { REDIS_URL, redisAnswers } from './redis';
import { signedInStaff, signedInUser } from './opsHelpers';

const m = deliveryMessages.booking;
const NOT_FOUND = { error: { field: 'alert', message: messages.notFound } };

const asUser = (token: string) => ({ 'x-auth-token': token });
const asKey = (key: string) => ({ 'x-api-key': key });
const asStaff = (token: string) => ({ 'x-ops-token': token });
/** The same token with its first character changed. */
const otherToken = (token: string) => `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;

/** A visitor's request with a captcha pass of its own address. */
async function asVisitor(t: TestApp, payload: unknown, headers: Record<string, string> = {}) {
  const ip = nextIp();
  return postBooking(t, payload, { ip, headers: { cookie: await captchaCookie(t, ip), ...headers } });
}

describeEachDatabase('delivery bookings', (kind) => {
  const t = useTestApp(kind, { startWorkers: false, env: { PUBLIC_URL: 'https://ogbadispatch.test' } });

  it('books a held quote at its price, with its timeline, inbox item and the e-mail to the sender, in one go', async () => {
    const quote = await heldQuote(t);
    expect(quote.price_kobo).toBe(675_000);
    const res = await asVisitor(t, bookingBody(quote));
    expect(res.statusCode, res.body).toBe(201);
    const { delivery } = res.json<{ delivery: Booked }>();
    expect(delivery).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reference: expect.stringMatching(/^OGB-[2-9A-HJKMNP-TW-Z]{5}$/),
      status: 'booked',
      tracking_url: expect.stringMatching(/^https:\/\/ogbadispatch\.test\/track\/[\w-]{43}$/),
      price_kobo: 675_000,
    });
    const { db } = t.database;
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(row).toMatchObject({
      reference: delivery.reference,
      status: 'booked',
      quoteId: quote.id,
      priceKobo: quote.price_kobo,
      breakdown: quote.breakdown,
      rateCardVersion: quote.rate_card_version,
      sender: { name: 'Ada Obi', phone: '+2348031234567', email: 'ada.sender@example.com' },
      pickup: { state: 'Lagos', area: 'Ikeja', address: '12 Allen Avenue', landmark: 'Opposite the bank', contact_name: 'Ada', contact_phone: '+2348031234567' },
      dropoff: { state: 'Lagos', area: 'Lekki', address: '3 Admiralty Way', landmark: '', contact_name: 'Tunde Bello', contact_phone: '+2348050001111' },
      parcel: { size: 'medium' },
      payment: 'cash_on_delivery',
      companyId: null,
      apiKeyId: null,
    });
    expect(row!.pickupAt?.toISOString()).toBe(new Date(quote.request.pickup_at as string).toISOString());
    // Only the token's SHA-256 is kept.
    const token = trackingTokenOf(delivery.tracking_url);
    expect(row!.trackingTokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.clientIpHash).toMatch(/^[\w-]{22}$/);

    const events = await db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, delivery.id));
    expect(events.map((e) => e.status)).toEqual(['booked']);

    const [item] = await db.select().from(inboxItems).where(eq(inboxItems.deliveryId, delivery.id));
    expect(item).toMatchObject({ kind: 'delivery', status: 'new', name: 'Ada Obi', email: 'ada.sender@example.com', phone: '+2348031234567' });
    expect(item!.message).toContain(delivery.reference);
    expect(item!.message).toContain('From Ikeja to Lekki.');
    expect(item!.message).toContain('₦6,750');
    expect(item!.message).toContain('Two pairs of shoes');

    const mail = await db.select().from(outboxEmails).where(eq(outboxEmails.to, 'ada.sender@example.com'));
    const mine = mail.filter((e) => e.subject.includes(delivery.reference));
    expect(mine).toHaveLength(1);
    const email = mine[0]!;
    expect(email.subject).toBe(deliveryMessages.bookedEmail.subject(delivery.reference));
    expect(email.text).toContain('From Ikeja to Lekki.');
    expect(email.text).toContain('Price: ₦6,750, paid by cash on delivery (the recipient pays the rider).');
    // Tomorrow 12:00 Lagos time, and the hour after it.
    expect(email.text).toMatch(/Pickup: \w+day \d{1,2} \w+, between 12:00 and 13:00 \(Lagos time\)\./);
    expect(email.text).toContain('Base fare ₦1,000, 34.4 km ₦4,584, Medium parcel ₦500, Island crossing ₦500, Cash on delivery ₦132');
    expect(email.text).toContain(`Track your parcel: ${delivery.tracking_url}`);
    expect(email.html).toContain(delivery.tracking_url);
  });

  it('keeps the quote\'s price even when the rate card changed since (never reprices)', async () => {
    const quote = await heldQuote(t);
    // The stored quote is the price held: a booking takes it as it is.
    await t.database.db.update(deliveryQuotes).set({ priceKobo: 123_450 }).where(eq(deliveryQuotes.id, quote.id));
    const res = await asVisitor(t, bookingBody(quote));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ delivery: Booked }>().delivery.price_kobo).toBe(123_450);
  });

  it('books abroad with the recipient\'s phone in its country\'s form, and says so in the e-mail', async () => {
    const quote = await heldQuote(t, ukQuoteBody());
    const res = await asVisitor(t, bookingBody(quote, { sender: { name: 'Ngozi', phone: '+2348031112222', email: 'ngozi@example.com' } }));
    expect(res.statusCode, res.body).toBe(201);
    const { delivery } = res.json<{ delivery: Booked }>();
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(row!.dropoff).toMatchObject({ country: 'GB', city: 'Manchester', contact_phone: '+447700900123' });
    const [email] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'ngozi@example.com'));
    expect(email!.text).toContain('From Yaba to Manchester, the United Kingdom.');
    expect(email!.text).toContain('bank transfer');
    expect(email!.text).toContain(deliveryMessages.bookedEmail.transfer);
  });

  it("keeps the recipient's e-mail when given and e-mails them the link, what is coming and from whom; none without it", async () => {
    const { db } = t.database;
    const quote = await heldQuote(t);
    const given = bookingBody(quote);
    const res = await asVisitor(t, { ...given, description: 'Two pairs of <b>shoes</b>', dropoff: { ...given.dropoff, contact_email: ' Tunde.Bello@Example.com ' } });
    expect(res.statusCode, res.body).toBe(201);
    const { delivery } = res.json<{ delivery: Booked }>();
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(row!.recipientEmail).toBe('tunde.bello@example.com');
    // Its own column: the drop-off the rider is shown after pickup does not carry it.
    expect(JSON.stringify(row!.dropoff)).not.toContain('tunde.bello');

    const mail = await db.select().from(outboxEmails).where(eq(outboxEmails.to, 'tunde.bello@example.com'));
    expect(mail).toHaveLength(1);
    const r = recipientMessages.bookedEmail;
    expect(mail[0]!.subject).toBe(r.subject(delivery.reference));
    expect(mail[0]!.text).toContain(r.heading('Ada Obi'));
    expect(mail[0]!.text).toContain(r.from('Ada Obi', 'Ikeja'));
    expect(mail[0]!.text).toContain(r.what('Two pairs of <b>shoes</b>'));
    expect(mail[0]!.text).toContain(r.code);
    expect(mail[0]!.text).toContain(`${r.track}: ${delivery.tracking_url}`);
    expect(mail[0]!.html).toContain('Two pairs of &lt;b&gt;shoes&lt;/b&gt;');
    // The sender's name only: never their phone or e-mail, nor the price.
    for (const secret of ['8031234567', 'ada.sender', '₦']) {
      expect(mail[0]!.text, secret).not.toContain(secret);
      expect(mail[0]!.html, secret).not.toContain(secret);
    }
    // The sender's own e-mail is unchanged.
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.subject, deliveryMessages.bookedEmail.subject(delivery.reference)))).toHaveLength(1);

    // Abroad too, through a business's API key.
    const firm = await signedInUser(t, 2, 'recipient-key');
    const uk = await heldQuote(t, ukQuoteBody());
    const ukBody = bookingBody(uk);
    const byKey = await postBooking(t, { ...ukBody, dropoff: { ...ukBody.dropoff, contact_email: 'chika@example.co.uk' } }, { headers: asKey(await apiKeyOf(t, firm.id)) });
    expect(byKey.statusCode, byKey.body).toBe(201);
    expect(await db.select({ to: outboxEmails.to }).from(outboxEmails).where(eq(outboxEmails.to, 'chika@example.co.uk'))).toHaveLength(1);

    // Without one (absent, empty or null): nothing stored, only the sender's e-mail.
    for (const contact_email of [undefined, '', null]) {
      const plain = await heldQuote(t);
      const body = bookingBody(plain);
      const none = await asVisitor(t, { ...body, dropoff: { ...body.dropoff, contact_email } });
      expect(none.statusCode, none.body).toBe(201);
      const booked = none.json<{ delivery: Booked }>().delivery;
      const [stored] = await db.select().from(deliveries).where(eq(deliveries.id, booked.id));
      expect(stored!.recipientEmail).toBeNull();
      const sent = await db.select({ to: outboxEmails.to }).from(outboxEmails).where(sql`${outboxEmails.text} like ${`%${booked.tracking_url}%`}`);
      expect(sent).toEqual([{ to: 'ada.sender@example.com' }]);
    }
  });

  it("refuses a malformed recipient's e-mail under dropoff.contact_email, never a 5xx, and books nothing", async () => {
    const quote = await heldQuote(t);
    const good = bookingBody(quote);
    const cases: Array<[unknown, string]> = [
      ['tunde', m.enterRecipientEmail],
      ['tunde@example', m.enterRecipientEmail],
      ['tunde bello@example.com', m.enterRecipientEmail],
      ['tunde\u0007@example.com', m.noControlCharacters],
      [`${'t'.repeat(250)}@example.com`, messages.tooLong(254)],
      [42, m.enterRecipientEmail],
      [['tunde@example.com'], m.enterRecipientEmail],
      [{ $gt: '' }, m.enterRecipientEmail],
    ];
    for (const [contact_email, message] of cases) {
      const res = await asVisitor(t, { ...good, dropoff: { ...good.dropoff, contact_email } });
      expect(res.statusCode, `${JSON.stringify(contact_email)}: ${res.body}`).toBe(400);
      expect(errorOf(res.body)).toEqual({ field: 'dropoff.contact_email', message });
    }
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(deliveries).where(eq(deliveries.quoteId, quote.id))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('asks a visitor for the captcha, and not a signed-in company nor an API key', async () => {
    const quote = await heldQuote(t);
    const res = await postBooking(t, bookingBody(quote));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body)).toEqual({ field: 'captcha', message: messages.completeCaptcha });
    // A rider or a staff member booking through the public form is a visitor too.
    const rider = await signedInUser(t, 1, 'book-rider');
    const dispatcher = await signedInStaff(t, 'dispatcher', 'book');
    for (const headers of [asUser(rider.token), asStaff(dispatcher.token)]) {
      const refused = await postBooking(t, bookingBody(quote), { headers });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused.body).field).toBe('captcha');
    }
    const firm = await signedInUser(t, 2, 'book-company');
    const bySession = await postBooking(t, bookingBody(quote), { headers: asUser(firm.token) });
    expect(bySession.statusCode, bySession.body).toBe(201);
    const key = await apiKeyOf(t, firm.id);
    const byKey = await postBooking(t, bookingBody(await heldQuote(t)), { headers: asKey(key) });
    expect(byKey.statusCode, byKey.body).toBe(201);
    const rows = await t.database.db.select().from(deliveries).where(eq(deliveries.companyId, firm.id));
    expect(rows.map((r) => [r.apiKeyId === null, r.clientIpHash === null]).sort()).toEqual([
      [false, true],
      [true, false],
    ]);
    // A key that is not one is refused, not taken for a visitor.
    const unknown = await postBooking(t, bookingBody(await heldQuote(t)), { headers: asKey('ogb_live_not-a-key') });
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown.body).message).toBe(messages.apiKeyInvalid);
  });

  it('refuses each bad field under its own name, never a 5xx', async () => {
    const quote = await heldQuote(t);
    const good = bookingBody(quote);
    const cases: Array<[unknown, string, string]> = [
      [{ ...good, quote_id: '' }, 'quote_id', m.quoteMissing],
      [{ ...good, sender: { ...good.sender, name: '' } }, 'sender.name', m.enterName],
      [{ ...good, sender: { ...good.sender, phone: '12345' } }, 'sender.phone', m.enterPhone],
      [{ ...good, sender: { ...good.sender, email: 'nope' } }, 'sender.email', m.enterEmail],
      [{ ...good, pickup: { ...good.pickup, address: '' } }, 'pickup.address', m.enterAddress],
      [{ ...good, pickup: { ...good.pickup, landmark: 'x'.repeat(201) } }, 'pickup.landmark', messages.tooLong(200)],
      [{ ...good, pickup: { ...good.pickup, contact_name: ' ' } }, 'pickup.contact_name', m.enterContactName],
      [{ ...good, pickup: { ...good.pickup, contact_phone: '+44 7700 900123' } }, 'pickup.contact_phone', m.enterContactPhone],
      [{ ...good, dropoff: { ...good.dropoff, address: 7 } }, 'dropoff.address', m.enterAddress],
      [{ ...good, dropoff: { ...good.dropoff, contact_phone: '0803' } }, 'dropoff.contact_phone', m.enterContactPhone],
      [{ ...good, description: '' }, 'description', m.describeParcel],
      [{ ...good, payment: 'card' }, 'payment', deliveryMessages.unknownPayment],
      [{ ...good, payment: undefined }, 'payment', m.selectPayment],
      // Against the quote.
      [{ ...good, pickup: { ...good.pickup, area: 'Yaba' } }, 'pickup.area', m.areaNotQuoted],
      [{ ...good, pickup: { ...good.pickup, area: 'Atlantis' } }, 'pickup.area', deliveryMessages.unknownArea],
      [{ ...good, pickup: { ...good.pickup, state: 'Kano' } }, 'pickup.state', deliveryMessages.outsideLagos],
      [{ ...good, dropoff: { ...good.dropoff, area: 'Ikeja' } }, 'dropoff.area', m.areaNotQuoted],
      [{ ...good, dropoff: { ...good.dropoff, area: undefined } }, 'dropoff.area', deliveryMessages.selectArea],
      [{ ...good, pickup_at: new Date(Date.parse(quote.request.pickup_at as string) + 3_600_000).toISOString() }, 'pickup_at', m.pickupAtNotQuoted],
      [{ ...good, pickup_at: 'soon' }, 'pickup_at', deliveryMessages.pickupAtInvalid],
      [{ ...good, payment: 'transfer' }, 'payment', m.cashOnDeliveryQuoted],
      [{ ...good, quote_id: '00000000-0000-4000-8000-000000000000' }, 'quote_id', m.quoteExpired],
      [{ ...good, quote_id: "'; drop table deliveries; --" }, 'quote_id', m.quoteExpired],
    ];
    for (const [body, field, message] of cases) {
      const res = await asVisitor(t, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(errorOf(res.body), field).toEqual({ field, message });
    }
    // A quote asked without cash on delivery is not booked with it (its fee is not in the price).
    const plain = await heldQuote(t, lagosQuoteBody({ payment: 'cash_on_pickup' }));
    const cod = await asVisitor(t, bookingBody(plain, { payment: 'cash_on_delivery' }));
    expect(errorOf(cod.body)).toEqual({ field: 'payment', message: m.cashOnDeliveryNotQuoted });
    // Cash at pickup and bank transfer cost the same: either books that price.
    expect((await asVisitor(t, bookingBody(plain, { payment: 'transfer' }))).statusCode).toBe(201);
    // Abroad: no cash on delivery; the booking's country and city are the quote's.
    const uk = await heldQuote(t, ukQuoteBody());
    const ukBody = bookingBody(uk);
    const abroadCases: Array<[unknown, string, string]> = [
      [{ ...ukBody, payment: 'cash_on_delivery' }, 'payment', deliveryMessages.noCashOnDeliveryAbroad],
      [{ ...ukBody, dropoff: { ...ukBody.dropoff, country: 'CA' } }, 'dropoff.country', m.areaNotQuoted],
      [{ ...ukBody, dropoff: { ...ukBody.dropoff, city: 'Leeds' } }, 'dropoff.city', m.areaNotQuoted],
      [{ ...ukBody, dropoff: { ...ukBody.dropoff, contact_phone: '0803 123 4567' } }, 'dropoff.contact_phone', m.enterAbroadPhone],
      [bookingBody(uk, { dropoff: good.dropoff }), 'dropoff.area', m.areaNotQuoted],
      [{ ...good, dropoff: ukBody.dropoff, payment: 'transfer' }, 'dropoff.country', m.areaNotQuoted],
    ];
    for (const [body, field, message] of abroadCases) {
      const res = await asVisitor(t, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(errorOf(res.body), field).toEqual({ field, message });
    }
    // Nothing above booked anything.
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(deliveries).where(eq(deliveries.quoteId, quote.id))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('takes hostile bodies with a 4xx', async () => {
    const quote = await heldQuote(t);
    const good = bookingBody(quote);
    const bodies: unknown[] = [
      '"just text"',
      '[]',
      'null',
      '{"quote_id": ',
      { ...good, description: 'a\u0000b' },
      { ...good, sender: [] },
      { ...good, pickup: { ...good.pickup, area: 1e308 } },
      JSON.stringify(good).replace('{', '{"__proto__":{"x":1},'),
    ];
    for (const body of bodies) {
      const res = await asVisitor(t, body);
      expect(res.statusCode, String(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, String(body)).toBeLessThan(500);
    }
    const huge = await asVisitor(t, { ...good, description: 'x'.repeat(40 * 1024) });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a quote that is no longer held, and one booked already, under quote_id', async () => {
    const quote = await heldQuote(t);
    await t.database.db.update(deliveryQuotes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(deliveryQuotes.id, quote.id));
    const expired = await asVisitor(t, bookingBody(quote));
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired.body)).toEqual({ field: 'quote_id', message: m.quoteExpired });

    const fresh = await heldQuote(t);
    expect((await asVisitor(t, bookingBody(fresh))).statusCode).toBe(201);
    const again = await asVisitor(t, bookingBody(fresh));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body)).toEqual({ field: 'quote_id', message: m.quoteAlreadyBooked });
  });

  it('books once for one Idempotency-Key: a retry answers the same 201, another body is a 422', async () => {
    const firm = await signedInUser(t, 2, 'idem-company');
    const quote = await heldQuote(t);
    const body = bookingBody(quote);
    const headers = { ...asUser(firm.token), 'idempotency-key': 'order-1001' };
    const first = await postBooking(t, body, { headers });
    expect(first.statusCode, first.body).toBe(201);
    // The same body in another key order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await postBooking(t, reordered, { headers });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const other = await postBooking(t, { ...body, description: 'Something else' }, { headers });
    expect(other.statusCode).toBe(422);
    expect(errorOf(other.body)).toEqual({ field: 'idempotency_key', message: m.idempotencyKeyReused });
    const { db } = t.database;
    expect(await db.select().from(deliveries).where(eq(deliveries.quoteId, quote.id))).toHaveLength(1);
    expect(await db.select().from(deliveryIdempotencyKeys).where(eq(deliveryIdempotencyKeys.key, 'order-1001'))).toHaveLength(1);
    const booked = first.json<{ delivery: Booked }>().delivery;
    expect((await db.select().from(outboxEmails).where(sql`${outboxEmails.subject} like ${`%${booked.reference}%`}`)).length).toBe(1);

    // The key is the caller's: another company's same key books its own.
    const rival = await signedInUser(t, 2, 'idem-rival');
    const theirs = await postBooking(t, bookingBody(await heldQuote(t)), { headers: { ...asUser(rival.token), 'idempotency-key': 'order-1001' } });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<{ delivery: Booked }>().delivery.id).not.toBe(booked.id);

    for (const bad of ['', ' ', 'x'.repeat(256), 'caf\u00e9']) {
      const res = await postBooking(t, body, { headers: { ...asUser(firm.token), 'idempotency-key': bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res.body)).toEqual({ field: 'idempotency_key', message: m.idempotencyKeyInvalid });
    }
  });

  it('books once under a concurrent double tap: with a key every tap gets the booking, without one the rest a 409', async () => {
    const firm = await signedInUser(t, 2, 'tap-company');
    const key = await apiKeyOf(t, firm.id);
    const quote = await heldQuote(t);
    const body = bookingBody(quote);
    const taps = await Promise.all(Array.from({ length: 5 }, () => postBooking(t, body, { headers: { ...asKey(key), 'idempotency-key': 'tap-1' } })));
    expect(taps.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(taps.map((r) => r.body)).size).toBe(1);
    expect(await t.database.db.select().from(deliveries).where(eq(deliveries.quoteId, quote.id))).toHaveLength(1);

    const bare = await heldQuote(t);
    const bareTaps = await Promise.all(Array.from({ length: 5 }, () => postBooking(t, bookingBody(bare), { headers: asKey(key) })));
    expect(bareTaps.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const res of bareTaps.filter((r) => r.statusCode === 409)) expect(errorOf(res.body).field).toBe('quote_id');
    expect(await t.database.db.select().from(deliveries).where(eq(deliveries.quoteId, bare.id))).toHaveLength(1);
  });

  it('holds the per-address and per-key limits under a concurrent burst', async () => {
    const ip = nextIp();
    const burst = await Promise.all(Array.from({ length: BOOKING_ADDRESS_LIMIT.max + 5 }, () => postBooking(t, {}, { ip })));
    const limited = burst.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(5);
    expect(burst.filter((r) => r.statusCode === 400)).toHaveLength(BOOKING_ADDRESS_LIMIT.max);

    const firm = await signedInUser(t, 2, 'burst-company');
    const key = await apiKeyOf(t, firm.id);
    // One key from many addresses: counted by the key.
    const keyBurst = await Promise.all(Array.from({ length: BOOKING_API_KEY_LIMIT.max + 5 }, () => postBooking(t, {}, { headers: asKey(key) })));
    expect(keyBurst.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });
});

describeEachDatabase('reading bookings', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });

  it('shows a booking to its company (session or any of its keys) and the 404 of a missing page to everyone else', async () => {
    const firm = await signedInUser(t, 2, 'read-company');
    const rival = await signedInUser(t, 2, 'read-rival');
    const rider = await signedInUser(t, 1, 'read-rider');
    const dispatcher = await signedInStaff(t, 'dispatcher', 'read');
    const admin = await signedInStaff(t, 'admin', 'read');
    const key = await apiKeyOf(t, firm.id);
    const secondKey = await apiKeyOf(t, firm.id);
    const rivalKey = await apiKeyOf(t, rival.id);
    const booked = await bookAs(t, asKey(key));
    const url = `/api/deliveries/${booked.id}`;

    for (const headers of [asUser(firm.token), asKey(key), asKey(secondKey)]) {
      const res = await get(url, headers);
      expect(res.statusCode, res.body).toBe(200);
      const { delivery } = res.json<{ delivery: Record<string, unknown> }>();
      expect(delivery).toMatchObject({
        id: booked.id,
        reference: booked.reference,
        status: 'booked',
        tracking_url: booked.tracking_url,
        price_kobo: 675_000,
        pickup: { area: 'Ikeja', address: '12 Allen Avenue', contact_phone: '+2348031234567' },
        dropoff: { area: 'Lekki', contact_name: 'Tunde Bello' },
        parcel: { size: 'medium' },
        description: 'Two pairs of shoes',
        payment: 'cash_on_delivery',
        events: [{ status: 'booked', at: expect.any(String) }],
      });
      expect((delivery.breakdown as unknown[]).length).toBe(6);
    }
    for (const headers of [{}, asUser(rival.token), asUser(rider.token), asStaff(dispatcher.token), asStaff(admin.token), asKey(rivalKey)]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    // A visitor's booking belongs to no company.
    const visitors = await bookAsVisitor(t);
    expect((await get(`/api/deliveries/${visitors.id}`, asUser(firm.token))).statusCode).toBe(404);
    expect((await get('/api/deliveries/not-an-id', asUser(firm.token))).statusCode).toBe(404);
    expect((await get(url, asKey('ogb_live_nobody'))).statusCode).toBe(401);
  });

  it('shows the tracking link\'s page to anyone with the token, without phones, e-mails, names or addresses', async () => {
    const booked = await bookAsVisitor(t);
    const res = await get('/api/deliveries/tracking', { 'x-tracking-token': trackingTokenOf(booked.tracking_url) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      tracking: {
        reference: booked.reference,
        status: 'booked',
        pickup: { state: 'Lagos', area: 'Ikeja' },
        dropoff: { state: 'Lagos', area: 'Lekki' },
        pickup_at: expect.any(String),
        price_kobo: 675_000,
        payment: 'cash_on_delivery',
        events: [{ status: 'booked', at: expect.any(String) }],
        deliver_by: expect.any(String),
        rider: null,
        proof: false,
        rating: null,
        can_cancel: true,
      },
    });
    for (const secret of ['8031234567', '8050001111', 'ada.sender', 'Ada', 'Tunde', 'Allen', 'Admiralty', 'shoes']) expect(res.body).not.toContain(secret);
    for (const headers of [{} as Record<string, string>, { 'x-tracking-token': otherToken(trackingTokenOf(booked.tracking_url)) }, { 'x-tracking-token': booked.id }]) {
      const refused = await get('/api/deliveries/tracking', headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(404);
      expect(refused.json()).toEqual(NOT_FOUND);
    }
    const abroad = await heldQuote(t, ukQuoteBody());
    const ip = nextIp();
    const uk = await postBooking(t, bookingBody(abroad), { ip, headers: { cookie: await captchaCookie(t, ip) } });
    const ukTrack = await get('/api/deliveries/tracking', { 'x-tracking-token': trackingTokenOf(uk.json<{ delivery: Booked }>().delivery.tracking_url) });
    expect(ukTrack.json<{ tracking: { dropoff: unknown } }>().tracking.dropoff).toEqual({ country: 'GB', city: 'Manchester' });
  });

  it("lists a company's bookings newest first, a page at a time, and only its own", async () => {
    const firm = await signedInUser(t, 2, 'list-company');
    const rival = await signedInUser(t, 2, 'list-rival');
    const first = await bookAs(t, asUser(firm.token));
    const second = await bookAs(t, asKey(await apiKeyOf(t, firm.id)));
    await bookAs(t, asUser(rival.token));
    const res = await get('/api/companies/me/deliveries', asUser(firm.token));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: Array<{ id: string; reference: string; pickup: unknown; dropoff: unknown }>; next: string | null }>();
    expect(page.items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(page.items[0]).toMatchObject({ reference: second.reference, pickup: { area: 'Ikeja' }, dropoff: { area: 'Lekki' }, price_kobo: 675_000, status: 'booked' });
    expect(page.next).toBeNull();
    const rider = await signedInUser(t, 1, 'list-rider');
    expect((await get('/api/companies/me/deliveries', asUser(rider.token))).statusCode).toBe(404);
    expect((await get('/api/companies/me/deliveries')).statusCode).toBe(401);
    expect((await get('/api/companies/me/deliveries?cursor=bogus', asUser(firm.token))).statusCode).toBe(400);
  });
});

const redisAvailable = await redisAnswers('the shared booking rate-limit test');

describeEachDatabase('bookings on two instances sharing Redis (and, on PostgreSQL, the database)', (kind) => {
  let one: TestApp | null = null;
  let two: TestApp | null = null;
  beforeAll(async () => {
    if (!redisAvailable) return;
    one = await buildTestApp({ database: kind, env: { REDIS_URL }, startWorkers: false });
    two = await buildTestApp({
      database: kind,
      startWorkers: false,
      env: { REDIS_URL, ...(one.config.databaseUrl ? { DATABASE_URL: one.config.databaseUrl } : {}) },
      ...(one.config.databaseUrl ? { databaseUrl: one.config.databaseUrl } : {}),
    });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it.skipIf(!redisAvailable)('holds the per-address limit across both under a concurrent burst', async () => {
    // An address of its own in Redis (counts outlive this process for a minute).
    const ip = `10.${randomInt(200, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    const answers = await Promise.all(Array.from({ length: BOOKING_ADDRESS_LIMIT.max + 10 }, (_, i) => postBooking(i % 2 === 0 ? one! : two!, {}, { ip })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(BOOKING_ADDRESS_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it.skipIf(!redisAvailable || kind !== 'postgres')('books once when a double tap with one Idempotency-Key lands on both instances', async () => {
    const firm = await signedInUser(one!, 2, 'two-instances');
    const quote = await heldQuote(one!);
    const body = bookingBody(quote);
    const taps = await Promise.all(
      Array.from({ length: 6 }, (_, i) => postBooking(i % 2 === 0 ? one! : two!, body, { headers: { ...asUser(firm.token), 'idempotency-key': 'both-1' } })),
    );
    expect(taps.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(taps.map((r) => r.body)).size).toBe(1);
    expect(await one!.database.db.select().from(deliveries).where(eq(deliveries.quoteId, quote.id))).toHaveLength(1);
  });
});
