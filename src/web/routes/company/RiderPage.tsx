/**
 * /company-dashboard/riders/$username: a rider's page for companies (issue 12). Composes the
 * profile (features/companySearch) with the hire request panel (features/hiring) and the
 * published reviews (features/reputation), which other parts of issue 12 build.
 */
import { useParams } from '@tanstack/react-router';
import { CompanyRiderView } from '../../features/companySearch/CompanyRiderView';
import { useCompanyRider } from '../../features/companySearch/useCompanyRider';

export default function CompanyRiderPage() {
  const { username } = useParams({ strict: false }) as { username: string };
  const { state, retry, toggleShortlist } = useCompanyRider(username);
  const loaded = state.status === 'loaded' ? state.rider : null;
  return (
    <CompanyRiderView
      state={state}
      onRetry={retry}
      onToggleShortlist={toggleShortlist}
      // SLOT (issue 12, hiring): <HireRequestPanel username={loaded.username} displayName={loaded.display_name} />
      // from src/web/features/hiring/HireRequestPanel.tsx, once that file exists.
      hireSlot={loaded ? null : null}
      // SLOT (issue 12, reputation): <RiderReviewsList username={loaded.username} />
      // from src/web/features/reputation/RiderReviewsList.tsx, once that file exists.
      reviewsSlot={loaded ? null : null}
    />
  );
}
