/**
 * Finding riders on PGlite and PostgreSQL: GET /api/companies/riders filters,
 * sorts and pages by keyset; bad values are 400 under their field; the rider page for companies
 * never carries a phone or an e-mail; the shortlist is each company's own. And the
 * authorization matrix over every endpoint × {signed out, rider, other rider, company, other
 * company, staff}.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companies, engagements, personalInfo, users } from '../../src/server/db/schema';
import { refreshRiderCard, writeRiderReputation } from '../../src/server/domain/riderCards';
import { messages } from '../../src/shared/messages';
import type { CompanyRiderProfile, RiderSearchPage } from '../../src/shared/riderSearch';
import { createUser, freshEmail } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp, type TestApp } from './helper';
import { listedRider, postRequest, requestBody } from './hiringHelpers';
import { signedInStaff, signedInUser } from './opsHelpers';

interface RiderSeed {
  tag: string;
  state?: string;
  town?: string;
  experience?: string;
  languages?: string;
  education?: string;
  verified?: boolean;
  rating?: number | null;
  reviews?: number;
  jobSuccess?: number | null;
  intro?: string;
  bio?: string;
  completed?: boolean;
  suspended?: boolean;
  firstName?: string;
  lastName?: string;
}

let seq = 0;
/** A rider straight in the database, their card built as the real writes build it. */
async function seedRider(t: TestApp, seed: RiderSeed) {
  seq += 1;
  const user = await createUser(t, { email: freshEmail(`search${seq}`), profileCompleted: seed.completed === false ? 0 : 1, currentTab: 5 });
  await t.database.db
    .update(users)
    .set({
      username: `${seed.tag}_${seq}`,
      phone: '+2348031234567',
      state: seed.state ?? 'Lagos',
      town: seed.town ?? 'Ikeja',
      introduction: `${seed.tag} ${seed.intro ?? 'Dispatch rider'}`,
      bio: seed.bio ?? null,
      firstName: seed.firstName ?? null,
      lastName: seed.lastName ?? null,
      suspendedAt: seed.suspended ? new Date() : null,
      suspendedReason: seed.suspended ? 'test' : null,
    })
    .where(eq(users.id, user.id));
  await t.database.db.insert(personalInfo).values({
    userId: user.id,
    totalYearsOfExperience: seed.experience ?? '3-5',
    languagesSpoken: seed.languages ?? 'English',
    education: seed.education ?? 'Diploma',
    idReviewStatus: seed.verified ? 'approved' : 'none',
  });
  await refreshRiderCard(t.database.db, user.id);
  await writeRiderReputation(t.database.db, user.id, {
    jobSuccess: seed.jobSuccess ?? null,
    jobsCounted: seed.jobSuccess == null ? 0 : 5,
    reviewCount: seed.reviews ?? (seed.rating == null ? 0 : 3),
    ratingAverageX100: seed.rating ?? null,
  });
  return { id: user.id, username: `${seed.tag}_${seq}`, email: user.email };
}

const tagOf = () => `zq${Math.random().toString(36).slice(2, 9)}`;

function get(t: TestApp, token: string | null, url: string) {
  return t.app.inject({ method: 'GET', url, remoteAddress: nextIp(), headers: token ? { 'x-auth-token': token } : {} });
}

