/**
 * The review window of one ended engagement, drawn from the review window machine's
 * view model: the form (a 1-5 star radio group, the comment, and for a company "Would you hire
 * this rider again?"), the deadline and the double-blind explanation while open; my review with
 * Edit while waiting; both reviews side by side once published, with the rider's one public
 * reply under the company's review. Keeps no workflow state: it sends the machine's events.
 */
import { useId, type ReactNode } from 'react';
import type { ReviewField, ReviewWindowEvent, ReviewWindowView as View } from '../../../../machines/reviews/reviewWindowMachine';
import { messages } from '../../../shared/messages';
import { RATING_MAX, REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX, type ReviewShown, type ReviewSide } from '../../../shared/reviews';
import './reviews.css';
import { ErrorLine } from '../../kit/components/ErrorLine';

interface Props {
  view: View;
  send: (event: ReviewWindowEvent) => void;
  /** The level of the window's heading in the page around it (default 3). */
  headingLevel?: 2 | 3 | 4;
}

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

function Stars({ rating }: { rating: number }) {
  return (
    <span className="review-stars-shown" role="img" aria-label={messages.reviewRatingOf(rating)}>
      {STARS.map((n) => (n <= rating ? '★' : '☆')).join('')}
    </span>
  );
}

/** One review as a card: its rating, comment and (a company's) answer, or that it was hidden. */
function ReviewCard({ title, review, children }: { title: string; review: ReviewShown | null; children?: ReactNode }) {
  return (
    <article className="review-card" aria-label={title}>
      <p className="review-card-title">{title}</p>
      {!review ? (
        <p className="review-muted">{messages.reviewNoneLeft}</p>
      ) : review.hidden ? (
        <p className="review-muted">{messages.reviewHidden}</p>
      ) : (
        <>
          <Stars rating={review.rating ?? 0} />
          <p className="review-comment">{review.comment}</p>
          {review.wouldHireAgain === null ? null : (
            <p className="review-hire-again">{review.wouldHireAgain ? messages.reviewWouldHireAgain : messages.reviewWouldNotHireAgain}</p>
          )}
          {review.reply ? (
            <div className="review-reply">
              <p className="review-card-title">{messages.reviewReplyHeading}</p>
              <p className="review-comment">{review.reply}</p>
            </div>
          ) : null}
        </>
      )}
      {children}
    </article>
  );
}

