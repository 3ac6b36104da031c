/**
 * Where a user belongs (spec §2 'Navigation shell', §4): the one rule that every route
 * guard, the login, the Home page's Get Started, the navigation's Dashboard link, the rider
 * dashboard and the sign-up wizard use.
 *
 *   signed out                                         → /login
 *   a rider (user_type 1) with profile_completed 0     → /rider-signup?step=N, N the saved current_tab
 *                                                        (the account exists, so at least step 2)
 *   a rider with a complete profile, or not yet known  → /rider-dashboard
 *   any other user_type, or none                       → /company-dashboard
 *                                                        (spec: "and to /company-dashboard otherwise")
 *
 * Ops staff sign in apart (/ops, their own session) and are not users here.
 */
import { USER_TYPE_RIDER } from './constants';
import { paths } from './routes';

/** What is known about a signed-in user: the type (from the token) and, once loaded, the progress. */
export interface BelongingUser {
  user_type: number | null;
  /** 0 or 1; unknown (the user's basics not loaded yet) counts as complete. */
  profile_completed?: number;
  /** The sign-up step to resume (1 to 5). */
  current_tab?: number;
}

/** The step a signed-in rider resumes the wizard at. */
export type ResumeStep = 2 | 3 | 4 | 5;

export type Destination =
  | { to: typeof paths.login }
  | { to: typeof paths.riderSignup; search: { step: ResumeStep } }
  | { to: typeof paths.riderDashboard }
  | { to: typeof paths.companyDashboard };

/** The saved current_tab as the step to resume at: step 1 (the account) is done once signed in. */
export function resumeStep(currentTab: unknown): ResumeStep {
  const n = Number(currentTab);
  return n === 3 || n === 4 || n === 5 ? n : 2;
}

/** The wizard at the saved step. */
export function signupAt(currentTab: unknown): Destination & { to: typeof paths.riderSignup } {
  return { to: paths.riderSignup, search: { step: resumeStep(currentTab) } };
}

/** Spec §2: Dashboard is /rider-dashboard when user_type equals 1, /company-dashboard otherwise. */
export function dashboardOf(userType: number | null | undefined): typeof paths.riderDashboard | typeof paths.companyDashboard {
  return userType === USER_TYPE_RIDER ? paths.riderDashboard : paths.companyDashboard;
}

/** Where this user (null: signed out) belongs. */
export function whereUserBelongs(user: BelongingUser | null): Destination {
  if (user === null) return { to: paths.login };
  if (user.user_type === USER_TYPE_RIDER && user.profile_completed === 0) return signupAt(user.current_tab);
  return { to: dashboardOf(user.user_type) };
}
