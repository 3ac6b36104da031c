/**
 * /rider-dashboard (spec §2 'Rider dashboard'): the dashboard's machines' view. The
 * route's guards (router.tsx, auth/guards.ts) send a logged-out visitor to /login and an
 * incomplete profile to /rider-signup at its step; the profile machine does the same if the
 * profile it loads turns out incomplete.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { openEventFor } from '../../../machines/profile/profileModals';
import { signupAt } from '../../shared/destination';
import { messages } from '../../shared/messages';
import { paths, riderPaths } from '../../shared/routes';
import { LazyAvailabilityCard } from '../features/deliveries/LazyAvailabilityCard';
import { RiderHires } from '../features/hiring/HiresList';
import { DashboardView } from '../features/profile/DashboardView';
import { LazyReviewWindow } from '../features/reviews/LazyReviewWindow';
import { useDashboard } from '../features/profile/useDashboard';
import { WaitingForYou } from '../features/profile/WaitingForYou';
import { forgetWaitingItem, waitingItemOf } from '../kit/session/waitingLink';

export default function RiderDashboard() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  // The item an e-mail linked to (kept through a login). Read, not taken: a second mount of this
  // route must find it too; it is forgotten once WaitingForYou has focused it.
  const [focusKey] = useState(() => waitingItemOf(search));
  const dashboard = useDashboard({
    goToSignup: (currentTab) => void navigate({ ...signupAt(currentTab), replace: true }),
    goHome: () => void navigate({ to: paths.home, replace: true }),
  });
  const profile = dashboard.profile.profile;
  const uploadId = () => {
    if (profile && dashboard.edit.state === 'closed') dashboard.send(openEventFor('personalInfo', profile, null));
  };
  return (
    <DashboardView
      {...dashboard}
      googleSignInUrl="/api/auth/google"
      origin={typeof window === 'undefined' ? '' : window.location.origin}
      waiting={<WaitingForYou focusKey={focusKey} onUploadId={uploadId} onFocused={forgetWaitingItem} />}
      deliveries={
        // Its code loads once the profile is drawn (it sits below it); the link stands meanwhile.
        <LazyAvailabilityCard>
          <Link to={riderPaths.jobs} className="btn">
            {messages.riderDeliveries}
          </Link>
        </LazyAvailabilityCard>
      }
    >
      {/* Hire requests from companies, and engagements; "Your data" comes after them, last.
          The review window's code loads with the first ended engagement. */}
      <RiderHires reviewSlot={(engagement) => <LazyReviewWindow engagementId={engagement.id} side="rider" headingLevel={4} />} />
    </DashboardView>
  );
}
