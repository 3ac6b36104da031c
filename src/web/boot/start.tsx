import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureClient } from '../kit/http/client';
import { SiteFactsProvider } from '../kit/siteFacts/SiteFacts';
import { auth } from '../kit/session/authService';
import { installErrorReporting } from '../kit/errorReporting';
import { connectAppRouter, newAppRouter, type AppRouter } from '../router';

/** Starts the app at once: main.tsx, the empty shells, which show nothing until it runs. */
export function startApp(): void {
  const router = newAppRouter();
  connect(router);
  render(router);
}

/**
 * Starts the app in three tasks, with a turn of the event loop between them (`nextTask`): the
 * router, its connections (the auth service starts there), then the first render. staged.ts, for
 * the prerendered pages, which the visitor can already read and tap: in one task these were a
 * 70-90 ms block on a 4x-throttled CPU (a probe's marks: the router 31-67 ms, the auth service's
 * start 30-51 ms), each millisecond past 50 counted as blocking time (TBT ≤ 50 ms).
 * On a slow host, by turns: the public pages' TBT median 73 → 17 ms (docs/performance.md).
 */
export async function startAppInSteps(nextTask: () => Promise<void>, keepEarlyInput: (root: HTMLElement) => void): Promise<void> {
  const router = newAppRouter();
  await nextTask();
  connect(router);
  await nextTask();
  render(router, keepEarlyInput);
}

function connect(router: AppRouter): void {
  // The API client gets and forgets the token through the auth service (no import loop).
  configureClient({ getToken: auth.beforeRequest, currentToken: auth.currentToken, onUnauthorized: auth.unauthorized });
  connectAppRouter(router);
  // Browser errors reach the server's log, or Sentry when SENTRY_DSN is set.
  installErrorReporting(() => router.state.matches.at(-1)?.routeId);
}

/**
 * `keepEarlyInput` (typedBeforeHydration.ts) comes from staged.ts, the prerendered pages' entry: only
 * a hydrated page has input typed before it came alive, and the shells' first chunk need not
 * carry it.
 */
function render(router: AppRouter, keepEarlyInput?: (root: HTMLElement) => void): void {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <SiteFactsProvider>
        <RouterProvider router={router} />
      </SiteFactsProvider>
    </StrictMode>
  );

  if (container.hasChildNodes()) {
    // A prerendered page: load the route's code first so the first render matches the HTML, and
    // tell the router it hydrates server HTML, so it leaves out the Suspense boundary that the
    // server render (scripts/prerender.mjs) does not have.
    router.ssr = { manifest: undefined };
    const prerendered = window.location.pathname;
    // A sign-in or sign-up form prerendered for a signed-out visitor (src/shared/routes.ts
    // signedOutForms) is not this visitor's page when a session is stored: the wizard resumes at
    // the rider's step, /login sends them on. Its HTML stays hidden (styles.css) and the app
    // renders afresh, as on an empty shell, instead of hydrating a form it would then replace.
    const signedOutOnly = container.hasAttribute('data-signed-out');
    // Likewise the empty booking form when a booking in progress is stored (the early script in
    // <head> marked the page, src/shared/routes.ts bookingForms): the booking resumes at its step.
    const emptyBookingOnly = container.hasAttribute('data-empty-booking') && document.documentElement.hasAttribute('data-booking-stored');
    void router.load().then(() => {
      const hydrate = router.state.location.pathname === prerendered && !(signedOutOnly && auth.isSignedIn()) && !emptyBookingOnly;
      container.removeAttribute('data-signed-out');
      container.removeAttribute('data-empty-booking');
      if (hydrate) {
        // As a transition, hydration yields to the browser every few milliseconds instead of
        // blocking the main thread for the whole page (a long legal page on a slow phone).
        keepEarlyInput?.(container);
        startTransition(() => {
          hydrateRoot(container, app);
        });
      } else {
        // A guard sent the visitor elsewhere (signed in on /login, an unfinished sign-up), the
        // page is a signed-out form and a session is stored, or a stored booking resumes: the HTML
        // is not what this visitor sees, so render afresh instead of hydrating it.
        // As a transition, as on an empty shell (below): the wizard's first render for a signed-in
        // rider was one long block of a slow phone's main thread.
        router.ssr = undefined;
        container.replaceChildren();
        const root = createRoot(container);
        startTransition(() => root.render(app));
      }
    });
  } else {
    // A screen with no server HTML (the signed-in screens, sign-in): its first render is a
    // transition too, so it yields every few milliseconds (a dashboard's first render was one
    // ~50 ms block on a throttled phone, and the page counted as interactive only after it).
    // And it waits for the router to match the route and load the screen's code, so that render
    // holds the screen. Rendered before, it suspended on the screen's code and the screen came in
    // the router's store update at the end of its load, which React renders as one block, never
    // as a transition (https://react.dev/reference/react/useSyncExternalStore#caveats): 26-64 ms
    // on a fast machine, 4x that on a throttled phone, and it set the time to interactive (issue
    // 14). The page shows nothing until then either way (the render suspended). Rendered either
    // way: a failed load shows the router's error page.
    const root = createRoot(container);
    const render = () => startTransition(() => root.render(app));
    router.load().then(render, render);
  }
}
