import { Placeholder } from './Placeholder';

export default function CompanyDashboard() {
  return <Placeholder title="Company dashboard" />;
}
