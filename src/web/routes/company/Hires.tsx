/**
 * /company-dashboard/hires: the company's hire requests and engagements. The reviews
 * feature supplies `reviewSlot` (drawn under an ended engagement) here.
 */
import { CompanyHires as HiresList } from '../../features/hiring/HiresList';
import { ReviewWindow } from '../../features/reviews/ReviewWindow';

export default function CompanyHires() {
  // The page sits in the layout's <main> and the company frame's tabs.
  // Under an ended engagement: the double-blind review window (the card's title is an h3).
  return <HiresList reviewSlot={(engagement) => <ReviewWindow engagementId={engagement.id} side="company" headingLevel={4} />} />;
}
