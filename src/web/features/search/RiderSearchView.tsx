/**
 * Finding riders: the filter panel and the list of riders, for the search at
 * /company-dashboard and (without the panel) the shortlist. Thin: everything comes from the
 * machine's view (machines/search/riderSearchMachine.ts) and every control sends an event. Mobile
 * first: on a phone the filters fold behind a "Filters" button, and the filters applied show above
 * the list as chips that each remove one, beside the number of riders found.
 */
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import type { FilterField, RiderSearchEvent, RiderSearchView } from '../../../../machines/search/riderSearchMachine';
import { areaNames, findState, type LocationState } from '../../../shared/locations';
import { messages } from '../../../shared/messages';
import {
  EDUCATION_OPTIONS,
  EXPERIENCE_OPTIONS,
  hasFilters,
  MIN_RATINGS,
  SEARCH_LANGUAGES_MAX,
  SEARCH_COUNT_MAX,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX,
  type RiderSearchFilters,
  type RiderSearchResult,
  type SearchSort,
} from '../../../shared/riderSearch';
import { companyPaths } from '../../../shared/routes';
import { Combobox } from '../../kit/components/Combobox';
import { Illustration } from '../../kit/components/Illustration';
import { JobSuccessBadge, RatingSummary } from '../../kit/components/JobSuccess';
import { DeliveryRecordLine } from '../../kit/components/DeliveryRecord';
import './companySearch.css';

export const API_BASE = '/api';
export const DEFAULT_PICTURE = '/avatar.svg';

type Send = (event: RiderSearchEvent) => void;

export function riderArea(rider: { state: string | null; town: string | null }): string {
  return [rider.town, rider.state].filter(Boolean).join(', ');
}

export function ShortlistToggle({
  name,
  shortlisted,
  pending,
  disabled,
  onToggle,
}: {
  name: string;
  shortlisted: boolean;
  pending: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={shortlisted ? 'btn btn-small shortlist-toggle on' : 'btn btn-secondary btn-small shortlist-toggle'}
      aria-pressed={shortlisted}
      aria-label={shortlisted ? messages.shortlistRemoveLabel(name) : messages.shortlistAddLabel(name)}
      aria-busy={pending || undefined}
      disabled={disabled}
      onClick={onToggle}
    >
      <span aria-hidden="true">{shortlisted ? '★ ' : '☆ '}</span>
      {shortlisted ? messages.shortlistRemove : messages.shortlistAdd}
    </button>
  );
}

function RiderCard({ rider, pending, disabled, onToggle }: { rider: RiderSearchResult; pending: boolean; disabled: boolean; onToggle: () => void }) {
  const area = riderArea(rider);
  return (
    <li className="rider-card">
      <img
        className="rider-card-picture"
        src={rider.picture ? `${API_BASE}${rider.picture.url}` : DEFAULT_PICTURE}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
      />
      <div className="rider-card-body">
        <h3 className="rider-card-name">
          <Link to={companyPaths.rider(rider.username)} aria-label={messages.searchViewProfile(rider.display_name)}>
            {rider.display_name}
          </Link>
          {rider.id_verified ? <span className="id-badge">{messages.idVerified}</span> : null}
        </h3>
        {rider.introduction ? <p className="rider-card-intro">{rider.introduction}</p> : null}
        <p className="rider-card-facts">
          {area ? <span>{area}</span> : null}
          {rider.experience ? <span>{messages.searchExperience(rider.experience)}</span> : null}
        </p>
        <p className="rider-card-score">
          <JobSuccessBadge reputation={rider} />
          <RatingSummary reputation={rider} />
        </p>
        <DeliveryRecordLine record={rider} />
      </div>
      <div className="rider-card-actions">
        <ShortlistToggle name={rider.display_name} shortlisted={rider.shortlisted} pending={pending} disabled={disabled} onToggle={onToggle} />
      </div>
    </li>
  );
}

