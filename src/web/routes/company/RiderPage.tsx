/**
 * /company-dashboard/riders/$username: a rider's page for companies. Composes the
 * profile (features/companySearch) with the hire request panel (features/hiring) and the
 * published reviews (features/reputation), shown once the rider is loaded.
 */
import { useParams } from '@tanstack/react-router';
import { CompanyRiderView } from '../../features/search/CompanyRiderView';
import { useCompanyRider } from '../../features/search/useCompanyRider';
import { HireRequestPanel } from '../../features/hiring/HireRequestPanel';
import { RiderReviewsList } from '../../features/riders/RiderReviewsList';

export default function CompanyRiderPage() {
  const { username } = useParams({ strict: false }) as { username: string };
  const { state, retry, toggleShortlist } = useCompanyRider(username);
  const loaded = state.status === 'loaded' ? state.rider : null;
  return (
    <CompanyRiderView
      state={state}
      onRetry={retry}
      onToggleShortlist={toggleShortlist}
      hireSlot={loaded ? <HireRequestPanel username={loaded.username} displayName={loaded.display_name} /> : null}
      reviewsSlot={loaded ? <RiderReviewsList username={loaded.username} /> : null}
    />
  );
}
