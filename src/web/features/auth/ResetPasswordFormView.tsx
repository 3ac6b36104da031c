/** Reset Password (spec §2): New Password and Confirm Password, and 'Reset Password'. */
import { resetPasswordForm } from '../../../shared/accountForms';
import { messages } from '../../../shared/messages';
import { MachineFormView, type FormViewProps } from '../../kit/forms/MachineFormView';
import './auth.css';

const fields = [
  { name: 'newPassword', label: 'New Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
] as const;

export function ResetPasswordFormView({ view, send }: FormViewProps) {
  return (
    <section className="section auth-section">
      <div className="container">
        <MachineFormView
          id="reset-password"
          title="Reset Password"
          intro={
            view.state === 'succeeded' ? (
              <span className="auth-status" role="status">
                {messages.passwordReset} Taking you to the login page…
              </span>
            ) : (
              'Choose a new password of at least 8 characters. A phrase of a few words is easy to remember and hard to guess.'
            )
          }
          form={resetPasswordForm}
          fields={fields}
          submitLabel="Reset Password"
          headingLevel="h1"
          view={view}
          send={send}
        />
      </div>
    </section>
  );
}
