/**
 * The rider's public page (issue 6 'Share profile') on PGlite and on PostgreSQL: server-rendered
 * HTML with Open Graph tags (name, introduction, photo), public fields only, escaped, and a
 * 404 page for anyone who is not a rider with a finished profile.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { files, pastEmployees, personalInfo, users, workHistories } from '../../src/server/db/schema';
import { describeEachDatabase, useTestApp, type TestApp } from './helper';
import { daysAgo, signedInRider, type Rider } from './profileHelpers';

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
      .set({ introduction: 'Careful rider on the mainland', bio: 'Five years across Lagos.', phone: '+2348031234567' })
      .where(eq(users.id, rider.id));
    const [doc] = await db
      .insert(files)
      .values({ ownerId: rider.id, kind: 'valid_id', isPublic: false, contentType: 'application/pdf', extension: 'pdf', originalName: 'nin-secret.pdf', size: 5, data: Buffer.from('%PDF-') })
      .returning({ id: files.id });
    await db.insert(personalInfo).values({ userId: rider.id, totalYearsOfExperience: '3-5', languagesSpoken: 'English, Yoruba', education: 'Diploma', validIdFileId: doc!.id, idReviewStatus: 'approved' });
    await db.insert(workHistories).values({ userId: rider.id, position: 'Dispatch rider', companyName: 'Gokada', numberOfYears: '3-5', startDate: daysAgo(900) });
    await db.insert(pastEmployees).values({ userId: rider.id, companyName: 'Max.ng', companyContact: 'Tunde 0803 555 0101', startDate: daysAgo(2000), endDate: daysAgo(1000) });

    const res = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}`, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const body = res.body;
    expect(meta(body, 'og:title')).toBe(`${rider.username} · Dispatch rider in Ikeja, Lagos`);
    expect(meta(body, 'og:description')).toBe("Careful rider on the mainland. 3-5 years of experience, speaks English, Yoruba, ID verified.");
    expect(meta(body, 'og:url')).toBe(`https://ogbadispatch.ng/riders/${rider.username}`);
    expect(meta(body, 'og:image')).toBe(`https://ogbadispatch.ng/riders/${rider.username}/photo.jpg`);
    expect(meta(body, 'og:type')).toBe('profile');
    expect(body).toContain(`<h1 id="rider-name">${rider.username}</h1>`);
    expect(body).toContain(`src="/api/files/${pictureId}"`);
    for (const text of ['100% Job Success', 'Five years across Lagos.', '3-5 years', 'English, Yoruba', 'Diploma', 'Gokada', 'Max.ng', 'Present']) {
      expect(body).toContain(text);
    }
    expect(body).toMatch(/<dt>Valid ID<\/dt><dd>Yes<\/dd>/);
    expect(body).toContain('<li class="success">ID verified</li>');
    // Nothing private.
    for (const secret of [rider.email, '+2348031234567', '0803', 'Tunde', 'nin-secret', doc!.id]) expect(body).not.toContain(secret);
    expect(body).not.toMatch(/<script/i);

    const photo = await t.app.inject({ method: 'GET', url: `/riders/${rider.username}/photo.jpg` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const info = await sharp(photo.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 600, 600]);
  });

  it('finds the rider without regard to case; an empty profile shows the fallbacks', async () => {
    const rider = await signedInRider(t);
    const res = await t.app.inject({ method: 'GET', url: `/riders/${encodeURIComponent(rider.username.toUpperCase())}` });
    expect(res.statusCode).toBe(200);
    for (const text of ['No bio found', 'No work history found', 'No past employees found', '/avatar.svg']) expect(res.body).toContain(text);
    expect(res.body).toMatch(/<dt>Valid ID<\/dt><dd>No<\/dd>/);
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
