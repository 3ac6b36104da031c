import { useRouterState } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { INVITE_PARAM } from '../../shared/invitations';
import { CompanySignupPage } from '../features/companies/CompanySignupPage';
import { CompanyNotOpen } from './CompanyNotOpen';

/**
 * /company-signup: with an invitation link, the invited company's sign-up (a dead
 * link says so and how to get a new one); without one, company sign-up is not open.
 *
 * The invitation is read from the address in the first render: the server sends each case its
 * own prerendered HTML (src/shared/routes.ts formQueryPages: "Checking your invitation" with one,
 * how companies join without), so the first render matches the HTML it hydrates, and an invited
 * company never sees the "join by invitation" page flash first. The token itself is never in the
 * HTML (the prerender used a stand-in; the check shows no token).
 */
export default function CompanySignup(): ReactElement {
  const token: string | null = useRouterState({ select: (state): string | null => new URLSearchParams(state.location.searchStr).get(INVITE_PARAM) });
  return token ? <CompanySignupPage invite={token} /> : <CompanyNotOpen title="Company sign-up" />;
}
