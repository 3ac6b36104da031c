/** /ops/waitlist: the waitlist and its invitations. */
import { WaitlistScreen } from '../../features/ops/WaitlistView';

export default function OpsWaitlist() {
  return <WaitlistScreen />;
}
