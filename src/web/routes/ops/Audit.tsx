/** /ops/audit: the audit log of every staff action, admins only, read only. */
import { AuditScreen } from '../../features/ops/AuditView';

export default function OpsAudit() {
  return <AuditScreen />;
}
