/**
 * Route guards on the auth token machine (TanStack Router beforeLoad, spec §4 and §6):
 * the rider dashboard needs a token; a visitor who has one is sent back from /login.
 */
import { redirect, type AnyRouter } from '@tanstack/react-router';
import { USER_TYPE_RIDER } from '../../shared/constants';
import { paths } from '../../shared/routes';
import { auth, authView, setLoginNavigation } from './authService';

let appRouter: AnyRouter | null = null;

/**
 * Lets the auth machine's "go to /login" use the router (no page load), never before the app's
 * first render: a 401 to the user's basics (a token whose session ended elsewhere) can arrive
 * while a prerendered page hydrates, and a navigation then would render /login into the HTML of
 * the page being hydrated (React error #418, issue 9). It waits for that render to commit.
 */
export function connectAuthNavigation(router: AnyRouter): void {
  appRouter = router;
  if (typeof window === 'undefined') return;
  let rendered = false;
  let pending = false;
  const goToLogin = () => {
    if (router.state.location.pathname !== paths.login) void router.navigate({ to: paths.login });
  };
  router.subscribe('onRendered', () => {
    rendered = true;
    if (!pending) return;
    pending = false;
    // After the render that committed, not inside it.
    setTimeout(goToLogin, 0);
  });
  setLoginNavigation(() => {
    if (rendered) goToLogin();
    else pending = true;
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

/**
 * beforeLoad of the company dashboard (issue 12): without a token, /login; a rider goes to the
 * rider dashboard. The server still decides: every company route answers a rider with 404.
 */
export function requireCompany({ preload }: { preload: boolean }): void {
  if (preload) return;
  if (!auth.isSignedIn()) throw redirect({ to: paths.login });
  const userType = authView().userType;
  if (userType === USER_TYPE_RIDER) throw redirect({ to: paths.riderDashboard, replace: true });
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

/** beforeLoad of /rider-signup: a step after the first needs a token (spec §8); without one, /login. */
export function requireTokenAfterFirstStep({ preload, search }: { preload: boolean; search: { step?: number } }): void {
  if (preload) return;
  if ((search.step ?? 1) > 1 && !auth.isSignedIn()) throw redirect({ to: paths.login });
}

/**
 * Pages a rider whose profile is incomplete may still open: the wizard itself, login, and the
 * legal pages the rider agreement refers to.
 */
const OPEN_WHILE_INCOMPLETE: readonly string[] = [paths.riderSignup, paths.login, paths.privacyPolicy, paths.termsAndConditions];

/**
 * Spec §4: a rider with profile_completed 0 on any other page goes to /rider-signup at the saved
 * current_tab; with profile_completed 1, the sign-up screen goes to the dashboard. Checked after
 * each navigation and whenever the user's basics arrive (never while they are being reloaded).
 */
export function connectProfileCompletion(router: AnyRouter): void {
  if (typeof window === 'undefined') return;
  // Never before the first render: a prerendered page must hydrate as it was served.
  let rendered = false;
  const check = () => {
    if (!rendered) return;
    const view = authView();
    const user = view.user;
    if (view.state !== 'signedIn' || !user || user.user_type !== USER_TYPE_RIDER) return;
    const path = router.state.location.pathname.replace(/(.)\/+$/, '$1');
    if (user.profile_completed === 0 && !OPEN_WHILE_INCOMPLETE.includes(path)) {
      void router.navigate({
        to: paths.riderSignup,
        search: user.current_tab >= 2 && user.current_tab <= 5 ? { step: user.current_tab } : {},
        replace: true,
      });
    } else if (user.profile_completed === 1 && path === paths.riderSignup) {
      void router.navigate({ to: paths.riderDashboard, replace: true });
    }
  };
  auth.subscribe(check);
  router.subscribe('onResolved', check);
  router.subscribe('onRendered', () => {
    rendered = true;
    // After the render that the navigation caused, not inside it.
    setTimeout(check, 0);
  });
}
