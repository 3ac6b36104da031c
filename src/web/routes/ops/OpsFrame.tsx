/** /ops and everything below it: the console's own frame. */
import { OpsShell } from '../../features/ops/OpsShell';

export default function OpsFrame() {
  return <OpsShell />;
}