async function search(t: TestApp, token: string, query: Record<string, string>): Promise<RiderSearchPage> {
  const res = await get(t, token, `/api/companies/riders?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RiderSearchPage>();
}

const names = (page: RiderSearchPage) => page.items.map((r) => r.username);

describeEachDatabase('GET /api/companies/riders', (kind) => {
  const t = useTestApp(kind);

  it('refuses search and hire requests, under alert, until the company has verified its e-mail', async () => {
    const company = await signedInUser(t, 2, 'unverified', { unverified: true });
    await t.database.db.insert(companies).values({ userId: company.id, companyName: 'Unverified Foods', contactPerson: 'Bisi Ade' });
    const rider = await listedRider(t, 'unverified');
    const refusal = { field: 'alert', message: messages.companyVerifyEmailFirst };
    const searched = await t.app.inject({ url: '/api/companies/riders', headers: { 'x-auth-token': company.token } });
    expect(searched.statusCode, searched.body).toBe(403);
    expect(errorOf(searched.body)).toEqual(refusal);
    const hired = await postRequest(t, company, requestBody(rider));
    expect(hired.statusCode, hired.body).toBe(403);
    expect(errorOf(hired.body)).toEqual(refusal);
    expect(await t.database.db.select().from(engagements).where(eq(engagements.companyId, company.id))).toEqual([]);

    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, company.id));
    expect((await t.app.inject({ url: '/api/companies/riders', headers: { 'x-auth-token': company.token } })).statusCode).toBe(200);
    const after = await postRequest(t, company, requestBody(rider));
    expect(after.statusCode, after.body).toBe(200);
  });

  it('finds listed riders only, each filter narrowing, never a phone or an e-mail', async () => {
    const company = await signedInUser(t, 2, 'search-company');
    const tag = tagOf();
    const ada = await seedRider(t, { tag, town: 'Ikeja', experience: '6-10', languages: 'English, Yoruba and Pidgin', education: 'Graduate', verified: true, rating: 460, firstName: 'Ada', lastName: 'Okafor' });
    const bayo = await seedRider(t, { tag, town: 'Surulere', experience: '3-5', languages: 'English/Hausa', rating: 380 });
    const chi = await seedRider(t, { tag, state: 'Oyo', town: 'Ibadan', experience: '0-2', languages: 'Igbo', rating: null, intro: 'motorbike delivery in Ibadan' });
    await seedRider(t, { tag, completed: false });
    await seedRider(t, { tag, suspended: true });

    const all = await search(t, company.token, { q: tag });
    expect(names(all).sort()).toEqual([ada.username, bayo.username, chi.username].sort());
    const first = all.items.find((r) => r.username === ada.username)!;
    expect(first).toEqual({
      username: ada.username,
      display_name: 'Ada O.',
      introduction: `${tag} Dispatch rider`,
      state: 'Lagos',
      town: 'Ikeja',
      experience: '6-10',
      id_verified: true,
      picture: null,
      job_success: null,
      jobs_counted: 0,
      review_count: 3,
      rating_average_x100: 460,
      // No delivery yet: the delivery record's figures are all nought (shown as nothing).
      deliveries_completed: 0,
      deliveries_on_time: 0,
      delivery_rating_count: 0,
      delivery_rating_average_x100: null,
      shortlisted: false,
    });
    expect(JSON.stringify(all)).not.toContain('+234');
    expect(JSON.stringify(all)).not.toContain('@');

    expect(names(await search(t, company.token, { q: tag, state: 'Lagos' })).sort()).toEqual([ada.username, bayo.username].sort());
    expect(names(await search(t, company.token, { q: tag, state: 'Lagos', town: 'Surulere' }))).toEqual([bayo.username]);
    expect(names(await search(t, company.token, { q: tag, experience: '0-2' }))).toEqual([chi.username]);
    expect(names(await search(t, company.token, { q: tag, languages: 'yoruba, PIDGIN' }))).toEqual([ada.username]);
    expect(names(await search(t, company.token, { q: tag, languages: 'English' })).sort()).toEqual([ada.username, bayo.username].sort());
    expect(names(await search(t, company.token, { q: tag, languages: 'English, Igbo' }))).toEqual([]);
    expect(names(await search(t, company.token, { q: tag, education: 'Graduate' }))).toEqual([ada.username]);
    expect(names(await search(t, company.token, { q: tag, verified: '1' }))).toEqual([ada.username]);
    expect(names(await search(t, company.token, { q: tag, min_rating: '4' }))).toEqual([ada.username]);
    expect(names(await search(t, company.token, { q: tag, min_rating: '3' })).sort()).toEqual([ada.username, bayo.username].sort());
    // Free text with English stemming: "deliveries" finds "delivery".
    expect(names(await search(t, company.token, { q: `${tag} motorbike deliveries` }))).toEqual([chi.username]);
  });

  it('finds a rider by display name or username, any case, a part of it too; in the chosen order; never one unlisted or suspended', async () => {
    const company = await signedInUser(t, 2, 'name-company');
    const tag = tagOf();
    const first = `Zu${tag.slice(2)}`;
    // Seeded with words that do not name them, then renamed: only the name can find them.
    const named = async (seed: RiderSeed, username: string) => {
      const rider = await seedRider(t, seed);
      await t.database.db.update(users).set({ username, introduction: 'Dispatch rider on Lagos Island' }).where(eq(users.id, rider.id));
      await refreshRiderCard(t.database.db, rider.id);
      return username;
    };
    const ada = await named({ tag: 'n', firstName: first, lastName: 'Okafor', jobSuccess: 60 }, `${tag}_rides`);
    const bola = await named({ tag: 'n', firstName: first, lastName: 'Bello', jobSuccess: 90 }, `bb${tag.slice(2)}`);
    const hidden = await named({ tag: 'n', firstName: first, lastName: 'Hidden', suspended: true }, `${tag}_gone`);
    const unfinished = await named({ tag: 'n', firstName: first, lastName: 'Later', completed: false }, `${tag}_later`);

    // By display name ("Zu… O."), the rider with the higher Job Success first.
    const byName = await search(t, company.token, { q: first });
    expect(names(byName)).toEqual([bola, ada]);
    expect(byName.total).toBe(2);
    expect(names(await search(t, company.token, { q: `${first.toUpperCase()} O.` }))).toEqual([ada]);
    // By username, whole or a part, any case.
    expect(names(await search(t, company.token, { q: `${tag}_rides` }))).toEqual([ada]);
    expect(names(await search(t, company.token, { q: `${tag.toUpperCase()}_RI` }))).toEqual([ada]);
    expect(names(await search(t, company.token, { q: tag }))).toEqual([ada]);
    // "_" and "%" are letters a company typed, not wildcards: "<tag>_r" is not "<tag>Xr".
    expect(names(await search(t, company.token, { q: `${tag}%rides` }))).toEqual([]);
    expect(names(await search(t, company.token, { q: `${tag.slice(0, -1)}_` }))).toEqual([]);
    // The full last name is not a way in (a company learns it once the rider accepts).
    expect(names(await search(t, company.token, { q: `${first} Okafor` }))).toEqual([]);
    // Filters still narrow a name search.
    expect(names(await search(t, company.token, { q: first, min_rating: '1' }))).toEqual([]);
    const all = JSON.stringify(await search(t, company.token, { q: first }));
    expect(all).not.toContain(hidden);
    expect(all).not.toContain(unfinished);
  });

  it('sorts by Job Success (new riders last), rating or newest, and pages by keyset without gaps or repeats', async () => {
    const company = await signedInUser(t, 2, 'sort-company');
    const tag = tagOf();
    const riders = [];
    for (let i = 0; i < 45; i += 1) {
      riders.push(await seedRider(t, { tag, jobSuccess: i % 5 === 0 ? null : (i * 7) % 101, rating: i % 3 === 0 ? null : 100 + ((i * 37) % 400) }));
    }
    for (const sort of ['job_success', 'rating', 'newest'] as const) {
      const seen: string[] = [];
      const keys: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: RiderSearchPage = await search(t, company.token, { q: tag, sort, ...(cursor ? { cursor } : {}) });
        pages += 1;
        // The first page counts every match; the next ones do not count again.
        expect(page.total).toBe(pages === 1 ? 45 : undefined);
        expect(page.items.length).toBeLessThanOrEqual(20);
        seen.push(...names(page));
        keys.push(...page.items.map((r) => (sort === 'job_success' ? (r.job_success ?? -1) : sort === 'rating' ? (r.rating_average_x100 ?? -1) : 0)));
        cursor = page.next;
      } while (cursor);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(45);
      expect(keys).toEqual([...keys].sort((a, b) => b - a));
    }
    // A cursor made for one sort is refused by another, and a tampered one, under 'cursor'.
    const page1 = await search(t, company.token, { q: tag, sort: 'rating' });
    for (const query of [`sort=job_success&cursor=${page1.next}`, 'cursor=not-a-cursor', `cursor=${Buffer.from('["newest","x","y"]').toString('base64url')}`]) {
      const res = await get(t, company.token, `/api/companies/riders?q=${tag}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res.body)).toEqual({ field: 'cursor', message: messages.invalidRequest });
    }
  });

  it('answers bad values 400 under their field, never 5xx', async () => {
    const company = await signedInUser(t, 2, 'bad-company');
    const cases: Array<[string, string]> = [
      ['experience=7-9', 'experience'],
      ['education=PhD', 'education'],
      ['min_rating=6', 'min_rating'],
      ['min_rating=4.5', 'min_rating'],
      ['sort=cheapest', 'sort'],
      ['verified=maybe', 'verified'],
      [`q=${'a'.repeat(101)}`, 'q'],
      [`state=${'a'.repeat(81)}`, 'state'],
      [`languages=${'a'.repeat(201)}`, 'languages'],
      ['languages=a,b,c,d,e,f', 'languages'],
      ['q=%00', 'q'],
    ];
    for (const [query, field] of cases) {
      const res = await get(t, company.token, `/api/companies/riders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res.body).field, query).toBe(field);
    }
    // Text search operators and punctuation are words, not errors.
    for (const q of ['"unclosed', 'a & b | !c', '-', ':*', "o'brien"]) {
      expect((await get(t, company.token, `/api/companies/riders?q=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
    }
  });
});

