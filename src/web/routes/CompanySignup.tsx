import { useEffect, useState } from 'react';
import { INVITE_PARAM } from '../../shared/invitations';
import { InvitationPage } from '../features/invitation/InvitationNotice';
import { CompanyNotOpen } from './CompanyNotOpen';

/** /company-signup: with an invitation link, what the link says; without one, not open yet. */
export default function CompanySignup() {
  // Read after the first render, like everything that differs between server and browser.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get(INVITE_PARAM)), []);
  return token ? <InvitationPage token={token} /> : <CompanyNotOpen title="Company sign-up" />;
}
