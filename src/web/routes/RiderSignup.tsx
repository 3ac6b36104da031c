/**
 * /rider-signup (spec §2 'Rider sign-up wizard'): the wizard machine's view. The address keeps
 * the step (?step=N) so a reload or a link from the verification e-mail lands where the rider
 * is; the server's current_tab decides it in the end. Route rules are in router.tsx and
 * auth/guards.ts: no token on a step after the first → /login; a complete profile → the dashboard.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { dashboardOf } from '../../shared/destination';
import { paths } from '../../shared/routes';
import { toSignupStep } from '../../shared/signup';
import { authView } from '../kit/session/authService';
import { useGoogleSignInEnabled } from '../kit/components/GoogleButton';
import { SignupWizardView } from '../features/signup/SignupWizardView';
import { useSignupMachine } from '../features/signup/useSignupMachine';

export default function RiderSignup() {
  const navigate = useNavigate();
  const { step } = useSearch({ strict: false }) as { step?: number };
  const { view, send } = useSignupMachine({
    requestedStep: toSignupStep(step),
    goToLogin: () => void navigate({ to: paths.login, replace: true }),
    // The wizard is done: the dashboard of the user's type (the loaded basics are a step behind).
    goToDashboard: () => void navigate({ to: dashboardOf(authView().userType), replace: true }),
  });

  // The address follows the wizard's step.
  const showing = view.state.includes('.') ? view.step : null;
  // 'Continue with Google' is on step 1 only: the server's configuration is asked for there.
  const googleSignIn = useGoogleSignInEnabled(showing === 1);
  useEffect(() => {
    if (showing === null || showing === step) return;
    void navigate({ to: paths.riderSignup, search: showing === 1 ? {} : { step: showing }, replace: true });
  }, [showing, step, navigate]);

  return <SignupWizardView view={view} send={send} googleSignIn={googleSignIn} />;
}
