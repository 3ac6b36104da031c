import { Placeholder } from './Placeholder';

export default function RiderDashboard() {
  return <Placeholder title="Rider dashboard" />;
}
