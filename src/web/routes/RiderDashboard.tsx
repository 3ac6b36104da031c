/**
 * /rider-dashboard (spec §2 'Rider dashboard'): the dashboard's machines' view. The
 * route's guards (router.tsx, auth/guards.ts) send a logged-out visitor to /login and an
 * incomplete profile to /rider-signup at its step; the profile machine does the same if the
 * profile it loads turns out incomplete.
 */
import { useNavigate } from '@tanstack/react-router';
import { signupAt } from '../../shared/destination';
import { paths } from '../../shared/routes';
import { RiderHires } from '../features/hiring/HiresList';
import { DashboardView } from '../features/profile/DashboardView';
import { LazyReviewWindow } from '../features/reviews/LazyReviewWindow';
import { useDashboard } from '../features/profile/useDashboard';

export default function RiderDashboard() {
  const navigate = useNavigate();
  const dashboard = useDashboard({
    goToSignup: (currentTab) => void navigate({ ...signupAt(currentTab), replace: true }),
    goHome: () => void navigate({ to: paths.home, replace: true }),
  });
  return (
    <DashboardView {...dashboard} googleSignInUrl="/api/auth/google" origin={typeof window === 'undefined' ? '' : window.location.origin}>
      {/* Hire requests from companies, and engagements; "Your data" comes after them, last.
          The review window's code loads with the first ended engagement. */}
      <RiderHires reviewSlot={(engagement) => <LazyReviewWindow engagementId={engagement.id} side="rider" headingLevel={4} />} />
    </DashboardView>
  );
}
