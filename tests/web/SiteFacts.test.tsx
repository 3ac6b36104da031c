// @vitest-environment jsdom
/**
 * Nothing claims what is not true: the footer and Contact Us (the real views, under the app's
 * SiteFactsProvider, over GET /api/config at the network edge) show no phone, WhatsApp,
 * address, map, CAC number, opening hours or social link when none is set, and each one once
 * it is set.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../src/shared/api';
import { site } from '../../src/shared/site';
import { ApiEdge, testConfig } from './support/apiEdge';

const edge = new ApiEdge();
beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
afterEach(cleanup);

// The footer's router links are not what this test is about: the page is drawn without a router.
vi.mock('@tanstack/react-router', () => ({ Link: ({ children, to }: { children: React.ReactNode; to: string }) => <a href={to}>{children}</a> }));

/** The page afresh: the app asks GET /api/config once per page load, so each case loads anew. */
async function page(business: PublicConfig['business']) {
  edge.config = { ...testConfig, business };
  vi.resetModules();
  const { Footer } = await import('../../src/web/kit/components/Footer');
  const { SiteFactsProvider } = await import('../../src/web/kit/siteFacts/SiteFacts');
  const { default: ContactUs } = await import('../../src/web/routes/ContactUs');
  return render(
    <SiteFactsProvider>
      <main>
        <ContactUs />
      </main>
      <Footer />
    </SiteFactsProvider>,
  );
}

const links = () => screen.getAllByRole('link').map((a) => a.getAttribute('href') ?? '');

describe('business facts on the pages', () => {
  it('unset: none of them shows, only the e-mail', async () => {
    await page({});
    await waitFor(() => expect(edge.log.some((r) => r.path === '/api/config')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const text = document.body.textContent ?? '';
    expect(links().filter((href) => /^tel:|wa\.me|x\.com|instagram|facebook|linkedin|maps/.test(href))).toEqual([]);
    expect(links()).toContain(`mailto:${site.email}`);
    expect(text).not.toMatch(/Ogba Road|CAC registration|Open Monday|Visit us|Show map/);
  });

  it('set: each shows', async () => {
    await page({
        phone: '+2348012345678',
        whatsapp: '+2348020001111',
        address: '12 Ogba Road, Ikeja, Lagos',
        mapLocation: { lat: 6.6303, lon: 3.3411 },
        cacNumber: 'RC1234567',
        openingHours: 'Monday to Saturday, 8am to 6pm',
      social: { x: 'https://x.com/ogbadispatch', instagram: 'https://www.instagram.com/ogbadispatch' },
    });
    await screen.findAllByText('12 Ogba Road, Ikeja, Lagos');
    expect(links()).toEqual(expect.arrayContaining(['tel:+2348012345678', 'https://wa.me/2348020001111', 'https://x.com/ogbadispatch', 'https://www.instagram.com/ogbadispatch']));
    expect(screen.getAllByText('+234 801 234 5678').length).toBeGreaterThan(0);
    expect(screen.getByText('CAC registration RC1234567')).toBeTruthy();
    expect(screen.getAllByText('Open Monday to Saturday, 8am to 6pm').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Visit us' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show map' })).toBeTruthy();
  });
});
