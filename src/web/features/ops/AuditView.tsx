/**
 * The audit log, admins only: every staff action, newest first, each read as a sentence
 * naming who did what to which record, with when, and the values before and after as labelled
 * details; filtered by staff member, action, record type and record id. Read only: nothing here
 * edits or deletes an entry.
 */
import type { InspectionEvent } from 'xstate';
import type { PagedListView } from '../../../../machines/kit/pagedListMachine';
import { messages } from '../../../shared/messages';
import { auditDetails, auditSentence, type OpsAuditEntry } from '../../../shared/opsAudit';
import { auditMessages } from '../../../shared/opsAuditMessages';
import { formatWhen, OpsList } from './OpsList';
import { OpsTable } from './OpsTable';
import { useOpsList, type OpsListSend } from './useOpsList';
import './staff.css';

const AUDIT_FILTERS = [
  { name: 'staff', label: messages.opsAuditFilterStaff, placeholder: messages.opsAuditFilterPlaceholders.staff },
  { name: 'action', label: messages.opsAuditFilterAction, placeholder: messages.opsAuditFilterPlaceholders.action },
  { name: 'entityType', label: messages.opsAuditFilterEntityType, placeholder: messages.opsAuditFilterPlaceholders.entityType },
  { name: 'entityId', label: messages.opsAuditFilterEntityId, placeholder: messages.opsAuditFilterPlaceholders.entityId },
] as const;

/** The recorded values as labelled details: before → after where both were recorded. */
function Details({ entry }: { entry: OpsAuditEntry }) {
  const details = auditDetails(entry, formatWhen);
  if (details.length === 0) return null;
  return (
    <dl className="ops-change" aria-label={auditMessages.detailsLabel}>
      {details.map((detail) => (
        <div key={detail.key}>
          <dt>{detail.label}</dt>
          <dd>
            {detail.before !== null && detail.after !== null ? (
              <>
                <del>{detail.before}</del>
                <span className="visually-hidden"> {auditMessages.changedTo} </span>
                <span aria-hidden="true"> → </span>
                <ins>{detail.after}</ins>
              </>
            ) : (
              (detail.after ?? detail.before)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function AuditView({ list, sendList }: { list: PagedListView<OpsAuditEntry>; sendList: OpsListSend }) {
  const columns = messages.opsAuditColumns;
  const filtered = AUDIT_FILTERS.some((f) => list.filters[f.name]);
  const apply = (values: Record<string, string>) => {
    // One SET_FILTER per changed filter: each restarts the first page, so send only the changes.
    for (const { name } of AUDIT_FILTERS) {
      const value = (values[name] ?? '').trim();
      if (value !== (list.filters[name] ?? '')) sendList({ type: 'SET_FILTER', name, value });
    }
  };
  return (
    <section aria-labelledby="ops-audit-heading">
      <h1 id="ops-audit-heading">{messages.opsAuditHeading}</h1>
      <form
        className="ops-audit-filters"
        role="search"
        aria-label={messages.opsAuditHeading}
        // The inputs are keyed by the filters in force, so Clear resets them too.
        key={JSON.stringify(list.filters)}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          apply(Object.fromEntries(AUDIT_FILTERS.map(({ name }) => [name, String(data.get(name) ?? '')])));
        }}
      >
        {AUDIT_FILTERS.map((filter) => (
          <div className="field" key={filter.name}>
            <label htmlFor={`ops-audit-${filter.name}`}>{filter.label}</label>
            <input id={`ops-audit-${filter.name}`} name={filter.name} type="text" defaultValue={list.filters[filter.name] ?? ''} placeholder={filter.placeholder} maxLength={128} />
          </div>
        ))}
        <div className="ops-actions">
          <button type="submit" className="btn btn-secondary">
            {messages.opsAuditFilter}
          </button>
          {filtered ? (
            <button type="button" className="btn-link" onClick={() => apply({})}>
              {messages.opsAuditClear}
            </button>
          ) : null}
        </div>
      </form>
      <OpsList view={list} send={sendList} label={messages.opsAuditHeading} empty={filtered ? messages.opsAuditEmpty : messages.opsEmpty}>
        {(items) => (
          <OpsTable caption={messages.opsAuditHeading} columns={[columns.at, columns.what]}>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td data-label={columns.at}>
                  <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                </td>
                <td data-label={columns.what}>
                  <p className="ops-audit-sentence">{auditSentence(entry)}</p>
                  <Details entry={entry} />
                </td>
              </tr>
            ))}
          </OpsTable>
        )}
      </OpsList>
    </section>
  );
}

export function AuditScreen({ inspectList }: { inspectList?: (e: InspectionEvent) => void }) {
  const { view, send } = useOpsList<OpsAuditEntry>('/audit', { inspect: inspectList });
  return <AuditView list={view} sendList={send} />;
}