describeEachDatabase('the rider page and the shortlist for companies', (kind) => {
  const t = useTestApp(kind);

  it('shows the public profile, the reputation and the shortlist flag; never a phone or an e-mail; 404 when not listed', async () => {
    const company = await signedInUser(t, 2, 'page-company');
    const tag = tagOf();
    const ada = await seedRider(t, { tag, verified: true, jobSuccess: 92, rating: 470, reviews: 7, bio: 'Ten years on Lagos roads', firstName: 'Ada', lastName: 'Okafor' });
    const res = await get(t, company.token, `/api/companies/riders/${ada.username.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CompanyRiderProfile>();
    expect(body).toMatchObject({
      username: ada.username,
      display_name: 'Ada O.',
      bio: 'Ten years on Lagos roads',
      id_verified: true,
      job_success: 92,
      jobs_counted: 5,
      review_count: 7,
      rating_average_x100: 470,
      shortlisted: false,
    });
    expect(res.body).not.toContain('+234');
    expect(res.body).not.toContain(ada.email);
    expect(Object.keys(body)).not.toContain('phone');
    expect(Object.keys(body)).not.toContain('email');

    for (const seed of [{ suspended: true }, { completed: false }]) {
      const hidden = await seedRider(t, { tag, ...seed });
      const gone = await get(t, company.token, `/api/companies/riders/${hidden.username}`);
      expect(gone.statusCode).toBe(404);
      expect(errorOf(gone.body)).toEqual({ field: 'alert', message: messages.riderPageNotFound });
      const put = await t.app.inject({ method: 'PUT', url: `/api/companies/shortlist/${hidden.username}`, headers: { 'x-auth-token': company.token } });
      expect(put.statusCode).toBe(404);
    }
    for (const odd of ['no_such_rider', 'a%00b', 'x'.repeat(65)]) {
      expect((await get(t, company.token, `/api/companies/riders/${odd}`)).statusCode, odd).toBeGreaterThanOrEqual(400);
      expect((await get(t, company.token, `/api/companies/riders/${odd}`)).statusCode, odd).toBeLessThan(500);
    }
  });

  it("keeps each company's own shortlist: add (twice is once), list, flag in search and page, remove", async () => {
    const mine = await signedInUser(t, 2, 'short-mine');
    const theirs = await signedInUser(t, 2, 'short-theirs');
    const tag = tagOf();
    const ada = await seedRider(t, { tag });
    const bayo = await seedRider(t, { tag });
    const put = (token: string, username: string) =>
      t.app.inject({ method: 'PUT', url: `/api/companies/shortlist/${username}`, headers: { 'x-auth-token': token } });
    const del = (token: string, username: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/companies/shortlist/${username}`, headers: { 'x-auth-token': token } });

    const added = await put(mine.token, ada.username);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ message: messages.shortlistAdded, shortlisted: true });
    expect((await put(mine.token, ada.username)).statusCode).toBe(200);
    expect((await put(mine.token, bayo.username)).statusCode).toBe(200);
    expect((await put(theirs.token, bayo.username)).statusCode).toBe(200);

    const list = async (token: string) => {
      const res = await get(t, token, '/api/companies/shortlist');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RiderSearchPage>();
    };
    const myList = await list(mine.token);
    expect(names(myList)).toEqual([bayo.username, ada.username]);
    expect(myList.items.every((r) => r.shortlisted)).toBe(true);
    expect(names(await list(theirs.token))).toEqual([bayo.username]);

    const found = await search(t, mine.token, { q: tag });
    expect(found.items.find((r) => r.username === ada.username)!.shortlisted).toBe(true);
    const foundByThem = await search(t, theirs.token, { q: tag });
    expect(foundByThem.items.find((r) => r.username === ada.username)!.shortlisted).toBe(false);
    expect((await get(t, mine.token, `/api/companies/riders/${ada.username}`)).json<CompanyRiderProfile>().shortlisted).toBe(true);
    expect((await get(t, theirs.token, `/api/companies/riders/${ada.username}`)).json<CompanyRiderProfile>().shortlisted).toBe(false);

    // Another company removing "their" copy removes nothing of mine.
    expect((await del(theirs.token, ada.username)).statusCode).toBe(200);
    expect(names(await list(mine.token))).toEqual([bayo.username, ada.username]);

    const removed = await del(mine.token, ada.username);
    expect(removed.json()).toEqual({ message: messages.shortlistRemoved, shortlisted: false });
    expect((await del(mine.token, ada.username)).statusCode).toBe(200);
    expect(names(await list(mine.token))).toEqual([bayo.username]);

    // A suspended rider leaves the list (and comes back when the suspension is lifted).
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, bayo.id));
    await refreshRiderCard(t.database.db, bayo.id);
    expect(names(await list(mine.token))).toEqual([]);
  });

  it('pages the shortlist by keyset', async () => {
    const company = await signedInUser(t, 2, 'short-pages');
    const tag = tagOf();
    for (let i = 0; i < 23; i += 1) {
      const rider = await seedRider(t, { tag });
      const res = await t.app.inject({ method: 'PUT', url: `/api/companies/shortlist/${rider.username}`, headers: { 'x-auth-token': company.token } });
      expect(res.statusCode).toBe(200);
    }
    const first = (await get(t, company.token, '/api/companies/shortlist')).json<RiderSearchPage>();
    expect(first.items).toHaveLength(20);
    const second = (await get(t, company.token, `/api/companies/shortlist?cursor=${first.next}`)).json<RiderSearchPage>();
    expect(second.items).toHaveLength(3);
    expect(second.next).toBeNull();
    expect(new Set([...names(first), ...names(second)]).size).toBe(23);
    const bad = await get(t, company.token, '/api/companies/shortlist?cursor=zzz');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('cursor');
  });
});

