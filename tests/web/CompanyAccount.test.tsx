// @vitest-environment jsdom
/**
 * The company account page (/company-dashboard/account) through its real views, hook,
 * form machines, API client and toasts, with only fetch stood in at the network edge: the profile
 * read (and Try again), the profile form filled from it and saved (a rule the browser checks sends
 * nothing; the server's refusal shows under its field), the logo, the password change, the data
 * export and the deletion; and axe on the loaded page.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyProfile } from '../../src/shared/company';
import { messages } from '../../src/shared/messages';
import { auth, authView, setLoginNavigation } from '../../src/web/kit/session/authService';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { CompanyAccountPage } from '../../src/web/features/companies/CompanyAccountPage';
import { StoryRouter } from '../../storybook/support/StoryRouter';
import { TEST_LOCATIONS } from '../machines/companySignupModel';
import { ApiEdge } from './support/apiEdge';
import { pickOption } from './support/combobox';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const TOKEN = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'c1', sid: 's1', user_type: 2, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;
const labels = messages.companyLabels;

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

const edge = new ApiEdge();
const downloads: Blob[] = [];

/**
 * A downloaded Blob's text. On Node 24, fetch's response.blob() makes the global Blob, which
 * jsdom replaces with its own, without text(); jsdom's FileReader reads that one.
 */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function open() {
  render(
    <StoryRouter path="/company-dashboard/account">
      {/* The layout's landmark the page sits in (src/web/kit/components/Layout.tsx). */}
      <main>
        <CompanyAccountPage />
      </main>
      <Toasts />
    </StoryRouter>,
  );
}

const take = (path: string) => waitFor(() => edge.take(path));
async function respond(path: string, status: number, body: unknown) {
  const held = await take(path);
  await act(async () => held.respond(status, body));
  return held;
}
const fail = (field: string, message: string) => ({ error: { field, message } });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const form = (title: string) => screen.getByRole('form', { name: title });
const alertsIn = (title: string) => within(form(title)).queryAllByRole('alert').map((a) => a.textContent);

/** Opens the page and answers its reads (the API keys section's own: tests/web/ApiKeysSection.test.tsx). */
async function loaded(profile: CompanyProfile = PROFILE) {
  open();
  await respond('/api/companies/me', 200, profile);
  await respond('/api/locations', 200, TEST_LOCATIONS);
  await screen.findByRole('heading', { level: 2, name: messages.companyProfileHeading });
  await respond('/api/companies/me/api-keys', 200, { keys: [] });
  await waitFor(() => expect(input(labels.company_name).value).toBe(profile.company_name));
}

beforeAll(() => {
  edge.install();
  setLoginNavigation(() => {});
  window.scrollTo = () => {};
  URL.createObjectURL = (blob: Blob) => {
    downloads.push(blob);
    return 'blob:download';
  };
  URL.revokeObjectURL = () => {};
  // A download link's click: the browser saves the object URL; jsdom would navigate to it instead.
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (!this.download) click.call(this);
  };
});
afterAll(() => edge.uninstall());
beforeEach(() => {
  edge.reset();
  downloads.length = 0;
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  auth.unauthorized();
});

