/**
 * The rider's public page on PGlite and on PostgreSQL: server-rendered
 * HTML with Open Graph tags (name, introduction, photo), public fields only, escaped, and a
 * 404 page for anyone who is not a rider with a finished profile.
 */
import { runInNewContext } from 'node:vm';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { files, pastEmployees, personalInfo, users, workHistories } from '../../src/server/db/schema';
import { recomputeRiderReputation } from '../../src/server/domain/reputation';
import { messages } from '../../src/shared/messages';
import { describeEachDatabase, useTestApp, type TestApp } from './helper';
import { signedInUser } from './opsHelpers';
import { daysAgo, signedInRider, type Rider } from './profileHelpers';
import { refreshRiderCard } from '../../src/server/domain/riderCards';
import { daysBefore, makeCompany, reviewedJob } from './reputationFixtures';

async function withPicture(t: TestApp, rider: Rider): Promise<string> {
  const data = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0b6e4f' } }).webp().toBuffer();
  const [row] = await t.database.db
    .insert(files)
    .values({ ownerId: rider.id, kind: 'profile_image', isPublic: true, contentType: 'image/webp', extension: 'webp', originalName: 'me.jpg', size: data.length, data })
    .returning({ id: files.id });
  await t.database.db.update(users).set({ pictureFileId: row!.id }).where(eq(users.id, rider.id));
  return row!.id;
}

const meta = (body: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(body)?.[1] ?? null;

describeEachDatabase('GET /riders/:username', (kind) => {
  const t = useTestApp(kind, { env: { PUBLIC_URL: 'https://ogbadispatch.ng' } });

  it("shows a rider's public fields with Open Graph tags for WhatsApp", async () => {
    const rider = await signedInRider(t);
    const pictureId = await withPicture(t, rider);
    const db = t.database.db;
    await db
      .update(users)
      .set({ introduction: 'Careful rider on the mainland', bio: 'Five years across Lagos.', phone: '+2348031234567', firstName: 'Adaeze', lastName: 'Nwosu' })
      .where(eq(users.id, rider.id));
    const [doc] = await db
      .insert(files)
      .values({ ownerId: rider.id, kind: 'valid_id', isPublic: false, contentType: 'application/pdf', extension: 'pdf', originalName: 'nin-secret.pdf', size: 5, data: Buffer.from('%PDF-') })
      .returning({ id: files.id });
    await db.insert(personalInfo).values({ userId: rider.id, totalYearsOfExperience: '3-5', languagesSpoken: 'English, Yoruba', education: 'Diploma', validIdFileId: doc!.id, idReviewStatus: 'approved' });
    await db.insert(workHistories).values({ userId: rider.id, position: 'Dispatch rider', companyName: 'Gokada', numberOfYears: '3-5', startDate: daysAgo(900) });
    await db.insert(pastEmployees).values({ userId: rider.id, companyName: 'Max.ng', companyContact: 'Tunde 0803 555 0101', startDate: daysAgo(2000), endDate: daysAgo(1000) });
    // Written straight to the tables: the card (which keeps the display name) is rebuilt as every write does.
    await refreshRiderCard(db, rider.id);

    const res = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}`, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const body = res.body;
    // Strangers read the display name: the first name and the last name's initial.
    expect(meta(body, 'og:title')).toBe('Adaeze N. · Dispatch rider in Ikeja, Lagos');
    expect(meta(body, 'twitter:title')).toBe('Adaeze N.');
    expect(meta(body, 'og:image:alt')).toBe('Photo of Adaeze N.');
    expect(body).toContain(`<title>Adaeze N.: dispatch rider in Ikeja, Lagos | `);
    expect(body).not.toContain('Nwosu');
    expect(meta(body, 'og:description')).toBe('New rider. Careful rider on the mainland. 3-5 years of experience, speaks English, Yoruba, ID verified.');
    expect(meta(body, 'og:url')).toBe(`https://ogbadispatch.ng/riders/${rider.username}`);
    expect(meta(body, 'og:image')).toBe(`https://ogbadispatch.ng/riders/${rider.username}/photo.jpg`);
    expect(meta(body, 'og:type')).toBe('profile');
    expect(body).toContain(`<h1 id="rider-name">Adaeze N.</h1>`);
    expect(body).toContain(`src="/api/files/${pictureId}"`);
    for (const text of ['New rider', 'Five years across Lagos.', '3-5 years', 'English, Yoruba', 'Diploma', 'Gokada', 'Max.ng', 'Present']) {
      expect(body).toContain(text);
    }
    // "ID verified" or nothing: no Yes/No line.
    expect(body).not.toContain('Valid ID');
    expect(body).toContain('<li class="success">ID verified</li>');
    // Nothing private.
    // (The company contact's number is looked for with its spaces: a bare '0803' can occur in a
    // file's random id on the page, and once did.)
    for (const secret of [rider.email, '+2348031234567', '0803 555 0101', 'Tunde', 'nin-secret', doc!.id]) expect(body).not.toContain(secret);
    // No inline script: the one script is the call to action's, from this origin.
    expect(body.match(/<script[^>]*>/gi)).toEqual(['<script src="/riders/assets/cta.js" defer>']);
    expect(body).not.toMatch(/<script[^>]*>[^<]/i);

    const photo = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}/photo.jpg` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const info = await sharp(photo.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 600, 600]);
    // A link preview asking again gets 304 and no body while the picture is the same,
    // and the same bytes without its validator.
    const etag = photo.headers.etag as string;
    expect(etag).toBe(`"${pictureId}-og"`);
    const revalidated = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}/photo.jpg`, headers: { 'if-none-match': etag } });
    expect([revalidated.statusCode, revalidated.body]).toEqual([304, '']);
    const fresh = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}/photo.jpg` });
    expect(fresh.rawPayload.equals(photo.rawPayload)).toBe(true);
  });

  it('finds the rider without regard to case; an empty profile shows the fallbacks', async () => {
    const rider = await signedInRider(t);
    const res = await t.app.inject({ method: 'GET', url: `/riders/${encodeURIComponent(rider.username.toUpperCase())}` });
    expect(res.statusCode).toBe(200);
    for (const text of ['No bio found', 'No work history found', 'No past employees found', '/avatar.svg']) expect(res.body).toContain(text);
    // Never "Valid ID: No": an unverified rider's page says nothing of an ID.
    expect(res.body).not.toContain('Valid ID');
    expect(res.body).not.toContain('ID verified');
    expect(meta(res.body, 'og:image')).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/riders/${rider.username}/photo.jpg` })).statusCode).toBe(404);
  });

  it('escapes what riders write', async () => {
    const rider = await signedInRider(t);
    await t.database.db
      .update(users)
      .set({ introduction: '"><script>alert(1)</script>', bio: '<img src=x onerror=alert(2)>' })
      .where(eq(users.id, rider.id));
    const res = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}` });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(meta(res.body, 'og:description')).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('is a 404 page for no such rider, a rider who has not finished sign-up, and a company', async () => {
    const unfinished = await signedInRider(t, { profileCompleted: 0 });
    const company = await signedInRider(t);
    await t.database.db.update(users).set({ userType: 2 }).where(eq(users.id, company.id));
    for (const name of ['nobody_here', unfinished.username, company.username]) {
      const res = await t.app.inject({ method: 'GET', url: `/riders/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Rider not found');
    }
  });
});

