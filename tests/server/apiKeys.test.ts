/**
 * Companies' API keys, on PGlite and PostgreSQL: made (shown once, only a SHA-256 kept, at most
 * five live, even when made all at once), listed without the key, revoked (the next request with
 * it is refused, on another instance too); the key identifies a business on the quote routes, which
 * record it and count its requests against the key's own limit under a concurrent burst (across two
 * instances through Redis); every key-management route against every kind of caller.
 */
import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companies, companyApiKeys, deliveryQuotes, users } from '../../src/server/db/schema';
import { LAST_USED_EVERY_MS } from '../../src/server/domain/apiKeys';
import { QUOTE_RATE_LIMIT } from '../../src/server/features/deliveries/quoteRoutes';
import { startOfLagosDay } from '../../src/shared/deliveries/lagosTime';
import {
  API_KEY_PREFIX,
  API_KEY_QUOTE_LIMIT,
  API_KEYS_MAX_LIVE,
  apiKeyMessages,
  type ApiKeyCreatedResponse,
  type ApiKeyListResponse,
} from '../../src/shared/apiKeys';
import { messages } from '../../src/shared/messages';
import { buildTestApp, describeEachDatabase, errorOf, nextIp, useTestApp, type DatabaseKind, type TestApp } from './helper';
import { signedInStaff, signedInUser } from './opsHelpers';
import { REDIS_URL, redisAnswers } from './redis';

const KEYS = '/api/companies/me/api-keys';
const QUOTES = '/api/deliveries/quotes';

const offPeak = () => new Date(startOfLagosDay(Date.now(), 1) + 12 * 3_600_000).toISOString();
const quoteBody = () => ({
  pickup: { state: 'Lagos', area: 'Ikeja' },
  dropoff: { state: 'Lagos', area: 'Lekki' },
  parcel: { size: 'small' },
  pickup_at: offPeak(),
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type App = Pick<TestApp, 'app'>;

function makeKey(t: App, token: string, name = 'Shop website') {
  // An address of its own: making keys is also rate-limited per address.
  return t.app.inject({ method: 'POST', url: KEYS, remoteAddress: nextIp(), headers: { 'x-auth-token': token }, payload: { name } });
}
function listKeys(t: App, token: string) {
  return t.app.inject({ url: KEYS, headers: { 'x-auth-token': token } });
}
function revokeKey(t: App, token: string, id: string) {
  return t.app.inject({ method: 'DELETE', url: `${KEYS}/${id}`, headers: { 'x-auth-token': token } });
}
function quote(t: App, key: string | null, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: QUOTES,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }) },
    payload: JSON.stringify(quoteBody()),
  });
}

async function companyWithKey(t: TestApp, label: string): Promise<{ company: { id: string; token: string }; key: string; id: string }> {
  const company = await signedInUser(t, 2, label);
  const res = await makeKey(t, company.token);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<ApiKeyCreatedResponse>();
  return { company, key: body.key, id: body.api_key.id };
}

