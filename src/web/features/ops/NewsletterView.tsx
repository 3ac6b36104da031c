/**
 * The console's newsletter: subscribers newest first, searched by address, the CSV
 * export, and Unsubscribe per row, which asks for the password or a fresh code (a deletion).
 * The list is the console list machine, the unsubscribe the row-action machine; this view draws
 * their view models and sends their events.
 */
import { toast } from '../../kit/components/toast';
import type { InspectionEvent } from 'xstate';
import type { PagedListView } from '../../../../machines/kit/pagedListMachine';
import type { RowActionView } from '../../../../machines/kit/rowActionMachine';
import type { MessageResponse } from '../../../shared/api';
import { messages } from '../../../shared/messages';
import type { OpsSubscriber } from '../../../shared/opsNewsletter';
import { downloadFromOps, opsApi } from './opsApi';
import { formatWhen, OpsList, OpsSearch } from './OpsList';
import { OpsTable } from './OpsTable';
import { StepUpRowButton, StepUpRowDialog } from './StepUpRowAction';
import { useOpsList, type OpsListSend } from './useOpsList';
import { useRowAction, type RowActionSend } from './useRowAction';
import './outreach.css';

interface NewsletterViewProps {
  list: PagedListView<OpsSubscriber>;
  sendList: OpsListSend;
  action: RowActionView;
  sendAction: RowActionSend;
  onExport: () => void;
}

export function NewsletterView({ list, sendList, action, sendAction, onExport }: NewsletterViewProps) {
  const columns = messages.opsNewsletterColumns;
  return (
    <section aria-labelledby="ops-newsletter-heading">
      <h1 id="ops-newsletter-heading">{messages.opsNewsletterHeading}</h1>
      <div className="ops-toolbar">
        <OpsSearch value={list.filters.q ?? ''} label={messages.opsNewsletterSearchHelp} onSearch={(q) => sendList({ type: 'SET_FILTER', name: 'q', value: q })} />
        <button type="button" className="btn btn-secondary" onClick={onExport}>
          {messages.opsNewsletterExport}
        </button>
      </div>
      <OpsList view={list} send={sendList} label={messages.opsNewsletterHeading}>
        {(items) => (
          <OpsTable caption={messages.opsNewsletterHeading} columns={[columns.email, columns.since, columns.source, columns.actions]}>
            {items.map((subscriber) => (
              <tr key={subscriber.id} aria-busy={action.busyRowId === subscriber.id}>
                <td data-label={columns.email}>{subscriber.email}</td>
                <td data-label={columns.since}>{formatWhen(subscriber.createdAt)}</td>
                <td data-label={columns.source}>{subscriber.sourcePath ?? '—'}</td>
                <td data-label={columns.actions}>
                  <div className="ops-row-actions">
                    <StepUpRowButton
                      action={action}
                      sendAction={sendAction}
                      rowId={subscriber.id}
                      name="unsubscribe"
                      subject={subscriber.email}
                      label={messages.opsNewsletterUnsubscribe}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </OpsTable>
        )}
      </OpsList>
      <StepUpRowDialog
        action={action}
        sendAction={sendAction}
        title={messages.opsNewsletterUnsubscribeTitle}
        confirmLabel={messages.opsNewsletterUnsubscribe}
        help={messages.opsNewsletterUnsubscribeHelp}
      />
    </section>
  );
}

/** The screen: the list, the export and the unsubscribe wired to the API. */
export function NewsletterScreen({ inspectList, inspectAction }: { inspectList?: (e: InspectionEvent) => void; inspectAction?: (e: InspectionEvent) => void }) {
  const { view: list, send: sendList } = useOpsList<OpsSubscriber>('/newsletter', { inspect: inspectList });
  const { view: action, send: sendAction } = useRowAction({
    perform: (request, confirmation) => opsApi<MessageResponse>(`/newsletter/${request.rowId}`, { method: 'DELETE', body: { confirmation: confirmation ?? '' } }),
    onApplied: () => sendList({ type: 'REFRESH' }),
    inspect: inspectAction,
  });
  const onExport = () => {
    downloadFromOps('/newsletter/export.csv', 'newsletter-subscribers.csv').catch(() => toast.error(messages.opsNewsletterExportFailed));
  };
  return <NewsletterView list={list} sendList={sendList} action={action} sendAction={sendAction} onExport={onExport} />;
}
