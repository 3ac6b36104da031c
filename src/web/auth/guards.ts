/**
 * Route guards on the auth token machine (TanStack Router beforeLoad, spec §4 and §6):
 * the rider dashboard needs a token; a visitor who has one is sent back from /login.
 */
import { redirect, type AnyRouter } from '@tanstack/react-router';
import { USER_TYPE_RIDER } from '../../shared/constants';
import { paths } from '../../shared/routes';
import { auth, authView, setLoginNavigation } from './authService';

let appRouter: AnyRouter | null = null;

/** Lets the auth machine's "go to /login" use the router (no page load). */
export function connectAuthNavigation(router: AnyRouter): void {
  appRouter = router;
  if (typeof window === 'undefined') return;
  setLoginNavigation(() => {
    if (router.state.location.pathname !== paths.login) void router.navigate({ to: paths.login });
  });
}

/** The dashboard a signed-in user belongs on. */
export function dashboardFor(userType: number | null): string {
  return userType === null || userType === USER_TYPE_RIDER ? paths.riderDashboard : paths.companyDashboard;
}

/** beforeLoad of a protected screen: without a token, /login. */
export function requireSignedIn({ preload }: { preload: boolean }): void {
  if (preload) return;
  if (!auth.isSignedIn()) throw redirect({ to: paths.login });
}

/** beforeLoad of /login: a visitor with a token goes back one page (or to the dashboard on a first page). */
export function leaveLoginWhenSignedIn({ preload }: { preload: boolean }): void {
  if (preload || !auth.isSignedIn()) return;
  if (appRouter?.history.canGoBack()) {
    appRouter.history.back();
    return;
  }
  throw redirect({ to: dashboardFor(authView().userType), replace: true });
}
