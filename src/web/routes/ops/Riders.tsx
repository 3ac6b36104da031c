/** /ops/riders: the console's riders. */
import type { OpsRiderListItem } from '../../../shared/opsRiders';
import { RIDERS_LIST_PATH, RidersView } from '../../features/ops/RidersView';
import { useOpsList } from '../../features/ops/useOpsList';

export default function OpsRiders() {
  const { view, send } = useOpsList<OpsRiderListItem>(RIDERS_LIST_PATH);
  return <RidersView list={view} sendList={send} />;
}
