/**
 * The server-rendered tracking page /track/{token} and the sender's e-mails at delivery and at
 * failure, on PGlite and PostgreSQL: what the page shows at each step (the rider's phone only
 * while the parcel is on its way), nothing of another delivery, the site's 404 for an unknown
 * link (counted as the tracking API counts guesses), cancel and rating as plain forms that come
 * back to the page, and the bytes the page costs with everything it loads.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { deliveries, outboxEmails, riderCards } from '../../src/server/db/schema';
import { moveDelivery } from '../../src/server/domain/deliveryMoves';
import { processProfileImage } from '../../src/server/lib/images';
import { storeFile } from '../../src/server/plugins/files';
import { TRACKING_TOKEN_MISS_LIMIT } from '../../src/server/features/deliveries/bookingRoutes';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { jobMessages } from '../../src/shared/deliveries/jobMessages';
import { trackingMessages as tm } from '../../src/shared/deliveries/trackingMessages';
import { bookAs, trackingTokenOf, type Booked } from './bookingHelpers';
import { describeEachDatabase, nextIp, useTestApp, type TestApp } from './helper';
import { company, listedRider, type Party } from './hiringHelpers';
import { multipart } from './signupHelpers';

const as = (party: { token: string }) => ({ 'x-auth-token': party.token });
const pathOf = (booked: Booked) => new URL(booked.tracking_url).pathname;

async function assign(t: TestApp, deliveryId: string, riderId: string) {
  await t.database.db.transaction((tx) =>
    moveDelivery(tx, { deliveryId, action: 'assign', actor: 'staff', set: { riderId, riderPayKobo: 150_000, assignedAt: new Date() } }),
  );
}

function move(t: TestApp, rider: Party, id: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/users/jobs/${id}/moves`,
    headers: { ...as(rider), 'idempotency-key': randomUUID() },
    payload: { client_at: new Date().toISOString(), ...body },
  });
}

const page = (t: TestApp, url: string, headers: Record<string, string> = {}, ip = nextIp()) => t.app.inject({ method: 'GET', url, headers, remoteAddress: ip });

function postForm(t: TestApp, url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: nextIp(),
  });
}

/** The page's visible text, tags dropped, entities of the catalogue's words undone. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

async function codeOf(t: TestApp, reference: string): Promise<string> {
  const [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.subject, jobMessages.pickedUpEmail.subject(reference)));
  return /^(\d{4})$/m.exec(row!.text)![1]!;
}

async function proof(t: TestApp, rider: Party, id: string) {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
  const body = multipart([{ field: 'photo', filename: 'parcel.jpg', contentType: 'image/jpeg', data: photo }]);
  const res = await t.app.inject({ method: 'POST', url: `/api/users/jobs/${id}/proof`, headers: { ...as(rider), 'content-type': body.contentType }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
}

/** A rider picture as sign-up stores it (display and thumbnail), from a photo with fine detail: a heavy case. */
async function givePicture(t: TestApp, rider: Party): Promise<string> {
  const width = 1200;
  const height = 1200;
  // Random pixels: no photo of a face compresses worse.
  const noise = randomBytes(width * height * 3);
  const photo = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  const { display, thumb } = await processProfileImage(photo, 'picture');
  const common = { ownerId: rider.id, isPublic: true, contentType: display.contentType, extension: display.extension };
  const displayId = await storeFile(t.database.db, { ...common, kind: 'profile_image', originalName: 'me.webp', data: display.data });
  const thumbId = await storeFile(t.database.db, { ...common, kind: 'profile_thumb', originalName: 'me-thumb.webp', data: thumb.data });
  await t.database.db.update(riderCards).set({ pictureFileId: displayId, idVerified: true }).where(eq(riderCards.userId, rider.id));
  return thumbId;
}

