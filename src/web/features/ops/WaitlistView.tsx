/**
 * The console's waitlist: entries newest first with their invitation, filtered by
 * status and searched by company or e-mail; per row Invite, Send a new link, Revoke link (asked
 * first). The list is the console list machine, the actions the row-action machine; this view
 * draws their view models and sends their events.
 */
import type { InspectionEvent } from 'xstate';
import type { PagedListView } from '../../../../machines/kit/pagedListMachine';
import type { RowActionView } from '../../../../machines/kit/rowActionMachine';
import { invitationActions, WAITLIST_STATUSES, type OpsWaitlistActionResponse, type OpsWaitlistEntry } from '../../../shared/invitations';
import { messages } from '../../../shared/messages';
import { Modal } from '../../kit/components/Modal';
import { opsApi } from './opsApi';
import { formatWhen, OpsFilter, OpsList, OpsSearch } from './OpsList';
import { OpsTable } from './OpsTable';
import { useOpsList, type OpsListSend } from './useOpsList';
import { useRowAction, type RowActionSend } from './useRowAction';
import './outreach.css';

export type InvitationAction = 'invite' | 'resend' | 'revoke';

const statusTone = { waiting: 'new', invited: undefined, joined: 'good' } as const;

function invitationText(entry: OpsWaitlistEntry): string {
  const { state, expiresAt } = entry.invitation;
  const texts = messages.opsInvitationState;
  if (state === 'pending') return texts.pending(formatWhen(expiresAt!));
  if (state === 'expired') return texts.expired(formatWhen(expiresAt!));
  return texts[state];
}

interface WaitlistViewProps {
  list: PagedListView<OpsWaitlistEntry>;
  sendList: OpsListSend;
  action: RowActionView;
  sendAction: RowActionSend;
}

export function WaitlistView({ list, sendList, action, sendAction }: WaitlistViewProps) {
  const columns = messages.opsWaitlistColumns;
  const start = (entry: OpsWaitlistEntry, name: InvitationAction) =>
    sendAction({ type: 'START', request: { rowId: entry.id, action: name, confirm: name === 'revoke' ? 'plain' : 'none', subject: entry.companyName } });
  return (
    <section aria-labelledby="ops-waitlist-heading">
      <h1 id="ops-waitlist-heading">{messages.opsWaitlistHeading}</h1>
      <div className="ops-toolbar">
        <OpsSearch value={list.filters.q ?? ''} label={messages.opsWaitlistSearchHelp} onSearch={(q) => sendList({ type: 'SET_FILTER', name: 'q', value: q })} />
        <OpsFilter
          id="ops-waitlist-status"
          label={messages.opsWaitlistStatusLabel}
          value={list.filters.status ?? ''}
          options={[{ value: '', label: messages.opsWaitlistStatusAll }, ...WAITLIST_STATUSES.map((s) => ({ value: s, label: messages.opsWaitlistStatus[s] }))]}
          onChange={(value) => sendList({ type: 'SET_FILTER', name: 'status', value })}
        />
      </div>
      <OpsList view={list} send={sendList} label={messages.opsWaitlistHeading}>
        {(items) => (
          <OpsTable caption={messages.opsWaitlistHeading} columns={[columns.company, columns.email, columns.since, columns.status, columns.invitation, columns.actions]}>
            {items.map((entry) => {
              const busy = action.busyRowId === entry.id;
              return (
                <tr key={entry.id} aria-busy={busy}>
                  <td data-label={columns.company}>
                    <strong>{entry.companyName}</strong>
                    {entry.features ? <div className="ops-muted">{entry.features}</div> : null}
                  </td>
                  <td data-label={columns.email}>
                    <a href={`mailto:${entry.email}`}>{entry.email}</a>
                  </td>
                  <td data-label={columns.since}>{formatWhen(entry.createdAt)}</td>
                  <td data-label={columns.status}>
                    <span className="ops-badge" data-tone={statusTone[entry.status]}>
                      {messages.opsWaitlistStatus[entry.status]}
                    </span>
                  </td>
                  <td data-label={columns.invitation}>
                    <span data-tone={entry.invitation.state === 'expired' ? 'bad' : undefined} className={entry.invitation.state === 'expired' ? 'ops-badge' : undefined}>
                      {invitationText(entry)}
                    </span>
                  </td>
                  <td data-label={columns.actions}>
                    <div className="ops-row-actions">
                      {invitationActions(entry).map((name) => (
                        <button
                          key={name}
                          type="button"
                          className={`btn btn-small ${name === 'invite' ? '' : 'btn-secondary'}`}
                          disabled={action.state !== 'idle'}
                          onClick={() => start(entry, name)}
                        >
                          {busy && action.request?.action === name ? messages.opsInviteWorking[name] : messages.opsInviteAction[name]}
                          <span className="visually-hidden"> {entry.companyName}</span>
                        </button>
                      ))}
                    </div>
                  </td>
                </tr>
              );
            })}
          </OpsTable>
        )}
      </OpsList>
      {action.dialogOpen && action.request ? (
        <Modal title={messages.opsRevokeTitle} onClose={() => sendAction({ type: 'CANCEL' })} busy={action.state === 'working'} tone="danger">
          <p>{messages.opsInviteRevokeConfirm(action.request.subject)}</p>
          <div className="ops-actions">
            <button type="button" className="btn btn-danger" disabled={action.state === 'working'} onClick={() => sendAction({ type: 'CONFIRM' })}>
              {action.state === 'working' ? messages.opsInviteWorking.revoke : messages.opsInviteAction.revoke}
            </button>
            <button type="button" className="btn btn-secondary" disabled={action.state === 'working'} onClick={() => sendAction({ type: 'CANCEL' })}>
              {messages.opsInviteCancel}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

/** The screen: the list and the row actions wired to the API. */
export function WaitlistScreen({ inspectList, inspectAction }: { inspectList?: (e: InspectionEvent) => void; inspectAction?: (e: InspectionEvent) => void }) {
  const { view: list, send: sendList } = useOpsList<OpsWaitlistEntry>('/waitlist', { inspect: inspectList });
  const { view: action, send: sendAction } = useRowAction({
    perform: (request) => opsApi<OpsWaitlistActionResponse>(`/waitlist/${request.rowId}/${request.action}`, { method: 'POST' }),
    onApplied: () => sendList({ type: 'REFRESH' }),
    inspect: inspectAction,
  });
  return <WaitlistView list={list} sendList={sendList} action={action} sendAction={sendAction} />;
}
