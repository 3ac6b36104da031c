/**
 * POST /api/deliveries/quotes and GET /api/deliveries/quotes/{id}: the price is the
 * shared function's, line by line; the quote is stored with its rate card version and held 15
 * minutes; refusals land under their field; hostile input is a 4xx; the per-address rate limit
 * holds under a concurrent burst (and across two instances through Redis); every caller gets the
 * same answer.
 */
import { randomInt } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryQuotes, rateCards } from '../../src/server/db/schema';
import { QUOTE_RATE_LIMIT } from '../../src/server/features/deliveries/quoteRoutes';
import { QUOTE_HOLD_MS } from '../../src/server/features/deliveries/quoteService';
import { latestRateCard, saveRateCardVersion } from '../../src/server/domain/rateCards';
import { startOfLagosDay } from '../../src/shared/deliveries/lagosTime';
import { deliveryMessages as m } from '../../src/shared/deliveries/messages';
import { priceInternational, priceLagos } from '../../src/shared/deliveries/price';
import { defaultRateCard } from '../../src/shared/deliveries/rateCard';
import { buildTestApp, describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { signedInStaff, signedInUser } from './opsHelpers';
import { REDIS_URL, redisAnswers } from './redis';

const URL = '/api/deliveries/quotes';

/** Tomorrow 12:00 in Lagos: open every day, never rush hour, always "today or tomorrow". */
const offPeak = () => new Date(startOfLagosDay(Date.now(), 1) + 12 * 3_600_000).toISOString();

const lagosBody = (overrides: Record<string, unknown> = {}) => ({
  pickup: { state: 'Lagos', area: 'Ikeja' },
  dropoff: { state: 'Lagos', area: 'Lekki' },
  parcel: { size: 'medium' },
  payment: 'cash_on_delivery',
  pickup_at: offPeak(),
  ...overrides,
});

const ukBody = (overrides: Record<string, unknown> = {}) => ({
  pickup: { area: 'Yaba' },
  dropoff: { country: 'GB', city: 'Manchester' },
  parcel: { weight_kg: 3.2, length_cm: 40, width_cm: 30, height_cm: 30 },
  pickup_at: offPeak(),
  ...overrides,
});

interface QuoteBody {
  quote: {
    id: string;
    price_kobo: number;
    currency: string;
    breakdown: Array<{ label: string; amount_kobo: number }>;
    expires_at: string;
    distance_km?: number;
    chargeable_weight_kg?: number;
    rate_card_version: number;
  };
}

function post(t: Pick<TestApp, 'app'>, payload: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: URL,
    remoteAddress: options.ip ?? nextIp(),
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });
}

