/**
 * The company's account page (/company-dashboard/account): the profile with its logo,
 * the password, the API keys (a section of its own), the data export and the deletion. Each form renders its form machine's view
 * model and sends its events; the page keeps no workflow state.
 */
import type { ChangeEvent, ReactNode } from 'react';
import type { FormEvent } from '../../../../machines/kit/formMachine';
import type { FormView } from '../../../../machines/kit/formView';
import { COMPANY_LOGO_ACCEPT, companyDeleteForm, companyPasswordForm, companyProfileForm } from '../../../shared/company';
import { areaNames, findState, stateNames } from '../../../shared/locations';
import { VERIFY_CODE_LENGTH } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { Combobox } from '../../kit/components/Combobox';
import { Field } from '../../kit/components/Field';
import { PasswordField } from '../../kit/components/PasswordField';
import type { AccountForm, AccountLoad } from './useCompanyAccount';
import './companyAccount.css';

export interface CompanyAccountViewProps {
  load: AccountLoad;
  retry: () => void;
  profileForm: AccountForm;
  passwordForm: AccountForm;
  exportForm: AccountForm;
  deleteForm: AccountForm;
  verifyForm: AccountForm;
  resendForm: AccountForm;
  logo: { busy: boolean; error: string | null };
  chooseLogo: (file: File) => void;
  /** The "API keys" section (ApiKeysSection, with its own machine), shown once the profile is in. */
  apiKeys?: ReactNode;
}

const ID = 'company-account';
const labels = messages.companyLabels;

