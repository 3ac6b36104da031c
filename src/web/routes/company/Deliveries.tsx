import { CompanyDeliveriesList } from '../../features/deliveries/CompanyDeliveriesList';

/** /company-dashboard/deliveries: the company's bookings, newest first. */
export default function CompanyDeliveries() {
  return <CompanyDeliveriesList />;
}
