import { Placeholder } from './Placeholder';

export default function CompanyWaitlist() {
  return <Placeholder title="Join the company waitlist" />;
}
