/** Forgot Password (spec §2, §7): POST /api/auth/forget-password; the server's answer is the toast. */
import { forgotPasswordForm } from '../../shared/accountForms';
import type { MessageResponse } from '../../shared/api';
import { authApi } from '../api/client';
import { ForgotPasswordFormView } from '../features/auth/ForgotPasswordFormView';
import { useFormMachine } from '../forms/useFormMachine';

export default function ForgotPassword() {
  const { view, send } = useFormMachine({
    form: forgotPasswordForm,
    captcha: false,
    submit: (values) => authApi.forgotPassword({ email: values.email ?? '' }),
    successMessage: (output) => (output as MessageResponse).message,
  });
  return <ForgotPasswordFormView view={view} send={send} />;
}