describeEachDatabase('company search: authorization matrix', (kind) => {
  const t = useTestApp(kind);

  it('every endpoint × {signed out 401, rider 404, other rider 404, staff token 401 (signed out to the marketplace), company, other company}', async () => {
    const tag = tagOf();
    const listed = await seedRider(t, { tag });
    const rider = await signedInUser(t, 1, 'matrix-rider');
    const otherRider = await signedInUser(t, 1, 'matrix-rider2');
    const company = await signedInUser(t, 2, 'matrix-company');
    const otherCompany = await signedInUser(t, 2, 'matrix-company2');
    const staff = await signedInStaff(t, 'admin', 'search-matrix');
    // Each company shortlists the listed rider, so a leak would show.
    for (const c of [company, otherCompany]) {
      await t.app.inject({ method: 'PUT', url: `/api/companies/shortlist/${listed.username}`, headers: { 'x-auth-token': c.token } });
    }
    const endpoints: Array<{ method: 'GET' | 'PUT' | 'DELETE'; url: string }> = [
      { method: 'GET', url: `/api/companies/riders?q=${tag}` },
      { method: 'GET', url: '/api/companies/riders?experience=not-valid' },
      { method: 'GET', url: `/api/companies/riders/${listed.username}` },
      { method: 'GET', url: '/api/companies/shortlist' },
      { method: 'PUT', url: `/api/companies/shortlist/${listed.username}` },
      { method: 'DELETE', url: `/api/companies/shortlist/${rider.email.split('@')[0]}` },
    ];
    const callers: Array<{ name: string; headers: Record<string, string>; expected: number | 'ok' }> = [
      { name: 'signed out', headers: {}, expected: 401 },
      { name: 'rider', headers: { 'x-auth-token': rider.token }, expected: 404 },
      { name: 'other rider', headers: { 'x-auth-token': otherRider.token }, expected: 404 },
      { name: 'staff token', headers: { 'x-ops-token': staff.token }, expected: 401 },
      { name: 'staff token as user', headers: { 'x-auth-token': staff.token }, expected: 401 },
      { name: 'company', headers: { 'x-auth-token': company.token }, expected: 'ok' },
      { name: 'other company', headers: { 'x-auth-token': otherCompany.token }, expected: 'ok' },
    ];
    for (const endpoint of endpoints) {
      for (const caller of callers) {
        const res = await t.app.inject({ ...endpoint, remoteAddress: nextIp(), headers: caller.headers });
        const label = `${caller.name} ${endpoint.method} ${endpoint.url}`;
        if (caller.expected === 'ok') {
          expect(res.statusCode, label).toBeLessThan(500);
          if (!endpoint.url.includes('not-valid') && !endpoint.method.startsWith('DEL')) expect(res.statusCode, label).toBe(200);
        } else {
          expect(res.statusCode, label).toBe(caller.expected);
          expect(errorOf(res.body).field, label).toBe('alert');
          // Nothing about riders leaks in a refusal.
          expect(res.body, label).not.toContain(listed.username);
        }
      }
    }
    // Each company reads only its own shortlist.
    const mine = (await get(t, company.token, '/api/companies/shortlist')).json<RiderSearchPage>();
    const theirs = (await get(t, otherCompany.token, '/api/companies/shortlist')).json<RiderSearchPage>();
    expect(names(mine)).toEqual([listed.username]);
    expect(names(theirs)).toEqual([listed.username]);
    await t.app.inject({ method: 'DELETE', url: `/api/companies/shortlist/${listed.username}`, headers: { 'x-auth-token': company.token } });
    expect(names((await get(t, company.token, '/api/companies/shortlist')).json<RiderSearchPage>())).toEqual([]);
    expect(names((await get(t, otherCompany.token, '/api/companies/shortlist')).json<RiderSearchPage>())).toEqual([listed.username]);
  });
});
