// @vitest-environment jsdom
/**
 * The home page for a rider on a slow network, through a real router and the real
 * auth service: Get Started leads to /login when signed out, to /rider-dashboard for a rider and
 * to /company-dashboard for a company, and changes after hydration without a mismatch; the code
 * of sign-up and of Get Started's target is fetched only at the visitor's first touch or key, or
 * once the browser is idle 5 s after load, and not at all when the visitor saves data or is on 2G.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/messages';
import { paths } from '../../src/shared/routes';
import { auth, setLoginNavigation } from '../../src/web/kit/session/authService';
import { PREFETCH_AFTER_LOAD_MS, prefetchAllowed } from '../../src/web/boot/idlePrefetch';
import { Home } from '../../src/web/routes/Home';
import { ApiEdge } from './support/apiEdge';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenOf = (user_type: number) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: `u${user_type}`, sid: 's1', user_type, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;

const edge = new ApiEdge();
/** The idle callbacks the page asked for, run when the test says the browser is idle. */
let idleCallbacks: Array<() => void> = [];
/** Which lazy screens' code was fetched, in order. */
let fetched: string[] = [];

beforeAll(() => {
  edge.install();
  window.scrollTo = () => {};
  // Logging out between tests would go to /login by a page load, which jsdom cannot do.
  setLoginNavigation(() => {});
  window.requestIdleCallback = ((cb: IdleRequestCallback) => {
    idleCallbacks.push(() => cb({ didTimeout: false, timeRemaining: () => 50 }));
    return idleCallbacks.length;
  }) as typeof window.requestIdleCallback;
  window.cancelIdleCallback = () => {};
});
afterAll(() => edge.uninstall());
beforeEach(() => {
  idleCallbacks = [];
  fetched = [];
});
afterEach(() => {
  cleanup();
  edge.reset();
  act(() => auth.logout());
  edge.reset();
});

function createApp() {
  const root = createRootRoute({
    component: () => (
      <main>
        <Outlet />
      </main>
    ),
  });
  const lazyScreen = (path: string) =>
    createRoute({
      getParentRoute: () => root,
      path,
      component: lazyRouteComponent(async () => {
        fetched.push(path);
        return { default: () => <h1>{path}</h1> };
      }),
    });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: Home }),
    lazyScreen(paths.login),
    lazyScreen(paths.riderSignup),
    lazyScreen(paths.riderDashboard),
    lazyScreen(paths.companyDashboard),
    lazyScreen(paths.contactUs),
    lazyScreen(paths.companyWaitlist),
  ];
  return createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/'] }) });
}

const getStarted = () => screen.getByRole('link', { name: 'Get Started' });
const runIdle = () =>
  act(async () => {
    for (const cb of idleCallbacks.splice(0)) cb();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
/** What a visitor does (the prefetch waits for it, or for 5 s of a loaded page). */
const touch = () =>
  act(async () => {
    window.dispatchEvent(new Event('pointerdown'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

describe('Get Started', () => {
  it('leads to /login when signed out, to the rider dashboard for a rider, to the company dashboard for a company', async () => {
    render(<RouterProvider router={createApp()} />);
    await waitFor(() => expect(getStarted().getAttribute('href')).toBe(paths.login));
    act(() => void auth.login(tokenOf(1)));
    await waitFor(() => expect(getStarted().getAttribute('href')).toBe(paths.riderDashboard));
    act(() => auth.logout());
    await waitFor(() => expect(getStarted().getAttribute('href')).toBe(paths.login));
    act(() => void auth.login(tokenOf(2)));
    await waitFor(() => expect(getStarted().getAttribute('href')).toBe(paths.companyDashboard));
  });

  it('the companies card says companies join by invitation, and its link is the spec’s "Join the waitlist here"', async () => {
    render(<RouterProvider router={createApp()} />);
    const link = await screen.findByRole('link', { name: 'Join the waitlist here' });
    expect(link.getAttribute('href')).toBe(paths.companyWaitlist);
    expect(screen.getByText(messages.homeCompaniesCardText)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Soon you will browse|when we open/);
  });

  it('hydrates the prerendered (signed-out) link without a mismatch, then points a signed-in rider to the dashboard', async () => {
    // As scripts/prerender.mjs renders it (a server render, no Suspense boundary of the router).
    const serverRouter = createApp();
    serverRouter.ssr = { manifest: undefined };
    await serverRouter.load();
    const html = renderToString(<RouterProvider router={serverRouter} />);
    expect(html).toContain(`href="${paths.login}"`);

    act(() => void auth.login(tokenOf(1)));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable: unknown[] = [];
    // React reports a mismatched attribute (a link's href) only on the console, and keeps the
    // server's value: both kinds of report count.
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (/hydrat|didn't match/i.test(args.map(String).join(' '))) recoverable.push(args[0]);
    });
    const router = createApp();
    router.ssr = { manifest: undefined };
    await router.load();
    const hydrated = hydrateRoot(container, <RouterProvider router={router} />, {
      onRecoverableError: (error) => recoverable.push(error),
    });
    await waitFor(() => expect(getStarted().getAttribute('href')).toBe(paths.riderDashboard));
    consoleError.mockRestore();
    expect(recoverable).toEqual([]);
    act(() => hydrated.unmount());
    container.remove();
  });
});

describe('idle prefetch of the linked screens', () => {
  it('fetches sign-up and Get Started’s target only when the browser is idle 5 s after load', async () => {
    render(<RouterProvider router={createApp()} />);
    await screen.findByRole('link', { name: 'Get Started' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched).toEqual([]);
    expect(idleCallbacks).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, PREFETCH_AFTER_LOAD_MS));
    expect(fetched).toEqual([]);
    expect(idleCallbacks.length).toBeGreaterThan(0);
    await runIdle();
    expect(fetched.sort()).toEqual([paths.login, paths.riderSignup].sort());
  });

  it('fetches them at once when the visitor first touches the page', async () => {
    render(<RouterProvider router={createApp()} />);
    await screen.findByRole('link', { name: 'Get Started' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched).toEqual([]);
    await touch();
    expect(fetched.sort()).toEqual([paths.login, paths.riderSignup].sort());
  });

  it('fetches the dashboard instead of login for a signed-in rider', async () => {
    act(() => void auth.login(tokenOf(1)));
    render(<RouterProvider router={createApp()} />);
    await waitFor(() => expect(getStarted().getAttribute('href')).toBe(paths.riderDashboard));
    await touch();
    expect(fetched).toContain(paths.riderDashboard);
    expect(fetched).toContain(paths.riderSignup);
  });

  it('fetches nothing when the visitor saves data or is on 2G', async () => {
    const connection = { saveData: false, effectiveType: '4g' };
    Object.defineProperty(navigator, 'connection', { configurable: true, value: connection });
    expect(prefetchAllowed()).toBe(true);
    for (const [saveData, effectiveType] of [
      [true, '4g'],
      [false, '2g'],
      [false, 'slow-2g'],
    ] as const) {
      Object.assign(connection, { saveData, effectiveType });
      expect(prefetchAllowed(), `${String(saveData)} ${effectiveType}`).toBe(false);
    }
    render(<RouterProvider router={createApp()} />);
    await screen.findByRole('link', { name: 'Get Started' });
    await touch();
    await runIdle();
    expect(fetched).toEqual([]);
    Reflect.deleteProperty(navigator, 'connection');
    expect(prefetchAllowed()).toBe(true);
  });
});
