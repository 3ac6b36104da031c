/** /company-signup?invite=TOKEN with a token: the sign-up machine on the page. */
import { useNavigate } from '@tanstack/react-router';
import { companyPaths } from '../../../shared/routes';
import { CompanySignupView } from './CompanySignupView';
import { useCompanySignup } from './useCompanySignup';

export function CompanySignupPage({ invite }: { invite: string }) {
  const navigate = useNavigate();
  const { view, send } = useCompanySignup({ invite, goToDashboard: () => void navigate({ to: companyPaths.search, replace: true }) });
  return <CompanySignupView view={view} send={send} />;
}
