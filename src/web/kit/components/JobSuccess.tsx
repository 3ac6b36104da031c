/**
 * The one way Job Success and the rating are shown: the dashboard, search results,
 * the company's rider page. The server-rendered public page uses the same messages. A rider
 * with fewer than 3 reviewed jobs reads "New rider", never a percentage.
 */
import { messages } from '../../../shared/messages';
import { formatRating } from '../../../shared/reviews';

export interface Reputation {
  /** 0-100, or null for "New rider". */
  job_success: number | null;
  /** The jobs the score is based on (last 24 months). */
  jobs_counted: number;
  review_count: number;
  /** The average company rating × 100, null with no review. */
  rating_average_x100: number | null;
  /** Reviewed jobs so far (the rider's own profile): with showBasis, a New rider reads how far they are from a score. */
  reviewed?: number;
}

export function JobSuccessBadge({ reputation, showBasis = false }: { reputation: Reputation; showBasis?: boolean }) {
  const score = reputation.job_success;
  return (
    <span className="job-success-wrap">
      <span className={score === null ? 'job-success new-rider' : 'job-success'}>
        {score === null ? messages.newRider : messages.jobSuccessScore(score)}
      </span>
      {showBasis && score !== null ? <span className="job-success-basis">{messages.jobSuccessBasis(reputation.jobs_counted)}</span> : null}
      {showBasis && score === null && reputation.reviewed !== undefined ? (
        <span className="job-success-basis">{messages.jobSuccessNewRiderBasis(reputation.reviewed)}</span>
      ) : null}
    </span>
  );
}

export function RatingSummary({ reputation }: { reputation: Reputation }) {
  const rating = formatRating(reputation.rating_average_x100);
  return (
    <span className="rating-summary">
      {rating === null || reputation.review_count === 0 ? (
        messages.noReviewsYet
      ) : (
        <>
          <span aria-hidden="true">★ </span>
          {messages.ratingSummary(rating, reputation.review_count)}
        </>
      )}
    </span>
  );
}