function Select({
  name,
  label,
  value,
  options,
  any,
  send,
}: {
  name: FilterField;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  any: string | null;
  send: Send;
}) {
  const id = `search-${name}`;
  return (
    <div className="search-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => send({ type: 'EDIT', field: name, value: e.target.value })}>
        {any !== null ? <option value="">{any}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const plain = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** State and town: the searchable list; an empty box is "any". */
function Place({ name, label, value, options, any, send }: { name: 'state' | 'town'; label: string; value: string; options: readonly string[]; any: string; send: Send }) {
  return (
    <Combobox
      id={`search-${name}`}
      name={name}
      label={label}
      className="search-field"
      value={value}
      options={options}
      placeholder={any}
      error={null}
      onValueChange={(next) => send({ type: 'EDIT', field: name, value: next })}
    />
  );
}

function FilterPanel({ view, send, locations }: { view: RiderSearchView; send: Send; locations: LocationState[] | null }) {
  const { draft } = view;
  // A state or town from a shared link stays choosable while the list loads (or if it failed): the Combobox offers it.
  const states = (locations ?? []).map((s) => s.name);
  const towns = areaNames(locations ? findState(locations, draft.state) : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'APPLY' });
  };
  return (
    <section className="search-filters" aria-labelledby="search-filters-heading">
      <h2 id="search-filters-heading" className="visually-hidden">
        {messages.searchFiltersHeading}
      </h2>
      <button
        type="button"
        className="btn btn-secondary search-filters-toggle"
        aria-expanded={view.filtersOpen}
        aria-controls="search-filters-form"
        onClick={() => send({ type: 'TOGGLE_FILTERS' })}
      >
        {view.filtersOpen ? messages.searchHideFilters : messages.searchFilters}
      </button>
      <form id="search-filters-form" className={view.filtersOpen ? 'search-form open' : 'search-form'} role="search" onSubmit={submit}>
        <div className="search-field search-text">
          <label htmlFor="search-q">{messages.searchLabels.q}</label>
          <input
            id="search-q"
            name="q"
            type="search"
            value={draft.q}
            maxLength={SEARCH_TEXT_MAX}
            aria-describedby="search-q-hint"
            onChange={(e) => send({ type: 'EDIT', field: 'q', value: e.target.value })}
          />
          <small id="search-q-hint">{messages.searchHints.q}</small>
        </div>
        <Place name="state" label={messages.searchLabels.state} value={draft.state} options={states} any={messages.searchAnyState} send={send} />
        <Place name="town" label={messages.searchLabels.town} value={draft.town} options={towns} any={messages.searchAnyTown} send={send} />
        <Select name="experience" label={messages.searchLabels.experience} value={draft.experience} options={plain(EXPERIENCE_OPTIONS)} any={messages.searchAny} send={send} />
        <div className="search-field">
          <label htmlFor="search-languages">{messages.searchLabels.languages}</label>
          <input
            id="search-languages"
            name="languages"
            value={draft.languages}
            maxLength={SEARCH_LANGUAGES_MAX}
            aria-describedby="search-languages-hint"
            onChange={(e) => send({ type: 'EDIT', field: 'languages', value: e.target.value })}
          />
          <small id="search-languages-hint">{messages.searchHints.languages}</small>
        </div>
        <Select name="education" label={messages.searchLabels.education} value={draft.education} options={plain(EDUCATION_OPTIONS)} any={messages.searchAny} send={send} />
        <Select
          name="min_rating"
          label={messages.searchLabels.min_rating}
          value={draft.min_rating}
          options={MIN_RATINGS.map((r) => ({ value: r, label: messages.searchRatingAtLeast(r) }))}
          any={messages.searchAnyRating}
          send={send}
        />
        <Select
          name="sort"
          label={messages.searchLabels.sort}
          value={draft.sort}
          options={SEARCH_SORTS.map((s: SearchSort) => ({ value: s, label: messages.searchSorts[s] }))}
          any={null}
          send={send}
        />
        <div className="search-field search-check">
          <input id="search-verified" name="verified" type="checkbox" checked={draft.verified} onChange={(e) => send({ type: 'EDIT', field: 'verified', value: e.target.checked })} />
          <label htmlFor="search-verified">{messages.searchLabels.verified}</label>
        </div>
        <div className="search-buttons">
          <button type="submit" className="btn">
            {messages.searchSubmit}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'CLEAR' })}>
            {messages.searchClear}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The applied filters as chips, each with what removes it (the panel's field). */
export function filterChips(filters: RiderSearchFilters): Array<{ field: FilterField; label: string }> {
  const chips: Array<{ field: FilterField; label: string }> = [];
  if (filters.q.trim()) chips.push({ field: 'q', label: messages.searchTextChip(filters.q.trim()) });
  if (filters.state.trim()) chips.push({ field: 'state', label: filters.state.trim() });
  if (filters.state.trim() && filters.town.trim()) chips.push({ field: 'town', label: filters.town.trim() });
  if (filters.experience) chips.push({ field: 'experience', label: messages.searchExperience(filters.experience) });
  if (filters.languages.trim()) chips.push({ field: 'languages', label: filters.languages.trim() });
  if (filters.education) chips.push({ field: 'education', label: filters.education });
  if (filters.verified) chips.push({ field: 'verified', label: messages.searchLabels.verified });
  if (filters.min_rating) chips.push({ field: 'min_rating', label: messages.searchRatingAtLeast(filters.min_rating) });
  return chips;
}

/**
 * Above the list: how many riders match and the filters applied, each chip removing its filter.
 * The chips show where the panel folds away (a phone); beside an open panel they would repeat it.
 */
function SearchSummary({ view, send }: { view: RiderSearchView; send: Send }) {
  const chips = filterChips(view.filters);
  if (view.total === null && chips.length === 0) return null;
  return (
    <div className="search-summary">
      {view.total !== null ? (
        <p className="search-count" aria-live="polite">
          {view.total > SEARCH_COUNT_MAX ? messages.searchCountMore : messages.searchCount(view.total)}
        </p>
      ) : null}
      {chips.length > 0 ? (
        <ul className="search-chips" aria-label={messages.searchActiveFilters}>
          {chips.map((chip) => (
            <li key={chip.field}>
              <button
                type="button"
                className="search-chip"
                aria-label={messages.searchRemoveFilter(chip.label)}
                disabled={view.searching}
                onClick={() => send({ type: 'REMOVE_FILTER', field: chip.field })}
              >
                <span>{chip.label}</span>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The list of riders with its states: searching, failed, empty, results (and more). */
function RiderResults({
  view,
  send,
  heading,
  emptyMessage,
  failedMessage,
  endMessage,
}: {
  view: RiderSearchView;
  send: Send;
  heading: string;
  emptyMessage: string;
  failedMessage: string;
  endMessage: string;
}) {
  if (view.state === 'searching') {
    return (
      <div className="search-status" role="status" aria-live="polite">
        <p>{messages.searchSearching}</p>
      </div>
    );
  }
  if (view.state === 'failed') {
    return (
      <div className="search-failed" role="alert">
        <p>{failedMessage}</p>
        {view.error && view.error !== failedMessage ? <p className="search-muted">{view.error}</p> : null}
        <button type="button" className="btn" onClick={() => send({ type: 'RETRY' })}>
          {messages.searchRetry}
        </button>
      </div>
    );
  }
  if (view.state === 'empty') {
    return (
      <div className="search-status" role="status" aria-live="polite">
        <Illustration name="emptyList" />
        <p>{emptyMessage}</p>
      </div>
    );
  }
  const saving = view.pendingShortlist !== null;
  return (
    <section className="search-results" aria-labelledby="search-results-heading">
      <h2 id="search-results-heading" className="visually-hidden">
        {heading}
      </h2>
      <ul className="rider-cards" aria-labelledby="search-results-heading">
        {view.results.map((rider) => (
          <RiderCard
            key={rider.username}
            rider={rider}
            pending={view.pendingShortlist === rider.username}
            disabled={saving}
            onToggle={() => send({ type: 'TOGGLE_SHORTLIST', username: rider.username })}
          />
        ))}
      </ul>
      {view.shortlistError ? (
        <p className="search-error" role="alert">
          {view.shortlistError}
        </p>
      ) : null}
      {view.moreError ? (
        <p className="search-error" role="alert">
          {messages.searchLoadMoreFailed}
        </p>
      ) : null}
      {view.loadingMore ? (
        <p className="search-status" role="status" aria-live="polite">
          {messages.searchLoadingMore}
        </p>
      ) : view.canLoadMore ? (
        <button type="button" className="btn btn-secondary search-more" onClick={() => send({ type: 'LOAD_MORE' })}>
          {messages.searchLoadMore}
        </button>
      ) : (
        <p className="search-end">{endMessage}</p>
      )}
    </section>
  );
}

/** The search page: heading, filters, riders. */
export function RiderSearchScreen({ view, send, locations }: { view: RiderSearchView; send: Send; locations: LocationState[] | null }) {
  return (
    <div className="company-search">
      <h1>{messages.searchHeading}</h1>
      <div className="company-search-layout">
        <FilterPanel view={view} send={send} locations={locations} />
        <div className="search-main">
          <SearchSummary view={view} send={send} />
          <RiderResults
            view={view}
            send={send}
            heading={messages.searchResults}
            emptyMessage={hasFilters(view.filters) ? messages.searchNoResults : messages.searchNoRidersYet}
            failedMessage={messages.searchFailed}
            endMessage={messages.searchEnd}
          />
        </div>
      </div>
    </div>
  );
}

/** The shortlist page: the same list, no filters. */
export function ShortlistScreen({ view, send }: { view: RiderSearchView; send: Send }) {
  return (
    <div className="company-search">
      <h1>{messages.shortlistHeading}</h1>
      <RiderResults
        view={view}
        send={send}
        heading={messages.shortlistHeading}
        emptyMessage={messages.shortlistEmpty}
        failedMessage={messages.shortlistLoadFailed}
        endMessage={messages.shortlistEnd}
      />
    </div>
  );
}
