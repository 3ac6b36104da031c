/**
 * The console's rate card through the API, on PGlite and on PostgreSQL: who may read it and
 * who may save it (with the password or a fresh code), a refusal under each figure's field, a
 * new version priced by the next quote while an older quote keeps its own, the audit entry in
 * words, two saves at once, and a save seen at once by another instance.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfLagosDay } from '../../src/shared/deliveries/lagosTime';
import { defaultRateCard, type MarginalBand, type RateCard } from '../../src/shared/deliveries/rateCard';
import { addToDraft, cardOfDraft, draftOf, type OpsRateCard, type RateCardBody } from '../../src/shared/deliveries/rateCardForm';
import { ceilTo, marginalChargeKobo } from '../../src/shared/deliveries/price';
import { rateCardMessages as rm } from '../../src/shared/deliveries/rateCardMessages';
import { messages } from '../../src/shared/messages';
import { auditLog, deliveryQuotes, rateCards } from '../../src/server/db/schema';
import { RATE_CARD_CHANNEL } from '../../src/server/domain/rateCards';
import { currentCode } from '../../src/server/lib/totp';
import { GOOD_PASSWORD } from './authHelpers';
import { buildTestApp, describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { asStaff, matrixCallers, signedInStaff, type Caller } from './opsHelpers';
import { REDIS_URL, redisAnswers } from './redis';

const URL = '/api/ops/rate-card';
const NOT_FOUND = { error: { field: 'alert', message: 'Not found' } };

const { version: _shipped, ...shippedBody } = defaultRateCard;
const bodyOf = (card: RateCard): RateCardBody => {
  const { version: _v, ...body } = card;
  return JSON.parse(JSON.stringify(body)) as RateCardBody;
};

/** Tomorrow 12:00 in Lagos: open, off-peak. */
const offPeak = () => new Date(startOfLagosDay(Date.now(), 1) + 12 * 3_600_000).toISOString();
const quoteBody = { pickup: { state: 'Lagos', area: 'Ikeja' }, dropoff: { state: 'Lagos', area: 'Lekki' }, parcel: { size: 'medium' }, payment: 'cash_on_delivery' };

function quote(t: Pick<TestApp, 'app'>) {
  return t.app.inject({ method: 'POST', url: '/api/deliveries/quotes', remoteAddress: nextIp(), payload: { ...quoteBody, pickup_at: offPeak() } });
}

