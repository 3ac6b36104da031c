import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { opsPaths } from '../../../shared/opsPaths';
import { paths } from '../../../shared/routes';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationProgress } from './NavigationProgress';
import { Toasts } from './Toasts';
import { useIsMobile } from './useIsMobile';

export { publicLinks } from './navLinks';

/** The shell: header and footer everywhere but /login (spec §2); data-mobile is the mobile flag. */
export function Layout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const isMobile = useIsMobile();
  // Marks the page as live (hydrated, or rendered afresh): browser tests wait for it before they
  // click, since a click during hydration makes React throw the prerendered HTML away and render
  // again (a recoverable error it reports).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const bare = pathname === paths.login;
  // The operations console brings its own frame and landmarks (features/ops/OpsShell.tsx).
  if (pathname === opsPaths.home || pathname.startsWith(`${opsPaths.home}/`)) {
    return (
      <div className="shell" data-mobile={isMobile ? 'true' : 'false'}>
        <NavigationProgress />
        <Outlet />
        <Toasts />
      </div>
    );
  }
  return (
    <div className="shell" data-mobile={isMobile ? 'true' : 'false'}>
      <NavigationProgress />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {bare ? null : <Header />}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {bare ? null : <Footer />}
      <Toasts />
    </div>
  );
}
