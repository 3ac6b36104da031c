/** Forgot Password (spec §2): an email field and 'Send Reset Link'. No captcha; the server limits it. */
import { Link } from '@tanstack/react-router';
import { forgotPasswordForm } from '../../../shared/accountForms';
import { messages } from '../../../shared/messages';
import { paths } from '../../../shared/routes';
import { MachineFormView, type FormViewProps } from '../../kit/forms/MachineFormView';
import './auth.css';

const fields = [{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' }] as const;

export function ForgotPasswordFormView({ view, send }: FormViewProps) {
  return (
    <section className="section auth-section">
      <div className="container">
        <MachineFormView
          id="forgot-password"
          title="Forgot Password"
          intro={
            // One live region from the start, so the confirmation that replaces the intro is read
            // out (the page's only confirmation: no toast repeats it).
            <span role="status" className={view.state === 'succeeded' ? 'auth-status' : undefined}>
              {view.state === 'succeeded'
                ? messages.resetLinkSent
                : 'Enter the email of your account and we will send you a link to choose a new password.'}
            </span>
          }
          form={forgotPasswordForm}
          fields={fields}
          submitLabel="Send Reset Link"
          headingLevel="h1"
          view={view}
          send={send}
        />
        <p className="auth-back">
          <Link to={paths.login}>Back to Login</Link>
        </p>
      </div>
    </section>
  );
}
