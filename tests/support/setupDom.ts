/**
 * Setup of every vitest file (vitest.config.ts). In the views and stories layers (jsdom), the
 * screen queries that wait (findBy…, waitFor) wait up to 5 s instead of Testing Library's 1 s:
 * `npm test` runs many files at once on two cores, and a screen that renders in 50 ms alone
 * can take over a second then. A check that never comes true still fails, only later.
 *
 * Two browser APIs jsdom does not implement are stood in, as a browser without them would
 * answer, so jsdom does not log "Not implemented" at each call: the router's scroll restoration
 * scrolls the window (nothing to scroll here), and axe-core asks for a 2D canvas (none: null,
 * as the HTML standard allows).
 */
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
  window.scrollTo = () => {};
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
}
