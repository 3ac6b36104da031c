/**
 * Forgot Password (spec §2, §7): POST /api/auth/forget-password. The confirmation is shown once,
 * as a block in the form (ForgotPasswordFormView), not doubled by a toast.
 */
import { forgotPasswordForm } from '../../shared/accountForms';
import { authApi } from '../kit/http/client';
import { ForgotPasswordFormView } from '../features/auth/ForgotPasswordFormView';
import { useFormMachine, type UseFormMachineOptions } from '../kit/forms/useFormMachine';

/** `inspect`: view tests record the form machine's transitions the page drove. */
export default function ForgotPassword({ inspect }: Pick<UseFormMachineOptions, 'inspect'> = {}) {
  const { view, send } = useFormMachine({
    form: forgotPasswordForm,
    captcha: false,
    submit: (values) => authApi.forgotPassword({ email: values.email ?? '' }),
    successMessage: null,
    inspect,
  });
  return <ForgotPasswordFormView view={view} send={send} />;
}
