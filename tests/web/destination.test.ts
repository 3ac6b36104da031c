/**
 * The one 'where does this user belong' rule (src/shared/destination.ts), case by case
 * and over every combination of what can be known about a user. Spec §2 (Dashboard: user_type 1
 * → /rider-dashboard, otherwise /company-dashboard), §4 (profile_completed 0 → /rider-signup at
 * the saved current_tab; the dashboard sends a logged-out user to /login). Ops staff are not
 * users here (their own sign-in), so they have no case.
 */
import { describe, expect, it } from 'vitest';
import { dashboardOf, resumeStep, signupAt, whereUserBelongs, type BelongingUser } from '../../src/shared/destination';

describe('where a user belongs', () => {
  it('sends a signed-out visitor to /login', () => {
    expect(whereUserBelongs(null)).toEqual({ to: '/login' });
  });

  it.each([2, 3, 4, 5])('sends a rider with an incomplete profile at current_tab %i to the wizard at that step', (tab) => {
    expect(whereUserBelongs({ user_type: 1, profile_completed: 0, current_tab: tab })).toEqual({
      to: '/rider-signup',
      search: { step: tab },
    });
  });

  it.each([1, 0, -1, 6, 2.5, Number.NaN, undefined])(
    'resumes an incomplete rider whose current_tab is %s at step 2 (the account exists)',
    (tab) => {
      expect(whereUserBelongs({ user_type: 1, profile_completed: 0, current_tab: tab })).toEqual({
        to: '/rider-signup',
        search: { step: 2 },
      });
    },
  );

  it('sends a rider with a complete profile to the rider dashboard', () => {
    expect(whereUserBelongs({ user_type: 1, profile_completed: 1, current_tab: 5 })).toEqual({ to: '/rider-dashboard' });
  });

  it('sends a rider whose basics are not loaded yet (only the token is known) to the rider dashboard', () => {
    expect(whereUserBelongs({ user_type: 1 })).toEqual({ to: '/rider-dashboard' });
  });

  it.each([0, 2, 3, 99])('sends a company (user_type %i) to the company dashboard, even with profile_completed 0', (type) => {
    expect(whereUserBelongs({ user_type: type, profile_completed: 0, current_tab: 3 })).toEqual({ to: '/company-dashboard' });
    expect(whereUserBelongs({ user_type: type, profile_completed: 1 })).toEqual({ to: '/company-dashboard' });
    expect(whereUserBelongs({ user_type: type })).toEqual({ to: '/company-dashboard' });
  });

  it('sends a signed-in user with no user_type to the company dashboard (spec: "otherwise"), like the Dashboard link', () => {
    expect(whereUserBelongs({ user_type: null })).toEqual({ to: '/company-dashboard' });
    expect(whereUserBelongs({ user_type: null, profile_completed: 0, current_tab: 3 })).toEqual({ to: '/company-dashboard' });
    expect(dashboardOf(null)).toBe('/company-dashboard');
    expect(dashboardOf(undefined)).toBe('/company-dashboard');
  });

  it('agrees with the Dashboard link for every user who is not in the wizard', () => {
    const types = [null, 0, 1, 2, 3];
    const completions = [undefined, 0, 1];
    const tabs = [undefined, 0, 1, 2, 3, 4, 5, 6];
    let cases = 0;
    for (const user_type of types)
      for (const profile_completed of completions)
        for (const current_tab of tabs) {
          const user: BelongingUser = { user_type, profile_completed, current_tab };
          const destination = whereUserBelongs(user);
          cases += 1;
          if (user_type === 1 && profile_completed === 0) {
            expect(destination).toEqual(signupAt(current_tab));
          } else {
            expect(destination).toEqual({ to: dashboardOf(user_type) });
            expect(destination.to).toBe(user_type === 1 ? '/rider-dashboard' : '/company-dashboard');
          }
        }
    expect(cases).toBe(types.length * completions.length * tabs.length);
  });

  it('resumes the wizard at the saved step, never at step 1 once signed in', () => {
    expect([undefined, 'x', 0, 1, 2, '3', 4, 5, 6].map(resumeStep)).toEqual([2, 2, 2, 2, 2, 3, 4, 5, 2]);
  });
});