/** Runs cta.js as a browser would, against a stored token, and says which call to action shows. */
function runCtaScript(script: string, token: string | null): 'public' | 'company' {
  const blocks = { 'cta-public': { hidden: false }, 'cta-company': { hidden: true } };
  const context = {
    localStorage: { getItem: (key: string) => (key === 'authToken' ? token : null) },
    document: { getElementById: (id: string) => blocks[id as keyof typeof blocks] ?? null },
    atob: (text: string) => Buffer.from(text, 'base64').toString('binary'),
    Date,
    JSON,
  };
  runInNewContext(script, context);
  expect(blocks['cta-public'].hidden).toBe(!blocks['cta-company'].hidden);
  return blocks['cta-company'].hidden ? 'public' : 'company';
}

const fakeToken = (claims: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describeEachDatabase('GET /riders/:username: Job Success, reviews and the call to action', (kind) => {
  const t = useTestApp(kind, { env: { PUBLIC_URL: 'https://ogbadispatch.ng' } });

  it('shows the earned score with its basis and the rating, and names them in the link preview', async () => {
    const rider = await signedInRider(t);
    await t.database.db.update(users).set({ introduction: 'Careful rider on the mainland' }).where(eq(users.id, rider.id));
    for (const rating of [5, 5, 4, 3]) {
      const company = await makeCompany(t, `Company rated ${rating}`);
      await reviewedJob(t, { companyId: company.id, riderId: rider.id, rating });
    }
    await recomputeRiderReputation(t.database.db, rider.id);
    const res = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<li class="success">75% Job Success</li>');
    expect(res.body).toContain('<p class="basis">Based on 4 jobs in the last 24 months</p>');
    expect(res.body).toContain('4.3 from 4 reviews');
    expect(res.body).not.toContain('New rider');
    expect(meta(res.body, 'og:description')).toBe('75% Job Success · 4.3 from 4 reviews. Careful rider on the mainland');
    expect(meta(res.body, 'twitter:description')).toBe(meta(res.body, 'og:description'));
  });

  it('a rider with fewer than 3 reviewed jobs is a "New rider", with how far they are from a score', async () => {
    const rider = await signedInRider(t);
    const company = await makeCompany(t, 'Only Co');
    await reviewedJob(t, { companyId: company.id, riderId: rider.id, rating: 5, comment: 'Great first job' });
    await recomputeRiderReputation(t.database.db, rider.id);
    const res = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}` });
    expect(res.body).toContain('<li class="new">New rider</li>');
    expect(res.body).toContain(messages.jobSuccessNewRiderBasis(1));
    expect(res.body).not.toMatch(/\d+% Job Success/);
    expect(meta(res.body, 'og:description')).toMatch(/^New rider · 5\.0 from 1 review\. /);
    expect(res.body).toContain('Great first job');
  });

  it('lists the published reviews with the replies, 10 a page, newest first, escaped; ?cursor= shows the next page', async () => {
    const rider = await signedInRider(t);
    for (let i = 0; i < 12; i += 1) {
      const company = await makeCompany(t, i === 0 ? '<b>Bold</b> Foods' : `Company ${i}`);
      await reviewedJob(t, {
        companyId: company.id,
        riderId: rider.id,
        endedAt: daysBefore(30 + i),
        rating: i === 1 ? 2 : 5,
        comment: i === 0 ? 'Review 0 <script>alert(1)</script>' : `Review ${i}`,
        wouldHireAgain: i !== 1,
        reply: i === 0 ? 'Thank you & see you soon' : undefined,
      });
    }
    // A hidden review and one still inside its window are not shown.
    const hiddenCo = await makeCompany(t, 'Hidden Co');
    await reviewedJob(t, { companyId: hiddenCo.id, riderId: rider.id, rating: 1, comment: 'SECRET hidden', hidden: true });
    const pendingCo = await makeCompany(t, 'Pending Co');
    await reviewedJob(t, { companyId: pendingCo.id, riderId: rider.id, endedAt: daysBefore(1), published: 'pending', rating: 1, comment: 'SECRET pending' });

    const res = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}` });
    const body = res.body;
    expect(body).not.toContain('SECRET');
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('Review 0 &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('<strong>&lt;b&gt;Bold&lt;/b&gt; Foods</strong>');
    expect(body).toContain(`Reply from ${rider.username}</div><p>Thank you &amp; see you soon</p>`);
    expect(body).toContain('aria-label="Rated 2 out of 5">★★☆☆☆</span>');
    const shown = [...body.matchAll(/<p class="rv">Review (\d+)/g)].map((m) => Number(m[1]));
    expect(shown).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // "Would hire again" only where the company said yes.
    expect(body.match(/Would hire again/g)).toHaveLength(9);
    const next = /<a href="(\/riders\/[^"]+\?cursor=[^"#]+)#reviews">Show more reviews<\/a>/.exec(body)?.[1];
    expect(next).toBeTruthy();

    const second = await t.app.inject({ method: 'GET', url: next!.replace(/&amp;/g, '&') });
    expect(second.statusCode).toBe(200);
    expect([...second.body.matchAll(/<p class="rv">Review (\d+)/g)].map((m) => Number(m[1]))).toEqual([10, 11]);
    expect(second.body).not.toContain('Show more reviews');
    expect(second.body).toContain(`<a href="/riders/${rider.username}#reviews">Newest reviews</a>`);

    // A mangled cursor from a pasted link shows the newest reviews, never an error.
    const mangled = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}?cursor=garbage` });
    expect(mangled.statusCode).toBe(200);
    expect([...mangled.body.matchAll(/<p class="rv">Review (\d+)/g)]).toHaveLength(10);
  });

  it('an empty review list says so', async () => {
    const rider = await signedInRider(t);
    const res = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}` });
    expect(res.body).toContain(`<h2 id="reviews">Reviews</h2>`);
    expect(res.body).toContain(`<p class="empty">${messages.noReviewsYet}</p>`);
  });

  it('the call to action: a quote naming the rider or the waitlist without JavaScript; cta.js shows "Request this rider" to a signed-in company only', async () => {
    const rider = await signedInRider(t);
    const res = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}` });
    expect(res.body).toContain(`<a class="cta" href="/contact-us?rider=${rider.username}#quote-title">${messages.hireThisRiderQuote}</a>`);
    expect(res.body).toContain(`<a href="/company-waitlist">${messages.joinCompanyWaitlist}</a>`);
    expect(res.body).toContain(`<div id="cta-company" hidden><p class="links"><a class="cta" href="/company-dashboard/riders/${rider.username}">Request this rider</a>`);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");

    const script = await t.app.inject({ method: 'GET', url: '/riders/assets/cta.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body.length).toBeLessThan(600);
    const again = await t.app.inject({ method: 'GET', url: '/riders/assets/cta.js', headers: { 'if-none-match': script.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expect(runCtaScript(script.body, null)).toBe('public');
    expect(runCtaScript(script.body, 'not a token')).toBe('public');
    expect(runCtaScript(script.body, fakeToken({ user_type: 1, exp: inAnHour }))).toBe('public');
    expect(runCtaScript(script.body, fakeToken({ user_type: 2, exp: inAnHour }))).toBe('company');
    expect(runCtaScript(script.body, fakeToken({ user_type: 2, exp: Math.floor(Date.now() / 1000) - 10 }))).toBe('public');
    expect(runCtaScript(script.body, fakeToken({ user_type: 2 }))).toBe('public');
    // A real company session's token.
    const company = await signedInUser(t, 2, 'cta-company');
    expect(runCtaScript(script.body, company.token)).toBe('company');
    const riderToken = await signedInUser(t, 1, 'cta-rider');
    expect(runCtaScript(script.body, riderToken.token)).toBe('public');
  });
});
