/** /company-dashboard/account: the company's own account. */
import { useNavigate } from '@tanstack/react-router';
import { paths } from '../../../shared/routes';
import { ApiKeysSection } from './ApiKeysSection';
import { CompanyAccountView } from './CompanyAccountView';
import { useCompanyAccount } from './useCompanyAccount';

export function CompanyAccountPage() {
  const navigate = useNavigate();
  const account = useCompanyAccount({ goHome: () => void navigate({ to: paths.home, replace: true }) });
  return <CompanyAccountView {...account} apiKeys={<ApiKeysSection />} />;
}