describeEachDatabase('delivery quotes', (kind) => {
  const t = useTestApp(kind);

  it('prices Ikeja → Lekki, medium, cash on delivery at ₦6,750 with the shared function, line by line', async () => {
    const body = lagosBody();
    const before = Date.now();
    const res = await post(t, body);
    expect(res.statusCode, res.body).toBe(200);
    const { quote } = res.json<QuoteBody>();
    expect(quote.price_kobo).toBe(675_000);
    expect(quote.currency).toBe('NGN');
    expect(quote.rate_card_version).toBe(1);
    expect(quote.distance_km).toBe(34.4);
    expect(quote).not.toHaveProperty('chargeable_weight_kg');
    const expected = priceLagos(
      { pickupArea: 'Ikeja', dropoffArea: 'Lekki', size: 'medium', payment: 'cash_on_delivery', pickupAt: body.pickup_at },
      defaultRateCard,
      { now: before },
    );
    expect(expected.ok).toBe(true);
    if (!expected.ok) return;
    expect(quote.breakdown).toEqual(expected.quote.breakdown);
    expect(quote.breakdown.map((l) => l.label)).toEqual([
      'Base fare',
      '34.4 km',
      'Medium parcel',
      'Island crossing',
      'Cash on delivery',
      'Rounded up to the next ₦50',
    ]);
    expect(quote.breakdown.reduce((sum, l) => sum + l.amount_kobo, 0)).toBe(quote.price_kobo);
    // Held 15 minutes from when it was priced.
    const expires = Date.parse(quote.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + QUOTE_HOLD_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + QUOTE_HOLD_MS);
    expect(quote.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores the quote with what was asked, its price, breakdown and rate card version', async () => {
    const res = await post(t, lagosBody({ pickup: { area: 'ikeja' } }));
    expect(res.statusCode, res.body).toBe(200);
    const { quote } = res.json<QuoteBody>();
    const [row] = await t.database.db.select().from(deliveryQuotes).where(eq(deliveryQuotes.id, quote.id));
    expect(row).toBeDefined();
    expect(row!.priceKobo).toBe(quote.price_kobo);
    expect(row!.breakdown).toEqual(quote.breakdown);
    expect(row!.rateCardVersion).toBe(1);
    expect(row!.distanceKm).toBe(34.4);
    expect(row!.expiresAt.toISOString()).toBe(quote.expires_at);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(QUOTE_HOLD_MS);
    // The area in the wizard's spelling; the address only as a keyed hash.
    expect(row!.request).toMatchObject({ pickup: { area: 'Ikeja' }, dropoff: { area: 'Lekki' }, parcel: { size: 'medium' }, payment: 'cash_on_delivery' });
    expect(row!.clientIpHash).toMatch(/^[\w-]{22}$/);
    expect(row!.apiKeyId).toBeNull();
  });

  it('prices Lagos → United Kingdom by chargeable weight, as the shared function does', async () => {
    const body = ukBody();
    const res = await post(t, body);
    expect(res.statusCode, res.body).toBe(200);
    const { quote } = res.json<QuoteBody>();
    const expected = priceInternational(
      { pickupArea: 'Yaba', country: 'GB', city: 'Manchester', weight_kg: 3.2, length_cm: 40, width_cm: 30, height_cm: 30, pickupAt: body.pickup_at },
      defaultRateCard,
    );
    expect(expected.ok).toBe(true);
    if (!expected.ok) return;
    expect(quote.price_kobo).toBe(expected.quote.price_kobo);
    expect(quote.breakdown).toEqual(expected.quote.breakdown);
    // 40 × 30 × 30 ÷ 5000 = 7.2 kg, more than the 3.2 kg it weighs.
    expect(quote.chargeable_weight_kg).toBe(7.5);
    expect(quote.distance_km).toBe(expected.quote.distance_km);
  });

  it('stores every quote of a concurrent burst (written in batches), each answered only once stored', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(t, lagosBody({ parcel: { size: ['small', 'medium', 'large'][i % 3] } }))));
    const ids = answers.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json<QuoteBody>().quote.id;
    });
    expect(new Set(ids).size).toBe(40);
    const rows = await t.database.db.select({ id: deliveryQuotes.id, price: deliveryQuotes.priceKobo }).from(deliveryQuotes).where(inArray(deliveryQuotes.id, ids));
    expect(rows).toHaveLength(40);
    const prices = new Map(answers.map((r) => [r.json<QuoteBody>().quote.id, r.json<QuoteBody>().quote.price_kobo]));
    for (const row of rows) expect(row.price).toBe(prices.get(row.id));
  });

  it('GET /api/deliveries/quotes/{id} answers the held quote, then 404 once it expired or for any other id', async () => {
    const created = (await post(t, lagosBody())).json<QuoteBody>().quote;
    const res = await t.app.inject({ url: `${URL}/${created.id}`, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<QuoteBody>().quote).toEqual(created);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", 'x'.repeat(64)]) {
      const missing = await t.app.inject({ url: `${URL}/${encodeURIComponent(id)}`, remoteAddress: nextIp() });
      expect(missing.statusCode, id).toBe(404);
      errorOf(missing.body);
    }
    await t.database.db.update(deliveryQuotes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(deliveryQuotes.id, created.id));
    const expired = await t.app.inject({ url: `${URL}/${created.id}`, remoteAddress: nextIp() });
    expect(expired.statusCode).toBe(404);
  });

  it('prices with the latest rate card; a version saved afterwards leaves a stored quote as it was', async () => {
    const first = (await post(t, lagosBody())).json<QuoteBody>().quote;
    expect(first.rate_card_version).toBe(1);
    const { version: _v, ...card } = defaultRateCard;
    const staffMember = await signedInStaff(t, 'admin', 'rate-card');
    const saved = await saveRateCardVersion(t.database.db, { staffId: staffMember.id, email: staffMember.email }, { ...card, lagos: { ...card.lagos, baseFareKobo: 150_000 } }, 1);
    expect(saved.version).toBe(2);
    expect((await latestRateCard(t.database.db)).version).toBe(2);

    const second = (await post(t, lagosBody())).json<QuoteBody>().quote;
    expect(second.rate_card_version).toBe(2);
    expect(second.breakdown[0]).toEqual({ label: 'Base fare', amount_kobo: 150_000 });
    expect(second.price_kobo).toBeGreaterThan(first.price_kobo);

    const again = (await t.app.inject({ url: `${URL}/${first.id}`, remoteAddress: nextIp() })).json<QuoteBody>().quote;
    expect(again).toEqual(first);
    const [row] = await t.database.db.select().from(deliveryQuotes).where(eq(deliveryQuotes.id, first.id));
    expect(row!.rateCardVersion).toBe(1);
    expect(row!.priceKobo).toBe(675_000);
    const versions = await t.database.db.select({ version: rateCards.version, createdBy: rateCards.createdBy }).from(rateCards).orderBy(rateCards.version);
    expect(versions).toEqual([
      { version: 1, createdBy: null },
      { version: 2, createdBy: staffMember.id },
    ]);
  });

  it('refuses a card that fails the rate card checks, and keeps pricing with the latest sound one', async () => {
    const latest = await latestRateCard(t.database.db);
    const { version: _v, ...card } = latest;
    const actor = { staffId: null, email: 'command line' };
    await expect(saveRateCardVersion(t.database.db, actor, { ...card, lagos: { ...card.lagos, baseFareKobo: 150_050 } }, latest.version)).rejects.toMatchObject({
      status: 400,
      field: 'lagos.baseFareKobo',
    });
    expect((await latestRateCard(t.database.db)).version).toBe(latest.version);
  });

  describe('refusals under their field', () => {
    const cases: Array<[string, unknown, string, string]> = [
      ['another state', lagosBody({ pickup: { state: 'Ogun', area: 'Ikeja' } }), 'pickup.state', m.outsideLagos],
      ['another state for the drop-off', lagosBody({ dropoff: { state: 'Oyo', area: 'Ibadan' } }), 'dropoff.state', m.outsideLagos],
      ['an unknown area', lagosBody({ pickup: { area: 'Atlantis' } }), 'pickup.area', m.unknownArea],
      ['an unknown drop-off area', lagosBody({ dropoff: { area: 'Abuja' } }), 'dropoff.area', m.unknownArea],
      ['no pickup', lagosBody({ pickup: undefined }), 'pickup.area', m.selectArea],
      ['no area', lagosBody({ pickup: { state: 'Lagos' } }), 'pickup.area', m.selectArea],
      ['no drop-off', lagosBody({ dropoff: undefined }), 'dropoff.area', m.selectArea],
      ['no parcel', lagosBody({ parcel: undefined }), 'parcel.size', m.selectSize],
      ['an unknown size', lagosBody({ parcel: { size: 'huge' } }), 'parcel.size', m.unknownSize],
      ['weights within Lagos', lagosBody({ parcel: { weight_kg: 2, length_cm: 10, width_cm: 10, height_cm: 10 } }), 'parcel.size', m.selectSize],
      ['an unknown payment', lagosBody({ payment: 'bitcoin' }), 'payment', m.unknownPayment],
      ['a pickup time without a zone', lagosBody({ pickup_at: '2026-12-01T12:00' }), 'pickup_at', m.pickupAtInvalid],
      ['a pickup time in the past', lagosBody({ pickup_at: '2020-01-01T12:00:00Z' }), 'pickup_at', m.pickupAtPast],
      ['a pickup time next week', lagosBody({ pickup_at: new Date(Date.now() + 7 * 86_400_000).toISOString() }), 'pickup_at', m.pickupAtTooLate],
      ['cash on delivery abroad', ukBody({ payment: 'cash_on_delivery' }), 'payment', m.noCashOnDeliveryAbroad],
      ['another country', ukBody({ dropoff: { country: 'US', city: 'Boston' } }), 'dropoff.country', m.unknownCountry],
      ['no city', ukBody({ dropoff: { country: 'CA' } }), 'dropoff.city', m.enterCity],
      ['no weight abroad', ukBody({ parcel: { size: 'small' } }), 'parcel.weight_kg', m.enterWeight],
      ['a negative weight', ukBody({ parcel: { weight_kg: -2, length_cm: 10, width_cm: 10, height_cm: 10 } }), 'parcel.weight_kg', m.mustBePositive],
      ['a zero height', ukBody({ parcel: { weight_kg: 2, length_cm: 10, width_cm: 10, height_cm: 0 } }), 'parcel.height_cm', m.mustBePositive],
      ['a weight over the limit', ukBody({ parcel: { weight_kg: 1e308, length_cm: 10, width_cm: 10, height_cm: 10 } }), 'parcel.weight_kg', m.weightOverLimit(25)],
      ['a side over the limit', ukBody({ parcel: { weight_kg: 2, length_cm: 9e15, width_cm: 10, height_cm: 10 } }), 'parcel.length_cm', m.sideOverLimit(100)],
      ['a weight that is not a number', ukBody({ parcel: { weight_kg: '2kg', length_cm: 10, width_cm: 10, height_cm: 10 } }), 'parcel.weight_kg', m.notANumber],
      ['a weight of true', ukBody({ parcel: { weight_kg: true, length_cm: 10, width_cm: 10, height_cm: 10 } }), 'parcel.weight_kg', m.notANumber],
      ['a hex width', ukBody({ parcel: { weight_kg: 2, length_cm: 10, width_cm: '0x20', height_cm: 10 } }), 'parcel.width_cm', m.notANumber],
    ];
    it.each(cases)('%s', async (_what, body, field, message) => {
      const res = await post(t, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res.body)).toEqual({ field, message });
    });
  });

  describe('hostile input is a 4xx in the error shape, never a 5xx', () => {
    const nested = (depth: number) => '{"pickup":'.repeat(depth) + '1' + '}'.repeat(depth);
    const cases: Array<[string, unknown, number]> = [
      ['a NUL byte in an area', lagosBody({ pickup: { area: 'Ike\u0000ja' } }), 400],
      ['a NUL byte in a city', ukBody({ dropoff: { country: 'GB', city: 'Leeds\u0000' } }), 400],
      ['a control character in a city', ukBody({ dropoff: { country: 'GB', city: 'Leeds\u0007' } }), 400],
      ['an area as a number', lagosBody({ pickup: { area: 12 } }), 400],
      ['an area as an object', lagosBody({ dropoff: { area: { $ne: null } } }), 400],
      ['a state as an array', lagosBody({ pickup: { state: ['Lagos'], area: 'Ikeja' } }), 400],
      ['a size as a number', lagosBody({ parcel: { size: 2 } }), 400],
      ['a pickup time as a number', lagosBody({ pickup_at: 1e20 }), 400],
      ['a pickup time as an object', lagosBody({ pickup_at: { toString: 'x' } }), 400],
      ['parcel as a string', lagosBody({ parcel: 'medium' }), 400],
      ['a body of null', null, 400],
      ['a body that is an array', [lagosBody()], 400],
      ['a body that is a string', '"quote"', 400],
      ['a very long area', lagosBody({ pickup: { area: 'Ikeja'.repeat(2000) } }), 400],
      ['a very long number text', ukBody({ parcel: { weight_kg: '1'.repeat(5000), length_cm: 1, width_cm: 1, height_cm: 1 } }), 400],
      ['a huge volume', ukBody({ parcel: { weight_kg: 1, length_cm: 100, width_cm: 100, height_cm: 100 } }), 400],
      ['broken JSON', '{"pickup": {', 400],
      ['a __proto__ key', '{"__proto__": {"admin": true}, "pickup": {"area": "Ikeja"}}', 400],
      ['deep nesting', nested(1400), 400],
      ['a 10 MB body', JSON.stringify({ ...lagosBody(), padding: 'x'.repeat(10 * 1024 * 1024) }), 413],
    ];
    it.each(cases)('%s', async (_what, body, status) => {
      const res = await post(t, typeof body === 'string' ? body : JSON.stringify(body));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
      errorOf(res.body);
    });

    it('a body of plain text is refused under its first field, and XML is a 415', async () => {
      const text = await t.app.inject({ method: 'POST', url: URL, remoteAddress: nextIp(), headers: { 'content-type': 'text/plain' }, payload: 'Ikeja to Lekki' });
      expect(text.statusCode).toBe(400);
      expect(errorOf(text.body).field).toBe('pickup.area');
      const xml = await t.app.inject({ method: 'POST', url: URL, remoteAddress: nextIp(), headers: { 'content-type': 'application/xml' }, payload: '<quote/>' });
      expect(xml.statusCode).toBe(415);
      errorOf(xml.body);
    });
  });

  it('every caller gets the same answer: signed out, rider, company, staff', async () => {
    const rider = await signedInUser(t, 1, 'quote-rider');
    const company = await signedInUser(t, 2, 'quote-company');
    const admin = await signedInStaff(t, 'admin', 'quote-admin');
    const body = lagosBody({ payment: 'cash_on_pickup' });
    const callers: Array<[string, Record<string, string>]> = [
      ['signed out', {}],
      ['rider', { 'x-auth-token': rider.token }],
      ['company', { 'x-auth-token': company.token }],
      ['staff', { 'x-ops-token': admin.token }],
      ['a bad token', { 'x-auth-token': 'not-a-token' }],
    ];
    const answers = [];
    for (const [who, headers] of callers) {
      const res = await post(t, body, { headers });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      const { id: _id, expires_at: _e, ...quote } = res.json<QuoteBody>().quote;
      answers.push(quote);
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it(`answers at most ${QUOTE_RATE_LIMIT.max} quotes a minute to one address, under a concurrent burst`, async () => {
    const ip = nextIp();
    const burst = QUOTE_RATE_LIMIT.max + 20;
    const answers = await Promise.all(Array.from({ length: burst }, () => post(t, lagosBody(), { ip })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200), answers.find((r) => r.statusCode !== 200 && r.statusCode !== 429)?.body).toHaveLength(QUOTE_RATE_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(errorOf(refused.body).field).toBe('alert');
    // Another address is not held back.
    expect((await post(t, lagosBody())).statusCode).toBe(200);
  });

  it('is in the OpenAPI document with its body and every answer', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; responses: Record<string, unknown> }>>;
    }>();
    const route = doc.paths[URL]!.post!;
    expect(Object.keys(route.requestBody!.content['application/json']!.schema.properties)).toEqual(['pickup', 'dropoff', 'parcel', 'pickup_at', 'payment']);
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '429', '500']));
    expect(Object.keys(doc.paths)).toContain('/api/deliveries/quotes/{id}');
  });
});

const redisAvailable = await redisAnswers('the shared quote rate-limit test');

describeEachDatabase('delivery quotes on two instances sharing Redis', (kind) => {
  let one: TestApp | null = null;
  let two: TestApp | null = null;
  beforeAll(async () => {
    if (!redisAvailable) return;
    one = await buildTestApp({ database: kind, env: { REDIS_URL } });
    two = await buildTestApp({
      database: kind,
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
    const burst = QUOTE_RATE_LIMIT.max + 30;
    const answers = await Promise.all(Array.from({ length: burst }, (_, i) => post(i % 2 === 0 ? one! : two!, lagosBody(), { ip })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(QUOTE_RATE_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });
});