/** A group of radio buttons with 44 px targets: the star rating or the yes/no answer. */
function RadioGroup({
  id,
  legend,
  help,
  name,
  options,
  value,
  error,
  disabled,
  onChange,
  stars = false,
}: {
  id: string;
  legend: string;
  help?: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string;
  error: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
  stars?: boolean;
}) {
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const chosen = Number(value) || 0;
  return (
    <fieldset
      className={stars ? 'review-radios review-star-radios' : 'review-radios'}
      aria-describedby={[help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
    >
      <legend>{legend}</legend>
      {help ? (
        <p id={helpId} className="review-muted">
          {help}
        </p>
      ) : null}
      <div className="review-radio-row">
        {options.map((option) => (
          <label key={option.value} className="review-radio" data-on={stars ? Number(option.value) <= chosen : value === option.value}>
            <input type="radio" name={name} value={option.value} checked={value === option.value} disabled={disabled} onChange={() => onChange(option.value)} />
            {stars ? (
              <>
                <span aria-hidden="true" className="review-star">
                  {Number(option.value) <= chosen ? '★' : '☆'}
                </span>
                <span className="visually-hidden">{option.label}</span>
              </>
            ) : (
              <span>{option.label}</span>
            )}
          </label>
        ))}
      </div>
      <ErrorLine id={errorId} message={error} />
    </fieldset>
  );
}

function ReviewForm({ view, send, id }: { view: View; send: Props['send']; id: string }) {
  const edit = (field: ReviewField) => (value: string) => send({ type: 'EDIT', field, value });
  const busy = view.busy;
  const commentError = view.fieldError('comment');
  return (
    <form
      className="review-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <RadioGroup
        id={`${id}-rating`}
        legend={messages.reviewRatingLegend}
        help={messages.reviewStarsLegendHelp}
        name={`${id}-rating`}
        options={STARS.map((n) => ({ value: String(n), label: messages.reviewStar(n) }))}
        value={view.values.rating}
        error={view.fieldError('rating')}
        disabled={busy}
        onChange={edit('rating')}
        stars
      />
      <div className="field">
        <label htmlFor={`${id}-comment`}>{messages.reviewCommentLabel}</label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          value={view.values.comment}
          disabled={busy}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${id}-comment-error` : undefined}
          onChange={(event) => edit('comment')(event.target.value)}
        />
        <ErrorLine id={`${id}-comment-error`} message={commentError} />
      </div>
      {view.side === 'company' ? (
        <RadioGroup
          id={`${id}-again`}
          legend={messages.reviewHireAgainLabel}
          name={`${id}-again`}
          options={[
            { value: 'yes', label: messages.reviewYes },
            { value: 'no', label: messages.reviewNo },
          ]}
          value={view.values.would_hire_again}
          error={view.fieldError('would_hire_again')}
          disabled={busy}
          onChange={edit('would_hire_again')}
        />
      ) : null}
      <ErrorLine id={`${id}-alert`} message={view.alert} />
      <div className="review-actions">
        <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
          {busy ? messages.reviewSaving : view.editingWritten ? messages.reviewSave : messages.reviewSubmit}
        </button>
        {view.editingWritten ? (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => send({ type: 'CANCEL_EDIT' })}>
            {messages.reviewCancelEdit}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function ReplyForm({ view, send, id }: { view: View; send: Props['send']; id: string }) {
  const busy = view.state === 'replying';
  const error = view.fieldError('reply');
  return (
    <form
      className="review-form review-reply-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SEND_REPLY' });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-reply`}>{messages.reviewReplyLabel}</label>
        <p id={`${id}-reply-help`} className="review-muted">
          {messages.reviewReplyHelp}
        </p>
        <textarea
          id={`${id}-reply`}
          name="reply"
          rows={3}
          maxLength={REVIEW_REPLY_MAX}
          value={view.reply}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-reply-help ${id}-reply-error` : `${id}-reply-help`}
          onChange={(event) => send({ type: 'EDIT_REPLY', value: event.target.value })}
        />
        <ErrorLine id={`${id}-reply-error`} message={error} />
      </div>
      <ErrorLine id={`${id}-reply-alert`} message={view.alert} />
      <div className="review-actions">
        <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
          {busy ? messages.reviewReplying : messages.reviewReplySubmit}
        </button>
      </div>
    </form>
  );
}

const titleOf = (author: ReviewSide, me: ReviewSide) => (author === me ? messages.reviewYours : author === 'company' ? messages.reviewFromCompany : messages.reviewFromRider);

export function ReviewWindowView({ view, send, headingLevel = 3 }: Props) {
  const id = useId().replace(/:/g, '');
  const Heading = `h${headingLevel}` as 'h3';
  const heading = view.side === 'company' ? messages.reviewHeadingCompany : messages.reviewHeadingRider;
  const window = view.window;
  let body: ReactNode;
  if (view.state === 'loading' || view.state === 'failed' || !window) {
    body =
      view.state === 'failed' ? (
        <div className="review-failed">
          <p role="alert">
            {messages.reviewLoadFailed} {view.loadError}
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>
            {messages.tryAgain}
          </button>
        </div>
      ) : (
        <p className="review-muted" role="status" aria-label={messages.reviewLoading}>
          {messages.reviewLoading}
        </p>
      );
  } else if (view.formShown) {
    body = (
      <>
        <p className="review-deadline">{view.editingWritten ? messages.reviewWrittenNote(view.daysLeft) : messages.reviewDaysLeft(view.daysLeft)}</p>
        <p className="review-muted">{messages.reviewBlindExplainer}</p>
        <ReviewForm view={view} send={send} id={id} />
      </>
    );
  } else if (window.state === 'written') {
    body = (
      <>
        <p className="review-deadline">{messages.reviewWrittenNote(view.daysLeft)}</p>
        <p className="review-muted">{messages.reviewBlindExplainer}</p>
        <ReviewCard title={messages.reviewYours} review={window.mine} />
        <div className="review-actions">
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'EDIT_AGAIN' })}>
            {messages.reviewEdit}
          </button>
        </div>
      </>
    );
  } else {
    // Published, or closed: both reviews side by side, the company's first.
    const company = view.side === 'company' ? window.mine : window.theirs;
    const rider = view.side === 'rider' ? window.mine : window.theirs;
    body = (
      <>
        <p className="review-deadline">{window.state === 'closed' ? messages.reviewClosed : messages.reviewPublishedHeading}</p>
        <div className="review-pair">
          <ReviewCard title={titleOf('company', view.side)} review={company}>
            {view.replyShown ? <ReplyForm view={view} send={send} id={id} /> : null}
          </ReviewCard>
          <ReviewCard title={titleOf('rider', view.side)} review={rider} />
        </div>
      </>
    );
  }
  return (
    <section className="review-window" aria-labelledby={`${id}-heading`} aria-busy={view.busy}>
      <Heading id={`${id}-heading`} className="review-heading">
        {heading}
        {window ? <span className="review-counterpart"> · {window.counterpart}</span> : null}
      </Heading>
      {view.notice ? (
        <p className="review-notice" role="status">
          {view.notice}
        </p>
      ) : null}
      {body}
    </section>
  );
}
