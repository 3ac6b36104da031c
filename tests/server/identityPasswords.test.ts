/**
 * A new password may not be the account's own username or e-mail address:
 * refused under the password field at sign-up, at a reset, and when staff set theirs, with the
 * same rule in the browser's form check (src/shared/validation.ts notSameAsAny).
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { companySignupForm } from '../../src/shared/company';
import { signupForm } from '../../src/shared/signup';
import { validateForm } from '../../src/shared/validation';
import { captchaCookie, createUser, freshEmail, lastEmail, resetTokenFrom } from './authHelpers';
import { describeEachDatabase, errorOf, nextIp, useTestApp } from './helper';
import { freshRider, postCreate } from './signupHelpers';

const IDENTITY = messages.passwordIsIdentity;

describe('the browser check of the sign-up form', () => {
  const base = { username: 'ada_rides', email: 'Ada.Rides@Example.com', password: 'a-long-lagos-passphrase' };
  it.each([
    ['the username', 'ada_rides'],
    ['the username in capitals', 'ADA_RIDES'],
    ['the e-mail', 'ada.rides@example.com'],
    ['the part before the @', 'Ada.Rides'],
  ])('refuses %s as the password', (_name, password) => {
    expect(validateForm(signupForm, { ...base, password })).toEqual({ field: 'password', message: IDENTITY });
  });
  it('the company sign-up refuses the e-mail as the password too', () => {
    const company = { invite: 'x'.repeat(43), company_name: 'Lekki Bakes', contact_person: 'Funmi', email: 'hello@lekkibakes.ng', phone: '08031234567', address: '12 Admiralty Way', state: 'Lagos', town: 'Eti-Osa', cac_number: '' };
    expect(validateForm(companySignupForm, { ...company, password: 'hello@lekkibakes.ng' })).toEqual({ field: 'password', message: IDENTITY });
    expect(validateForm(companySignupForm, { ...company, password: 'HELLO' })?.message).not.toBe(IDENTITY);
  });
  it('accepts a password that only contains the username', () => {
    expect(validateForm(signupForm, { ...base, password: 'ada_rides-on-okada-2026' })).toBeNull();
  });
});

describeEachDatabase('passwords that are the account itself', (kind) => {
  const t = useTestApp(kind, { startWorkers: false });

  it('sign-up refuses the username and the e-mail as the password, under password', async () => {
    const rider = freshRider('identity');
    expect(rider.username.length).toBeGreaterThanOrEqual(8);
    for (const password of [rider.username, rider.email.toUpperCase()]) {
      const ip = nextIp();
      const res = await postCreate(t, { ...rider, password, user_type: '1' }, { ip, cookie: await captchaCookie(t, ip) });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res.body)).toEqual({ field: 'password', message: IDENTITY });
    }
  });

  it('a reset refuses the account e-mail as the new password, under newPassword', async () => {
    const email = freshEmail('identity-reset');
    await createUser(t, { email });
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forget-password', remoteAddress: nextIp(), payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const token = resetTokenFrom((await lastEmail(t, email, 'Reset your password'))!.text);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: nextIp(), payload: { token, newPassword: email } });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res.body)).toEqual({ field: 'newPassword', message: IDENTITY });
  });
});