function Card({ id, title, children, onSubmit }: { id: string; title: string; children: ReactNode; onSubmit: () => void }) {
  return (
    <form
      className="card company-account-card"
      aria-labelledby={`${ID}-${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={`${ID}-${id}-title`}>{title}</h2>
      {children}
    </form>
  );
}

function Submit({ view, label, danger }: { view: FormView; label: string; danger?: boolean }) {
  return (
    <button type="submit" className={danger ? 'btn btn-danger' : 'btn'} disabled={view.busy} aria-busy={view.busy}>
      {view.busy ? messages.submitting : label}
    </button>
  );
}

function PlaceSelect(props: { form: AccountForm; field: 'state' | 'town'; options: string[]; placeholder: string }) {
  const { view, send } = props.form;
  return (
    <Combobox
      id={`${ID}-${props.field}`}
      name={props.field}
      label={labels[props.field]}
      value={view.values[props.field] ?? ''}
      options={props.options}
      placeholder={props.placeholder}
      error={view.fieldError(props.field)}
      required
      onValueChange={(value) => {
        send({ type: 'CHANGE', field: props.field, value });
        if (props.field === 'state') send({ type: 'CHANGE', field: 'town', value: '' });
      }}
    />
  );
}

export function CompanyAccountView(props: CompanyAccountViewProps) {
  const { load } = props;
  if (load.state === 'loading') {
    return (
      <div className="company-account">
        <h1>{messages.companyAccountHeading}</h1>
        <p role="status" className="company-account-loading">
          {messages.companyAccountLoading}
        </p>
      </div>
    );
  }
  if (load.state === 'failed') {
    return (
      <div className="company-account">
        <h1>{messages.companyAccountHeading}</h1>
        <p role="alert">{messages.companyProfileLoadFailed}</p>
        <button type="button" className="btn" onClick={props.retry}>
          {messages.tryAgain}
        </button>
      </div>
    );
  }
  const { profile, locations } = load;
  const profileForm = props.profileForm;
  const field = (form: AccountForm, name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      id={`${ID}-${name}`}
      name={name}
      label={label}
      value={form.view.values[name] ?? ''}
      error={form.view.fieldError(name)}
      onValueChange={(value) => form.send({ type: 'CHANGE', field: name, value } as FormEvent)}
      {...extra}
    />
  );
  const chooseLogo = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) props.chooseLogo(file);
  };
  const p = companyProfileForm.fields;
  return (
    <div className="company-account">
      <h1>{messages.companyAccountHeading}</h1>
      <p className="company-account-who">
        {profile.company_name} · {profile.email}
      </p>
      {profile.email_verified ? null : (
        <Card id="verify" title={messages.companyCodeHeading} onSubmit={() => props.verifyForm.send({ type: 'SUBMIT' })}>
          <p className="company-account-note">{messages.companyEmailUnverified}</p>
          {field(props.verifyForm, 'verify_email_code', labels.verify_email_code, {
            maxLength: VERIFY_CODE_LENGTH,
            required: true,
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
          })}
          <Submit view={props.verifyForm.view} label={messages.companyVerifySubmit} />
          <button
            type="button"
            className="btn btn-secondary company-account-resend"
            disabled={props.resendForm.view.busy}
            aria-busy={props.resendForm.view.busy}
            onClick={() => props.resendForm.send({ type: 'SUBMIT' })}
          >
            {props.resendForm.view.busy ? messages.submitting : messages.companyResend}
          </button>
          {props.resendForm.view.fieldError('verify_email_code') ? (
            <p className="field-error" role="alert">
              {props.resendForm.view.fieldError('verify_email_code')}
            </p>
          ) : null}
        </Card>
      )}

      <Card id="profile" title={messages.companyProfileHeading} onSubmit={() => profileForm.send({ type: 'SUBMIT' })}>
        <div className="company-account-logo">
          {profile.logo ? <img src={`/api${profile.logo.url}`} alt={`${profile.company_name} logo`} width={96} height={96} /> : null}
          <div className="field">
            <label htmlFor={`${ID}-logo`}>{labels.logo}</label>
            <input
              id={`${ID}-logo`}
              name="logo"
              type="file"
              accept={COMPANY_LOGO_ACCEPT}
              disabled={props.logo.busy}
              aria-busy={props.logo.busy}
              aria-invalid={props.logo.error ? true : undefined}
              aria-describedby={props.logo.error ? `${ID}-logo-error` : undefined}
              onChange={chooseLogo}
            />
            {props.logo.busy ? <p className="field-hint">{messages.submitting}</p> : null}
            {props.logo.error ? (
              <p id={`${ID}-logo-error`} className="field-error" role="alert">
                {props.logo.error}
              </p>
            ) : null}
          </div>
        </div>
        {field(profileForm, 'company_name', labels.company_name, { maxLength: p.company_name.maxLength, required: true, autoComplete: 'organization' })}
        {field(profileForm, 'contact_person', labels.contact_person, { maxLength: p.contact_person.maxLength, required: true, autoComplete: 'name' })}
        {field(profileForm, 'phone', labels.phone, { maxLength: p.phone.maxLength, required: true, type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        {field(profileForm, 'address', labels.address, { maxLength: p.address.maxLength, required: true, autoComplete: 'street-address' })}
        <PlaceSelect form={profileForm} field="state" options={stateNames(locations)} placeholder={messages.companySelectState} />
        <PlaceSelect
          form={profileForm}
          field="town"
          options={areaNames(findState(locations, profileForm.view.values.state ?? ''))}
          placeholder={messages.companySelectTown}
        />
        {field(profileForm, 'cac_number', labels.cac_number, { maxLength: p.cac_number.maxLength, autoCapitalize: 'characters' })}
        <Submit view={profileForm.view} label={messages.companySaveProfile} />
      </Card>

      <Card id="password" title={messages.companyPasswordHeading} onSubmit={() => props.passwordForm.send({ type: 'SUBMIT' })}>
        <PasswordField
          id={`${ID}-current_password`}
          name="current_password"
          label={labels.current_password}
          autoComplete="current-password"
          maxLength={companyPasswordForm.fields.current_password.maxLength}
          required
          value={props.passwordForm.view.values.current_password ?? ''}
          error={props.passwordForm.view.fieldError('current_password')}
          onValueChange={(value) => props.passwordForm.send({ type: 'CHANGE', field: 'current_password', value })}
        />
        <PasswordField
          id={`${ID}-new_password`}
          name="new_password"
          label={labels.new_password}
          autoComplete="new-password"
          maxLength={companyPasswordForm.fields.new_password.maxLength}
          required
          value={props.passwordForm.view.values.new_password ?? ''}
          error={props.passwordForm.view.fieldError('new_password')}
          onValueChange={(value) => props.passwordForm.send({ type: 'CHANGE', field: 'new_password', value })}
        />
        <Submit view={props.passwordForm.view} label={messages.companyChangePassword} />
      </Card>

      {props.apiKeys}

      <Card id="data" title={messages.companyDataHeading} onSubmit={() => props.exportForm.send({ type: 'SUBMIT' })}>
        <Submit view={props.exportForm.view} label={messages.companyExport} />
      </Card>

      <Card id="delete" title={messages.companyDeleteHeading} onSubmit={() => props.deleteForm.send({ type: 'SUBMIT' })}>
        <p>{messages.companyDeleteWarning}</p>
        <PasswordField
          id={`${ID}-delete-password`}
          name="password"
          label={labels.password}
          autoComplete="current-password"
          maxLength={companyDeleteForm.fields.password.maxLength}
          required
          value={props.deleteForm.view.values.password ?? ''}
          error={props.deleteForm.view.fieldError('password')}
          onValueChange={(value) => props.deleteForm.send({ type: 'CHANGE', field: 'password', value })}
        />
        <Submit view={props.deleteForm.view} label={messages.companyDelete} danger />
      </Card>
    </div>
  );
}
