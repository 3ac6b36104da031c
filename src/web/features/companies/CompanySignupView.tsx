/**
 * The invited company sign-up page: the invitation check, the form (company name and
 * e-mail prefilled from the waitlist), the e-mail code with its resend countdown, and the end.
 * It renders the machine's view model and sends its events; it keeps no workflow state.
 */
import { Link } from '@tanstack/react-router';
import type { ChangeEvent, ReactNode } from 'react';
import { CODE_FIELD, RESEND_FIELD, type CompanyPageEvent, type CompanySignupField } from '../../../../machines/companies/companySignupMachine';
import type { CompanySignupView as View } from '../../../../machines/companies/companySignupView';
import { COMPANY_LOGO_ACCEPT, companySignupForm } from '../../../shared/company';
import { VERIFY_CODE_LENGTH } from '../../../shared/constants';
import { lagosDate } from '../../../shared/invitations';
import { messages } from '../../../shared/messages';
import { companyPaths, paths } from '../../../shared/routes';
import { site } from '../../../shared/site';
import { CaptchaRegion } from '../../kit/components/Captcha';
import { Combobox } from '../../kit/components/Combobox';
import { describedByOf, Field, FieldMessages } from '../../kit/components/Field';
import { PasswordField } from '../../kit/components/PasswordField';
import './companySignup.css';

export interface CompanySignupViewProps {
  view: View;
  send: (event: CompanyPageEvent) => void;
}

const ID = 'company-signup';
const labels = messages.companyLabels;

