import { Placeholder } from './Placeholder';

export default function RiderSignup() {
  return <Placeholder title="Rider sign-up" />;
}
