/**
 * A rider's page for companies: the public profile (picture, display name,
 * introduction, area, facts, bio, work history, past employees), the verified badge, Job Success
 * with its basis, the rating, and the shortlist toggle. Never a phone or an e-mail: they are
 * shared once the rider accepts a request. The route composes the hire request panel and the
 * reviews into the two slots.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { messages } from '../../../shared/messages';
import { displayDate } from '../../../shared/profile';
import type { CompanyRiderProfile } from '../../../shared/riderSearch';
import { companyPaths } from '../../../shared/routes';
import { JobSuccessBadge, RatingSummary } from '../../kit/components/JobSuccess';
import { DeliveryRecordLine } from '../../kit/components/DeliveryRecord';
import type { CompanyRiderState } from './useCompanyRider';
import { API_BASE, DEFAULT_PICTURE, riderArea, ShortlistToggle } from './RiderSearchView';
import './companySearch.css';

function Facts({ rider }: { rider: CompanyRiderProfile }) {
  const labels = messages.riderPageFactLabels;
  const rows: Array<[string, string]> = [
    [labels.area, riderArea(rider)],
    [labels.experience, rider.total_years_of_experience ? messages.riderPageYears(rider.total_years_of_experience) : ''],
    [labels.languages, rider.languages_spoken ?? ''],
    [labels.education, rider.education ?? ''],
    // "ID verified" or nothing: an unchecked ID is not a fact to hold against a rider.
    [labels.verified, rider.id_verified ? messages.riderPageYes : ''],
    [labels.memberSince, displayDate(rider.member_since)],
  ];
  return (
    <section aria-labelledby="rider-facts">
      <h2 id="rider-facts">{messages.riderPageFacts}</h2>
      <dl className="company-rider-facts">
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

export function CompanyRiderView({
  state,
  onRetry,
  onToggleShortlist,
  hireSlot,
  reviewsSlot,
}: {
  state: CompanyRiderState;
  onRetry: () => void;
  onToggleShortlist: () => void;
  hireSlot?: ReactNode;
  reviewsSlot?: ReactNode;
}) {
  const back = (
    <Link to={companyPaths.search} className="company-rider-back">
      ← {messages.riderPageBack}
    </Link>
  );
  if (state.status === 'loading') {
    return (
      <div className="company-rider">
        {back}
        <p className="search-status" role="status" aria-live="polite">
          {messages.riderPageLoading}
        </p>
      </div>
    );
  }
  if (state.status === 'notFound' || state.status === 'failed') {
    return (
      <div className="company-rider">
        {back}
        <h1>{state.status === 'notFound' ? messages.riderPageNotFound : messages.riderPageLoadFailed}</h1>
        {state.status === 'failed' ? (
          <div className="search-failed" role="alert">
            {state.error !== messages.riderPageLoadFailed ? <p>{state.error}</p> : null}
            <button type="button" className="btn" onClick={onRetry}>
              {messages.searchRetry}
            </button>
          </div>
        ) : null}
      </div>
    );
  }
  const { rider, saving } = state;
  return (
    <div className="company-rider">
      {back}
      <header className="company-rider-head">
        <img src={rider.picture ? `${API_BASE}${rider.picture.url}` : DEFAULT_PICTURE} alt="" width={96} height={96} />
        <div>
          <h1>
            {rider.full_name ?? rider.display_name}
            {rider.id_verified ? <span className="id-badge">{messages.idVerified}</span> : null}
          </h1>
          {rider.introduction ? <p>{rider.introduction}</p> : null}
          <p className="rider-card-score">
            <JobSuccessBadge reputation={rider} showBasis />
            <RatingSummary reputation={rider} />
          </p>
          <DeliveryRecordLine record={rider} />
          <ShortlistToggle name={rider.display_name} shortlisted={rider.shortlisted} pending={saving} disabled={saving} onToggle={onToggleShortlist} />
        </div>
      </header>
      <p className="search-muted">{messages.riderPageContactHidden}</p>
      <div className="company-rider-slot">{hireSlot}</div>
      <Facts rider={rider} />
      <section aria-labelledby="rider-bio">
        <h2 id="rider-bio">{messages.riderPageBio}</h2>
        <p>{rider.bio ?? messages.riderPageNoBio}</p>
      </section>
      <section aria-labelledby="rider-work">
        <h2 id="rider-work">{messages.riderPageWorkHistory}</h2>
        {rider.workHistories.length === 0 ? (
          <p>{messages.riderPageNoWorkHistory}</p>
        ) : (
          <ul>
            {rider.workHistories.map((w, i) => (
              <li key={i}>
                <strong>{w.position}</strong>, {w.company_name} · {messages.riderPageYears(w.number_of_years)} · {displayDate(w.start_date)} –{' '}
                {w.end_date ? displayDate(w.end_date) : messages.riderPagePresent}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="rider-past">
        <h2 id="rider-past">{messages.riderPagePastEmployees}</h2>
        {rider.pastEmployees.length === 0 ? (
          <p>{messages.riderPageNoPastEmployees}</p>
        ) : (
          <ul>
            {rider.pastEmployees.map((e, i) => (
              <li key={i}>
                <strong>{e.company_name}</strong> · {displayDate(e.start_date)} – {displayDate(e.end_date)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {reviewsSlot ? <section aria-label={messages.riderPageReviews}>{reviewsSlot}</section> : null}
    </div>
  );
}