function Shell({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) {
  return (
    <section className="section company-signup" aria-labelledby={labelledBy}>
      <div className="container narrow">{children}</div>
    </section>
  );
}

/**
 * The invited address: read-only, as the invitation's (the server refuses any other under
 * `email`), with a hint saying why it cannot be changed here.
 */
function InvitedEmail({ value, error }: { value: string; error: string | null }) {
  const id = `${ID}-email`;
  const hint = messages.companyEmailNotInvited;
  return (
    <div className="field">
      <label htmlFor={id}>{labels.email}</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        readOnly
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf({ id, error, hint })}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

function SignupForm({ view, send }: CompanySignupViewProps) {
  const change = (field: CompanySignupField) => (value: string) => send({ type: 'CHANGE', field, value });
  const text = (field: CompanySignupField, extra: Record<string, unknown> = {}) => (
    <Field
      id={`${ID}-${field}`}
      name={field}
      label={labels[field]}
      maxLength={companySignupForm.fields[field].maxLength}
      required={companySignupForm.fields[field].required}
      value={view.values[field]}
      error={view.fieldError(field)}
      onValueChange={change(field)}
      {...extra}
    />
  );
  const logoError = view.fieldError('logo');
  const chooseLogo = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) send({ type: 'CHOOSE_LOGO', file, name: file.name, mime: file.type, size: file.size });
  };
  return (
    <form
      className="card form-card"
      aria-labelledby={`${ID}-title`}
      noValidate
      onFocus={() => send({ type: 'ENGAGE' })}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <h1 id={`${ID}-title`}>{messages.invitationHeading}</h1>
      <p className="company-signup-intro">{messages.companySignupIntro(view.invitation?.companyName ?? '')}</p>
      {text('company_name', { autoComplete: 'organization' })}
      {text('contact_person', { autoComplete: 'name' })}
      <InvitedEmail value={view.values.email} error={view.fieldError('email')} />
      {text('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '0803 123 4567' })}
      <PasswordField
        id={`${ID}-password`}
        name="password"
        label={labels.password}
        autoComplete="new-password"
        maxLength={companySignupForm.fields.password.maxLength}
        required
        value={view.values.password}
        error={view.fieldError('password')}
        onValueChange={change('password')}
      />
      {text('address', { autoComplete: 'street-address' })}
      <Combobox
        id={`${ID}-state`}
        name="state"
        label={labels.state}
        placeholder={messages.companySelectState}
        options={view.states}
        value={view.values.state}
        error={view.fieldError('state')}
        required
        onValueChange={change('state')}
      />
      <Combobox
        id={`${ID}-town`}
        name="town"
        label={labels.town}
        placeholder={messages.companySelectTown}
        options={view.areas}
        value={view.values.town}
        error={view.fieldError('town')}
        required
        disabled={view.values.state === ''}
        onValueChange={change('town')}
      />
      {text('cac_number', { autoCapitalize: 'characters', placeholder: 'RC123456' })}
      <div className="field">
        <label htmlFor={`${ID}-logo`}>{labels.logo}</label>
        <input
          id={`${ID}-logo`}
          name="logo"
          type="file"
          accept={COMPANY_LOGO_ACCEPT}
          aria-invalid={logoError ? true : undefined}
          aria-describedby={logoError ? `${ID}-logo-error` : `${ID}-logo-hint`}
          onChange={chooseLogo}
        />
        <p id={`${ID}-logo-hint`} className="field-hint">
          {view.logo ? view.logo.name : messages.companyHints.logo}
        </p>
        {view.logo ? (
          <button type="button" className="btn btn-secondary company-signup-remove" onClick={() => send({ type: 'REMOVE_LOGO' })}>
            {messages.companyRemoveLogo}
          </button>
        ) : null}
        {logoError ? (
          <p id={`${ID}-logo-error`} className="field-error" role="alert">
            {logoError}
          </p>
        ) : null}
      </div>
      <CaptchaRegion
        show={view.showCaptcha}
        reserve={view.captchaSlot}
        resets={view.captchaResets}
        error={view.captchaError}
        send={send}
      />
      <button type="submit" className="btn company-signup-submit" disabled={view.busy} aria-busy={view.busy}>
        {view.busy ? messages.submitting : messages.companySignupSubmit}
      </button>
    </form>
  );
}

/**
 * The code step (the kit's verify step): one code field, the address fixed (no "Wrong e-mail?").
 * Each message stays beside its control: the code's under the field, the resend's on its line.
 */
function CodeStep({ view, send }: CompanySignupViewProps) {
  const codeError = view.fieldError(CODE_FIELD);
  const resendError = view.fieldError(RESEND_FIELD);
  const sending = view.resend === 'sending';
  return (
    <form
      className="card form-card"
      aria-labelledby={`${ID}-code-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <h1 id={`${ID}-code-title`}>{messages.companyCodeHeading}</h1>
      <p className="company-signup-intro">{messages.companyCodeIntro(view.email)}</p>
      {view.notice ? (
        <p className="company-signup-notice" role="status">
          {view.notice}
        </p>
      ) : null}
      <Field
        id={`${ID}-code`}
        name={CODE_FIELD}
        label={labels.verify_email_code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFY_CODE_LENGTH}
        required
        value={view.code}
        error={codeError}
        onValueChange={(value) => send({ type: 'CODE_SET', value })}
      />
      <button type="submit" className="btn company-signup-submit" disabled={view.verifying} aria-busy={view.verifying}>
        {view.verifying ? messages.submitting : messages.companyVerifySubmit}
      </button>
      <div className="company-signup-resend">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={view.resend !== 'ready'}
          aria-busy={sending}
          onClick={() => send({ type: 'RESEND' })}
        >
          {sending ? messages.companyResending : view.resend === 'coolingDown' ? messages.companyResendIn(view.resendSecondsLeft) : messages.companyResend}
        </button>
        {view.resendNotice ? (
          <p className="company-signup-notice" role="status">
            {view.resendNotice}
          </p>
        ) : null}
        {resendError ? (
          <p className="field-error" role="alert">
            {resendError}
          </p>
        ) : null}
      </div>
    </form>
  );
}

export function CompanySignupView({ view, send }: CompanySignupViewProps) {
  switch (view.state) {
    case 'checking':
      return (
        <Shell labelledBy={`${ID}-title`}>
          <div className="status-page">
            <h1 id={`${ID}-title`}>{messages.invitationHeading}</h1>
            <p className="lead" role="status">
              {messages.invitationChecking}
            </p>
          </div>
        </Shell>
      );
    case 'checkFailed':
      return (
        <Shell labelledBy={`${ID}-title`}>
          <div className="status-page">
            <h1 id={`${ID}-title`}>{messages.invitationHeading}</h1>
            <p className="lead" role="alert">
              {messages.submitFailed}
            </p>
            <button type="button" className="btn" onClick={() => send({ type: 'RETRY' })}>
              {messages.tryAgain}
            </button>
          </div>
        </Shell>
      );
    case 'invitationInvalid':
      return (
        <Shell labelledBy={`${ID}-title`}>
          <div className="status-page">
            <h1 id={`${ID}-title`}>{messages.invitationHeading}</h1>
            <p className="lead" role="alert">
              {messages.invitationInvalid}
            </p>
            <p>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
            <Link to={paths.contactUs} className="btn">
              {messages.invitationContactUs}
            </Link>
          </div>
        </Shell>
      );
    case 'enterCode':
    case 'codeError':
    case 'sendingCode':
    case 'verifyingCode':
      return (
        <Shell>
          <CodeStep view={view} send={send} />
        </Shell>
      );
    case 'done':
      return (
        <Shell labelledBy={`${ID}-title`}>
          <div className="status-page">
            <h1 id={`${ID}-title`}>{messages.companyCodeHeading}</h1>
            <p className="lead" role="status">
              {messages.companyVerified}
            </p>
            <Link to={companyPaths.search} className="btn">
              {messages.companyGoToDashboard}
            </Link>
          </div>
        </Shell>
      );
    default:
      return (
        <Shell>
          <SignupForm view={view} send={send} />
          {view.invitation ? <p className="company-signup-valid">{messages.companySignupValidUntil(lagosDate(view.invitation.expiresAt))}</p> : null}
        </Shell>
      );
  }
}
