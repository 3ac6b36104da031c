/**
 * The Login screen's form (spec §2 'Login'): the login-type select, email, password with a
 * show/hide toggle, the captcha, Login and Continue with Google, and the links to sign-up and
 * forgot password. It renders the form machine's view model and sends its events.
 */
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import type { FormEvent } from '../../../../machines/kit/formMachine';
import type { FormView } from '../../../../machines/kit/formView';
import { loginForm, loginTypeOptions } from '../../../shared/accountForms';
import { messages } from '../../../shared/messages';
import { paths } from '../../../shared/routes';
import { site } from '../../../shared/site';
import { CaptchaRegion } from '../../kit/components/Captcha';
import { Field } from '../../kit/components/Field';
import { GoogleButton } from '../../kit/components/GoogleButton';
import { PasswordField } from '../../kit/components/PasswordField';
import { useFocusFirstInvalid } from '../../kit/forms/useFocusFirstInvalid';
import './auth.css';

export interface LoginFormViewProps {
  view: FormView;
  send: (event: FormEvent) => void;
  /** Whether the server offers Google sign-in (null until known). */
  googleSignIn: boolean | null;
}

const ID = 'login';

export function LoginFormView({ view, send, googleSignIn }: LoginFormViewProps) {
  const change = (field: string) => (value: string) => send({ type: 'CHANGE', field, value });
  const typeError = view.fieldError('user_type');
  const formRef = useRef<HTMLFormElement>(null);
  // Every empty field says so at once; the focus goes to the first.
  useFocusFirstInvalid(formRef, view.focusInvalid);
  return (
    <div className="auth-page">
      <Link to={paths.home} className="logo auth-logo" aria-label={`${site.name} home`}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span>{site.name}</span>
      </Link>
      <form
        ref={formRef}
        className="card form-card auth-card"
        aria-labelledby={`${ID}-title`}
        noValidate
        onFocus={() => send({ type: 'ENGAGE' })}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <h1 id={`${ID}-title`}>Login</h1>
        <p className="auth-intro">{messages.loginIntro}</p>
        <div className="field">
          <label htmlFor={`${ID}-user_type`}>Login type</label>
          <select
            id={`${ID}-user_type`}
            name="user_type"
            value={view.values.user_type ?? ''}
            required
            aria-invalid={typeError ? true : undefined}
            aria-describedby={typeError ? `${ID}-user_type-error` : undefined}
            onChange={(e) => change('user_type')(e.target.value)}
          >
            {loginTypeOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {typeError ? (
            <p id={`${ID}-user_type-error`} className="field-error" role="alert">
              {typeError}
            </p>
          ) : null}
        </div>
        <Field
          id={`${ID}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          maxLength={loginForm.fields.email.maxLength}
          required
          value={view.values.email ?? ''}
          error={view.fieldError('email')}
          onValueChange={change('email')}
        />
        <PasswordField
          id={`${ID}-password`}
          name="password"
          label="Password"
          autoComplete="current-password"
          maxLength={loginForm.fields.password.maxLength}
          required
          value={view.values.password ?? ''}
          error={view.fieldError('password')}
          onValueChange={change('password')}
        />
        <p className="auth-forgot">
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </p>
        <CaptchaRegion
          show={view.showCaptcha}
          reserve={view.captchaSlot}
          resets={view.captchaResets}
          error={view.captchaError}
          send={send}
        />
        {view.notice ? (
          // A failed login's message stays here until the next try (and so is not toasted too).
          <p className="auth-notice" role="alert">
            {view.notice}
          </p>
        ) : null}
        <button type="submit" className="btn auth-submit" disabled={view.busy} aria-busy={view.busy}>
          {view.busy ? messages.submitting : 'Login'}
        </button>
        {googleSignIn === false ? null : (
          <>
            <p className="auth-divider">
              <span>or</span>
            </p>
            <GoogleButton enabled={googleSignIn} />
          </>
        )}
        <ul className="auth-links">
          <li>
            New rider? <Link to={paths.riderSignup}>Register here</Link>
          </li>
          <li>
            A company? <Link to={paths.companySignup}>Sign up your company</Link>
          </li>
        </ul>
      </form>
    </div>
  );
}
