/**
 * The console's reviews screen (/ops/reviews): every review, newest first, all or only the visible or hidden ones.
 * Staff hide an abusive review with a reason (kept in the audit log; the review reads as hidden
 * to both sides and stops counting) or show it again. The list is the console list machine, the
 * actions the row-action machine; this screen draws their view models and sends their events.
 */
import { useState } from 'react';
import type { InspectionEvent } from 'xstate';
import type { PagedListView } from '../../../../machines/kit/pagedListMachine';
import type { RowActionView } from '../../../../machines/kit/rowActionMachine';
import { messages } from '../../../shared/messages';
import { hideReviewForm, OPS_REVIEW_VISIBILITIES, REVIEW_HIDE_REASON_MAX, type OpsReview, type OpsReviewActionResponse } from '../../../shared/reviews';
import { validateForm } from '../../../shared/validation';
import { Modal } from '../../kit/components/Modal';
import { opsApi } from './opsApi';
import { formatWhen, OpsFilter, OpsList } from './OpsList';
import { OpsTable } from './OpsTable';
import { useOpsList, type OpsListSend } from './useOpsList';
import { useRowAction, type RowActionSend } from './useRowAction';

export type ReviewAction = 'hide' | 'show';

/** The reason dialog: only the typed reason lives here (an input's value, not workflow state). */
function HideDialog({ author, busy, onConfirm, onCancel }: { author: string; busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal title={messages.opsReviewHideTitle} onClose={onCancel} busy={busy} tone="danger">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const rule = validateForm(hideReviewForm, { reason });
          setError(rule?.message ?? null);
          if (!rule) onConfirm(reason.trim());
        }}
      >
        <p>{messages.opsReviewHideIntro(author)}</p>
        <div className="field">
          <label htmlFor="ops-review-reason">{messages.opsReviewHideReason}</label>
          <textarea
            id="ops-review-reason"
            name="reason"
            rows={3}
            maxLength={REVIEW_HIDE_REASON_MAX}
            value={reason}
            aria-invalid={error ? 'true' : 'false'}
            aria-describedby={error ? 'ops-review-reason-error' : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id="ops-review-reason-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="ops-actions">
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? messages.opsReviewHiding : messages.opsReviewHide}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            {messages.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function statusText(review: OpsReview): string {
  if (review.hidden) return messages.opsReviewStatusHidden(review.hiddenReason ?? '');
  return review.published ? messages.opsReviewStatusVisible : messages.opsReviewStatusPending;
}

interface OpsReviewsViewProps {
  list: PagedListView<OpsReview>;
  sendList: OpsListSend;
  action: RowActionView;
  sendAction: RowActionSend;
}

export function OpsReviewsView({ list, sendList, action, sendAction }: OpsReviewsViewProps) {
  const columns = messages.opsReviewsColumns;
  const start = (review: OpsReview, name: ReviewAction) =>
    sendAction({ type: 'START', request: { rowId: review.id, action: name, confirm: name === 'hide' ? 'plain' : 'none', subject: review.authorName } });
  return (
    <section aria-labelledby="ops-reviews-heading">
      <h1 id="ops-reviews-heading">{messages.opsReviewsHeading}</h1>
      <div className="ops-toolbar">
        <OpsFilter
          id="ops-reviews-visibility"
          label={messages.opsReviewsFilterLabel}
          value={list.filters.visibility ?? ''}
          options={[{ value: '', label: messages.opsReviewsFilter.all }, ...OPS_REVIEW_VISIBILITIES.map((v) => ({ value: v, label: messages.opsReviewsFilter[v] }))]}
          onChange={(value) => sendList({ type: 'SET_FILTER', name: 'visibility', value })}
        />
      </div>
      <OpsList view={list} send={sendList} label={messages.opsReviewsHeading} empty={messages.opsReviewsEmpty}>
        {(items) => (
          <OpsTable caption={messages.opsReviewsHeading} columns={[columns.review, columns.by, columns.about, columns.when, columns.status, columns.actions]}>
            {items.map((review) => {
              const busy = action.busyRowId === review.id;
              const name: ReviewAction = review.hidden ? 'show' : 'hide';
              return (
                <tr key={review.id} aria-busy={busy}>
                  <td data-label={columns.review}>
                    <span role="img" aria-label={messages.reviewRatingOf(review.rating)}>
                      {'★'.repeat(review.rating)}
                      {'☆'.repeat(5 - review.rating)}
                    </span>
                    <div className="ops-text">{review.comment}</div>
                    {review.wouldHireAgain === null ? null : (
                      <div className="ops-muted">{review.wouldHireAgain ? messages.reviewWouldHireAgain : messages.reviewWouldNotHireAgain}</div>
                    )}
                    {review.reply ? <div className="ops-muted">{`${messages.reviewReplyHeading}: ${review.reply}`}</div> : null}
                  </td>
                  <td data-label={columns.by}>
                    <strong>{review.authorName}</strong>
                    <div className="ops-muted">{review.authorRole === 'company' ? messages.opsReviewByCompany : messages.opsReviewByRider}</div>
                  </td>
                  <td data-label={columns.about}>{review.subjectName}</td>
                  <td data-label={columns.when}>{formatWhen(review.createdAt)}</td>
                  <td data-label={columns.status}>
                    <span className="ops-badge" data-tone={review.hidden ? 'bad' : review.published ? 'good' : undefined}>
                      {statusText(review)}
                    </span>
                  </td>
                  <td data-label={columns.actions}>
                    <div className="ops-row-actions">
                      <button
                        type="button"
                        className={`btn btn-small ${name === 'hide' ? 'btn-secondary' : ''}`}
                        disabled={action.state !== 'idle'}
                        onClick={() => start(review, name)}
                      >
                        {busy ? (name === 'hide' ? messages.opsReviewHiding : messages.opsReviewShowing) : name === 'hide' ? messages.opsReviewHide : messages.opsReviewShow}
                        <span className="visually-hidden"> {review.authorName}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </OpsTable>
        )}
      </OpsList>
      {action.dialogOpen && action.request ? (
        <HideDialog
          author={action.request.subject}
          busy={action.state === 'working'}
          onConfirm={(reason) => sendAction({ type: 'CONFIRM', confirmation: reason })}
          onCancel={() => sendAction({ type: 'CANCEL' })}
        />
      ) : null}
    </section>
  );
}

/** The screen: the list and the row actions wired to the console API. */
export function OpsReviewsScreen({ inspectList, inspectAction }: { inspectList?: (e: InspectionEvent) => void; inspectAction?: (e: InspectionEvent) => void }) {
  const { view: list, send: sendList } = useOpsList<OpsReview>('/reviews', { inspect: inspectList });
  const { view: action, send: sendAction } = useRowAction({
    perform: (request, confirmation) =>
      opsApi<OpsReviewActionResponse>(`/reviews/${request.rowId}/${request.action}`, {
        method: 'POST',
        ...(request.action === 'hide' ? { body: { reason: confirmation ?? '' } } : {}),
      }),
    onApplied: () => sendList({ type: 'REFRESH' }),
    inspect: inspectAction,
  });
  return <OpsReviewsView list={list} sendList={sendList} action={action} sendAction={sendAction} />;
}
