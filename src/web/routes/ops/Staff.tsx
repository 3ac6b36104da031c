/** /ops/staff: staff members, invitations and removal, admins only. */
import { StaffScreen } from '../../features/ops/StaffView';

export default function OpsStaff() {
  return <StaffScreen />;
}
