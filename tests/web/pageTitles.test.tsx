// @vitest-environment jsdom
/**
 * Each page has its own title: every route of the app's route table has a row in the
 * one table of titles (src/shared/seo.ts), and after a navigation with the real router the tab
 * shows that row's title, including the 404 page.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { opsPaths } from '../../src/shared/opsPaths';
import { paths } from '../../src/shared/routes';
import { notFoundMeta, pageMeta, routeMeta } from '../../src/shared/seo';
import { site } from '../../src/shared/site';
import { createAppRouter } from '../../src/web/router';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();
beforeAll(() => {
  edge.install();
  window.scrollTo = () => {};
});
afterAll(() => edge.uninstall());

describe('page titles', () => {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
  // Route paths as the table writes them: '/ops/riders/$id', without a trailing slash.
  const routePaths = Object.keys(router.routesByPath)
    .map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p))
    .filter((p) => p !== '');

  it('every route has its own row in the one table, and no two routes share a title', () => {
    expect(routePaths.length).toBeGreaterThan(25);
    const missing = routePaths.filter((p) => routeMeta(p) === undefined);
    expect(missing, `routes without a title: ${missing.join(', ')}`).toEqual([]);
    const titles = routePaths.filter((p) => p !== opsPaths.home).map((p) => routeMeta(p)!.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(title).toContain(site.name);
  });

  it('a path with a parameter gets its route’s title; an unknown path the 404 title', () => {
    expect(pageMeta('/ops/riders/123').title).toBe(routeMeta('/ops/riders/$id')!.title);
    expect(pageMeta('/company-dashboard/riders/ade%20o').title).toBe(routeMeta('/company-dashboard/riders/$username')!.title);
    expect(pageMeta('/login/').title).toBe(routeMeta(paths.login)!.title);
    expect(pageMeta('/no-such-page').title).toBe(notFoundMeta.title);
    expect(notFoundMeta.title).toContain(messages.pageNotFound);
  });

  // Pages a signed-out visitor stays on (the dashboards send them to /login, checked below).
  const visits: Array<[string, string]> = [
    [paths.home, pageMeta(paths.home).title],
    [paths.aboutUs, `About Us | ${site.name}`],
    [paths.login, `Login | ${site.name}`],
    [paths.forgotPassword, `Forgot password | ${site.name}`],
    [`${paths.resetPassword}?token=abc`, `Reset password | ${site.name}`],
    [paths.riderSignup, `Become a rider | ${site.name}`],
    [paths.companySignup, `Company sign-up | ${site.name}`],
    [opsPaths.login, `Staff sign-in · Operations console | ${site.name}`],
    ['/no-such-page', `${messages.pageNotFound} | ${site.name}`],
    [paths.riderDashboard, `Login | ${site.name}`],
  ];

  it('after each navigation the tab shows the page’s title', async () => {
    document.title = 'before';
    await router.load();
    for (const [to, title] of visits) {
      await router.navigate({ href: to });
      expect(`${to}: ${document.title}`).toBe(`${to}: ${title}`);
    }
  }, 60_000);
});
