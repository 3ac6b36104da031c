/** /ops/newsletter: subscribers, the CSV export and unsubscribing someone. */
import { NewsletterScreen } from '../../features/ops/NewsletterView';

export default function OpsNewsletter() {
  return <NewsletterScreen />;
}
