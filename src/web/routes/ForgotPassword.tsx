import { Placeholder } from './Placeholder';

export default function ForgotPassword() {
  return <Placeholder title="Forgot Password" />;
}
