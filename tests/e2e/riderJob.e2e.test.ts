/**
 * The rider's job screen in Chromium at 360 px against the real server, with only the mail server
 * and hCaptcha stood in at their network edge. A rider with an approved ID switches "Available for
 * deliveries" on for Ikeja from the dashboard and finds it so on the job screen; a visitor books Ikeja → Lekki (cash on delivery); a dispatcher offers
 * it to the rider through the dispatch API; the rider sees the pay and the countdown, accepts, heads
 * to the pickup, loses the network (Playwright's setOffline) and taps "Picked up": the screen says
 * "waiting for network" and moves on; the connection returns and the step is applied once (one
 * pick_up on the timeline, sent with the phone's time). The delivery code comes by e-mail to the
 * sender at pickup; the rider arrives, loses the network again at the door, takes the photo, enters
 * the code and taps "Delivered": both wait on the phone, also across a reload, and go out in that
 * order when the connection returns. The outbox is the browser's real IndexedDB.
 */
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { riderJobMessages as m } from '../../src/shared/deliveries/riderJobMessages';
import { jobWorkerPath, paths, riderPaths } from '../../src/shared/routes';
import { expectNoViolations, screenshotsDir, uniqueEmail, useBrowser } from './browser';
import { approvedRider, call, captchaCookie, dispatcher, phonePhoto, waitForMail } from './dispatchFixtures';

const browser = useBrowser();

/** A visitor's booking Ikeja → Lekki, cash on delivery: its id and reference, and the sender's e-mail. */
async function booking(): Promise<{ id: string; reference: string; sender: string }> {
  const sender = uniqueEmail('jobsender').toLowerCase();
  const quote = await call('POST', '/api/deliveries/quotes', { pickup: { state: 'Lagos', area: 'Ikeja' }, dropoff: { state: 'Lagos', area: 'Lekki' }, parcel: { size: 'small' }, payment: 'cash_on_delivery' });
  expect(quote.status, JSON.stringify(quote.json)).toBe(200);
  const booked = await call(
    'POST',
    '/api/deliveries',
    {
      quote_id: quote.json.quote.id,
      sender: { name: 'Ada Obi', phone: '0803 123 4567', email: sender },
      pickup: { state: 'Lagos', area: 'Ikeja', address: '12 Allen Avenue', landmark: 'Opposite the bank', contact_name: 'Ada', contact_phone: '08031234567' },
      dropoff: { state: 'Lagos', area: 'Lekki', address: '3 Admiralty Way', contact_name: 'Tunde Bello', contact_phone: '0805 000 1111' },
      description: 'Two pairs of shoes',
      payment: 'cash_on_delivery',
    },
    { cookie: await captchaCookie(), 'Idempotency-Key': `e2e-${Math.random().toString(36).slice(2)}` },
  );
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);
  return { id: booked.json.delivery.id, reference: booked.json.delivery.reference, sender };
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(screenshotsDir, `rider-job-${name}-360.png`), fullPage: true });
  await expectNoViolations(page, `rider job ${name} at 360px`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `sideways scroll on ${name}`).toBeLessThanOrEqual(0);
}

