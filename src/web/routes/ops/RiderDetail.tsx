/** /ops/riders/$id: one rider in the console: profile, ID check, suspension. */
import { useParams } from '@tanstack/react-router';
import { RiderDetailView } from '../../features/ops/RiderDetailView';
import { openRiderDocument, useRiderDetail } from '../../features/ops/useRiderDetail';

function RiderPage({ riderId }: { riderId: string }) {
  const { view, send } = useRiderDetail(riderId);
  return <RiderDetailView view={view} send={send} onOpenDocument={(doc) => openRiderDocument(riderId, doc)} />;
}

export default function OpsRiderDetail() {
  const { id } = useParams({ strict: false }) as { id?: string };
  // A new id is a new rider: a fresh machine.
  return id ? <RiderPage key={id} riderId={id} /> : null;
}
