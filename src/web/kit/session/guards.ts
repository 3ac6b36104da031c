/**
 * Route guards on the auth token machine (TanStack Router beforeLoad, spec §4 and §6):
 * the dashboards need a token; a visitor who has one is sent back from /login. Where a user
 * belongs is decided in one place, src/shared/destination.ts.
 */
import { redirect, type AnyRouter } from '@tanstack/react-router';
import { USER_TYPE_COMPANY } from '../../../shared/constants';
import { whereUserBelongs, type BelongingUser } from '../../../shared/destination';
import { paths } from '../../../shared/routes';
import { auth, authView, setLoginNavigation } from './authService';
import { keepWaitingItem } from './waitingLink';
import { whenScreenHydrated } from '../../boot/hydration';

let appRouter: AnyRouter | null = null;

/**
 * Lets the auth machine's "go to /login" use the router (no page load), never before the app's
 * first render: a 401 to the user's basics (a token whose session ended elsewhere) can arrive
 * while a prerendered page hydrates, and a navigation then would render /login into the HTML of
 * the page being hydrated (React error #418). It waits for that render to commit.
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
    // After the render that committed, and once the screen itself is hydrated, not inside it.
    whenScreenHydrated(() => {
      rendered = true;
      if (!pending) return;
      pending = false;
      goToLogin();
    });
  });
  setLoginNavigation(() => {
    if (rendered) goToLogin();
    else pending = true;
  });
}

/**
 * The signed-in user as far as known: the basics once loaded, the token's user_type before
 * that; null without a (valid) token.
 */
function signedInUser(): BelongingUser | null {
  if (!auth.isSignedIn()) return null;
  const view = authView();
  return view.user ?? { user_type: view.userType };
}

/**
 * beforeLoad of a dashboard (spec §4): whoever belongs elsewhere goes there — without
 * a token to /login, an incomplete rider to the wizard at the saved step, a rider away from the
 * company dashboard and a company away from the rider's. The server still decides: every
 * company route answers a rider with 404.
 */
export function requireBelongingTo(here: typeof paths.riderDashboard | typeof paths.companyDashboard) {
  return ({ preload, search }: { preload: boolean; search?: Record<string, unknown> }): void => {
    if (preload) return;
    const destination = whereUserBelongs(signedInUser());
    // An e-mail's link to one waiting item: the item is found again after the login.
    if (destination.to === paths.login && here === paths.riderDashboard) keepWaitingItem(search);
    if (destination.to !== here) throw redirect({ ...destination, replace: destination.to !== paths.login });
  };
}

/** beforeLoad of /login: a visitor with a token goes back one page (or to the dashboard on a first page). */
export function leaveLoginWhenSignedIn({ preload }: { preload: boolean }): void {
  if (preload || !auth.isSignedIn()) return;
  if (appRouter?.history.canGoBack()) {
    appRouter.history.back();
    return;
  }
  throw redirect({ ...whereUserBelongs(signedInUser()), replace: true });
}

/**
 * beforeLoad of /company-signup: a signed-in company (re-opening its invitation link after it
 * signed up) goes to its dashboard; the invitation has nothing more to offer it.
 */
export function leaveCompanySignupWhenSignedIn({ preload }: { preload: boolean }): void {
  if (preload) return;
  const user = signedInUser();
  if (user?.user_type === USER_TYPE_COMPANY) throw redirect({ to: paths.companyDashboard, replace: true });
}

/** beforeLoad of /rider-signup: a step after the first needs a token (spec §8); without one, /login. */
export function requireTokenAfterFirstStep({ preload, search }: { preload: boolean; search: { step?: number } }): void {
  if (preload) return;
  if ((search.step ?? 1) > 1 && !auth.isSignedIn()) throw redirect(whereUserBelongs(null));
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
    if (view.state !== 'signedIn' || !user) return;
    const destination = whereUserBelongs(user);
    const path = router.state.location.pathname.replace(/(.)\/+$/, '$1');
    if (destination.to === paths.riderSignup && !OPEN_WHILE_INCOMPLETE.includes(path)) {
      void router.navigate({ ...destination, replace: true });
    } else if (destination.to === paths.riderDashboard && path === paths.riderSignup) {
      void router.navigate({ ...destination, replace: true });
    }
  };
  auth.subscribe(check);
  router.subscribe('onResolved', check);
  router.subscribe('onRendered', () => {
    // After the render that the navigation caused, and once the screen is hydrated, not inside it.
    whenScreenHydrated(() => {
      rendered = true;
      check();
    });
  });
}
