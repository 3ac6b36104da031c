/** /ops/newsletter: subscribers, the CSV export and unsubscribing someone (issue 11). */
import { NewsletterScreen } from '../../features/ops/NewsletterView';

export default function OpsNewsletter() {
  return <NewsletterScreen />;
}
