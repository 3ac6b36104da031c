import { useEffect, useState } from 'react';
import { INVITE_PARAM } from '../../shared/invitations';
import { CompanySignupPage } from '../features/companies/CompanySignupPage';
import { CompanyNotOpen } from './CompanyNotOpen';

/**
 * /company-signup: with an invitation link, the invited company's sign-up (a dead
 * link says so and how to get a new one); without one, company sign-up is not open.
 */
export default function CompanySignup() {
  // Read after the first render, like everything that differs between server and browser.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get(INVITE_PARAM)), []);
  return token ? <CompanySignupPage invite={token} /> : <CompanyNotOpen title="Company sign-up" />;
}
