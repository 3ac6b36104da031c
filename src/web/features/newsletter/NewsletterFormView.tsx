/** The newsletter form as a pure view of the form machine's snapshot (used by stories and tests). */
import type { FormEvent } from '../../../../machines/formMachine';
import type { FormView } from '../../../../machines/formView';
import { messages } from '../../../shared/messages';
import { Captcha } from '../../components/Captcha';
import { Field } from '../../components/Field';

export interface FormViewProps {
  view: FormView;
  send: (event: FormEvent) => void;
}

export function NewsletterFormView({ view, send }: FormViewProps) {
  return (
    <form
      className="card form-card"
      aria-labelledby="newsletter-title"
      noValidate
      onFocus={() => send({ type: 'ENGAGE' })}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <h2 id="newsletter-title">Subscribe to our newsletter</h2>
      <p>Delivery tips for Lagos businesses and new work for riders, about once a month.</p>
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={view.values.email ?? ''}
        error={view.fieldError('email')}
        onValueChange={(value) => send({ type: 'CHANGE', field: 'email', value })}
      />
      {view.showCaptcha ? (
        <Captcha
          resets={view.captchaResets}
          error={view.captchaError}
          onVerify={(token) => send({ type: 'CAPTCHA_SOLVED', token })}
          onExpire={() => send({ type: 'CAPTCHA_EXPIRED' })}
          onError={() => send({ type: 'CAPTCHA_ERROR' })}
        />
      ) : view.captchaError ? (
        <p className="field-error" role="alert">
          {view.captchaError}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={view.busy} aria-busy={view.busy}>
        {view.busy ? messages.submitting : 'Subscribe'}
      </button>
    </form>
  );
}
