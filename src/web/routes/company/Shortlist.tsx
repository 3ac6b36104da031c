/** /company-dashboard/shortlist: the riders this company shortlisted, the latest first. */
import { EMPTY_FILTERS } from '../../../shared/riderSearch';
import { ShortlistScreen } from '../../features/search/RiderSearchView';
import { useRiderSearch } from '../../features/search/useRiderSearch';

const noPublish = () => undefined;

export default function CompanyShortlist() {
  const { view, send } = useRiderSearch({ source: 'shortlist', filters: EMPTY_FILTERS, publish: noPublish });
  return <ShortlistScreen view={view} send={send} />;
}
