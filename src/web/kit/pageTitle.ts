/** Each page's own document.title after every navigation, from the one table in src/shared/seo.ts. */
import type { AnyRouter } from '@tanstack/react-router';
import { notFoundMeta, pageMeta } from '../../shared/seo';

export function connectPageTitles(router: AnyRouter): void {
  if (typeof document === 'undefined') return;
  router.subscribe('onResolved', ({ toLocation }) => {
    // A path the route table knows only as a prefix (e.g. /ops/nothing) is still the 404 page.
    const notFound = router.state.matches.some((m) => m.status === 'notFound');
    document.title = (notFound ? notFoundMeta : pageMeta(toLocation.pathname)).title;
  });
}
