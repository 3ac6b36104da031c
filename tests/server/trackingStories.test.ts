/**
 * The tracking page's stories show the page as the server renders it now: the HTML in
 * storybook/support/trackingPages.json is renderTrackingPage's for the fixtures, and each status
 * shows what deliveryTracking says. Stale: run `node --import tsx scripts/trackingStories.ts`.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { DELIVERY_STATUSES } from '../../src/shared/deliveries/moves';
import { deliveryTracking } from '../../src/shared/deliveries/tracking';
import { trackingPageFixtures } from './trackingFixtures';

it('the stories’ tracking pages are the server’s, one per status, each showing what deliveryTracking says', () => {
  const stored = JSON.parse(readFileSync(new URL('../../storybook/support/trackingPages.json', import.meta.url), 'utf8')) as Record<string, string>;
  const fresh = trackingPageFixtures();
  expect(stored).toEqual(fresh);
  for (const status of DELIVERY_STATUSES) {
    const show = deliveryTracking(status, !['booked', 'offered'].includes(status), false);
    const html = fresh[status];
    expect(html).toContain(`data-status="${status}"`);
    expect(html.includes('id="rider"'), status).toBe(show.riderShown);
    expect(html.includes('href="tel:'), status).toBe(show.phoneShown);
    expect(html.includes('/cancel"'), status).toBe(show.cancelShown);
    expect(html.includes('/rating"'), status).toBe(show.ratingShown);
  }
});
