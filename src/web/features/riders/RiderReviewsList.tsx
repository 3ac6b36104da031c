/**
 * A rider's published reviews, for the company's rider page: each review's stars,
 * comment, company, date, "Would hire again" when the company said yes, and the rider's reply;
 * "Show more reviews" by cursor; an empty state; a failed load with a retry. Drawn from the
 * view model of machines/riders/riderReviewsMachine.ts; every action is an event sent to it.
 *
 * Contract: `<RiderReviewsList username="..." />` loads GET /api/riders/:username/reviews itself.
 */
import { useId } from 'react';
import type { RiderReviewsEvent, RiderReviewsView } from '../../../../machines/riders/riderReviewsMachine';
import { messages } from '../../../shared/messages';
import { reviewDate, type PublicReview } from '../../../shared/publicReviews';
import { useRiderReviews } from './useRiderReviews';
import './reputation.css';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="review-stars" role="img" aria-label={messages.reviewStars(rating)}>
      {'★'.repeat(rating)}
      {'☆'.repeat(5 - rating)}
    </span>
  );
}

function ReviewItem({ review, username }: { review: PublicReview; username: string }) {
  return (
    <li className="review">
      <p className="review-head">
        <Stars rating={review.rating} /> <strong>{review.company_name}</strong>
      </p>
      <p className="review-meta">
        {reviewDate(review.published_at)}
        {review.would_hire_again ? <span className="review-hire-again"> · {messages.reviewWouldHireAgain}</span> : null}
      </p>
      <p className="review-comment">{review.comment}</p>
      {review.reply ? (
        <div className="review-reply">
          <p className="review-meta">{messages.reviewReplyFrom(username)}</p>
          <p className="review-comment">{review.reply}</p>
        </div>
      ) : null}
    </li>
  );
}

export interface RiderReviewsListViewProps {
  username: string;
  view: RiderReviewsView;
  send: (event: RiderReviewsEvent) => void;
}

export function RiderReviewsListView({ username, view, send }: RiderReviewsListViewProps) {
  const titleId = useId();
  const { state, items } = view;
  return (
    <section className="card rider-reviews" aria-labelledby={titleId} aria-busy={view.busy}>
      <h2 id={titleId}>{messages.reviewsHeading}</h2>
      {state === 'loading' ? (
        <p className="review-status" role="status">
          {messages.reviewsLoading}
        </p>
      ) : null}
      {state === 'failed' ? (
        <div className="review-failed" role="alert">
          <p>{messages.reviewsLoadFailed}</p>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>
            {messages.reviewsTryAgain}
          </button>
        </div>
      ) : null}
      {state === 'empty' ? <p className="review-empty">{messages.noReviewsYet}</p> : null}
      {items.length > 0 ? (
        <ul className="review-list">
          {items.map((review) => (
            <ReviewItem key={review.id} review={review} username={username} />
          ))}
        </ul>
      ) : null}
      {state === 'moreFailed' ? (
        <p className="review-more-failed" role="alert">
          {messages.reviewsMoreFailed}
        </p>
      ) : null}
      {view.canShowMore ? (
        <button type="button" className="btn btn-secondary review-more" disabled={state === 'loadingMore'} onClick={() => send({ type: 'MORE' })}>
          {state === 'loadingMore' ? messages.reviewsLoading : messages.reviewsShowMore}
        </button>
      ) : null}
    </section>
  );
}

function RiderReviewsLoader({ username }: { username: string }) {
  const { view, send } = useRiderReviews(username);
  return <RiderReviewsListView username={username} view={view} send={send} />;
}

/** The published reviews of `username`, loaded on mount (a new username starts afresh). */
export function RiderReviewsList({ username }: { username: string }) {
  return <RiderReviewsLoader key={username} username={username} />;
}
