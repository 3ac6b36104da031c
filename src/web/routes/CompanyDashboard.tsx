import { CompanyNotOpen } from './CompanyNotOpen';

export default function CompanyDashboard() {
  return <CompanyNotOpen title="Company dashboard" />;
}
