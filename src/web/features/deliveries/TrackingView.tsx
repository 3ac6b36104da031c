/**
 * The public tracking page: the reference, the status in words, from → to, the pickup time,
 * the price and payment, and the timeline. Anyone with the link (it is shared on WhatsApp) sees
 * it, so it shows no phone number, e-mail or street address.
 */
import type { Tracking, TrackingPlace, TrackingViewState } from '../../../../machines/deliveries/trackingMachine';
import { bookingMessages as b } from '../../../shared/deliveries/bookingMessages';
import { formatNaira } from '../../../shared/deliveries/messages';
import { PAYMENTS, type Payment } from '../../../shared/deliveries/rateCard';
import './deliveries.css';

export interface TrackingViewProps {
  state: TrackingViewState;
  tracking: Tracking | null;
  retry: () => void;
}

const statusText = (status: string): string => b.statuses[status] ?? b.unknownStatus;

export function placeText(place: TrackingPlace): string {
  if (place.country) return [place.city, b.countries[place.country as keyof typeof b.countries] ?? place.country].filter(Boolean).join(', ');
  return [place.area, place.state].filter(Boolean).join(', ');
}

/** "Mon 1 Dec, 14:30" in Lagos time (UTC+1 all year), the same in every browser. */
export function lagosDateTime(iso: string): string {
  const at = new Date(Date.parse(iso) + 3_600_000);
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][at.getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][at.getUTCMonth()];
  const time = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
  return `${day} ${at.getUTCDate()} ${month}, ${time}`;
}

const paymentText = (payment: string) => ((PAYMENTS as readonly string[]).includes(payment) ? b.payments[payment as Payment] : payment);

function Shown({ tracking }: { tracking: Tracking }) {
  return (
    <div className="card tracking-card">
      <dl className="send-facts">
        <dt>{b.reference}</dt>
        <dd className="send-reference">{tracking.reference}</dd>
        <dt>{b.status}</dt>
        <dd>{statusText(tracking.status)}</dd>
        <dt>{b.from}</dt>
        <dd>{placeText(tracking.pickup)}</dd>
        <dt>{b.to}</dt>
        <dd>{placeText(tracking.dropoff)}</dd>
        <dt>{b.pickupTime}</dt>
        <dd>{tracking.pickup_at ? lagosDateTime(tracking.pickup_at) : b.pickupAsap}</dd>
        <dt>{b.price}</dt>
        <dd>
          {formatNaira(tracking.price_kobo)}, {paymentText(tracking.payment)}
        </dd>
      </dl>
      <h2>{b.timeline}</h2>
      <ol className="tracking-timeline">
        {tracking.events.map((e, i) => (
          <li key={i}>
            <time dateTime={e.at}>{lagosDateTime(e.at)}</time> {statusText(e.status)}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function TrackingView({ state, tracking, retry }: TrackingViewProps) {
  return (
    <section className="section tracking" aria-labelledby="tracking-title">
      <div className="container narrow">
        <h1 id="tracking-title">{b.trackingTitle}</h1>
        {state === 'loading' ? <p role="status">{b.trackingLoading}</p> : null}
        {state === 'notFound' ? <p role="alert">{b.trackingNotFound}</p> : null}
        {state === 'failed' ? (
          <>
            <p role="alert">{b.trackingFailed}</p>
            <button type="button" className="btn" onClick={retry}>
              {b.trackingRetry}
            </button>
          </>
        ) : null}
        {state === 'shown' && tracking ? <Shown tracking={tracking} /> : null}
      </div>
    </section>
  );
}