describeEachDatabase('the tracking page and the e-mails after pickup', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('renders the timeline, the window and the rider, the phone only on the way, nothing of another delivery; ≤ 15 kB with all it loads', async () => {
    const [rider, firm] = [await listedRider(t, 'page'), await company(t, 'page-firm')];
    const thumbId = await givePicture(t, rider);
    const booked = await bookAs(t, as(firm));
    const other = await bookAs(t, as(firm));
    const url = pathOf(booked);

    const first = await page(t, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-robots-tag']).toBe('noindex');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.body).toContain('<meta name="robots" content="noindex">');
    let text = textOf(first.body);
    expect(text).toContain(booked.reference);
    expect(text).toContain(`${b.status} ${b.statuses.booked}`);
    expect(text).toContain(tm.deliverBy);
    expect(text).toContain(tm.cancelButton);
    expect(text).not.toContain(tm.rider);
    // No app bundle: one script, from this site, and no inline script (the CSP allows none but the shells').
    const scripts = [...first.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toMatch(/src="\/track-page\.[0-9a-f]+\.js"/);
    expect(scripts[0]![2]).toBe('');
    expect(first.body).not.toContain('/assets/');
    // Another delivery's reference, and any phone or street address of the booking: nowhere.
    expect(first.body).not.toContain(other.reference);
    expect(first.body).not.toContain('Allen Avenue');
    expect(first.body).not.toContain('Admiralty');
    expect(first.body).not.toMatch(/\+234\d{10}/);

    await assign(t, booked.id, rider.id);
    const assigned = await page(t, url);
    text = textOf(assigned.body);
    expect(text).toContain(b.statuses.assigned);
    expect(text).toMatch(/Your rider Ada O/);
    expect(text).toContain(tm.idVerified);
    expect(assigned.body).toContain(`src="/api/files/${thumbId}"`);
    expect(assigned.body).toContain(`href="tel:${rider.phone}"`);
    expect(assigned.body).toContain(`href="https://wa.me/${rider.phone.replace(/\D/g, '')}"`);

    expect((await move(t, rider, booked.id, { action: 'start' })).statusCode).toBe(200);
    expect((await move(t, rider, booked.id, { action: 'pick_up' })).statusCode).toBe(200);
    expect((await move(t, rider, booked.id, { action: 'arrive' })).statusCode).toBe(200);
    const arrived = await page(t, url);
    text = textOf(arrived.body);
    // The timeline: every step, in order.
    const steps = [b.statuses.booked, b.statuses.assigned, b.statuses.heading_to_pickup, b.statuses.picked_up, b.statuses.arrived];
    const timeline = /<ol>([\s\S]*?)<\/ol>/.exec(arrived.body)![1]!;
    expect([...timeline.matchAll(/<li>[^<]*<time[^>]*>[^<]+<\/time> ([^<]+)<\/li>/g)].map((m) => m[1])).toEqual(steps);
    expect(arrived.body).toContain(`tel:${rider.phone}`);
    expect(text).not.toContain(tm.cancelButton);

    // The bytes of the page and all it loads, compressed as served (brotli; gzip beside it).
    const [br, gz] = [await page(t, url, { 'accept-encoding': 'br' }), await page(t, url, { 'accept-encoding': 'gzip' })];
    expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
    const scriptUrl = /src="(\/track-page\.[0-9a-f]+\.js)"/.exec(arrived.body)![1]!;
    const script = await page(t, scriptUrl, { 'accept-encoding': 'br' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
    expect(script.headers['content-security-policy']).toBeUndefined();
    const scriptGz = await page(t, scriptUrl, { 'accept-encoding': 'gzip' });
    const picture = await page(t, `/api/files/${thumbId}`);
    expect(picture.statusCode).toBe(200);
    const headerBytes = (res: { headers: Record<string, unknown>; statusCode: number }) =>
      `HTTP/1.1 ${res.statusCode} OK\r\n`.length + Object.entries(res.headers).reduce((n, [k, v]) => n + `${k}: ${String(v)}\r\n`.length, 2);
    const brBytes = br.rawPayload.length + script.rawPayload.length + picture.rawPayload.length;
    const gzBytes = gz.rawPayload.length + scriptGz.rawPayload.length + picture.rawPayload.length;
    const withHeaders = brBytes + headerBytes(br) + headerBytes(script) + headerBytes(picture);
    console.log(
      `\nTracking page [${kind}]: HTML ${arrived.rawPayload.length} B raw, ${br.rawPayload.length} B br, ${gz.rawPayload.length} B gzip; ` +
        `script ${(await page(t, scriptUrl)).rawPayload.length} B raw, ${script.rawPayload.length} B br, ${scriptGz.rawPayload.length} B gzip; ` +
        `CSS inline; rider thumbnail ${picture.rawPayload.length} B; total br ${brBytes} B (${withHeaders} B with response headers), total gzip ${gzBytes} B`,
    );
    expect(withHeaders).toBeLessThanOrEqual(15 * 1024);

    // Delivered: the phone is gone, the rating form is there.
    await proof(t, rider, booked.id);
    expect((await move(t, rider, booked.id, { action: 'deliver', code: await codeOf(t, booked.reference), cash_collected_kobo: booked.price_kobo })).statusCode).toBe(200);
    const delivered = await page(t, url);
    text = textOf(delivered.body);
    expect(text).toContain(b.statuses.delivered);
    expect(text).toMatch(/Your rider Ada O/);
    expect(delivered.body).not.toContain('tel:');
    expect(delivered.body).not.toContain(rider.phone.replace(/\D/g, ''));
    expect(text).toContain(tm.rateButton);
    expect(delivered.body).toContain('data-final');
    // The photo of the handover: a link (it weighs more than the page), by the page's own path.
    expect(delivered.body).toContain(`<a href="${url}/proof">${tm.proofLink}</a>`);
    const photo = await page(t, `${url}/proof`);
    expect([photo.statusCode, photo.headers['content-type'], photo.headers['cache-control']]).toEqual([200, 'image/webp', 'private, no-store']);
    expect((await page(t, `/track/${randomUUID()}/proof`)).statusCode).toBe(404);
    expect((await page(t, `${pathOf(other)}/proof`)).statusCode).toBe(404);
  });

  it('answers an unknown link with the 404, counted with the tracking API: a burst gets the limit of lookups, then 429', async () => {
    const missing = await page(t, `/track/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain(b.timeline);
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: TRACKING_TOKEN_MISS_LIMIT.max + 5 }, () => page(t, `/track/${randomUUID()}`, {}, ip)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(TRACKING_TOKEN_MISS_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect(textOf(limited.body)).toContain(tm.tooMany);
    // The same address is also refused on the API, and the forms: one count.
    const api = await t.app.inject({ method: 'GET', url: '/api/deliveries/tracking', headers: { 'x-tracking-token': randomUUID() }, remoteAddress: ip });
    expect(api.statusCode).toBe(429);
  });

  it('cancels by the plain form before pickup, and comes back to the page saying so', async () => {
    const firm = await company(t, 'page-cancel');
    const booked = await bookAs(t, as(firm));
    const url = pathOf(booked);
    const cancelled = await postForm(t, `${url}/cancel`, { reason: 'Changed my mind' });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${url}?n=cancelled`);
    const back = await page(t, cancelled.headers.location as string);
    const text = textOf(back.body);
    expect(text).toContain(tm.cancelled);
    expect(text).toContain(`${b.status} ${b.statuses.cancelled}`);
    expect(text).not.toContain(tm.cancelButton);
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, booked.id));
    expect([row!.status, row!.cancelReason]).toEqual(['cancelled', 'Changed my mind']);
    // Again: refused, said on the page, nothing changes.
    const again = await postForm(t, `${url}/cancel`, {});
    expect([again.statusCode, again.headers.location]).toEqual([303, `${url}?n=cannotNow`]);
    expect(textOf((await page(t, again.headers.location as string)).body)).toContain(tm.cannotNow);
    // Another link's form: the 404, nothing cancelled.
    const other = await bookAs(t, as(firm));
    expect((await postForm(t, `/track/${randomUUID()}/cancel`, {})).statusCode).toBe(404);
    const [untouched] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, other.id));
    expect(untouched!.status).toBe('booked');
  });

  it('rates once by the plain form after delivery; e-mails the sender at delivery and at failure with the link', async () => {
    const [rider, firm] = [await listedRider(t, 'page-rate'), await company(t, 'page-rate-firm')];
    const booked = await bookAs(t, as(firm));
    const url = pathOf(booked);
    await assign(t, booked.id, rider.id);
    await move(t, rider, booked.id, { action: 'start' });
    await move(t, rider, booked.id, { action: 'pick_up' });
    const early = await postForm(t, `${url}/rating`, { rating: '5', comment: '' });
    expect(early.headers.location).toBe(`${url}?n=ratingNotYet`);
    // After pickup the sender cannot cancel: the page says to call.
    expect((await postForm(t, `${url}/cancel`, {})).headers.location).toBe(`${url}?n=cannotCancel`);
    await move(t, rider, booked.id, { action: 'arrive' });
    await proof(t, rider, booked.id);
    expect((await move(t, rider, booked.id, { action: 'deliver', code: await codeOf(t, booked.reference), cash_collected_kobo: booked.price_kobo })).statusCode).toBe(200);

    const [delivered] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.subject, tm.deliveredEmail.subject(booked.reference)));
    expect(delivered!.to).toBe('ada.sender@example.com');
    expect(delivered!.text).toContain(booked.tracking_url);
    expect(delivered!.html).toContain(booked.tracking_url);

    expect((await postForm(t, `${url}/rating`, { rating: '9' })).headers.location).toBe(`${url}?n=ratingInvalid`);
    const rated = await postForm(t, `${url}/rating`, { rating: '4', comment: 'On time & polite' });
    expect(rated.headers.location).toBe(`${url}?n=rated`);
    const back = textOf((await page(t, rated.headers.location as string)).body);
    expect(back).toContain(tm.rated);
    expect(back).toContain(tm.yourRating(4));
    expect(back).not.toContain(tm.rateButton);
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, booked.id));
    expect([row!.senderRating, row!.senderComment]).toEqual([4, 'On time & polite']);
    expect((await postForm(t, `${url}/rating`, { rating: '1' })).headers.location).toBe(`${url}?n=ratedAlready`);

    // A second booking fails at the drop-off: the sender hears why, with the link.
    const second = await bookAs(t, as(firm));
    await assign(t, second.id, rider.id);
    await move(t, rider, second.id, { action: 'start' });
    await move(t, rider, second.id, { action: 'pick_up' });
    expect((await move(t, rider, second.id, { action: 'fail', reason: 'recipient_absent' })).statusCode).toBe(200);
    const [failed] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.subject, tm.failedEmail.subject(second.reference)));
    expect(failed!.to).toBe('ada.sender@example.com');
    expect(failed!.text).toContain(tm.failedEmail.reason('recipient_absent'));
    expect(failed!.text).toContain(second.tracking_url);
    const failedPage = textOf((await page(t, pathOf(second))).body);
    expect(failedPage).toContain(b.statuses.failed);
    expect(failedPage).toContain(tm.failedBecause('recipient_absent'));
    // The promised time is over once it failed: the page does not still promise it.
    expect(failedPage).not.toContain(tm.deliverBy);
    // One of each, not one per page read.
    const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'ada.sender@example.com'));
    expect(mails.filter((m) => m.subject === tm.deliveredEmail.subject(booked.reference))).toHaveLength(1);
    expect(mails.filter((m) => m.subject === tm.failedEmail.subject(second.reference))).toHaveLength(1);
    // The token never shows in a form action other than its own page's.
    expect(trackingTokenOf(second.tracking_url)).not.toBe(trackingTokenOf(booked.tracking_url));
  });
});
