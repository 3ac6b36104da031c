import { Placeholder } from './Placeholder';

export default function PrivacyPolicy() {
  return <Placeholder title="Privacy Policy" />;
}
