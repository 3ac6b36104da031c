/**
 * Prerendering (DESIGN.md §8): renders a public route to HTML at build time so the page is
 * readable before any JavaScript runs; start.tsx then hydrates it. Used only by
 * scripts/prerender.mjs through Vite's SSR build, never shipped to the browser.
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { publicPaths } from '../../shared/routes';

export { bookingForms, formQueryPages, prerenderedForms, signedOutForms } from '../../shared/routes';
import { createAppRouter } from '../router';

export { notFoundMeta, pageMeta } from '../../shared/seo';
/** The pages worth prerendering: the public pages of the route table (and the forms, prerenderedForms). */
export const prerenderPaths = publicPaths;

export async function render(url: string): Promise<{ html: string }> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { html };
}
/** The prerendered pages' inline script loader, put in by scripts/prerender.mjs. */
export { BOOT_SCRIPT, EARLY_FETCH_SCRIPT, STORED_BOOKING_SCRIPT } from '../../shared/bootScript';
