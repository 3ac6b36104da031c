/** /rider-dashboard/jobs: the rider's job screen (the route's guard sends anyone else where they belong). */
import { JobScreen } from '../features/deliveries/JobScreen';

export default function RiderJobs() {
  return <JobScreen />;
}
