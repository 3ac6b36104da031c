import { useParams } from '@tanstack/react-router';
import { TrackingPage } from '../features/deliveries/TrackingPage';

/** /track/{token}: a delivery's public tracking page (the link in the sender's e-mail). */
export default function Track() {
  const { token } = useParams({ strict: false }) as { token?: string };
  return <TrackingPage key={token} token={token ?? ''} />;
}
