/**
 * Every door, checked by construction: EVERY route in the app's route table (as the
 * app collected it, plugins/access.ts) × every kind of caller, expecting exactly what the route
 * declares. An admitted caller gets past the guard (whatever the handler then answers: a 400
 * for an empty body is fine); anyone else gets the refusal, byte for byte: the 401 a signed-out
 * user gets on a rider's or company's route (the browser then goes to /login), else the same
 * 404 as a missing page. A route added tomorrow is in the table, so it is walked too.
 *
 * Whether the guard let a request through is seen by a hook of the test's own, added after the
 * guard: it runs only for a request the guard admitted. Owner-only routes are then walked with
 * a real record and another owner's valid token: the record's owner gets it, the other the 404.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { companyApiKeys, companySavedAddresses, deliveryOffers, pastEmployees, staffSessions, workHistories } from '../../src/server/db/schema';
import { createApiKey, revokeApiKey } from '../../src/server/domain/apiKeys';
import { moveDelivery } from '../../src/server/domain/deliveryMoves';
import { CALLER_KINDS, refusalStatus, type Access, type CallerKind } from '../../src/server/plugins/access';
import { endSession, sessionToken, startSession } from '../../src/server/plugins/auth';
import { endStaffSession, startStaffSession, STAFF_TOKEN_HEADER } from '../../src/server/plugins/staffAuth';
import { describeEachDatabase, nextIp, useTestApp, type TestApp } from './helper';
import { bookAs } from './bookingHelpers';
import { company, listedRider, sendRequest } from './hiringHelpers';
import { riderReview } from './reviewHelpers';
import { signedInStaff, signedInUser } from './opsHelpers';

const NOT_FOUND = JSON.stringify({ error: { field: 'alert', message: 'Not found' } });
const SIGN_IN_AGAIN = JSON.stringify({ error: { field: 'alert', message: messages.signInAgain } });
const API_KEY_INVALID = JSON.stringify({ error: { field: 'alert', message: messages.apiKeyInvalid } });

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** The kind the guard should take this caller for; null when its credential is worth nothing. */
  kind: CallerKind | null;
  /** A genuine, open rider or company session (refused elsewhere with 404 rather than 401). */
  userSession?: boolean;
}

