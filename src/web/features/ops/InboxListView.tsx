/**
 * The console's inbox: enquiries, quotes and waitlist entries, newest first, filtered
 * by kind, status and assignee, searched by name, e-mail or text. The list is the console list
 * machine (polling, so new items appear by themselves); this view draws its view model and
 * sends its events.
 */
import { Link } from '@tanstack/react-router';
import type { PagedListView } from '../../../../machines/kit/pagedListMachine';
import { INBOX_KINDS, INBOX_STATUSES, inboxKindLabels, inboxStatusLabels, type InboxListItem, type InboxStatus } from '../../../shared/inbox';
import { messages } from '../../../shared/messages';
import { opsPaths } from '../../../shared/opsPaths';
import { formatWhen, OpsFilter, OpsList, OpsSearch } from './OpsList';
import { OpsTable } from './OpsTable';
import type { OpsListSend } from './useOpsList';
import './inbox.css';

/** The console's API path of the list (the client adds /api/ops). */
export const INBOX_LIST_PATH = '/inbox';

const statusTone: Record<InboxStatus, 'new' | 'good' | undefined> = { new: 'new', open: undefined, answered: 'good', closed: undefined };

export function InboxStatusBadge({ status }: { status: InboxStatus }) {
  return (
    <span className="ops-badge" data-tone={statusTone[status]}>
      {inboxStatusLabels[status]}
    </span>
  );
}

const kindOptions = [{ value: '', label: messages.opsInboxAnyKind }, ...INBOX_KINDS.map((k) => ({ value: k, label: inboxKindLabels[k] }))];
const statusOptions = [{ value: '', label: messages.opsInboxAnyStatus }, ...INBOX_STATUSES.map((s) => ({ value: s, label: inboxStatusLabels[s] }))];
const assigneeOptions = [
  { value: '', label: messages.opsInboxAssigneeAny },
  { value: 'me', label: messages.opsInboxAssigneeMe },
  { value: 'none', label: messages.opsInboxAssigneeNone },
];

export function InboxListView({ list, sendList }: { list: PagedListView<InboxListItem>; sendList: OpsListSend }) {
  const filter = (name: string) => (value: string) => sendList({ type: 'SET_FILTER', name, value });
  return (
    <section aria-labelledby="ops-inbox-heading">
      <h1 id="ops-inbox-heading">{messages.opsInboxHeading}</h1>
      <div className="ops-toolbar">
        <OpsSearch value={list.filters.q ?? ''} label={messages.opsInboxSearchLabel} onSearch={filter('q')} />
        <OpsFilter id="ops-inbox-kind" label={messages.opsInboxKind} value={list.filters.kind ?? ''} options={kindOptions} onChange={filter('kind')} />
        <OpsFilter id="ops-inbox-status" label={messages.opsInboxStatus} value={list.filters.status ?? ''} options={statusOptions} onChange={filter('status')} />
        <OpsFilter id="ops-inbox-assignee" label={messages.opsInboxAssignee} value={list.filters.assignee ?? ''} options={assigneeOptions} onChange={filter('assignee')} />
      </div>
      <OpsList view={list} send={sendList} label={messages.opsInboxHeading} empty={messages.opsInboxEmpty}>
        {(items) => (
          <OpsTable
            caption={messages.opsInboxHeading}
            className="ops-inbox-table"
            columns={[messages.opsInboxFrom, messages.opsInboxKind, messages.opsInboxMessage, messages.opsInboxStatus, messages.opsInboxAssignee, messages.opsInboxReceived]}
          >
            {items.map((item) => (
              <tr key={item.id} data-status={item.status}>
                <td data-label={messages.opsInboxFrom}>
                  <Link to={`${opsPaths.inbox}/$id`} params={{ id: item.id }}>
                    {item.name}
                  </Link>
                  <div className="ops-muted">{item.email}</div>
                </td>
                <td data-label={messages.opsInboxKind}>{inboxKindLabels[item.kind]}</td>
                <td data-label={messages.opsInboxMessage} className="ops-inbox-excerpt">
                  {item.excerpt || <span className="ops-muted">{messages.opsInboxNoMessage}</span>}
                </td>
                <td data-label={messages.opsInboxStatus}>
                  <InboxStatusBadge status={item.status} />
                </td>
                <td data-label={messages.opsInboxAssignee}>{item.assignee?.email ?? <span className="ops-muted">{messages.opsInboxUnassigned}</span>}</td>
                <td data-label={messages.opsInboxReceived}>
                  <time dateTime={item.createdAt}>{formatWhen(item.createdAt)}</time>
                </td>
              </tr>
            ))}
          </OpsTable>
        )}
      </OpsList>
    </section>
  );
}
