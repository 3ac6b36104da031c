import { Placeholder } from './Placeholder';

export default function CompanySignup() {
  return <Placeholder title="Company sign-up" />;
}
