/** /ops/inbox/$id: one inbox item in the console. */
import { useParams } from '@tanstack/react-router';
import { InboxItemView } from '../../features/ops/InboxItemView';
import { useInboxItem } from '../../features/ops/useInboxItem';

function ItemPage({ id }: { id: string }) {
  const { view, send } = useInboxItem(id);
  return <InboxItemView view={view} send={send} />;
}

export default function OpsInboxItem() {
  const { id } = useParams({ strict: false }) as { id?: string };
  // A new id is a new item: a fresh machine.
  return id ? <ItemPage key={id} id={id} /> : null;
}
