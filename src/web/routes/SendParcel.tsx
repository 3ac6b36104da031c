import { SendParcelPage } from '../features/deliveries/SendParcelPage';

/** /send-a-parcel: price a delivery and book it, without an account. */
export default function SendParcel() {
  return <SendParcelPage />;
}
