/** /ops/set-password?token=…: a staff member sets their password with their one-time link. */
import { useSearch } from '@tanstack/react-router';
import { SetPasswordScreen } from '../../features/ops/SetPasswordView';

export default function OpsSetPassword() {
  const { token } = useSearch({ strict: false }) as { token?: unknown };
  return <SetPasswordScreen token={typeof token === 'string' && token !== '' ? token : null} />;
}
