/**
 * Reset Password (spec §2, §4, §7): the token comes from the link's query (the route sends a
 * visit without one to /); a success shows the server's message and goes to /login after
 * 2 seconds; a failure shows the server's message or 'Something went wrong.'.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { resetPasswordForm } from '../../shared/accountForms';
import type { MessageResponse } from '../../shared/api';
import { RESET_REDIRECT_DELAY_MS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/routes';
import { authApi } from '../kit/http/client';
import { ResetPasswordFormView } from '../features/auth/ResetPasswordFormView';
import { useFormMachine } from '../kit/forms/useFormMachine';

export default function ResetPassword() {
  const navigate = useNavigate();
  const { token } = useSearch({ strict: false }) as { token?: string };
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );
  const { view, send } = useFormMachine({
    form: resetPasswordForm,
    captcha: false,
    submit: (values) => authApi.resetPassword({ token: token ?? '', newPassword: values.newPassword ?? '' }),
    successMessage: (output) => (output as MessageResponse).message,
    failureMessage: messages.somethingWentWrong,
    onSuccess: () => {
      redirect.current = setTimeout(() => void navigate({ to: paths.login, replace: true }), RESET_REDIRECT_DELAY_MS);
    },
  });
  return <ResetPasswordFormView view={view} send={send} />;
}
