/**
 * The company account page: loading, failed, and loaded with each form in the states
 * it can show (editing, a message under a field, submitting), the logo going up or refused. Each
 * form's view comes from a real snapshot of machines/kit/formMachine.ts reached with the events the
 * story names. tests/storybook/companyStories.test.tsx checks every page state has a story.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { formSnapshotToView } from '../../machines/kit/formView';
import { companyDeleteForm, companyPasswordForm, companyProfileForm, type CompanyProfile } from '../../src/shared/company';
import { verifyEmailForm } from '../../src/shared/signup';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import { defineForm, type FormDefinition } from '../../src/shared/validation';
import { CompanyAccountView, type CompanyAccountViewProps } from '../../src/web/features/companies/CompanyAccountView';
import { profileValues, type AccountLoad } from '../../src/web/features/companies/useCompanyAccount';
import { on, snapshotAfter, type StoryEvent } from '../support/formSnapshots';
import { withRouter } from '../support/StoryRouter';

const place = (name: string) => ({ name, location: null, total_area: null, population: null });
const LOCATIONS: LocationState[] = [
  { name: 'Lagos', capital: 'Ikeja', state_code: 'LA', creation_date: '1967-05-27', location: null, total_area: null, population: null, towns: [place('Ikeja'), place('Lekki')], lgas: [place('Eti-Osa')] },
];
const PROFILE: CompanyProfile = {
  company_name: 'Lekki Bakes',
  contact_person: 'Chiamaka Obi',
  email: 'hello@lekkibakes.ng',
  email_verified: true,
  phone: '+2348031234567',
  address: '12 Admiralty Way',
  state: 'Lagos',
  town: 'Lekki',
  cac_number: 'RC123456',
  logo: null,
  created_at: '2026-11-22T10:00:00.000Z',
};
const exportForm = defineForm('companyExport', {});
const resendForm = defineForm('companyResendCode', {});

function form(definition: FormDefinition, events: readonly StoryEvent[] = []) {
  return { view: formSnapshotToView(snapshotAfter({ form: definition, captchaPassed: true }, events)), send: fn() };
}
const filledProfile = Object.entries(profileValues(PROFILE)).map(([field, value]) => on.type(field, value));

function props(load: AccountLoad, overrides: Partial<CompanyAccountViewProps> = {}): CompanyAccountViewProps {
  return {
    load,
    retry: fn(),
    profileForm: form(companyProfileForm, filledProfile),
    passwordForm: form(companyPasswordForm),
    exportForm: form(exportForm),
    deleteForm: form(companyDeleteForm),
    verifyForm: form(verifyEmailForm),
    resendForm: form(resendForm),
    logo: { busy: false, error: null },
    chooseLogo: fn(),
    ...overrides,
  };
}

/** In the layout's <main>, as the page sits in the app (src/web/kit/components/Layout.tsx). */
function Screen({ account }: { account: CompanyAccountViewProps }) {
  return (
    <main>
      <CompanyAccountView {...account} />
    </main>
  );
}

const meta = {
  title: 'Company/Account',
  component: Screen,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const loaded: AccountLoad = { state: 'loaded', profile: PROFILE, locations: LOCATIONS };
function story(account: CompanyAccountViewProps, keyText: readonly string[]): Story {
  return { args: { account }, parameters: { accountState: account.load.state, keyText } };
}

export const Loading = story(props({ state: 'loading' }), [messages.companyAccountLoading]);
export const LoadFailed = story(props({ state: 'failed' }), [messages.companyProfileLoadFailed, messages.tryAgain]);
export const Loaded = story(props(loaded), [
  messages.companyProfileHeading,
  messages.companySaveProfile,
  messages.companyPasswordHeading,
  messages.companyExport,
  messages.companyDeleteWarning,
]);
const unverified: AccountLoad = { ...loaded, profile: { ...PROFILE, email_verified: false, logo: { url: '/files/logo' } } };
export const UnverifiedWithLogo = story(props(unverified), [messages.companyEmailUnverified, messages.companyVerifySubmit, messages.companyResend]);
export const WrongCode = story(
  props(unverified, {
    verifyForm: form(verifyEmailForm, [on.type('verify_email_code', '4821'), on.submit, on.submitRejected('verify_email_code', messages.codeIncorrect(4))]),
  }),
  [messages.codeIncorrect(4)],
);
export const ResendWait = story(props(unverified, { resendForm: form(resendForm, [on.submit, on.submitRejected('verify_email_code', messages.resendWait(42))]) }), [messages.resendWait(42)]);
export const ProfileFieldError = story(
  props(loaded, { profileForm: form(companyProfileForm, [...filledProfile, on.type('cac_number', 'CAC-1'), on.submit]) }),
  [messages.companyCacInvalid],
);
export const ProfileSaving = story(props(loaded, { profileForm: form(companyProfileForm, [...filledProfile, on.submit]) }), [messages.submitting]);
export const LogoUploading = story(props(loaded, { logo: { busy: true, error: null } }), [messages.submitting]);
export const LogoRefused = story(props(loaded, { logo: { busy: false, error: messages.companyLogoTooLarge } }), [messages.companyLogoTooLarge]);
export const PasswordWrong = story(
  props(loaded, {
    passwordForm: form(companyPasswordForm, [
      on.type('current_password', 'not-it-at-all'),
      on.type('new_password', 'a-brand-new-passphrase'),
      on.submit,
      on.submitRejected('current_password', messages.companyCurrentPasswordWrong),
    ]),
  }),
  [messages.companyCurrentPasswordWrong],
);
export const Exporting = story(props(loaded, { exportForm: form(exportForm, [on.submit]) }), [messages.submitting]);
export const DeleteNeedsPassword = story(props(loaded, { deleteForm: form(companyDeleteForm, [on.submit]) }), [messages.passwordToConfirm]);
export const Deleting = story(props(loaded, { deleteForm: form(companyDeleteForm, [on.type('password', 'ogba-bakes-at-dawn-42'), on.submit]) }), [messages.submitting]);
