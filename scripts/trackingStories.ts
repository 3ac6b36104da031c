/**
 * Writes storybook/support/trackingPages.json: the server's tracking page (renderTrackingPage)
 * for a delivery in each status, from fixtures, so the stories show the real HTML (Storybook runs
 * in the browser and may not import server code). Run `node --import tsx scripts/trackingStories.ts`
 * after changing the page; tests/server/trackingStories.test.ts fails while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { trackingPageFixtures } from '../tests/server/trackingFixtures';

writeFileSync(new URL('../storybook/support/trackingPages.json', import.meta.url), `${JSON.stringify(trackingPageFixtures(), null, 1)}\n`);
