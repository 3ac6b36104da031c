/**
 * The company's bookings on the dashboard's "Deliveries" tab: each with its reference, from → to,
 * status in words, price and booked date; "Load more" by cursor; an empty state that leads to
 * "Send a parcel"; a failed load with a retry. Drawn from the view model of
 * machines/deliveries/companyDeliveriesMachine.ts; every action is an event sent to it.
 *
 * Contract: `<CompanyDeliveriesList />` loads GET /api/companies/me/deliveries itself.
 */
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { InspectionEvent } from 'xstate';
import type { CompanyDeliveriesEvent, CompanyDeliveriesView, CompanyDeliveryItem } from '../../../../machines/deliveries/companyDeliveriesMachine';
import { bookingMessages as b } from '../../../shared/deliveries/bookingMessages';
import { companyDeliveriesMessages as m } from '../../../shared/deliveries/companyDeliveriesMessages';
import { formatNaira } from '../../../shared/deliveries/messages';
import { paths } from '../../../shared/routes';
import { useCompanyDeliveries } from './useCompanyDeliveries';
import './companyDeliveries.css';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "1 Dec 2026": the day in Lagos (UTC+1 all year), the same in every browser. */
export function lagosDate(iso: string): string {
  const at = new Date(Date.parse(iso) + 3_600_000);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** Where a parcel goes: a Lagos area, or "London, United Kingdom". */
export function dropoffText(dropoff: CompanyDeliveryItem['dropoff']): string {
  if (dropoff.country) return [dropoff.city, b.countries[dropoff.country as keyof typeof b.countries] ?? dropoff.country].filter(Boolean).join(', ');
  return dropoff.area ?? '';
}

export const statusText = (status: string): string => b.statuses[status] ?? b.unknownStatus;

function DeliveryItem({ delivery }: { delivery: CompanyDeliveryItem }) {
  return (
    <li className="company-delivery">
      <p className="company-delivery-head">
        <span className="company-delivery-ref">{delivery.reference}</span>
        <span className="company-delivery-status">{statusText(delivery.status)}</span>
      </p>
      <p className="company-delivery-route">{m.route(delivery.pickup.area, dropoffText(delivery.dropoff))}</p>
      <p className="company-delivery-meta">
        <strong>{formatNaira(delivery.price_kobo)}</strong> · {m.booked(lagosDate(delivery.created_at))}
      </p>
    </li>
  );
}

export interface CompanyDeliveriesListViewProps {
  view: CompanyDeliveriesView;
  send: (event: CompanyDeliveriesEvent) => void;
}

export function CompanyDeliveriesListView({ view, send }: CompanyDeliveriesListViewProps) {
  const titleId = useId();
  const { state, items } = view;
  return (
    <section className="card company-deliveries" aria-labelledby={titleId} aria-busy={view.busy}>
      <h2 id={titleId}>{m.heading}</h2>
      {state === 'loading' ? <p role="status">{m.loading}</p> : null}
      {state === 'failed' ? (
        <div role="alert">
          <p>{m.loadFailed}</p>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>
            {m.tryAgain}
          </button>
        </div>
      ) : null}
      {state === 'empty' ? (
        <div className="company-deliveries-empty">
          <p>{m.empty}</p>
          <Link to={paths.sendParcel} className="btn">
            {m.sendParcel}
          </Link>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul className="company-deliveries-list">
          {items.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      ) : null}
      {state === 'moreFailed' ? <p role="alert">{m.moreFailed}</p> : null}
      {view.canLoadMore ? (
        <button type="button" className="btn btn-secondary company-deliveries-more" disabled={state === 'loadingMore'} onClick={() => send({ type: 'MORE' })}>
          {state === 'loadingMore' ? m.loading : m.loadMore}
        </button>
      ) : null}
    </section>
  );
}

/** The signed-in company's bookings, loaded on mount. `inspect` is for tests. */
export function CompanyDeliveriesList({ inspect }: { inspect?: (event: InspectionEvent) => void } = {}) {
  const { view, send } = useCompanyDeliveries({ inspect });
  return <CompanyDeliveriesListView view={view} send={send} />;
}
