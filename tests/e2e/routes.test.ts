/**
 * Every route of the table (src/shared/routes.ts) answers and renders in Chromium, unknown
 * paths get the 404 page with HTTP 404, /reset-password without a token ends at /, and the
 * header and footer are hidden on /login. Screenshots of home at 375 and 1280 px go to
 * test-results/screenshots/ for a person to look at.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { knownPaths, paths } from '../../src/shared/routes';
import { baseURL, screenshotsDir, useBrowser, VIEWPORTS, waitForScreenHydrated, type ViewportName } from './browser';

const NOT_FOUND = '404 Page Not Found';

/** The header's links (src/web/kit/components/Layout.tsx). */
const MAIN_MENU: ReadonlyArray<readonly [string, string]> = [
  ['About Us', paths.aboutUs],
  ['Privacy Policy', paths.privacyPolicy],
  ['Terms and Conditions', paths.termsAndConditions],
  ['Contact Us', paths.contactUs],
  ['Login', paths.login],
];

const browser = useBrowser();

const header = (page: Page) => page.locator('header').first();
const footer = (page: Page) => page.locator('footer').first();

async function headingOf(page: Page): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1 }).first();
  await h1.waitFor({ state: 'visible' });
  return (await h1.innerText()).trim();
}

/** Pixels the page is wider than the viewport (0 when nothing spills sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('routes', () => {
  // The dashboards send a signed-out visitor to /login (tests/e2e/auth.e2e.test.ts, company.e2e.test.ts).
  const shown = knownPaths.filter((p) => p !== paths.resetPassword && p !== paths.riderDashboard && p !== paths.companyDashboard);

  for (const viewport of ['phone', 'desktop'] as const satisfies readonly ViewportName[]) {
    it(`every known route answers 200 and renders its page at ${viewport} width`, async () => {
      const page = await browser.open(viewport);
      for (const route of shown) {
        const response = await page.goto(route);
        expect(response?.status(), route).toBe(200);
        expect(response?.headers()['content-type'], route).toMatch(/^text\/html/);
        const heading = await headingOf(page);
        expect(heading, route).not.toBe('');
        expect(heading, route).not.toBe(NOT_FOUND);
        expect(await sidewaysOverflow(page), `${route} spills sideways at ${VIEWPORTS[viewport].width}px`).toBeLessThanOrEqual(0);
        if (route === paths.login) {
          expect(await page.locator('header').count(), 'no header on /login').toBe(0);
          expect(await page.locator('footer').count(), 'no footer on /login').toBe(0);
        } else {
          expect(await header(page).isVisible(), `header on ${route}`).toBe(true);
          expect(await footer(page).isVisible(), `footer on ${route}`).toBe(true);
        }
      }
    });
  }

  it('has no horizontal scrolling at 320px on any route (DESIGN.md §9)', async () => {
    const page = await browser.open('narrow');
    const spilling: string[] = [];
    for (const route of shown) {
      await page.goto(route);
      await headingOf(page);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) spilling.push(`${route} (+${overflow}px)`);
    }
    expect(spilling).toEqual([]);
  });

  it('lets a phone user reach every page of the main menu from the home page at 375px', async () => {
    const page = await browser.open('phone');
    const unreachable: string[] = [];
    for (const [label, route] of MAIN_MENU) {
      await page.goto('/');
      await headingOf(page);
      // The menu button of the prerendered page opens the menu once the page is live (a tap
      // before that does nothing; see docs/performance.md, "Typing before the page is live").
      await waitForScreenHydrated(page);
      let link = page.getByRole('banner').getByRole('link', { name: label, exact: true });
      if (!(await link.isVisible())) {
        // A collapsed menu is fine as long as a visible button opens it.
        const toggle = page.getByRole('banner').getByRole('button', { name: /menu/i });
        if (await toggle.isVisible()) {
          await toggle.click();
          link = page.getByRole('banner').getByRole('link', { name: label, exact: true });
        }
      }
      if (!(await link.isVisible())) {
        unreachable.push(label);
        continue;
      }
      await link.click();
      await page.waitForURL(`${baseURL}${route}`);
    }
    expect(unreachable, 'header links a phone user cannot see or open').toEqual([]);
  });

  it('answers 404 and shows "404 Page Not Found" for unknown paths, with the header and footer', async () => {
    const page = await browser.open('phone');
    for (const route of ['/no-such-page', '/about-us/extra', '/Login-nope']) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(404);
      expect(await headingOf(page), route).toBe(NOT_FOUND);
      expect(await header(page).isVisible()).toBe(true);
      expect(await footer(page).isVisible()).toBe(true);
    }
  });

  it('sends /reset-password without a token to the home page, and keeps it with one', async () => {
    const page = await browser.open('desktop');
    await page.goto(paths.resetPassword);
    await page.waitForURL(`${baseURL}/`);
    expect(new URL(page.url()).pathname).toBe('/');
    // The home screen's code may still be loading when the address changes.
    await page.getByRole('heading', { name: 'Subscribe to our newsletter' }).waitFor();

    const response = await page.goto(`${paths.resetPassword}?token=abc123`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(paths.resetPassword);
    expect(await headingOf(page)).not.toBe(NOT_FOUND);
  });

  it('hides the header and footer on /login, also when arriving from another page', async () => {
    const page = await browser.open('desktop');
    await page.goto('/');
    expect(await header(page).isVisible()).toBe(true);
    await waitForScreenHydrated(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${baseURL}${paths.login}`);
    await headingOf(page);
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
  });

  it('moves between pages with the header links without a full reload', async () => {
    const page = await browser.open('desktop');
    await page.goto('/');
    await waitForScreenHydrated(page);
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(`${baseURL}${paths.aboutUs}`);
    expect(await headingOf(page)).not.toBe(NOT_FOUND);
    expect(documents).toEqual([]);
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`screenshots the home page at ${VIEWPORTS[viewport].width}px`, async () => {
      const page = await browser.open(viewport);
      await page.goto('/', { waitUntil: 'networkidle' });
      await headingOf(page);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(screenshotsDir, `home-${VIEWPORTS[viewport].width}.png`), fullPage: true });
    });
  }
});
