/**
 * The audit log, admins only: every staff action, newest first, with who did it,
 * what, to which record, when, and the values before and after; filtered by staff member,
 * action, record type and record id. Read only: nothing here edits or deletes an entry.
 */
import type { InspectionEvent } from 'xstate';
import type { PagedListView } from '../../../../machines/kit/pagedListMachine';
import { messages } from '../../../shared/messages';
import type { OpsAuditEntry } from '../../../shared/opsAudit';
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

const shown = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** Each value the entry recorded, as before → after (only what changed when both are known). */
function Change({ before, after }: Pick<OpsAuditEntry, 'before' | 'after'>) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows = keys.filter((key) => !before || !after || JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (rows.length === 0) return <span className="ops-muted">{messages.opsAuditNoChange}</span>;
  return (
    <ul className="ops-change">
      {rows.map((key) => (
        <li key={key}>
          {key}: {before && key in before ? <del>{shown(before[key])}</del> : null}
          {before && key in before && after && key in after ? ' → ' : null}
          {after && key in after ? <ins>{shown(after[key])}</ins> : null}
        </li>
      ))}
    </ul>
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
          <OpsTable caption={messages.opsAuditHeading} columns={[columns.at, columns.who, columns.action, columns.record, columns.change]}>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td data-label={columns.at}>
                  <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                </td>
                <td data-label={columns.who}>{entry.staffEmail}</td>
                <td data-label={columns.action}>
                  <span className="ops-audit-action">{entry.action}</span>
                </td>
                <td data-label={columns.record}>
                  {entry.entityType} <span className="ops-muted">{entry.entityId}</span>
                </td>
                <td data-label={columns.change}>
                  <Change before={entry.before} after={entry.after} />
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
