import { Placeholder } from './Placeholder';

export default function TermsAndConditions() {
  return <Placeholder title="Terms and Conditions" />;
}
