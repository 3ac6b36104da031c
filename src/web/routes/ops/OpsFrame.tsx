/** /ops and everything below it: the console's own frame (issue 11). */
import { OpsShell } from '../../features/ops/OpsShell';

export default function OpsFrame() {
  return <OpsShell />;
}
