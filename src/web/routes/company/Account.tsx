import { CompanyAccountPage } from '../../features/companies/CompanyAccountPage';

/** /company-dashboard/account: profile and logo, password, data export, deletion. */
export default function CompanyAccount() {
  return <CompanyAccountPage />;
}
