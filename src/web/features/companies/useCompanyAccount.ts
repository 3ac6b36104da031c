/**
 * The company account page's workings: the profile is read once (and again on Try
 * again); each form (profile, password, export, delete) is the shared form machine without a
 * captcha (machines/kit/formMachine.ts, through useFormMachine); the logo goes up as soon as it is
 * chosen. A saved profile comes back from the server and fills the form again.
 */
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../kit/components/toast';
import type { FormEvent } from '../../../../machines/kit/formMachine';
import type { FormView } from '../../../../machines/kit/formView';
import { SubmitError } from '../../../../machines/kit/formMachine';
import {
  checkLogoFile,
  companyDeleteForm,
  companyPasswordForm,
  companyProfileForm,
  type CompanyProfile,
  type CompanyProfileResponse,
} from '../../../shared/company';
import type { LocationState } from '../../../shared/locations';
import { messages } from '../../../shared/messages';
import { displayPhone } from '../../../shared/profile';
import { verifyEmailForm } from '../../../shared/signup';
import { defineForm } from '../../../shared/validation';
import { auth } from '../../kit/session/authService';
import { useFormMachine } from '../../kit/forms/useFormMachine';
import { companyAccountApi } from './companyAccountApi';
import { loadLocations } from '../../kit/locations/locationsApi';
import { downloadBlob } from '../../kit/download';

export type AccountLoad = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; profile: CompanyProfile; locations: LocationState[] };

/** The export and a new code are forms with no fields: one button, busy while the request runs. */
const exportForm = defineForm('companyExport', {});
const resendForm = defineForm('companyResendCode', {});

export interface AccountForm {
  view: FormView;
  send: (event: FormEvent) => void;
}

export interface CompanyAccount {
  load: AccountLoad;
  retry: () => void;
  profileForm: AccountForm;
  passwordForm: AccountForm;
  exportForm: AccountForm;
  deleteForm: AccountForm;
  /** While the e-mail is not verified: the code, and a new one. */
  verifyForm: AccountForm;
  resendForm: AccountForm;
  logo: { busy: boolean; error: string | null };
  chooseLogo: (file: File) => void;
}

/** What the profile form shows of a stored profile. */
export function profileValues(profile: CompanyProfile): Record<string, string> {
  return {
    company_name: profile.company_name,
    contact_person: profile.contact_person,
    phone: displayPhone(profile.phone),
    address: profile.address ?? '',
    state: profile.state ?? '',
    town: profile.town ?? '',
    cac_number: profile.cac_number ?? '',
  };
}


export function useCompanyAccount(options: { goHome: () => void }): CompanyAccount {
  const [load, setLoad] = useState<AccountLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [logo, setLogo] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    Promise.all([companyAccountApi.profile(), loadLocations()]).then(
      ([profile, locations]) => live && setLoad({ state: 'loaded', profile, locations }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const profileForm = useFormMachine({
    form: companyProfileForm,
    captcha: false,
    submit: (values) => companyAccountApi.updateProfile(values),
    successMessage: (output) => (output as CompanyProfileResponse).message,
    onSuccess: (output) => setLoad((now) => (now.state === 'loaded' ? { ...now, profile: (output as CompanyProfileResponse).profile } : now)),
  });
  const passwordForm = useFormMachine({
    form: companyPasswordForm,
    captcha: false,
    submit: (values) => companyAccountApi.changePassword({ current_password: values.current_password ?? '', new_password: values.new_password ?? '' }),
    successMessage: (output) => (output as { message: string }).message,
  });
  const exportData = useFormMachine({
    form: exportForm,
    captcha: false,
    submit: async () => {
      const { blob, fileName } = await companyAccountApi.exportData();
      downloadBlob(blob, fileName);
    },
    successMessage: messages.dataDownloaded,
    failureMessage: messages.dataDownloadFailed,
  });
  const deleteForm = useFormMachine({
    form: companyDeleteForm,
    captcha: false,
    submit: (values) => companyAccountApi.deleteAccount(values.password ?? ''),
    successMessage: messages.accountDeleted,
    failureMessage: messages.accountDeleteFailed,
    onSuccess: () => {
      // The server has ended every session: forget the token here too, then the home page.
      auth.unauthorized();
      setTimeout(options.goHome, 0);
    },
  });

  const verifyForm = useFormMachine({
    form: verifyEmailForm,
    captcha: false,
    submit: (values) => companyAccountApi.verifyEmail(values.verify_email_code ?? ''),
    successMessage: (output) => (output as CompanyProfileResponse).message,
    onSuccess: (output) => setLoad((now) => (now.state === 'loaded' ? { ...now, profile: (output as CompanyProfileResponse).profile } : now)),
  });
  const resendCode = useFormMachine({
    form: resendForm,
    captcha: false,
    submit: () => companyAccountApi.sendVerifyEmail(),
    successMessage: messages.verificationCodeSent,
  });

  // The stored profile fills the form: after the first read and after each save.
  const sendProfile = profileForm.send;
  useEffect(() => {
    if (load.state !== 'loaded') return;
    for (const [field, value] of Object.entries(profileValues(load.profile))) sendProfile({ type: 'CHANGE', field, value });
  }, [load, sendProfile]);

  const chooseLogo = useCallback((file: File) => {
    const refused = checkLogoFile({ type: file.type, size: file.size });
    if (refused) {
      setLogo({ busy: false, error: refused });
      return;
    }
    setLogo({ busy: true, error: null });
    companyAccountApi.uploadLogo(file).then(
      (answer) => {
        setLogo({ busy: false, error: null });
        setLoad((now) => (now.state === 'loaded' ? { ...now, profile: answer.profile } : now));
        toast.success(answer.message);
      },
      (error: unknown) => {
        const fieldError = error instanceof SubmitError && error.fieldError.field !== 'alert' ? error.fieldError.message : null;
        setLogo({ busy: false, error: fieldError });
        if (!fieldError) toast.error(error instanceof SubmitError ? error.fieldError.message : messages.submitFailed);
      },
    );
  }, []);

  return {
    load,
    retry: () => setAttempt((n) => n + 1),
    profileForm,
    passwordForm,
    exportForm: exportData,
    deleteForm,
    verifyForm,
    resendForm: resendCode,
    logo,
    chooseLogo,
  };
}