describeEachDatabase('API keys', (kind: DatabaseKind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('makes a key shown once, keeps only its SHA-256, and lists it without the key', async () => {
    const company = await signedInUser(t, 2, 'keys-make');
    await t.database.db.insert(companies).values({ userId: company.id, companyName: 'Lekki Bakes', contactPerson: 'Chiamaka Obi' });
    const res = await makeKey(t, company.token, '  Shop website ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { key, api_key } = res.json<ApiKeyCreatedResponse>();
    expect(key).toMatch(/^ogb_live_[A-Za-z0-9_-]{43}$/);
    expect(api_key).toMatchObject({ name: 'Shop website', prefix: key.slice(0, API_KEY_PREFIX.length + 8), last_used_at: null, revoked_at: null });

    const [row] = await t.database.db.select().from(companyApiKeys).where(eq(companyApiKeys.id, api_key.id));
    expect(row!.keyHash).toBe(sha256(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const list = await listKeys(t, company.token);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.body).not.toContain(row!.keyHash);
    expect(list.json<ApiKeyListResponse>().keys).toEqual([api_key]);

    // The data export lists it the same way.
    const exported = await t.app.inject({ url: '/api/companies/me/export', headers: { 'x-auth-token': company.token } });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(key);
    expect(exported.body).not.toContain(row!.keyHash);
    expect(exported.json<{ api_keys: unknown }>().api_keys).toEqual([api_key]);
  });

  it('refuses an empty name under name, and a company that has not verified its e-mail', async () => {
    const company = await signedInUser(t, 2, 'keys-name');
    const empty = await makeKey(t, company.token, '   ');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.body)).toEqual({ field: 'name', message: apiKeyMessages.enterName });

    const unverified = await signedInUser(t, 2, 'keys-unverified', { unverified: true });
    const res = await makeKey(t, unverified.token);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body).message).toBe(messages.companyVerifyEmailFirst);
    expect((await listKeys(t, unverified.token)).json<ApiKeyListResponse>().keys).toEqual([]);
  });

  it(`holds at most ${API_KEYS_MAX_LIVE} live keys, even made all at once; a revoked one frees its place`, async () => {
    const company = await signedInUser(t, 2, 'keys-max');
    const answers = await Promise.all(Array.from({ length: API_KEYS_MAX_LIVE + 3 }, (_, i) => makeKey(t, company.token, `Key ${i}`)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(API_KEYS_MAX_LIVE);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect(errorOf(answers.find((r) => r.statusCode === 409)!.body).message).toBe(apiKeyMessages.tooMany);

    const made = answers.find((r) => r.statusCode === 201)!.json<ApiKeyCreatedResponse>();
    expect((await revokeKey(t, company.token, made.api_key.id)).statusCode).toBe(200);
    expect((await makeKey(t, company.token, 'Replacement')).statusCode).toBe(201);
    expect((await makeKey(t, company.token, 'One too many')).statusCode).toBe(409);
  });

  it('lets a key price as its company: the quote records the key, not an address', async () => {
    const { key, id } = await companyWithKey(t, 'keys-quote');
    const res = await quote(t, key);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(deliveryQuotes).where(eq(deliveryQuotes.id, res.json<{ quote: { id: string } }>().quote.id));
    expect(row).toMatchObject({ apiKeyId: id, clientIpHash: null });

    const read = await t.app.inject({ url: `${QUOTES}/${row!.id}`, headers: { 'x-api-key': key } });
    expect(read.statusCode).toBe(200);
  });

  it('refuses an unknown, malformed or revoked key with 401 at once, on both quote routes', async () => {
    const { company, key, id } = await companyWithKey(t, 'keys-revoke');
    expect((await quote(t, key)).statusCode).toBe(200);
    const revoked = await revokeKey(t, company.token, id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ api_key: { revoked_at: string | null } }>().api_key.revoked_at).not.toBeNull();
    for (const bad of [key, `${key.slice(0, -2)}AA`, 'ogb_live_', 'nonsense']) {
      const res = await quote(t, bad);
      expect(res.statusCode, bad).toBe(401);
      expect(errorOf(res.body).message).toBe(messages.apiKeyInvalid);
    }
    const read = await t.app.inject({ url: `${QUOTES}/00000000-0000-4000-8000-000000000000`, headers: { 'x-api-key': key } });
    expect(read.statusCode).toBe(401);
    // Revoking again answers the key as it is; the list shows it revoked.
    expect((await revokeKey(t, company.token, id)).statusCode).toBe(200);
    expect((await listKeys(t, company.token)).json<ApiKeyListResponse>().keys[0]!.revoked_at).not.toBeNull();
  });

  it("stops a suspended company's keys", async () => {
    const { company, key } = await companyWithKey(t, 'keys-suspended');
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, company.id));
    expect((await quote(t, key)).statusCode).toBe(401);
  });

  it('writes last use at most once a minute, not on every request', async () => {
    const { key, id } = await companyWithKey(t, 'keys-last-used');
    const lastUsed = async () => (await t.database.db.select().from(companyApiKeys).where(eq(companyApiKeys.id, id)))[0]!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    expect((await quote(t, key)).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await Promise.all(Array.from({ length: 5 }, () => quote(t, key)));
    expect(await lastUsed()).toEqual(first);
    // A minute on (the row says so), the next request writes it again.
    const earlier = new Date(Date.now() - LAST_USED_EVERY_MS - 1000);
    await t.database.db.update(companyApiKeys).set({ lastUsedAt: earlier }).where(eq(companyApiKeys.id, id));
    expect((await quote(t, key)).statusCode).toBe(200);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(earlier.getTime() + LAST_USED_EVERY_MS);
  });

  it(`answers exactly ${API_KEY_QUOTE_LIMIT.max} quotes a minute to one key under a concurrent burst, from any address`, async () => {
    const { key } = await companyWithKey(t, 'keys-burst');
    const over = 20;
    const answers = await Promise.all(Array.from({ length: API_KEY_QUOTE_LIMIT.max + over }, () => quote(t, key)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200), answers.find((r) => r.statusCode !== 200 && r.statusCode !== 429)?.body).toHaveLength(API_KEY_QUOTE_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(over);
    // Another key of another company, and a visitor, are not held back.
    const other = await companyWithKey(t, 'keys-burst-other');
    expect((await quote(t, other.key)).statusCode).toBe(200);
    expect((await quote(t, null)).statusCode).toBe(200);
  });

  it("counts a key's quotes against the key, not against its address", async () => {
    const { key } = await companyWithKey(t, 'keys-address');
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: QUOTE_RATE_LIMIT.max + 10 }, () => quote(t, key, ip)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    // The address's own limit is untouched by them.
    expect((await quote(t, null, ip)).statusCode).toBe(200);
  });

  it('manages keys for a signed-in company only: an API key, a rider, staff and signed out are refused; another company gets 404', async () => {
    const { company, key, id } = await companyWithKey(t, 'keys-matrix');
    const other = await signedInUser(t, 2, 'keys-matrix-other');
    const rider = await signedInUser(t, 1, 'keys-matrix-rider');
    const dispatcher = await signedInStaff(t, 'dispatcher', 'keys-matrix');
    const admin = await signedInStaff(t, 'admin', 'keys-matrix');
    const routes = [
      { method: 'GET' as const, url: KEYS },
      { method: 'POST' as const, url: KEYS, payload: { name: 'Intruder' } },
      { method: 'DELETE' as const, url: `${KEYS}/${id}` },
    ];
    const refused: Array<[string, Record<string, string>, number]> = [
      ['signed out', {}, 401],
      ['its own API key', { 'x-api-key': key }, 401],
      ['staff (dispatcher)', { 'x-ops-token': dispatcher.token }, 401],
      ['staff (admin)', { 'x-ops-token': admin.token }, 401],
      ['a rider', { 'x-auth-token': rider.token }, 404],
    ];
    for (const route of routes) {
      for (const [who, headers, status] of refused) {
        const res = await t.app.inject({ ...route, headers });
        expect(res.statusCode, `${route.method} ${route.url} as ${who}`).toBe(status);
      }
    }
    // Another company sees none of these keys and cannot revoke them.
    expect((await listKeys(t, other.token)).json<ApiKeyListResponse>().keys).toEqual([]);
    expect((await revokeKey(t, other.token, id)).statusCode).toBe(404);
    expect((await revokeKey(t, company.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await revokeKey(t, company.token, 'not-an-id')).statusCode).toBe(404);
    // Nothing was made or revoked by anyone refused.
    const keys = (await listKeys(t, company.token)).json<ApiKeyListResponse>().keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]!.revoked_at).toBeNull();
    expect((await quote(t, key)).statusCode).toBe(200);
  });

  it('shows the apiKey scheme on the quote routes in the API document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { security?: Array<Record<string, string[]>>; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, { name?: string }> };
    }>();
    expect(doc.components.securitySchemes.apiKey!.name).toBe('x-api-key');
    for (const op of [doc.paths[QUOTES]!.post!, doc.paths[`${QUOTES}/{id}`]!.get!]) {
      expect(op.security).toContainEqual({ apiKey: [] });
      expect(Object.keys(op.responses)).toContain('401');
    }
    expect(doc.paths[KEYS]!.post!.security).toEqual([{ authToken: [] }]);
  });
});

