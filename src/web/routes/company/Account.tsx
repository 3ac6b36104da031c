import { CompanyAccountPage } from '../../features/companies/CompanyAccountPage';

/** /company-dashboard/account (issue 12): profile and logo, password, data export, deletion. */
export default function CompanyAccount() {
  return <CompanyAccountPage />;
}
