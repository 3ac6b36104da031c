/**
 * What every console list shows around its rows, from the list machine's view model: a
 * skeleton while the first page loads, the failure with Try again, an empty state, the rows,
 * and Load more (or the miss of the last try) at the end. Rows are the screen's own.
 */
import type { ReactNode } from 'react';
import type { PagedListView } from '../../../../machines/kit/pagedListMachine';
import { messages } from '../../../shared/messages';
import { OpsLoadFailed, OpsSkeleton } from './OpsLoadState';
import type { OpsListSend } from './useOpsList';

interface OpsListProps<T> {
  view: PagedListView<T>;
  send: OpsListSend;
  /** The table (or cards) of the loaded rows. */
  children: (items: T[]) => ReactNode;
  empty?: string;
  label: string;
}

export function OpsList<T>({ view, send, children, empty = messages.opsEmpty, label }: OpsListProps<T>) {
  if (view.state === 'loading') {
    return <OpsSkeleton label={`${label}: ${messages.opsLoading}`} />;
  }
  if (view.state === 'failed') {
    return <OpsLoadFailed message={messages.opsLoadFailed} error={view.error} onRetry={() => send({ type: 'RETRY' })} />;
  }
  const refreshing = view.state === 'refreshing';
  return (
    <div className="ops-list" aria-busy={view.busy || refreshing}>
      <div className="ops-list-head">
        <button type="button" className="btn btn-secondary btn-small" disabled={refreshing || view.busy} onClick={() => send({ type: 'REFRESH' })}>
          {refreshing ? messages.opsRefreshing : messages.opsRefresh}
        </button>
      </div>
      {view.items.length === 0 ? <p className="ops-empty">{empty}</p> : children(view.items)}
      <div className="ops-list-end">
        {view.error ? (
          <p className="field-error" role="alert">
            {view.error}
          </p>
        ) : null}
        {view.canLoadMore || view.state === 'loadingMore' ? (
          <button type="button" className="btn btn-secondary" disabled={view.state === 'loadingMore'} onClick={() => send({ type: 'LOAD_MORE' })}>
            {view.state === 'loadingMore' ? messages.opsLoading : messages.opsLoadMore}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A search box that filters the list when submitted (one request per search, not per key). */
export function OpsSearch({ value, onSearch, label = messages.opsSearchLabel }: { value: string; onSearch: (q: string) => void; label?: string }) {
  return (
    <form
      className="ops-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        onSearch(String(data.get('q') ?? '').trim());
      }}
    >
      <label htmlFor="ops-search-q" className="visually-hidden">
        {label}
      </label>
      <input id="ops-search-q" name="q" type="search" defaultValue={value} placeholder={label} maxLength={100} />
      <button type="submit" className="btn btn-secondary">
        {messages.opsSearchLabel}
      </button>
    </form>
  );
}

/** A select that filters the list at once. */
export function OpsFilter({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="ops-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Dates in the console: Lagos time, short and unambiguous. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' });
}
