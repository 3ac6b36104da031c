/** /ops/waitlist: the waitlist and its invitations (issue 11). */
import { WaitlistScreen } from '../../features/ops/WaitlistView';

export default function OpsWaitlist() {
  return <WaitlistScreen />;
}