/** Every kind of caller, with a good token, a forged, an expired and a revoked one of each kind, and tokens in the wrong header. */
async function callers(t: TestApp): Promise<Caller[]> {
  const { db } = t.database;
  const rider = await signedInUser(t, 1, 'matrix-rider');
  const firm = await signedInUser(t, 2, 'matrix-company');
  const dispatcher = await signedInStaff(t, 'dispatcher', 'matrix');
  const admin = await signedInStaff(t, 'admin', 'matrix');
  const pending = await startStaffSession(db, t.config, dispatcher.id, 'password');
  // Signed with another key: genuine in shape, not ours.
  const otherKey = { ...t.config, jwtSecret: 'another-secret-that-is-also-at-least-32-characters' };
  const userToken = (config: typeof t.config, user: { id: string }, userType: number, expiresAt: Date) =>
    sessionToken(config, { id: randomUUID(), userId: user.id, userType, expiresAt });
  const future = new Date(Date.now() + 60 * 60 * 1000);
  const past = new Date(Date.now() - 60 * 1000);
  const revokedUser = async (user: { id: string }, userType: number) => {
    const token = await startSession(db, t.config, { id: user.id, userType }, 'password');
    const session = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    await endSession(db, session);
    return token;
  };
  const staffToken = async (member: { id: string }, stage: 'complete' | 'password', spoil?: 'expire' | 'revoke') => {
    const token = await startStaffSession(db, t.config, member.id, stage);
    const sid = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    if (spoil === 'revoke') await endStaffSession(db, sid);
    if (spoil === 'expire') await db.update(staffSessions).set({ expiresAt: past }).where(eq(staffSessions.id, sid));
    return token;
  };
  const auth = (token: string) => ({ 'x-auth-token': token });
  const ops = (token: string) => ({ [STAFF_TOKEN_HEADER]: token });
  return [
    { name: 'no credentials', headers: {}, kind: null },
    { name: 'rider', headers: auth(rider.token), kind: 'rider', userSession: true },
    { name: 'company', headers: auth(firm.token), kind: 'company', userSession: true },
    { name: 'staff dispatcher', headers: ops(dispatcher.token), kind: 'dispatcher' },
    { name: 'staff admin', headers: ops(admin.token), kind: 'admin' },
    { name: 'staff pending its second factor', headers: ops(pending), kind: 'staffPending' },
    { name: 'forged rider token', headers: auth(userToken(otherKey, rider, 1, future)), kind: null },
    { name: 'forged company token', headers: auth(userToken(otherKey, firm, 2, future)), kind: null },
    { name: 'forged staff token', headers: ops(await startStaffSession(db, otherKey, admin.id, 'complete')), kind: null },
    { name: 'expired rider token', headers: auth(userToken(t.config, rider, 1, past)), kind: null },
    { name: 'expired company token', headers: auth(userToken(t.config, firm, 2, past)), kind: null },
    { name: 'expired staff session', headers: ops(await staffToken(admin, 'complete', 'expire')), kind: null },
    { name: 'expired pending staff session', headers: ops(await staffToken(dispatcher, 'password', 'expire')), kind: null },
    { name: 'logged-out rider token', headers: auth(await revokedUser(rider, 1)), kind: null },
    { name: 'logged-out company token', headers: auth(await revokedUser(firm, 2)), kind: null },
    { name: 'logged-out staff token', headers: ops(await staffToken(admin, 'complete', 'revoke')), kind: null },
    { name: 'logged-out pending staff token', headers: ops(await staffToken(dispatcher, 'password', 'revoke')), kind: null },
    { name: 'rider token in the staff header', headers: ops(rider.token), kind: null },
    { name: 'company token in the staff header', headers: ops(firm.token), kind: null },
    { name: 'staff token in the user header', headers: auth(admin.token), kind: null },
    // A business's API key (made by the company above), a revoked one and one never made.
    { name: 'API key', headers: { 'x-api-key': (await createApiKey(db, firm.id, 'matrix')).key }, kind: 'apiKey' },
    { name: 'revoked API key', headers: { 'x-api-key': await revokedApiKey(db, firm.id) }, kind: null },
    { name: 'unknown API key', headers: { 'x-api-key': `ogb_live_${randomUUID()}` }, kind: null },
    // No tracking token is issued yet: any value is worth nothing.
    { name: 'unknown tracking token', headers: { 'x-tracking-token': randomUUID() }, kind: null },
  ];
}

async function revokedApiKey(db: TestApp['database']['db'], companyId: string): Promise<string> {
  const made = await createApiKey(db, companyId, 'matrix revoked');
  await revokeApiKey(db, companyId, made.apiKey.id);
  return made.key;
}

/** What the declaration says this caller gets: 'admitted', or the refusal's status. */
function expected(access: Access, caller: Caller): 'admitted' | 401 | 404 {
  // A public route that identifies API keys refuses a key it cannot resolve (nobody's key here).
  if (access.callers[0] === 'public') return access.identifies?.includes('apiKey') && caller.headers['x-api-key'] && caller.kind !== 'apiKey' ? 401 : 'admitted';
  if (caller.kind && access.callers.includes(caller.kind)) return 'admitted';
  if (refusalStatus(access) === 401 && !caller.userSession) return 401;
  return 404;
}

/** The route's path with its parameters filled by values that name nothing. */
const urlOf = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (name === 'username' ? 'nobody-at-all' : randomUUID())).replace(/\*$/, 'x');

