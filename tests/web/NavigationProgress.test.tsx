// @vitest-environment jsdom
/**
 * Navigation feedback through a real TanStack router: a route whose code takes long
 * to arrive shows the progress bar only after 300 ms of pending, and it goes when the page
 * arrives; a quick route change never shows it.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { NAVIGATION_PROGRESS_DELAY_MS, NavigationProgress } from '../../src/web/kit/components/NavigationProgress';

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

/** A screen whose code arrives when the test says so. */
function deferredScreen(heading: string) {
  let arrive!: () => void;
  const loaded = new Promise<{ default: () => ReactElement }>((resolve) => {
    arrive = () => resolve({ default: () => <h1>{heading}</h1> });
  });
  return { component: lazyRouteComponent(() => loaded), arrive };
}

function renderApp(slow: ReturnType<typeof deferredScreen>, quick: ReturnType<typeof deferredScreen>) {
  const root = createRootRoute({
    component: () => (
      <>
        <NavigationProgress />
        <main>
          <Outlet />
        </main>
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home</h1> }),
    createRoute({ getParentRoute: () => root, path: '/slow', component: slow.component }),
    createRoute({ getParentRoute: () => root, path: '/quick', component: quick.component }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  // Every moment the bar was in the page, however short.
  const seen: Array<{ label: string; at: number }> = [];
  const observer = new MutationObserver(() => {
    const bar = document.querySelector('[role="progressbar"]');
    if (bar) seen.push({ label: bar.getAttribute('aria-label') ?? '', at: performance.now() });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { router, seen };
}

describe('navigation progress bar', () => {
  it('appears after 300 ms of a pending route change, with its label, and goes when the page arrives', async () => {
    const slow = deferredScreen('Slow page');
    const { router, seen } = renderApp(slow, deferredScreen('Quick page'));
    await screen.findByRole('heading', { name: 'Home' });
    let navigated!: Promise<void>;
    const started = performance.now();
    act(() => {
      navigated = router.navigate({ href: '/slow' });
    });
    await sleep(NAVIGATION_PROGRESS_DELAY_MS - 120);
    expect(screen.queryByRole('progressbar')).toBeNull();
    const bar = await screen.findByRole('progressbar', { name: messages.navigationLoading }, { timeout: 3_000 });
    // Not a moment before 300 ms of pending.
    expect(seen[0]!.at - started).toBeGreaterThanOrEqual(NAVIGATION_PROGRESS_DELAY_MS - 1);
    expect(bar.className).toBe('nav-progress');
    await act(async () => {
      slow.arrive();
      await navigated;
    });
    await screen.findByRole('heading', { name: 'Slow page' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(seen.length).toBeGreaterThan(0);
  });

  it('never shows for a route change quicker than 300 ms', async () => {
    const quick = deferredScreen('Quick page');
    const { router, seen } = renderApp(deferredScreen('Slow page'), quick);
    await screen.findByRole('heading', { name: 'Home' });
    let navigated!: Promise<void>;
    act(() => {
      navigated = router.navigate({ href: '/quick' });
    });
    await sleep(100);
    await act(async () => {
      quick.arrive();
      await navigated;
    });
    await screen.findByRole('heading', { name: 'Quick page' });
    await sleep(NAVIGATION_PROGRESS_DELAY_MS + 100);
    expect(seen).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
