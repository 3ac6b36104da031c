/** /ops/rate-card: the delivery rate card (admins edit, dispatchers read). */
import { OpsRateCardScreen } from '../../features/ops/RateCardView';

export default function OpsRateCard() {
  return <OpsRateCardScreen />;
}
