/**
 * A whole delivery day in Chromium at 375 px (the riders' phones at 360 px) against the real server (only the mail server and
 * hCaptcha stood in at their network edge), every step a person takes done on the real screens:
 *  1. a visitor books Badagry → Lekki on /send-a-parcel (cash on delivery) and opens the tracking
 *     link from the e-mail; that page stays open all day and shows every step without a reload
 *     (a mark set on its window is still there at the end);
 *  2. a dispatcher opens the booking on the dispatch board and offers it to nearby riders;
 *  3. two riders are available in Badagry: the one who has the offer accepts it on the job screen,
 *     the other never gets the job;
 *  4. the rider heads to the pickup, loses the network and taps "Picked up": "waiting for
 *     network"; back online it is applied once;
 *  5. the rider arrives and delivers with the code from the sender's e-mail, a photo and the cash;
 *  6. a second booking (made through the API) is assigned on the board; the rider fails it
 *     (recipient absent), the dispatcher returns it to the sender on the board, the rider
 *     completes the return; its tracking page shows failed, then returned, without a reload.
 * Fixtures (the staff member, the riders with approved IDs and availability on) go through the API.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { boardMessages as bm } from '../../src/shared/deliveries/boardMessages';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { dispatchMessages } from '../../src/shared/deliveries/dispatchMessages';
import { riderJobMessages as m } from '../../src/shared/deliveries/riderJobMessages';
import { trackingMessages as tm } from '../../src/shared/deliveries/trackingMessages';
import { OPS_TOKEN_KEY } from '../../src/shared/opsForms';
import { paths, riderPaths } from '../../src/shared/routes';
import { expectNoViolations, screenshotsDir, uniqueEmail, useBrowser, waitForScreenHydrated } from './browser';
import { chooseOption } from './combobox';
import { approvedRider, call, dispatcher, phonePhoto, waitForMail } from './dispatchFixtures';
import { bookThroughApi } from './tracking';

const browser = useBrowser();
/**
 * The first parcel leaves from Badagry: no other browser test has a rider there (they use Ikeja),
 * and no other area is within the offer radius, so only this test's two riders can be offered it
 * while other files run on the same server.
 */
const PICKUP_AREA = 'Badagry';
/** The riders' phones are often narrower than the sender's. */
const RIDER_PHONE = { width: 360, height: 740 };
/** A step reaches an open tracking page by server-sent events, or by the script's 20 s fallback. */
const LIVE_MS = 25_000;

let shot = 0;
async function shoot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(screenshotsDir, `day-${String(++shot).padStart(2, '0')}-${name}-${width}.png`), fullPage: true });
  await expectNoViolations(page, `delivery day ${name} at ${width}px`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `sideways scroll on ${name}`).toBeLessThanOrEqual(0);
}

/** The open tracking page shows this status, without having been loaded again. */
async function trackingShows(page: Page, status: string) {
  await page.locator('#status').filter({ hasText: b.statuses[status] }).waitFor({ timeout: LIVE_MS });
  expect(await page.evaluate(() => (window as unknown as { openAllDay?: boolean }).openAllDay), `the tracking page was not reloaded before "${status}"`).toBe(true);
}

async function openTracking(trackPath: string): Promise<Page> {
  const page = await browser.open('phone');
  await page.goto(trackPath);
  await page.getByText(tm.live).waitFor();
  // A mark on this document: gone if the page were ever loaded again.
  await page.evaluate(() => ((window as unknown as { openAllDay: boolean }).openAllDay = true));
  return page;
}

async function riderScreen(token: string): Promise<Page> {
  const page = await browser.open('phone');
  await page.setViewportSize(RIDER_PHONE);
  await page.addInitScript((t) => window.localStorage.setItem('authToken', t), token);
  await page.goto(riderPaths.jobs);
  // Available, with the offer on the screen already or not.
  await page.getByText(m.availableNow, { exact: true }).or(page.getByRole('region', { name: m.offerHeading })).first().waitFor();
  return page;
}

