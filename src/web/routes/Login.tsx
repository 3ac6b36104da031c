/**
 * Login (spec §2): the form machine with the captcha; a success stores the token in the auth
 * machine and goes to the rider dashboard, or to the sign-up wizard while the profile is
 * incomplete. ?google=failed|off|suspended says why a Google sign-in did not complete.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '../kit/components/toast';
import { SubmitError } from '../../../machines/kit/formMachine';
import { loginForm } from '../../shared/accountForms';
import type { CurrentUser } from '../../shared/api';
import { whereUserBelongs } from '../../shared/destination';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/routes';
import { site } from '../../shared/site';
import { authApi } from '../kit/http/client';
import { auth, authView } from '../kit/session/authService';
import { useAuth } from '../kit/session/useAuth';
import { useGoogleSignInEnabled } from '../kit/components/GoogleButton';
import { LoginFormView } from '../features/auth/LoginFormView';
import { useFormMachine } from '../kit/forms/useFormMachine';
import { useIdlePrefetch } from '../boot/idlePrefetch';

async function logIn(values: Record<string, string>): Promise<CurrentUser | null> {
  const { token } = await authApi.login({
    email: values.email ?? '',
    password: values.password ?? '',
    user_type: values.user_type ?? '',
  });
  if (!auth.login(token)) throw new SubmitError({ field: 'alert', message: messages.invalidToken });
  return auth.currentUser();
}

/**
 * Where a signed-in user goes (src/shared/destination.ts): the wizard at the saved step while a
 * rider's profile is incomplete, else the dashboard of the token's user_type when the user's
 * basics could not be loaded.
 */
function afterLogin(user: CurrentUser | null) {
  return whereUserBelongs(user ?? { user_type: authView().userType });
}

export default function Login() {
  const navigate = useNavigate();
  const { google } = useSearch({ strict: false }) as { google?: 'failed' | 'off' | 'suspended' };
  const googleSignIn = useGoogleSignInEnabled();
  const { signedIn } = useAuth();
  useIdlePrefetch([paths.riderSignup, paths.riderDashboard]);
  const { view, send } = useFormMachine({
    form: loginForm,
    submit: logIn,
    successMessage: null,
    onSuccess: (user) => void navigate(afterLogin(user as CurrentUser | null)),
  });

  useEffect(() => {
    if (!google) return;
    toast.error(
      google === 'off' ? messages.googleUnavailable : google === 'suspended' ? messages.accountSuspended(site.email) : messages.googleFailed,
    );
    void navigate({ to: paths.login, search: {}, replace: true });
  }, [google, navigate]);

  // A visitor who already has a token is on the way back (the route's guard); show nothing meanwhile.
  if (signedIn && view.state !== 'succeeded' && !view.busy) return null;
  return <LoginFormView view={view} send={send} googleSignIn={googleSignIn} />;
}
