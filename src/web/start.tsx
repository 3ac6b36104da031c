import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureClient } from './api/client';
import { auth } from './auth/authService';
import { installErrorReporting } from './errorReporting';
import { createAppRouter } from './router';
import { keepEarlyInput } from './typedBeforeHydration';

/**
 * Starts the app: main.tsx (the empty shells) at once, staged.ts (the prerendered pages) once it
 * has evaluated the libraries, one per task.
 */
export function startApp(): void {
  // The API client gets and forgets the token through the auth service (no import loop).
  configureClient({ getToken: auth.beforeRequest, currentToken: auth.currentToken, onUnauthorized: auth.unauthorized });
  const router = createAppRouter();
  // Browser errors reach the server's log, or Sentry when SENTRY_DSN is set (issue 10).
  installErrorReporting(() => router.state.matches.at(-1)?.routeId);

  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );

  if (container.hasChildNodes()) {
    // A prerendered page: load the route's code first so the first render matches the HTML, and
    // tell the router it hydrates server HTML, so it leaves out the Suspense boundary that the
    // server render (scripts/prerender.mjs) does not have.
    router.ssr = { manifest: undefined };
    const prerendered = window.location.pathname;
    void router.load().then(() => {
      if (router.state.location.pathname === prerendered) {
        // As a transition, hydration yields to the browser every few milliseconds instead of
        // blocking the main thread for the whole page (a long legal page on a slow phone).
        keepEarlyInput(container);
        startTransition(() => {
          hydrateRoot(container, app);
        });
      } else {
        // A guard sent the visitor elsewhere (signed in on /login, an unfinished sign-up):
        // the HTML is of another page, so render afresh instead of hydrating it.
        router.ssr = undefined;
        container.replaceChildren();
        createRoot(container).render(app);
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