describe('the company account page', () => {
  it('says when the account cannot be read, and Try again reads it', async () => {
    open();
    expect((await screen.findByRole('status')).textContent).toBe(messages.companyAccountLoading);
    await respond('/api/companies/me', 502, fail('alert', messages.submitFailed));
    await respond('/api/locations', 200, TEST_LOCATIONS);
    await screen.findByText(messages.companyProfileLoadFailed);
    fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
    await respond('/api/companies/me', 200, { ...PROFILE, email_verified: false });
    await respond('/api/locations', 200, TEST_LOCATIONS);
    await screen.findByText(messages.companyEmailUnverified);
    expect(screen.getByRole('button', { name: messages.companyVerifySubmit })).toBeTruthy();
    expect(screen.getByText(`${PROFILE.company_name} · ${PROFILE.email}`)).toBeTruthy();
  });

  it('verifies the e-mail from the account page with the code, and asks for a new one', async () => {
    await loaded({ ...PROFILE, email_verified: false });
    const card = () => form(messages.companyCodeHeading);
    expect(within(card()).getByText(messages.companyEmailUnverified)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: messages.companyResend }));
    await respond('/api/companies/me/send-verify-email', 429, fail('verify_email_code', messages.resendWait(42)));
    await waitFor(() => expect(alertsIn(messages.companyCodeHeading)).toEqual([messages.resendWait(42)]));
    fireEvent.click(screen.getByRole('button', { name: messages.companyResend }));
    await respond('/api/companies/me/send-verify-email', 200, { message: messages.verificationCodeSent, resend_after_seconds: 60 });
    await screen.findByText(messages.verificationCodeSent);
    fireEvent.change(input(labels.verify_email_code), { target: { value: '4821' } });
    fireEvent.click(screen.getByRole('button', { name: messages.companyVerifySubmit }));
    const held = await take('/api/companies/me/verify-email');
    expect([held.method, held.body]).toEqual(['PUT', { verify_email_code: '4821' }]);
    await act(async () => held.respond(200, { message: messages.companyVerified, profile: PROFILE }));
    await screen.findByText(messages.companyVerified);
    await waitFor(() => expect(screen.queryByText(messages.companyEmailUnverified)).toBeNull());
  });

  it('fills the profile form from the account, checks it, saves it and shows what the server kept', async () => {
    await loaded();
    expect(input(labels.phone).value).toBe('0803 123 4567');
    expect(input(labels.state).value).toBe('Lagos');
    expect(input(labels.town).value).toBe('Lekki');
    expect(input(labels.cac_number).value).toBe('RC123456');

    // A rule the browser checks: nothing is sent.
    fireEvent.change(input(labels.company_name), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: messages.companySaveProfile }));
    expect(alertsIn(messages.companyProfileHeading)).toEqual([messages.fieldRequired]);
    expect(input(labels.company_name).getAttribute('aria-invalid')).toBe('true');
    expect(edge.held).toEqual([]);

    // A new state empties the area; the server's refusal shows under its field.
    fireEvent.change(input(labels.company_name), { target: { value: 'Lekki Bakes & Co' } });
    pickOption(labels.state, 'Oyo');
    expect(input(labels.town).value).toBe('');
    pickOption(labels.town, 'Ibadan');
    fireEvent.change(input(labels.cac_number), { target: { value: 'bn 7654321' } });
    fireEvent.click(screen.getByRole('button', { name: messages.companySaveProfile }));
    const refused = await take('/api/companies/me');
    expect(refused.method).toBe('PUT');
    expect(refused.body).toEqual({
      company_name: 'Lekki Bakes & Co',
      contact_person: 'Chiamaka Obi',
      phone: '0803 123 4567',
      address: '12 Admiralty Way',
      state: 'Oyo',
      town: 'Ibadan',
      cac_number: 'bn 7654321',
    });
    expect(screen.getByRole('button', { name: messages.submitting })).toBeTruthy();
    await act(async () => refused.respond(400, fail('town', messages.unknownTown('Oyo'))));
    await waitFor(() => expect(alertsIn(messages.companyProfileHeading)).toEqual([messages.unknownTown('Oyo')]));

    fireEvent.click(screen.getByRole('button', { name: messages.companySaveProfile }));
    const saved = { ...PROFILE, company_name: 'Lekki Bakes & Co', state: 'Oyo', town: 'Ibadan', cac_number: 'BN7654321' };
    await respond('/api/companies/me', 200, { message: messages.companyProfileSaved, profile: saved });
    await screen.findByText(messages.companyProfileSaved);
    await waitFor(() => expect(input(labels.cac_number).value).toBe('BN7654321'));
    expect(screen.getByText(`Lekki Bakes & Co · ${PROFILE.email}`)).toBeTruthy();
  });

  it('uploads a chosen logo at once; a large one is refused before it is sent', async () => {
    await loaded();
    fireEvent.change(input(labels.logo), { target: { files: [new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' })] } });
    await screen.findByText(messages.companyLogoTooLarge);
    expect(edge.held).toEqual([]);
    fireEvent.change(input(labels.logo), { target: { files: [new File([new Uint8Array(500)], 'logo.png', { type: 'image/png' })] } });
    const held = await take('/api/companies/me/logo');
    expect(held.method).toBe('POST');
    await act(async () => held.respond(200, { message: messages.companyLogoSaved, profile: { ...PROFILE, logo: { url: '/files/abc' } } }));
    const img = await screen.findByRole('img', { name: `${PROFILE.company_name} logo` });
    expect(img.getAttribute('src')).toBe('/api/files/abc');
    await screen.findByText(messages.companyLogoSaved);
  });

  it('changes the password: a wrong current one under its field, then success clears the form', async () => {
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: messages.companyChangePassword }));
    expect(alertsIn(messages.companyPasswordHeading)).toEqual([messages.fieldRequired, messages.fieldRequired]);
    fireEvent.change(input(labels.current_password), { target: { value: 'not-it-at-all' } });
    fireEvent.change(input(labels.new_password), { target: { value: 'a-brand-new-passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: messages.companyChangePassword }));
    const wrong = await take('/api/companies/me/password');
    expect(wrong.body).toEqual({ current_password: 'not-it-at-all', new_password: 'a-brand-new-passphrase' });
    await act(async () => wrong.respond(400, fail('current_password', messages.companyCurrentPasswordWrong)));
    await waitFor(() => expect(alertsIn(messages.companyPasswordHeading)).toEqual([messages.companyCurrentPasswordWrong]));
    fireEvent.change(input(labels.current_password), { target: { value: 'ogba-bakes-at-dawn-42' } });
    fireEvent.click(screen.getByRole('button', { name: messages.companyChangePassword }));
    await respond('/api/companies/me/password', 200, { message: messages.companyPasswordChanged });
    await screen.findByText(messages.companyPasswordChanged);
    expect(input(labels.current_password).value).toBe('');
    expect(input(labels.new_password).value).toBe('');
  });

  it('downloads the data as a file', async () => {
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: messages.companyExport }));
    const held = await take('/api/companies/me/export');
    expect(held.method).toBe('GET');
    await act(async () => held.respond(200, { format: 'ogba-dispatch-company-export/1' }));
    await screen.findByText(messages.dataDownloaded);
    expect(downloads).toHaveLength(1);
    expect(JSON.parse(await blobText(downloads[0]!))).toEqual({ format: 'ogba-dispatch-company-export/1' });
  });

  it('deletes the account with the password, then forgets the token and leaves', async () => {
    auth.login(TOKEN);
    await respond('/api/users/me', 200, { username: 'lekki-bakes-a1b2c3', email: PROFILE.email, user_type: 2, picture: null, profile_completed: 1, current_tab: 5 });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: messages.companyDelete }));
    expect(alertsIn(messages.companyDeleteHeading)).toEqual([messages.passwordToConfirm]);
    expect(edge.held).toEqual([]);
    fireEvent.change(input(labels.password), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: messages.companyDelete }));
    await respond('/api/companies/me', 400, fail('password', messages.wrongPassword));
    await waitFor(() => expect(alertsIn(messages.companyDeleteHeading)).toEqual([messages.wrongPassword]));
    fireEvent.change(input(labels.password), { target: { value: 'ogba-bakes-at-dawn-42' } });
    fireEvent.click(screen.getByRole('button', { name: messages.companyDelete }));
    const held = await take('/api/companies/me');
    expect([held.method, held.body]).toEqual(['DELETE', { password: 'ogba-bakes-at-dawn-42' }]);
    await act(async () => held.respond(200, { message: messages.accountDeleted }));
    await screen.findByText(messages.accountDeleted);
    expect(authView().signedIn).toBe(false);
  });

  it('has no axe violations, loaded and with errors', async () => {
    const run = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.help}`);
    await loaded({ ...PROFILE, logo: { url: '/files/abc' } });
    expect(await run()).toEqual([]);
    fireEvent.change(input(labels.phone), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: messages.companySaveProfile }));
    fireEvent.click(screen.getByRole('button', { name: messages.companyDelete }));
    await screen.findByText(messages.invalidPhone);
    expect(await run()).toEqual([]);
  });
});
