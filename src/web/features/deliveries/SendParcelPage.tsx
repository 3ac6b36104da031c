/** /send-a-parcel: the booking machine on the page. */
import { SendParcelView } from './SendParcelView';
import { useBooking } from './useBooking';

export function SendParcelPage() {
  const { view, send } = useBooking();
  return <SendParcelView view={view} send={send} />;
}
