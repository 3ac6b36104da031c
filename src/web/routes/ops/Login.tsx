/**
 * /ops/login: the staff sign-in with a second factor. `?expired=1` says the
 * console's session ended; once signed in the member goes to the inbox.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { opsPaths } from '../../../shared/opsPaths';
import { OpsSignInView } from '../../features/ops/OpsSignInView';
import { useOpsSignIn } from '../../features/ops/useOpsSignIn';

export default function OpsLogin() {
  const navigate = useNavigate();
  const { expired } = useSearch({ strict: false }) as { expired?: unknown };
  const { view, send } = useOpsSignIn({
    expired: expired === '1' || expired === 1 || expired === true,
    onSignedIn: () => void navigate({ to: opsPaths.inbox, replace: true }),
  });
  return <OpsSignInView view={view} send={send} />;
}
