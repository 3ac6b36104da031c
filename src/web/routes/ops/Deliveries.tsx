/** /ops/deliveries (and /ops/deliveries/$id, its child): the dispatch board, a delivery open beside it when the address names one. */
import { useParams } from '@tanstack/react-router';
import { DispatchBoardPage } from '../../features/ops/DispatchBoardPage';

export default function OpsDeliveries() {
  const { id } = useParams({ strict: false }) as { id?: string };
  return <DispatchBoardPage deliveryId={id ?? null} />;
}
