/**
 * /company-dashboard/hires (issue 12): the company's hire requests and engagements. The reviews
 * feature supplies `reviewSlot` (drawn under an ended engagement) here.
 */
import { CompanyHires as HiresList } from '../../features/hiring/HiresList';

export default function CompanyHires() {
  // The page sits in the layout's <main> and the company frame's tabs.
  return <HiresList />;
}