describe("the rider's job screen", () => {
  it('an available rider gets an offer, accepts, taps "picked up" offline and it is applied once when back online, then delivers with the code and a photo', async () => {
    const staffToken = await dispatcher();
    const rider = await approvedRider(staffToken);
    const page = await browser.open('phone');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript((t) => window.localStorage.setItem('authToken', t), rider.token);

    // ── Available for deliveries, in Ikeja: switched on from the dashboard ──
    await page.goto(paths.riderDashboard);
    await page.getByText(m.notAvailable, { exact: true }).waitFor();
    await page.getByLabel(m.areas).fill('Ikeja');
    await page.getByRole('button', { name: m.switchOn }).click();
    // The card says it with the server's line ("… Offers near your areas will appear here.").
    await page.getByText(m.availableNow).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'sideways scroll on the dashboard').toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshotsDir, 'rider-job-0-dashboard-switch-360.png') });
    // The job screen, from the card's button, says the same.
    await page.getByRole('link', { name: m.title, exact: true }).click();
    await page.waitForURL(`**${riderPaths.jobs}`);
    await page.getByText(m.availableNow).waitFor();
    expect(await page.getByLabel(m.areas).inputValue()).toBe('Ikeja');
    await shoot(page, '1-available');

    // ── A booking, offered to this rider by a dispatcher ──
    const delivery = await booking();
    const riders = await call('GET', `/api/ops/riders?q=${rider.username}`, undefined, { 'x-ops-token': staffToken });
    const riderId = (riders.json.items as Array<{ id: string }>)[0]!.id;
    const offered = await call('POST', `/api/ops/deliveries/${delivery.id}/offer`, { rider_id: riderId }, { 'x-ops-token': staffToken });
    expect(offered.status, JSON.stringify(offered.json)).toBe(200);
    await page.getByRole('button', { name: m.checkAgain }).click();
    const offer = page.getByRole('region', { name: m.offerHeading });
    await offer.waitFor();
    expect(await offer.innerText()).toContain('Ikeja');
    expect(await offer.innerText()).toMatch(/₦[\d,]+/);
    expect(await offer.innerText()).not.toContain('Allen Avenue');
    const countdown = page.getByRole('timer');
    const first = await countdown.innerText();
    expect(first).toMatch(/^Offer ends in [23]:\d\d$/);
    await expect.poll(() => countdown.innerText(), { timeout: 5000 }).not.toBe(first);
    await shoot(page, '2-offer');
    await page.getByRole('button', { name: m.accept }).click();

    // ── Heading to the pickup: the address, maps, call and WhatsApp ──
    await page.getByRole('button', { name: m.steps.start }).waitFor();
    const pickup = page.getByRole('region', { name: m.pickupHeading });
    expect(await pickup.innerText()).toContain('12 Allen Avenue');
    expect(await pickup.getByRole('link', { name: m.call('Ada') }).getAttribute('href')).toBe('tel:+2348031234567');
    expect(await pickup.getByRole('link', { name: m.whatsapp }).getAttribute('href')).toBe('https://wa.me/2348031234567');
    expect(await pickup.getByRole('link', { name: m.openMaps }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12%20Allen%20Avenue/);
    await shoot(page, '3-assigned');
    await page.getByRole('button', { name: m.steps.start }).click();
    await page.getByRole('button', { name: m.steps.pick_up }).waitFor();

    // ── No network at the pickup ──
    const moves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/moves')) moves.push(r.headers()['idempotency-key'] ?? '');
    });
    await page.context().setOffline(true);
    await page.getByRole('button', { name: m.steps.pick_up }).click();
    await page.getByText(/^Waiting for network/).waitFor();
    // The phone moved on: the next step is "arrived".
    await page.getByRole('button', { name: m.steps.arrive }).waitFor();
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('rider-outbox');
          open.onsuccess = () => {
            const req = open.result.transaction('moves').objectStore('moves').count();
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
    expect(kept).toBe(1);
    await shoot(page, '4-waiting-for-network');
    await page.context().setOffline(false);
    const readJob = () => call('GET', `/api/users/jobs/${delivery.id}`, undefined, { 'x-auth-token': rider.token });
    await expect.poll(async () => (await readJob()).json.job.status, { timeout: 30_000 }).toBe('picked_up');
    await expect.poll(() => page.getByText(/^Waiting for network/).count(), { timeout: 10_000 }).toBe(0);
    const job = await readJob();
    // Applied once, with the phone's time.
    const pickups = (job.json.job.events as Array<{ action: string; client_at: string | null }>).filter((e) => e.action === 'pick_up');
    expect(pickups).toHaveLength(1);
    expect(pickups[0]!.client_at).not.toBeNull();
    // Every send of that tap carried one key.
    const pickupKeys = new Set(moves.slice(1));
    expect(pickupKeys.size).toBeLessThanOrEqual(1);

    // ── The drop-off, with no network at the door: the photo, the code from the sender's e-mail, "Delivered" ──
    const mail = await waitForMail(delivery.sender, (x) => x.subject.startsWith('Picked up'));
    const code = /^(\d{4})$/m.exec(mail.text)![1]!;
    await page.getByRole('button', { name: m.steps.arrive }).click();
    await page.getByRole('region', { name: m.proofHeading }).waitFor();
    await expect.poll(async () => (await readJob()).json.job.status, { timeout: 30_000 }).toBe('arrived');
    await expect.poll(() => page.getByLabel(m.photo).isEnabled(), { timeout: 20_000 }).toBe(true);
    const jpeg = await phonePhoto(page);
    const uploads: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/proof')) uploads.push(r);
    });
    await page.context().setOffline(true);
    await page.getByLabel(m.photo).setInputFiles({ name: 'parcel.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByText(m.photoKept, { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByLabel(m.code).fill(code);
    expect(await page.getByLabel(m.cashCollected).inputValue()).toMatch(/^\d+$/);
    await shoot(page, '5-photo-kept-offline');
    await page.getByRole('button', { name: m.steps.deliver }).click();
    await expect.poll(() => page.locator('.job-waiting').innerText(), { timeout: 10_000 }).toContain(m.queued(1, true));
    // On the phone: the photo (a Blob, made small) and then "delivered".
    const outbox = () =>
      page.evaluate(
        () =>
          new Promise<Array<{ kind: string; bytes: number }>>((resolve, reject) => {
            const open = indexedDB.open('rider-outbox');
            open.onsuccess = () => {
              const req = open.result.transaction('moves').objectStore('moves').getAll();
              req.onsuccess = () =>
                resolve(
                  (req.result as Array<{ seq: number; proof?: { photo: Blob }; body?: { action: string } }>)
                    .sort((a, b) => a.seq - b.seq)
                    .map((e) => (e.proof ? { kind: e.proof.photo instanceof Blob ? 'photo' : 'not a blob', bytes: e.proof.photo.size } : { kind: e.body!.action, bytes: 0 })),
                );
              req.onerror = () => reject(req.error);
            };
            open.onerror = () => reject(open.error);
          }),
      );
    const atDoor = await outbox();
    expect(atDoor.map((e) => e.kind)).toEqual(['photo', 'deliver']);
    // Made small on the phone before it was kept.
    expect(atDoor[0]!.bytes).toBeGreaterThan(0);
    expect(atDoor[0]!.bytes).toBeLessThan(jpeg.length);

    // ── A reload before the network returns ──
    // The page is served, the API is not, as on a weak signal (a reload with no network at all,
    // through the screen's service worker, is the next test). The screen opens from the phone's copy.
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.context().setOffline(false);
    await page.reload();
    await expect.poll(() => page.locator('.job-waiting').innerText(), { timeout: 20_000 }).toContain(m.queued(1, true));
    expect(await page.locator('.job-status').innerText()).toContain('Delivered');
    await page.context().setOffline(true);
    await page.unroute('**/api/**');
    await shoot(page, '6-waiting-after-reload');
    expect((await outbox()).map((e) => e.kind)).toEqual(['photo', 'deliver']);
    expect((await readJob()).json.job).toMatchObject({ status: 'arrived', proof_uploaded: false });

    // ── The network returns: the photo, then "delivered" ──
    await page.context().setOffline(false);
    await page.getByText(m.delivered, { exact: true }).waitFor({ timeout: 30_000 });
    await shoot(page, '7-delivered');
    const done = await readJob();
    expect(done.json.job.status).toBe('delivered');
    expect(done.json.job.proof_uploaded).toBe(true);
    expect(await outbox()).toEqual([]);
    const proof = await page.request.get(new URL(`/api/users/jobs/${delivery.id}/proof`, page.url()).href, { headers: { 'x-auth-token': rider.token } });
    expect([proof.status(), proof.headers()['content-type']]).toEqual([200, 'image/webp']);
    // The upload that reached the server is the small photo, every send of it under one key.
    const sent = uploads.filter((r) => !r.failure());
    expect(sent.length).toBeGreaterThan(0);
    expect(Number((await sent.at(-1)!.allHeaders())['content-length'] ?? 0)).toBeLessThan(jpeg.length);
    expect(new Set(await Promise.all(uploads.map(async (r) => (await r.allHeaders())['idempotency-key']))).size).toBe(1);
  });

  it('a reload with no network at all opens the job screen through its service worker, from the phone\'s copy, with nothing waiting and with a step waiting; the steps taken offline are applied once when back online', async () => {
    const staffToken = await dispatcher();
    const rider = await approvedRider(staffToken, 'swjob');
    const auth = { 'x-auth-token': rider.token };
    const on = await call('PUT', '/api/users/availability', { available: true, areas: ['Ikeja'] }, auth);
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    const delivery = await booking();
    const riders = await call('GET', `/api/ops/riders?q=${rider.username}`, undefined, { 'x-ops-token': staffToken });
    const riderId = (riders.json.items as Array<{ id: string }>)[0]!.id;
    const assigned = await call('POST', `/api/ops/deliveries/${delivery.id}/assign`, { rider_id: riderId }, { 'x-ops-token': staffToken });
    expect(assigned.status, JSON.stringify(assigned.json)).toBe(200);

    const page = await browser.open('phone');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript((t) => window.localStorage.setItem('authToken', t), rider.token);
    await page.goto(riderPaths.jobs);
    await page.getByRole('button', { name: m.steps.start }).waitFor();
    // The screen registers its worker once it is idle; the worker takes the page over when installed.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { scope: r?.scope ?? null, script: navigator.serviceWorker.controller?.scriptURL ?? null };
    });
    expect(registration).toEqual({ scope: new URL(riderPaths.jobs, page.url()).href, script: new URL(jobWorkerPath, page.url()).href });

    // ── No network at all: the page's requests and the worker's own ──
    // Chromium's offline mode does not reach a service worker's fetches (Playwright issue #2311):
    // those are refused here as a phone with no signal would.
    const context = page.context();
    await goOffline(context);
    expect(await page.evaluate(() => fetch('/api/config').then(() => 'answered', () => 'failed'))).toBe('failed');

    // ── A reload with nothing waiting: the worker's shell, the open job the phone keeps ──
    const first = await page.reload();
    expect(first?.fromServiceWorker(), 'the page came from the worker').toBe(true);
    await page.getByRole('button', { name: m.steps.start }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('region', { name: m.pickupHeading }).innerText()).toContain('12 Allen Avenue');
    await page.getByRole('button', { name: m.steps.start }).click();
    await page.getByRole('button', { name: m.steps.pick_up }).waitFor();
    await expect.poll(() => page.locator('.job-waiting').innerText(), { timeout: 10_000 }).toContain(m.queued(1));

    // ── The reload: the worker's shell and files, the job from the phone's outbox ──
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker(), 'the page came from the worker').toBe(true);
    await expect.poll(() => page.locator('.job-waiting').innerText(), { timeout: 20_000 }).toContain(m.queued(1));
    expect(await page.getByRole('region', { name: m.pickupHeading }).innerText()).toContain('12 Allen Avenue');
    await shoot(page, '8-reloaded-with-no-network');
    // The worker keeps the shell and the build's files, and nothing from the API (no personal data).
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return { names: await caches.keys(), urls };
    });
    expect(kept.names).toHaveLength(1);
    expect(kept.names[0]).toMatch(/^sw-jobs-[0-9a-f]{16}$/);
    expect(kept.urls).toContain(riderPaths.jobs);
    expect(kept.urls.filter((u) => u !== riderPaths.jobs && !/^\/assets\/[^/]+\.(?:js|css|svg|png|jpg|webp|woff2?)$/.test(u))).toEqual([]);

    // ── Another step, still offline; then the network returns ──
    await page.getByRole('button', { name: m.steps.pick_up }).click();
    await page.getByRole('button', { name: m.steps.arrive }).waitFor();
    await expect.poll(() => page.locator('.job-waiting').innerText(), { timeout: 10_000 }).toContain(m.queued(2));
    expect((await call('GET', `/api/users/jobs/${delivery.id}`, undefined, auth)).json.job.status).toBe('assigned');
    await goOnline(context);
    const readJob = () => call('GET', `/api/users/jobs/${delivery.id}`, undefined, auth);
    await expect.poll(async () => (await readJob()).json.job.status, { timeout: 30_000 }).toBe('picked_up');
    await expect.poll(() => page.getByText(/^Waiting for network/).count(), { timeout: 10_000 }).toBe(0);
    // Each step applied once, in the order tapped.
    const actions = ((await readJob()).json.job.events as Array<{ action: string }>).map((e) => e.action);
    expect(actions.filter((a) => a === 'start')).toHaveLength(1);
    expect(actions.filter((a) => a === 'pick_up')).toHaveLength(1);
    expect(actions.indexOf('start')).toBeLessThan(actions.indexOf('pick_up'));
  });

  it('only the job screen registers the worker: the public pages and the dashboard have none, and stay outside its scope', async () => {
    const staffToken = await dispatcher();
    const rider = await approvedRider(staffToken, 'swscope');
    const page = await browser.open('phone');
    await page.addInitScript((t) => window.localStorage.setItem('authToken', t), rider.token);
    const registrations = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope));
    for (const url of [paths.home, paths.aboutUs, paths.sendParcel, paths.riderDashboard]) {
      await page.goto(url, { waitUntil: 'load' });
      // Longer than the job screen takes to register it once idle.
      await page.waitForTimeout(3_000);
      expect(await registrations(), url).toEqual([]);
    }
    // The job screen registers it; the dashboard, opened again, is not under it.
    await page.goto(riderPaths.jobs);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    expect(await registrations()).toEqual([new URL(riderPaths.jobs, page.url()).href]);
    await page.goto(paths.riderDashboard, { waitUntil: 'load' });
    await page.getByRole('link', { name: m.title, exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  });
});

/** No network for the pages and for their service worker (whose fetches Chromium's offline mode misses). */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**', (route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue()));
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**');
  await context.setOffline(false);
}
