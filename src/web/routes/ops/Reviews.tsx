/** /ops/reviews: the console's reviews, hidden or shown with a reason. */
import { OpsReviewsScreen } from '../../features/ops/ReviewsView';

export default function OpsReviews() {
  return <OpsReviewsScreen />;
}
