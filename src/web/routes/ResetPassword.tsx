import { Placeholder } from './Placeholder';

export default function ResetPassword() {
  return <Placeholder title="Reset Password" />;
}