const redisAvailable = await redisAnswers('the shared per-key rate-limit and revocation test');

describeEachDatabase('API keys on two instances', (kind: DatabaseKind) => {
  let one: TestApp | null = null;
  let two: TestApp | null = null;
  beforeAll(async () => {
    one = await buildTestApp({ database: kind, startWorkers: false, ...(redisAvailable ? { env: { REDIS_URL } } : {}) });
    const shared = one.config.databaseUrl;
    two = await buildTestApp({
      database: kind,
      startWorkers: false,
      env: { ...(redisAvailable ? { REDIS_URL } : {}), ...(shared ? { DATABASE_URL: shared } : {}) },
      ...(shared ? { databaseUrl: shared } : {}),
    });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  /** The same key on both: one PostgreSQL, or (PGlite being one per process) the rows copied over. */
  async function keyOnBoth(label: string) {
    const made = await companyWithKey(one!, label);
    if (!one!.config.databaseUrl) {
      const [user] = await one!.database.db.select().from(users).where(eq(users.id, made.company.id));
      const [key] = await one!.database.db.select().from(companyApiKeys).where(eq(companyApiKeys.id, made.id));
      await two!.database.db.insert(users).values(user!);
      await two!.database.db.insert(companyApiKeys).values(key!);
    }
    return made;
  }

  it.skipIf(kind === 'pglite')('a key revoked on one instance is refused by the other at its next request', async () => {
    const { company, key, id } = await keyOnBoth('keys-two-revoke');
    expect((await quote(two!, key)).statusCode).toBe(200);
    expect((await revokeKey(one!, company.token, id)).statusCode).toBe(200);
    expect((await quote(two!, key)).statusCode).toBe(401);
  });

  it.skipIf(!redisAvailable)("holds a key's limit across both under a concurrent burst", async () => {
    const { key } = await keyOnBoth(`keys-two-burst-${randomInt(1e9)}`);
    const over = 30;
    const answers = await Promise.all(Array.from({ length: API_KEY_QUOTE_LIMIT.max + over }, (_, i) => quote(i % 2 === 0 ? one! : two!, key)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200), answers.find((r) => r.statusCode !== 200 && r.statusCode !== 429)?.body).toHaveLength(API_KEY_QUOTE_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(over);
  });
});
