import { CompanyNotOpen } from './CompanyNotOpen';

export default function CompanySignup() {
  return <CompanyNotOpen title="Company sign-up" />;
}