async function current(t: TestApp, headers: Record<string, string>): Promise<OpsRateCard> {
  const res = await t.app.inject({ method: 'GET', url: URL, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OpsRateCard>();
}

/** A change to the card's figures, in kobo, as a function of the card. */
type Edit = (card: RateCardBody) => void;

describeEachDatabase('ops rate card', (kind) => {
  const t = useTestApp(kind);
  let callers: Record<Caller, Record<string, string>>;

  beforeAll(async () => {
    callers = await matrixCallers(t);
  });

  /** Saves `edit` applied to the latest card as the admin of the matrix, with the password. */
  async function save(edit: Edit, options: { confirmation?: string | null; baseVersion?: number; headers?: Record<string, string> } = {}) {
    const latest = await current(t, callers.admin);
    const card = bodyOf(latest.current.card);
    edit(card);
    const confirmation = options.confirmation === undefined ? GOOD_PASSWORD : options.confirmation;
    return t.app.inject({
      method: 'POST',
      url: URL,
      headers: options.headers ?? callers.admin,
      payload: { card, baseVersion: options.baseVersion ?? latest.current.version, ...(confirmation === null ? {} : { confirmation }) },
    });
  }

  it('staff read the card in force, who saved it and when, and every version; nobody else learns it exists', async () => {
    const seen = await current(t, callers.dispatcher);
    expect(seen.current.version).toBe(1);
    expect(seen.current.savedBy).toBeNull();
    expect(bodyOf(seen.current.card)).toEqual(shippedBody);
    expect(seen.versions).toEqual([{ version: 1, savedBy: null, savedAt: seen.current.savedAt }]);
    expect(await current(t, callers.admin)).toEqual(seen);
    for (const caller of ['no token', 'rider', 'company', 'rider token as staff'] as const) {
      const res = await t.app.inject({ method: 'GET', url: URL, headers: callers[caller] });
      expect([caller, res.statusCode, res.json()]).toEqual([caller, 404, NOT_FOUND]);
    }
  });

  it('only an admin saves, and only with the password or a fresh code', async () => {
    for (const caller of ['no token', 'rider', 'company', 'rider token as staff', 'dispatcher'] as const) {
      const res = await save((c) => void (c.lagos.baseFareKobo = 900_000), { headers: callers[caller] });
      expect([caller, res.statusCode, res.json()]).toEqual([caller, 404, NOT_FOUND]);
    }
    const without = await save((c) => void (c.lagos.baseFareKobo = 900_000), { confirmation: null });
    expect(without.statusCode).toBe(403);
    expect(errorOf(without.body)).toEqual({ field: 'confirmation', message: messages.opsConfirmRequired });
    const wrong = await save((c) => void (c.lagos.baseFareKobo = 900_000), { confirmation: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong.body)).toEqual({ field: 'confirmation', message: messages.opsConfirmFailed });
    expect((await current(t, callers.admin)).current.version).toBe(1);

    // A member with a fresh code from the authenticator app.
    const admin = await signedInStaff(t, 'admin', 'rate-card-code');
    const latest = await current(t, callers.admin);
    const card = bodyOf(latest.current.card);
    card.lagos.crossingKobo = 60_000;
    const res = await asStaff(t, admin, { method: 'POST', url: URL, payload: { card, baseVersion: latest.current.version, confirmation: currentCode(admin.secret) } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<OpsRateCard>();
    expect(saved.current.version).toBe(latest.current.version + 1);
    expect(saved.current.savedBy).toBe(admin.email);
    expect(saved.current.card.lagos.crossingKobo).toBe(60_000);
    expect(saved.versions.map((v) => v.version)).toEqual([saved.current.version, ...latest.versions.map((v) => v.version)]);
  });

  describe('a refusal under each figure, and nothing saved', () => {
    const cases: Array<[string, Edit, string]> = [
      ['lagos.baseFareKobo', (c) => void (c.lagos.baseFareKobo = -100), rm.notNegative],
      ['lagos.baseFareKobo', (c) => void (c.lagos.baseFareKobo = 100_050), rm.wholeNaira],
      ['lagos.baseFareKobo', (c) => void (c.lagos.baseFareKobo = 1e12), rm.atMost('₦1,000,000')],
      ['lagos.baseFareKobo', (c) => void (c.lagos.baseFareKobo = 1.5), rm.enterAmount],
      ['lagos.roadFactor', (c) => void (c.lagos.roadFactor = 0.5), rm.between('1', '3')],
      ['lagos.distanceBands[0].upTo', (c) => void ((c.lagos.distanceBands as MarginalBand[])[0] = { upTo: 0, rateKobo: 15_000 }), rm.bandsRise],
      ['lagos.distanceBands[0].upTo', (c) => void ((c.lagos.distanceBands as MarginalBand[])[0] = { upTo: 500, rateKobo: 15_000 }), rm.atMost('200')],
      ['lagos.distanceBands[0].rateKobo', (c) => void ((c.lagos.distanceBands as MarginalBand[])[0] = { upTo: 20, rateKobo: -1 }), rm.notNegative],
      ['lagos.distanceBands[1].upTo', (c) => void ((c.lagos.distanceBands as MarginalBand[])[1] = { upTo: 30, rateKobo: 11_000 }), rm.lastBandOpen],
      ['lagos.sizes.small.maxWeightKg', (c) => void (c.lagos.sizes.small.maxWeightKg = 0), rm.aboveZero],
      ['lagos.sizes.large.surchargeKobo', (c) => void (c.lagos.sizes.large.surchargeKobo = 10_000), rm.biggerSize],
      ['lagos.sizes.medium.maxSideCm', (c) => void (c.lagos.sizes.medium.maxSideCm = 1_000), rm.atMost('300')],
      ['lagos.crossingKobo', (c) => void (c.lagos.crossingKobo = -50_000), rm.notNegative],
      ['lagos.rushHours.surchargeKobo', (c) => void (c.lagos.rushHours.surchargeKobo = 200_000_000), rm.atMost('₦1,000,000')],
      ['lagos.rushHours.windows[0].from', (c) => void (c.lagos.rushHours.windows[0]!.from = '25:00' as never), rm.enterTime],
      ['lagos.rushHours.windows[1].to', (c) => void (c.lagos.rushHours.windows[1]!.to = '15:00'), rm.endsAfterStart],
      ['lagos.rushHours.windows[0].days', (c) => void (c.lagos.rushHours.windows[0]!.days = [1, 1, 9]), rm.daysOfWeek],
      ['lagos.cashOnDelivery.basisPoints', (c) => void (c.lagos.cashOnDelivery.basisPoints = 20_000), rm.between('0%', '100%')],
      ['lagos.cashOnDelivery.minimumKobo', (c) => void (c.lagos.cashOnDelivery.minimumKobo = -100), rm.notNegative],
      ['lagos.minimumKobo', (c) => void (c.lagos.minimumKobo = 5_000_000), rm.minimumOverTypical('₦2,500')],
      ['lagos.roundToKobo', (c) => void (c.lagos.roundToKobo = 0), rm.atLeast('₦1')],
      ['lagos.openingHours[1].close', (c) => void ((c.lagos.openingHours as unknown[])[1] = { open: '20:00', close: '07:00' }), rm.closesAfterOpen],
      ['lagos.openingHours[6].open', (c) => void ((c.lagos.openingHours as unknown[])[6] = { open: '8am', close: '20:00' }), rm.enterTime],
      ['lagos.riderShareBasisPoints', (c) => void (c.lagos.riderShareBasisPoints = -1), rm.between('0%', '100%')],
      ['international.volumetricDivisor', (c) => void (c.international.volumetricDivisor = 50), rm.between('1,000', '10,000')],
      ['international.hub', (c) => void (c.international.hub = { ...c.international.hub, lat: 51.5 }), rm.hubInLagos],
      ['international.limits.maxWeightKg', (c) => void (c.international.limits.maxWeightKg = -3), rm.aboveZero],
      ['international.limits.maxChargeableKg', (c) => void (c.international.limits.maxChargeableKg = 1e9), rm.atMost('100')],
      ['international.destinations.GB.weightBands[1].upTo', (c) => void ((c.international.destinations.GB.weightBands as unknown as { upTo: number | null }[])[1]!.upTo = 1), rm.bandsRise],
      ['international.destinations.CA.weightBands[0].upTo', (c) => void ((c.international.destinations.CA.weightBands as unknown as { upTo: number | null }[])[0]!.upTo = 1.2), rm.bandStep('0.5')],
      ['international.destinations.CA.minimumKobo', (c) => void (c.international.destinations.CA.minimumKobo = 99_000_000), rm.minimumOverTypical('₦115,000')],
    ];
    it.each(cases.map(([field, edit, message]) => ({ field, edit, message })))('$field: $message', async ({ field, edit, message }) => {
      const before = (await current(t, callers.admin)).current.version;
      const res = await save(edit);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res.body)).toEqual({ field, message });
      expect((await current(t, callers.admin)).current.version).toBe(before);
    });

    it('a malformed card (a missing part, a word for a number, no bands, a day too many) is a 400, not a 500', async () => {
      for (const edit of [
        (c: RateCardBody) => void delete (c.lagos as Partial<RateCardBody['lagos']>).sizes,
        (c: RateCardBody) => void ((c.lagos as unknown as Record<string, unknown>).baseFareKobo = 'a thousand'),
        (c: RateCardBody) => void ((c.lagos as unknown as Record<string, unknown>).distanceBands = []),
        (c: RateCardBody) => void ((c.lagos as unknown as Record<string, unknown[]>).openingHours!.push(null)),
      ]) {
        const res = await save(edit);
        expect(res.statusCode, res.body).toBe(400);
      }
    });
  });

  it('a card with a band added in the form saves, and the next quote is priced by its three bands', async () => {
    const latest = await current(t, callers.admin);
    let draft = addToDraft(draftOf(bodyOf(latest.current.card)), 'bands');
    draft = { ...draft, 'lagos.distanceBands[1].upTo': '25', 'lagos.distanceBands[2].rateKobo': '1000' };
    const { card, errors } = cardOfDraft(bodyOf(latest.current.card), draft);
    expect(errors).toEqual([]);
    const res = await t.app.inject({ method: 'POST', url: URL, headers: callers.admin, payload: { card, baseVersion: latest.current.version, confirmation: GOOD_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OpsRateCard>().current.card.lagos.distanceBands).toEqual([...card.lagos.distanceBands]);
    expect(card.lagos.distanceBands).toHaveLength(3);
    const priced = (await quote(t)).json<{ quote: { distance_km: number; rate_card_version: number; breakdown: { label: string; amount_kobo: number }[] } }>().quote;
    expect(priced.rate_card_version).toBe(latest.current.version + 1);
    const line = priced.breakdown.find((b) => b.label.endsWith(' km'))!;
    expect(line.amount_kobo).toBe(ceilTo(marginalChargeKobo(Math.round(priced.distance_km * 10), 10, card.lagos.distanceBands), 100));
  });

  it('the next quote uses the new version, an older quote keeps its own, and the audit log says what changed in words', async () => {
    const before = (await quote(t)).json<{ quote: { id: string; price_kobo: number; rate_card_version: number } }>().quote;
    const res = await save((c) => void (c.lagos.baseFareKobo = 150_000));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<OpsRateCard>().current;
    expect(saved.version).toBe(before.rate_card_version + 1);

    const after = (await quote(t)).json<{ quote: { price_kobo: number; rate_card_version: number; breakdown: unknown[] } }>().quote;
    expect(after.rate_card_version).toBe(saved.version);
    expect(after.breakdown[0]).toEqual({ label: 'Base fare', amount_kobo: 150_000 });
    const [old] = await t.database.db.select().from(deliveryQuotes).where(eq(deliveryQuotes.id, before.id));
    expect(old!.rateCardVersion).toBe(before.rate_card_version);
    expect(old!.priceKobo).toBe(before.price_kobo);
    const kept = (await t.app.inject({ url: `/api/deliveries/quotes/${before.id}`, remoteAddress: nextIp() })).json<{ quote: { price_kobo: number; rate_card_version: number } }>().quote;
    expect([kept.price_kobo, kept.rate_card_version]).toEqual([before.price_kobo, before.rate_card_version]);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(saved.version)));
    expect(entry!.action).toBe('rate_card.save');
    expect(entry!.entityType).toBe('rate_card');
    const field = `${rm.groups.lagos} · ${rm.fields.baseFare}`;
    expect(entry!.before).toEqual({ [rm.audit.version]: String(saved.version - 1), [field]: expect.stringMatching(/^₦/) });
    expect(entry!.after).toEqual({ [rm.audit.version]: String(saved.version), [field]: '₦1,500' });
    // And the console's audit page lists it.
    const listed = await t.app.inject({ method: 'GET', url: '/api/ops/audit?action=rate_card', headers: callers.admin });
    expect(listed.json<{ items: Array<{ entityId: string }> }>().items.map((i) => i.entityId)).toContain(String(saved.version));
  });

  it('a save from an older version is a 409 asking to reload; two saves at once make one version, the other 409', async () => {
    const latest = (await current(t, callers.admin)).current.version;
    const stale = await save((c) => void (c.lagos.crossingKobo = 70_000), { baseVersion: latest - 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body)).toEqual({ field: 'alert', message: rm.conflict });

    const otherAdmin = await signedInStaff(t, 'admin', 'rate-card-race');
    const card = bodyOf((await current(t, callers.admin)).current.card);
    const both = await Promise.all([
      t.app.inject({ method: 'POST', url: URL, headers: callers.admin, payload: { card: { ...card, lagos: { ...card.lagos, crossingKobo: 70_000 } }, baseVersion: latest, confirmation: GOOD_PASSWORD } }),
      asStaff(t, otherAdmin, { method: 'POST', url: URL, payload: { card: { ...card, lagos: { ...card.lagos, crossingKobo: 80_000 } }, baseVersion: latest, confirmation: GOOD_PASSWORD } }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db.select({ version: rateCards.version }).from(rateCards).where(eq(rateCards.version, latest + 1));
    expect(rows).toHaveLength(1);
    const winner = both.find((r) => r.statusCode === 200)!.json<OpsRateCard>();
    expect(winner.current.version).toBe(latest + 1);
    expect((await quote(t)).json<{ quote: { rate_card_version: number } }>().quote.rate_card_version).toBe(latest + 1);
  });
});

// Another instance: without Redis (PostgreSQL) it checks the version on every quote; with Redis
// it keeps its card until a save's message tells it to drop it.
describeEachDatabase('ops rate card: a save seen by the next quote on another instance', (kind) => {
  it.skipIf(kind === 'pglite')('without Redis, the instance that did not save prices its next quote with the new version', async () => {
    const one = await buildTestApp({ database: kind });
    const two = await buildTestApp({ database: kind, databaseUrl: one.config.databaseUrl!, env: { DATABASE_URL: one.config.databaseUrl! } });
    try {
      expect((await quote(two)).json<{ quote: { rate_card_version: number } }>().quote.rate_card_version).toBe(1);
      const admin = await signedInStaff(one, 'admin', 'rate-card-two');
      const res = await asStaff(one, admin, { method: 'POST', url: URL, payload: { card: bodyOf({ ...defaultRateCard, lagos: { ...defaultRateCard.lagos, crossingKobo: 90_000 } }), baseVersion: 1, confirmation: GOOD_PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await quote(two)).json<{ quote: { rate_card_version: number } }>().quote.rate_card_version).toBe(2);
    } finally {
      await two.close();
      await one.close();
    }
  });
});

const redisAvailable = await redisAnswers('the rate card message between instances');

describeEachDatabase('ops rate card: another process’s save, told through Redis', (kind) => {
  let app: TestApp | null = null;
  let redis: Redis | null = null;
  beforeAll(async () => {
    if (!redisAvailable) return;
    app = await buildTestApp({ database: kind, env: { REDIS_URL } });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it.skipIf(!redisAvailable)('drops the card it kept when the message comes, and the next quote reads the new version', async () => {
    const t = app!;
    expect((await quote(t)).json<{ quote: { rate_card_version: number } }>().quote.rate_card_version).toBe(1);
    // What another process's save leaves: the row (written behind this app's back), then the message.
    const card = { ...defaultRateCard, version: 2, lagos: { ...defaultRateCard.lagos, baseFareKobo: 130_000 } };
    await t.database.db.insert(rateCards).values({ version: 2, card });
    expect((await quote(t)).json<{ quote: { rate_card_version: number } }>().quote.rate_card_version, 'kept until told').toBe(1);
    const heard = new Redis(REDIS_URL);
    await heard.subscribe('lagos:forget:heard');
    const confirmed = new Promise<void>((resolve) => heard.on('message', (_channel, message: string) => message.endsWith(`${RATE_CARD_CHANNEL}\n${randomKey}`) && resolve()));
    await redis!.publish(RATE_CARD_CHANNEL, randomKey);
    await confirmed;
    heard.disconnect();
    const next = (await quote(t)).json<{ quote: { rate_card_version: number; breakdown: unknown[] } }>().quote;
    expect(next.rate_card_version).toBe(2);
    expect(next.breakdown[0]).toEqual({ label: 'Base fare', amount_kobo: 130_000 });
  });
});

const randomKey = `other-process-${randomInt(1e9)}`;