async function openOnBoard(board: Page, reference: string, status: string) {
  await board.getByRole('link', { name: reference, exact: true }).click();
  await board.getByRole('heading', { name: `${reference} · ${dispatchMessages.statusNames[status as 'booked']}` }).waitFor();
}

async function boardShows(board: Page, reference: string, status: string) {
  await board.getByRole('heading', { name: `${reference} · ${dispatchMessages.statusNames[status as 'booked']}` }).waitFor({ timeout: LIVE_MS });
}

describe('a delivery day', () => {
  it('a visitor books, a dispatcher offers, one of two riders accepts, picks up offline, delivers with the code and a photo; a second parcel fails and is returned; the tracking pages follow live', async () => {
    const started = Date.now();
    // ── Fixtures: a dispatcher, two riders with approved IDs, available in the pickup area ──
    const staffToken = await dispatcher();
    const riders = await Promise.all([approvedRider(staffToken, 'dayone'), approvedRider(staffToken, 'daytwo')]);
    for (const r of riders) {
      const on = await call('PUT', '/api/users/availability', { available: true, areas: [PICKUP_AREA] }, { 'x-auth-token': r.token });
      expect(on.status, JSON.stringify(on.json)).toBe(200);
    }

    // ── 1. A visitor books on /send-a-parcel ──
    const sender = uniqueEmail('day-sender').toLowerCase();
    const visitor = await browser.open('phone');
    await visitor.goto(paths.sendParcel);
    await waitForScreenHydrated(visitor);
    await chooseOption(visitor.getByRole('combobox', { name: b.labels['pickup.area'] }), PICKUP_AREA, 'badag');
    await chooseOption(visitor.getByRole('combobox', { name: b.labels['dropoff.area'] }), 'Lekki', 'lekki');
    await visitor.getByRole('radio', { name: b.sizes.small }).check();
    await visitor.getByRole('radio', { name: b.payments.cash_on_delivery }).check();
    await visitor.getByText(/^Estimate: ₦[\d,]+$/).waitFor();
    await visitor.getByRole('button', { name: b.getPrice }).click();
    await visitor.getByRole('heading', { name: b.quoteHeading }).waitFor();
    await visitor.getByLabel(b.labels['pickup.address']).fill('14 Allen Avenue');
    await visitor.getByLabel(b.labels['pickup.landmark'], { exact: false }).fill('Opposite the Mobil filling station');
    await visitor.getByLabel(b.labels['pickup.contact_name']).fill('Ada Okafor');
    await visitor.getByLabel(b.labels['pickup.contact_phone']).fill('0803 123 4567');
    await visitor.getByLabel(b.labels['dropoff.address']).fill('5 Admiralty Way');
    await visitor.getByLabel(b.labels['dropoff.contact_name']).fill('Tunde Bello');
    await visitor.getByLabel(b.labels['dropoff.contact_phone']).fill('0812 345 6789');
    await visitor.getByLabel(b.labels.description).fill('A box of shoes');
    await visitor.getByLabel(b.labels['sender.name']).fill('Ada Okafor');
    await visitor.getByLabel(b.labels['sender.phone']).fill('0803 123 4567');
    await visitor.getByLabel(b.labels['sender.email']).fill(sender);
    await visitor.getByRole('button', { name: 'I am human' }).click();
    await visitor.getByRole('button', { name: b.book }).click();
    await visitor.getByRole('heading', { name: b.bookedHeading }).waitFor({ timeout: 20_000 });
    const reference = (await visitor.locator('.send-reference').innerText()).trim();
    expect(reference).toMatch(/^OGB-[0-9A-Z]{5}$/);
    await shoot(visitor, 'booked');

    // The link from the e-mail, opened on the sender's phone and left open all day.
    const booked = await waitForMail(sender, (x) => x.subject.startsWith('Booked'));
    const link = /(https?:\/\/\S+\/track\/[A-Za-z0-9_-]+)/.exec(booked.text)![1]!;
    const tracking = await openTracking(new URL(link).pathname);
    await trackingShows(tracking, 'booked');
    expect(await tracking.locator('main').innerText()).toContain(reference);
    await shoot(tracking, 'tracking-booked');

    // ── 2. The dispatcher offers it to nearby riders from the board ──
    const board = await browser.open('phone');
    await board.addInitScript(([key, t]) => window.localStorage.setItem(key!, t!), [OPS_TOKEN_KEY, staffToken]);
    await board.goto('/ops/deliveries');
    await board.getByRole('heading', { name: bm.heading, level: 1 }).waitFor();
    await openOnBoard(board, reference, 'booked');
    await shoot(board, 'board-booking');
    await board.getByRole('button', { name: bm.moves.offerNearby }).click();
    await boardShows(board, reference, 'offered');
    await trackingShows(tracking, 'offered');

    // ── 3. The rider who has the offer accepts it; the other never gets the job ──
    const screens = await Promise.all(riders.map((r) => riderScreen(r.token)));
    const offered: number[] = [];
    for (const [i, screen] of screens.entries()) {
      if (await screen.getByRole('region', { name: m.offerHeading }).isVisible()) offered.push(i);
      else await screen.getByText(m.noOffers).waitFor();
    }
    // One rider at a time, the nearest first (both cover the pickup area).
    expect(offered).toHaveLength(1);
    const rider = screens[offered[0]!]!;
    const other = screens[1 - offered[0]!]!;
    const riderToken = riders[offered[0]!]!.token;
    const offer = rider.getByRole('region', { name: m.offerHeading });
    expect(await offer.innerText()).toMatch(/₦[\d,]+/);
    expect(await offer.innerText()).not.toContain('Allen Avenue');
    await shoot(rider, 'rider-offer');
    await rider.getByRole('button', { name: m.accept }).click();
    await rider.getByRole('button', { name: m.steps.start }).waitFor();
    expect(await rider.getByRole('region', { name: m.pickupHeading }).innerText()).toContain('14 Allen Avenue');
    await trackingShows(tracking, 'assigned');
    await boardShows(board, reference, 'assigned');
    // The other rider: still no offer, no job.
    await other.getByRole('button', { name: m.checkAgain }).click();
    await other.getByText(m.noOffers).waitFor();
    expect(await other.getByRole('region', { name: m.offerHeading }).count()).toBe(0);
    expect(await other.getByRole('button', { name: m.steps.start }).count()).toBe(0);
    await shoot(other, 'other-rider-no-job');

    // ── 4. Heading to the pickup; "Picked up" tapped without a network ──
    await rider.getByRole('button', { name: m.steps.start }).click();
    await rider.getByRole('button', { name: m.steps.pick_up }).waitFor();
    await trackingShows(tracking, 'heading_to_pickup');
    await rider.context().setOffline(true);
    await rider.getByRole('button', { name: m.steps.pick_up }).click();
    await rider.getByText(/^Waiting for network/).waitFor();
    await rider.getByRole('button', { name: m.steps.arrive }).waitFor();
    await shoot(rider, 'rider-waiting-for-network');
    // Nothing reached the server while the phone was offline.
    expect(await tracking.locator('#status').innerText()).toContain(b.statuses.heading_to_pickup);
    await rider.context().setOffline(false);
    await trackingShows(tracking, 'picked_up');
    await expect.poll(() => rider.getByText(/^Waiting for network/).count(), { timeout: 15_000 }).toBe(0);
    const job = await call('GET', `/api/users/jobs/${await deliveryId(riderToken, reference)}`, undefined, { 'x-auth-token': riderToken });
    expect((job.json.job.events as Array<{ action: string }>).filter((e) => e.action === 'pick_up'), 'pick_up applied once').toHaveLength(1);
    await shoot(tracking, 'tracking-picked-up');

    // ── 5. Arrived; delivered with the code from the sender's e-mail, a photo and the cash ──
    const pickedUp = await waitForMail(sender, (x) => x.subject.startsWith('Picked up'));
    const code = /^(\d{4})$/m.exec(pickedUp.text)![1]!;
    await rider.getByRole('button', { name: m.steps.arrive }).click();
    await rider.getByRole('region', { name: m.proofHeading }).waitFor();
    await trackingShows(tracking, 'arrived');
    await rider.getByLabel(m.code).fill(code);
    await expect.poll(() => rider.getByLabel(m.photo).isEnabled(), { timeout: 20_000 }).toBe(true);
    await rider.getByLabel(m.photo).setInputFiles({ name: 'parcel.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(rider) });
    await rider.getByText(m.photoSent, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await rider.getByLabel(m.cashCollected).inputValue()).toMatch(/^\d+$/);
    await shoot(rider, 'rider-proof');
    await rider.getByRole('button', { name: m.steps.deliver }).click();
    await rider.getByText(m.delivered, { exact: true }).waitFor();
    await trackingShows(tracking, 'delivered');
    await boardShows(board, reference, 'delivered');
    await shoot(tracking, 'tracking-delivered');
    // Every step is on the page's timeline, and the page was never loaded again.
    const timeline = await tracking.locator('main').innerText();
    for (const status of ['booked', 'assigned', 'picked_up', 'delivered']) expect(timeline, status).toContain(b.statuses[status]);

    // ── 6. A second parcel: assigned on the board, failed (recipient absent), returned ──
    const second = await bookThroughApi(PICKUP_AREA);
    const secondTracking = await openTracking(second.path);
    await trackingShows(secondTracking, 'booked');
    await board.getByRole('link', { name: bm.close }).click();
    await board.getByRole('link', { name: second.reference, exact: true }).waitFor({ timeout: LIVE_MS });
    await openOnBoard(board, second.reference, 'booked');
    await board.getByRole('button', { name: bm.moves.assign }).click();
    const select = board.locator('#ops-board-rider');
    const riderName = riders[offered[0]!]!.username;
    await select.selectOption({ value: (await select.locator('option', { hasText: `@${riderName}` }).getAttribute('value'))! });
    await board.getByRole('button', { name: bm.submit.assign }).click();
    await boardShows(board, second.reference, 'assigned');
    await trackingShows(secondTracking, 'assigned');

    await rider.getByRole('button', { name: m.nextJob }).click();
    await rider.getByRole('button', { name: m.steps.start }).click();
    await rider.getByRole('button', { name: m.steps.pick_up }).click();
    await rider.getByRole('button', { name: m.steps.arrive }).click();
    await rider.getByRole('region', { name: m.proofHeading }).waitFor();
    await rider.getByRole('button', { name: m.steps.fail }).click();
    await rider.getByRole('radio', { name: m.reasons.recipient_absent }).check();
    await shoot(rider, 'rider-failing');
    await rider.getByRole('button', { name: m.confirmFail }).click();
    await rider.getByText(m.waitingForStaff).waitFor();
    await shoot(rider, 'rider-waiting-for-staff');
    await trackingShows(secondTracking, 'failed');
    expect(await secondTracking.locator('main').innerText()).toContain(tm.failedBecause('recipient_absent'));
    await shoot(secondTracking, 'tracking-failed');

    await boardShows(board, second.reference, 'failed');
    await board.getByRole('button', { name: bm.moves.return }).click();
    await boardShows(board, second.reference, 'returning');
    await shoot(board, 'board-returning');
    await trackingShows(secondTracking, 'returning');
    // The rider, told to wait for staff, looks for their answer on the screen.
    await rider.getByRole('button', { name: m.checkStaff }).click();
    await rider.getByRole('button', { name: m.steps.returned }).click();
    await rider.getByText(m.returned, { exact: true }).waitFor();
    await shoot(rider, 'rider-returned');
    await trackingShows(secondTracking, 'returned');
    await shoot(secondTracking, 'tracking-returned');
    // The first page, open all day, was never loaded again either.
    expect(await tracking.evaluate(() => (window as unknown as { openAllDay?: boolean }).openAllDay)).toBe(true);
    console.log(`[e2e] the delivery day took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 240_000);
});

/** The rider's job id for a reference (the rider's own list, as the job screen reads it). */
async function deliveryId(token: string, reference: string): Promise<string> {
  const jobs = await call('GET', '/api/users/jobs', undefined, { 'x-auth-token': token });
  const found = (jobs.json.items as Array<{ id: string; reference: string }>).find((j) => j.reference === reference);
  expect(found).toBeDefined();
  return found!.id;
}
