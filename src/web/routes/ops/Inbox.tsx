/** /ops/inbox: the console's inbox; polls so new items appear without a reload. */
import type { InboxListItem } from '../../../shared/inbox';
import { INBOX_LIST_PATH, InboxListView } from '../../features/ops/InboxListView';
import { useOpsList } from '../../features/ops/useOpsList';

export default function OpsInbox() {
  const { view, send } = useOpsList<InboxListItem>(INBOX_LIST_PATH, { poll: true });
  return <InboxListView list={view} sendList={send} />;
}
