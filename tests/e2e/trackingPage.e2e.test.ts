/**
 * The tracking page /track/{token} in Chromium against the real server: a parcel booked through
 * the API as a visitor would (captcha pass, held quote, booking). With JavaScript off the page is
 * whole (reference, status, route, timeline, the cancel form) and the plain form cancels the
 * delivery; with JavaScript on, a move made elsewhere (the sender cancelling through the API in
 * another tab) reaches the open page without a reload: through the server-sent events of
 * GET /api/deliveries/tracking/{token}/events when the server has them, else the script's
 * fallback reading of the page (every 20 s), so the wait below allows for either. The page
 * loads no app bundle: one small script. Each view with the script on passes axe, and none scrolls sideways at 375 or 320 px.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { trackingMessages as tm } from '../../src/shared/deliveries/trackingMessages';
import { baseURL, expectNoViolations, launchChromium, screenshotsDir, VIEWPORTS } from './browser';
import { bookThroughApi as book } from './tracking';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
const pageErrors: string[] = [];
afterEach(() => {
  expect(pageErrors.splice(0), 'uncaught errors in the tracking page').toEqual([]);
});

/** A fresh context; `javaScriptEnabled: false` is a phone with scripts off (or a proxy browser). */
async function open(javaScriptEnabled: boolean, width: 'phone' | 'narrow' = 'phone'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[width], locale: 'en-NG', javaScriptEnabled });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return page;
}

async function check(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotsDir, `tracking-${name}.png`), fullPage: true });
  await expectNoViolations(page, `tracking ${name}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `sideways scroll on ${name}`).toBeLessThanOrEqual(0);
}

describe('the tracking page', () => {
  it('is whole with JavaScript off, at 375 and 320 px, and its plain form cancels the delivery', async () => {
    const { reference, path: trackPath } = await book();
    const page = await open(false);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(trackPath);
    await page.getByRole('heading', { level: 1, name: b.trackingTitle }).waitFor();
    const main = await page.locator('main').innerText();
    for (const shown of [reference, b.statuses.booked, 'Ikeja, Lagos', 'Lekki, Lagos', b.timeline, tm.deliverBy, tm.reloadForNews]) expect(main, shown).toContain(shown);
    for (const secret of ['ada.tracking', '0803', '+234', 'Allen Avenue', 'Tunde']) expect(main, secret).not.toContain(secret);
    expect(await page.getByRole('link', { name: tm.shareWhatsApp }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(scripts, 'no script runs with JavaScript off').toEqual([]);
    // Scripts off, so no axe here: the same HTML passes it in the tests below, with the script on.
    await page.screenshot({ path: path.join(screenshotsDir, 'tracking-no-js-375.png'), fullPage: true });
    await page.setViewportSize(VIEWPORTS.narrow);
    const box = await page.locator('main').boundingBox();
    expect(box!.x + box!.width, 'no sideways scroll at 320 px').toBeLessThanOrEqual(VIEWPORTS.narrow.width);
    await page.screenshot({ path: path.join(screenshotsDir, 'tracking-no-js-320.png'), fullPage: true });

    await page.getByLabel(tm.cancelReason).fill('Sent it myself');
    await page.getByRole('button', { name: tm.cancelButton }).click();
    await page.getByRole('status').filter({ hasText: tm.cancelled }).waitFor();
    expect(await page.locator('main').innerText()).toContain(b.statuses.cancelled);
    expect(new URL(page.url()).pathname).toBe(trackPath);
    await page.close();
  });

  it('with JavaScript, loads one small script and shows a move made elsewhere without a reload', async () => {
    const { path: trackPath, token } = await book();
    const page = await open(true);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(trackPath);
    await page.getByText(tm.live).waitFor();
    expect(scripts).toEqual([expect.stringMatching(/^\/track-page\.[0-9a-f]+\.js$/)]);
    // A mark on this document: gone if the page were loaded again.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const cancelled = await fetch(`${baseURL}/api/deliveries/tracking/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tracking-token': token },
      body: JSON.stringify({ reason: 'Cancelled from the other tab' }),
    });
    expect(cancelled.status).toBe(200);
    await page.locator('#status').filter({ hasText: b.statuses.cancelled }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await page.locator('main').innerText()).not.toContain(tm.cancelButton);
    await check(page, 'live-375');
    await page.close();
  }, 60_000);

  it('with JavaScript, cancels in place', async () => {
    const { path: trackPath } = await book();
    const page = await open(true, 'narrow');
    await page.goto(trackPath);
    await page.getByText(tm.live).waitFor();
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole('button', { name: tm.cancelButton }).click();
    await page.getByRole('status').filter({ hasText: tm.cancelled }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await check(page, 'cancelled-320');
    await page.close();
  });
});
