/**
 * Setting a staff password with the one-time link: the console form machine without
 * a captcha (the link's token is the proof), then a way on to the sign-in.
 */
import { Link } from '@tanstack/react-router';
import type { InspectionEvent } from 'xstate';
import type { MessageResponse } from '../../../shared/api';
import { messages } from '../../../shared/messages';
import { opsSetPasswordForm } from '../../../shared/opsForms';
import { opsPaths } from '../../../shared/opsPaths';
import { MachineFormView, type FormViewProps } from '../../kit/forms/MachineFormView';
import { useFormMachine } from '../../kit/forms/useFormMachine';
import { opsApi } from './opsApi';
import './staff.css';

const fields = [
  { name: 'password', label: messages.opsPasswordLabel, type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: messages.opsConfirmPasswordLabel, type: 'password', autoComplete: 'new-password' },
] as const;

export function SetPasswordView({ view, send, linkMissing }: FormViewProps & { linkMissing: boolean }) {
  if (linkMissing) {
    return (
      <section className="ops-card" aria-labelledby="ops-set-password-title">
        <h1 id="ops-set-password-title">{messages.opsSetPasswordHeading}</h1>
        <p role="alert">{messages.opsLinkInvalid}</p>
      </section>
    );
  }
  if (view.state === 'succeeded') {
    return (
      <section className="ops-card" aria-labelledby="ops-set-password-title">
        <h1 id="ops-set-password-title">{messages.opsSetPasswordHeading}</h1>
        <p role="status">{messages.opsPasswordSet}</p>
        <Link to={opsPaths.login} className="btn">
          {messages.opsGoToSignIn}
        </Link>
      </section>
    );
  }
  return (
    <MachineFormView
      id="ops-set-password"
      title={messages.opsSetPasswordHeading}
      intro={messages.opsSetPasswordIntro}
      form={opsSetPasswordForm}
      fields={fields}
      submitLabel={messages.opsSetPassword}
      headingLevel="h1"
      view={view}
      send={send}
    />
  );
}

export function SetPasswordScreen({ token, inspect }: { token: string | null; inspect?: (event: InspectionEvent) => void }) {
  const { view, send } = useFormMachine({
    form: opsSetPasswordForm,
    captcha: false,
    submit: (values) => opsApi<MessageResponse>('/auth/set-password', { method: 'POST', body: { token: token ?? '', password: values.password ?? '' } }),
    // The page itself says it is done and offers the sign-in.
    successMessage: null,
    inspect,
  });
  return <SetPasswordView view={view} send={send} linkMissing={!token} />;
}
