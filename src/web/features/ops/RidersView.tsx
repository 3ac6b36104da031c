/**
 * The console's riders: newest first, searched by username, e-mail, state or town,
 * filtered by sign-up, ID check and suspension. The list is the console list machine; this view
 * draws its view model and sends its events.
 */
import { Link } from '@tanstack/react-router';
import type { PagedListView } from '../../../../machines/kit/pagedListMachine';
import { messages } from '../../../shared/messages';
import { opsPaths } from '../../../shared/opsPaths';
import { ID_REVIEW_STATUSES, idReviewLabels, type IdReviewStatus, type OpsRiderListItem } from '../../../shared/opsRiders';
import { formatWhen, OpsFilter, OpsList, OpsSearch } from './OpsList';
import { OpsTable } from './OpsTable';
import type { OpsListSend } from './useOpsList';

/** The console's API path of the list (the client adds /api/ops). */
export const RIDERS_LIST_PATH = '/riders';

const reviewTone: Record<IdReviewStatus, 'new' | 'good' | 'bad' | undefined> = {
  none: undefined,
  pending: 'new',
  approved: 'good',
  rejected: 'bad',
};

export function ReviewBadge({ status }: { status: IdReviewStatus }) {
  return (
    <span className="ops-badge" data-tone={reviewTone[status]}>
      {idReviewLabels[status]}
    </span>
  );
}

const yesNo = (all: string) => [
  { value: '', label: all },
  { value: 'yes', label: messages.opsRidersYes },
  { value: 'no', label: messages.opsRidersNo },
];

export function RidersView({ list, sendList }: { list: PagedListView<OpsRiderListItem>; sendList: OpsListSend }) {
  const columns = messages.opsRidersColumns;
  const filter = (name: string) => (value: string) => sendList({ type: 'SET_FILTER', name, value });
  return (
    <section aria-labelledby="ops-riders-heading">
      <h1 id="ops-riders-heading">{messages.opsRidersHeading}</h1>
      <div className="ops-toolbar">
        <OpsSearch value={list.filters.q ?? ''} label={messages.opsRidersSearchHelp} onSearch={filter('q')} />
        <OpsFilter id="ops-riders-completed" label={messages.opsRidersFilterCompleted} value={list.filters.completed ?? ''} options={yesNo(messages.opsRidersFilterAll)} onChange={filter('completed')} />
        <OpsFilter
          id="ops-riders-review"
          label={messages.opsRidersFilterReview}
          value={list.filters.review ?? ''}
          options={[{ value: '', label: messages.opsRidersFilterAll }, ...ID_REVIEW_STATUSES.map((s) => ({ value: s, label: idReviewLabels[s] }))]}
          onChange={filter('review')}
        />
        <OpsFilter id="ops-riders-suspended" label={messages.opsRidersFilterSuspended} value={list.filters.suspended ?? ''} options={yesNo(messages.opsRidersFilterAll)} onChange={filter('suspended')} />
      </div>
      <OpsList view={list} send={sendList} label={messages.opsRidersHeading} empty={messages.opsRidersEmpty}>
        {(items) => (
          <OpsTable caption={messages.opsRidersHeading} columns={[columns.rider, columns.email, columns.place, columns.signUp, columns.review, columns.joined]}>
            {items.map((rider) => (
              <tr key={rider.id}>
                <td data-label={columns.rider}>
                  <Link to={`${opsPaths.riders}/$id`} params={{ id: rider.id }}>
                    {rider.username}
                  </Link>
                  {rider.suspended ? (
                    <>
                      {' '}
                      <span className="ops-badge" data-tone="bad">
                        {messages.opsRiderSuspendedBadge}
                      </span>
                    </>
                  ) : null}
                </td>
                <td data-label={columns.email}>{rider.email}</td>
                <td data-label={columns.place}>{[rider.town, rider.state].filter(Boolean).join(', ') || '—'}</td>
                <td data-label={columns.signUp}>{rider.completed ? messages.opsRiderSignUpComplete : messages.opsRiderSignUpUnfinished}</td>
                <td data-label={columns.review}>
                  <ReviewBadge status={rider.idReviewStatus} />
                </td>
                <td data-label={columns.joined}>{formatWhen(rider.createdAt)}</td>
              </tr>
            ))}
          </OpsTable>
        )}
      </OpsList>
    </section>
  );
}