describeEachDatabase('every route × every kind of caller', (kind) => {
  // Whether the last request got past the guard: this hook is added after it, so it runs only then.
  let admitted = false;
  const t = useTestApp(kind, {
    startWorkers: false,
    beforeReady: (app) =>
      app.addHook('onRequest', async (request) => {
        if (!request.is404) admitted = true;
      }),
  });

  const send = async (method: string, url: string, headers: Record<string, string>, payload: object = {}) => {
    admitted = false;
    // An event stream never ends by itself: read what it answers first, then hang up.
    if (url.endsWith('/events')) return sendToStream(url, headers);
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      // The dev mailbox (features/site/devMail.ts) answers only this machine, on top of its
      // declaration: ask from here. Every other request from an address of its own (rate limits).
      remoteAddress: url.startsWith('/dev/') ? '127.0.0.1' : nextIp(),
      ...(method === 'GET' || method === 'HEAD' ? {} : { payload }),
    });
    return { status: res.statusCode, body: res.body, admitted };
  };
  const sendToStream = async (url: string, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp(), payloadAsStream: true });
    const streaming = String(res.headers['content-type']).startsWith('text/event-stream');
    const chunks: Buffer[] = [];
    if (streaming) (res.raw.res as { destroy(): void }).destroy();
    else for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
    return { status: res.statusCode, body: Buffer.concat(chunks).toString(), admitted };
  };

  // About 2,300 requests: 15 s alone, several times that beside the rest of the suite on two cores.
  it('answers each caller of each route as the route declares', async () => {
    const table = t.app.routeTable.filter((route) => route.method !== 'HEAD');
    // Every route declares its callers (the app would not have started otherwise; this says which).
    expect(t.app.routeTable.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const everyone = await callers(t);
    // Each kind of caller but the public appears among the callers at least once (tracking
    // tokens as values no check admits yet).
    const kinds = new Set(everyone.map((c) => c.kind));
    for (const k of CALLER_KINDS.filter((k) => !['public', 'tracking'].includes(k))) expect(kinds).toContain(k);

    const failures: string[] = [];
    let cases = 0;
    // Logging out ends the caller's session: those routes go last, so every other route sees the
    // tokens still good.
    const ordered = [...table].sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    for (const route of ordered) {
      for (const caller of everyone) {
        const want = expected(route.access!, caller);
        const got = await send(route.method, urlOf(route.url), caller.headers);
        cases += 1;
        // A route that checks the session in its handler (GET /api/users/profile) refuses a
        // logged-out token of the right kind there, with the same 401.
        const refusedByHandler = route.access!.sessionInHandler && want === 401 && got.status === 401 && got.body === SIGN_IN_AGAIN;
        const ok =
          refusedByHandler ||
          (want === 'admitted'
            ? got.admitted && !(got.status === 401 && got.body === SIGN_IN_AGAIN)
            : !got.admitted && got.status === want && got.body === (want === 401 ? (route.access!.callers[0] === 'public' ? API_KEY_INVALID : SIGN_IN_AGAIN) : NOT_FOUND));
        if (!ok) failures.push(`${route.method} ${route.url} as ${caller.name}: expected ${want}, got ${got.status}${got.admitted ? ' (admitted)' : ''} ${got.body.slice(0, 100)}`);
      }
    }
    console.log(`\nRoute matrix [${kind}]: ${table.length} routes (HEAD twins of GET left out) × ${everyone.length} callers = ${cases} cases, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, 240_000);

  it("answers another owner's valid token on an owned record as a record that does not exist, and the owner as before", async () => {
    const { db } = t.database;
    const [riderA, riderB] = [await listedRider(t, 'owner-a'), await listedRider(t, 'owner-b')];
    const [companyA, companyB] = [await company(t, 'owner-a'), await company(t, 'owner-b')];
    const requestId = (await sendRequest(t, companyA, riderA)).id;
    const [work] = await db
      .insert(workHistories)
      .values({ userId: riderA.id, position: 'Dispatch rider', companyName: 'Yaba Foods', numberOfYears: '1-2', startDate: '2024-01-01' })
      .returning({ id: workHistories.id });
    const [employer] = await db
      .insert(pastEmployees)
      .values({ userId: riderA.id, companyName: 'Ikeja Parcels', startDate: '2023-01-01', endDate: '2023-12-31' })
      .returning({ id: pastEmployees.id });
    const apiKey = (await createApiKey(db, companyA.id, 'owner-a')).apiKey.id;
    const as = (party: { token: string }) => ({ 'x-auth-token': party.token });
    const deliveryId = (await bookAs(t, as(companyA))).id;
    // The delivery is rider A's job (staff assign it, as the dispatch board does).
    await db.transaction((tx) => moveDelivery(tx, { deliveryId, action: 'assign', actor: 'staff', set: { riderId: riderA.id } }));
    // A second booking, offered to rider A (as the dispatch board makes an offer).
    const offeredId = (await bookAs(t, as(companyA))).id;
    const [offer] = await db
      .insert(deliveryOffers)
      .values({ deliveryId: offeredId, riderId: riderA.id, expiresAt: new Date(Date.now() + 60_000) })
      .returning({ id: deliveryOffers.id });
    const offerId = offer!.id;
    const [savedAddress] = await db
      .insert(companySavedAddresses)
      .values({ companyId: companyA.id, label: 'Shop', state: 'Lagos', area: 'Ikeja', address: '12 Allen Avenue', contactName: 'Ada', contactPhone: '+2348031234567' })
      .returning({ id: companySavedAddresses.id });

    // [method, url, the other owner, the owner] — the owner's answer is checked where reading it changes nothing.
    const cases: Array<[string, string, { token: string }, { token: string } | null, object?]> = [
      ['GET', `/api/hiring/requests/${requestId}`, companyB, companyA],
      ['GET', `/api/hiring/requests/${requestId}`, riderB, riderA],
      ['GET', `/api/deliveries/${deliveryId}`, companyB, companyA],
      ['GET', `/api/users/jobs/${deliveryId}`, riderB, riderA],
      // No photo yet: its owner too gets a 404 (saying so), so only the other owner is compared.
      ['GET', `/api/users/jobs/${deliveryId}/proof`, riderB, null],
      ['GET', `/api/deliveries/${deliveryId}/proof`, companyB, null],
      ['POST', `/api/deliveries/${deliveryId}/cancel`, companyB, null],
      ['POST', `/api/deliveries/${deliveryId}/rating`, companyB, null, { rating: 5 }],
      ['POST', `/api/hiring/requests/${requestId}/withdraw`, companyB, null],
      ['POST', `/api/hiring/requests/${requestId}/accept`, riderB, null],
      ['POST', `/api/hiring/requests/${requestId}/decline`, riderB, null],
      ['POST', `/api/hiring/requests/${requestId}/end`, riderB, null, { outcome: 'completed' }],
      ['GET', `/api/engagements/${requestId}/reviews`, companyB, null],
      ['PUT', `/api/engagements/${requestId}/reviews/mine`, riderB, null, riderReview()],
      ['DELETE', `/api/riders/work-history/${work!.id}`, riderB, null],
      ['DELETE', `/api/riders/past-employees/${employer!.id}`, riderB, null],
      ['PUT', '/api/riders/work-history/update', riderB, null, { work_history_id: work!.id, position: 'Thief', company_name: 'X', number_of_years: '1-2', start_date: '2024-01-01', end_date: '' }],
      ['PUT', '/api/riders/past-employees/update', riderB, null, { past_employee_id: employer!.id, company_name: 'X', company_contact: '', start_date: '2023-01-01', end_date: '2023-06-30' }],
      ['DELETE', `/api/companies/me/api-keys/${apiKey}`, companyB, null],
      ['POST', `/api/users/offers/${offerId}/accept`, riderB, null],
      ['POST', `/api/users/offers/${offerId}/decline`, riderB, null],
      ['DELETE', `/api/companies/me/addresses/${savedAddress!.id}`, companyB, null],
    ];
    const failures: string[] = [];
    for (const [method, url, other, owner, payload] of cases) {
      // Another owner's record answers exactly as a record that does not exist.
      const otherId = randomUUID();
      const elsewhere = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, otherId);
      const missing = await send(method, elsewhere(url), as(other), payload && (JSON.parse(elsewhere(JSON.stringify(payload))) as object));
      const got = await send(method, url, as(other), payload);
      if (!got.admitted || got.status !== 404 || got.body !== missing.body) failures.push(`${method} ${url} as another owner: ${got.status} ${got.body.slice(0, 100)} (a missing one: ${missing.status} ${missing.body.slice(0, 100)})`);
      if (owner) {
        const mine = await send(method, url, as(owner), payload);
        if (mine.status !== 200) failures.push(`${method} ${url} as its owner: ${mine.status} ${mine.body.slice(0, 100)}`);
      }
    }
    // The other owner's deletes and moves changed nothing.
    expect((await db.select().from(workHistories).where(eq(workHistories.id, work!.id)))[0]?.position).toBe('Dispatch rider');
    expect((await db.select().from(pastEmployees).where(eq(pastEmployees.id, employer!.id))).length).toBe(1);
    expect((await send('GET', `/api/hiring/requests/${requestId}`, as(riderA))).body).toContain('"status":"requested"');
    expect((await send('GET', `/api/deliveries/${deliveryId}`, as(companyA))).body).toContain('"status":"assigned"');
    expect((await db.select().from(companyApiKeys).where(eq(companyApiKeys.id, apiKey)))[0]?.revokedAt).toBeNull();
    expect((await db.select().from(deliveryOffers).where(eq(deliveryOffers.id, offerId)))[0]?.status).toBe('open');
    expect((await db.select().from(companySavedAddresses).where(eq(companySavedAddresses.id, savedAddress!.id))).length).toBe(1);
    // Every route declared owner-only is walked here, or said plainly which is not.
    const walked = new Set(cases.map(([method, url]) => `${method} ${url.replace(requestId, ':id').replace(deliveryId, ':id').replace(work!.id, ':id').replace(employer!.id, ':id').replace(apiKey, ':id').replace(offerId, ':id').replace(savedAddress!.id, ':id')}`));
    const owned = t.app.routeTable.filter((route) => route.access?.owner && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);
    console.log(`\nOwner-only routes [${kind}]: ${owned.length}; walked with another owner's token: ${owned.filter((r) => walked.has(r)).length}; not walked: ${owned.filter((r) => !walked.has(r)).join(', ') || 'none'}`);
    expect(failures).toEqual([]);
  });

  it("answers a company's token on the rider's own routes as a missing page (it opened them on the company's account)", async () => {
    const firm = await signedInUser(t, 2, 'rider-doors-company');
    const rider = await signedInUser(t, 1, 'rider-doors-rider');
    const routes: Array<[string, string]> = [
      ['POST', '/api/riders/work-history/create'],
      ['POST', '/api/riders/past-employees/create'],
      ['POST', '/api/riders/personal-info/save'],
      ['POST', '/api/users/upload-profile-image'],
      ['PUT', '/api/users/signup-update'],
      ['PUT', '/api/users/verify-email'],
      ['GET', '/api/users/export'],
      ['GET', '/api/users/profile'],
      ['GET', '/api/users/waiting'],
      ['DELETE', '/api/users/account'],
      ['GET', '/api/users/availability'],
      ['PUT', '/api/users/availability'],
      ['GET', '/api/users/offers'],
    ];
    for (const [method, url] of routes) {
      const asCompany = await send(method, url, { 'x-auth-token': firm.token });
      expect([method, url, asCompany.status, asCompany.body]).toEqual([method, url, 404, NOT_FOUND]);
      // The rider still gets past the door (an empty body is then the handler's 400).
      const asRider = await send(method, url, { 'x-auth-token': rider.token });
      expect([method, url, asRider.admitted, asRider.status === 401 || asRider.status === 404]).toEqual([method, url, true, false]);
    }
  });
});
