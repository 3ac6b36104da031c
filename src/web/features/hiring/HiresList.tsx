/**
 * The lists of hire requests and engagements: the company's Hires page and the
 * rider's section of the dashboard. One page-by-page list machine (machines/kit/pagedListMachine.ts,
 * keyset cursors from GET /api/hiring/requests) with a status filter; each item is an
 * EngagementCard with its own engagement machine. `reviewSlot` is drawn under an ended
 * engagement (the reviews feature supplies it from the route).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { pagedListMachine, pagedListView, type ListFilters, type ListPage, type PagedListEvent, type PagedListView } from '../../../../machines/kit/pagedListMachine';
import { ENGAGEMENT_STATUSES, type EngagementSide, type HireItem } from '../../../shared/hiring';
import { messages } from '../../../shared/messages';
import { Illustration } from '../../kit/components/Illustration';
import type { ReviewSlot } from './EngagementCard';
import { hiringApi } from './hiringApi';
import './hiring.css';

/**
 * A card's code (its engagement machine and view) loads with the first item to show:
 * a rider with no hire requests never downloads it on the dashboard.
 */
const EngagementCard = lazy(() => import('./EngagementCard').then((m) => ({ default: m.EngagementCard })));

/** The list machine with its request. */
function hiresListLogic() {
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<ListPage<unknown>, { filters: ListFilters; cursor: string | null }>(({ input }) =>
        hiringApi.list({ status: input.filters.status, cursor: input.cursor }),
      ),
    },
  });
}

function useHiresList(inspect?: (event: InspectionEvent) => void): { view: PagedListView<HireItem>; send: (event: PagedListEvent) => void } {
  const actor = useActorRef(hiresListLogic(), { input: { filters: { status: '' } }, inspect });
  const view = useSelector(actor, (s) => pagedListView<HireItem>(s), sameView);
  return { view, send: actor.send };
}

function sameView(a: PagedListView<HireItem>, b: PagedListView<HireItem>): boolean {
  return a.state === b.state && a.items === b.items && a.filters === b.filters && a.error === b.error && a.canLoadMore === b.canLoadMore;
}

const FILTERS: Array<{ value: string; label: string }> = [
  { value: '', label: messages.hireFilterAll },
  { value: 'open', label: messages.hireFilterOpen },
  ...ENGAGEMENT_STATUSES.map((status) => ({ value: status, label: messages.hireStatusLabels[status] })),
];

export interface HiresListViewProps {
  side: EngagementSide;
  list: PagedListView<HireItem>;
  send: (event: PagedListEvent) => void;
  reviewSlot?: ReviewSlot;
  /** Renders one item (the app: a card with its own actor; stories: a fixed view) at the card title level given. */
  renderItem?: (item: HireItem, headingLevel: 2 | 3) => React.ReactNode;
}

export function HiresListView({ side, list, send, reviewSlot, renderItem }: HiresListViewProps) {
  const headingId = `hires-${side}-heading`;
  const filter = list.filters.status ?? '';
  // The company's Hires is a page of its own (h1); the rider's is a section of the dashboard (h2).
  const Heading = side === 'company' ? 'h1' : 'h2';
  const cardLevel = side === 'company' ? 2 : 3;
  return (
    <section className="hire-section" aria-labelledby={headingId}>
      <Heading id={headingId}>{side === 'company' ? messages.hireHiresHeading : messages.hireRiderHeading}</Heading>
      <p className="hire-intro">{side === 'company' ? messages.hireHiresIntro : messages.hireRiderIntro}</p>
      <div className="hire-filter">
        <label htmlFor={`hires-${side}-filter`}>{messages.hireFilterLabel}</label>
        <select id={`hires-${side}-filter`} value={filter} onChange={(e) => send({ type: 'SET_FILTER', name: 'status', value: e.target.value })}>
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      {list.state === 'loading' ? (
        <p role="status">{messages.hireLoading}</p>
      ) : list.state === 'failed' ? (
        <div role="alert">
          <p>{messages.hireLoadFailed}</p>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>
            {messages.tryAgain}
          </button>
        </div>
      ) : list.items.length === 0 ? (
        <p>
          <Illustration name="emptyList" />
          {filter ? messages.hireEmptyFiltered : messages.hireEmpty}
        </p>
      ) : (
        <Suspense fallback={<p role="status">{messages.hireLoading}</p>}>
          <ul className="hire-list">
            {list.items.map((item) => (
              <li key={item.id}>{renderItem ? renderItem(item, cardLevel) : <EngagementCard item={item} reviewSlot={reviewSlot} headingLevel={cardLevel} />}</li>
            ))}
          </ul>
        </Suspense>
      )}
      {list.state === 'idle' && list.error && list.items.length > 0 ? <p role="alert">{messages.hireLoadFailed}</p> : null}
      {list.canLoadMore || list.state === 'loadingMore' ? (
        <button type="button" className="btn btn-secondary hire-more" disabled={list.state === 'loadingMore'} onClick={() => send({ type: 'LOAD_MORE' })}>
          {list.state === 'loadingMore' ? messages.hireLoading : messages.hireLoadMore}
        </button>
      ) : null}
    </section>
  );
}

/** The company's Hires page content: the requests it sent and its engagements. */
export function CompanyHires({ reviewSlot }: { reviewSlot?: ReviewSlot }) {
  const { view, send } = useHiresList();
  return <HiresListView side="company" list={view} send={send} reviewSlot={reviewSlot} />;
}

/** The rider's section on /rider-dashboard: requests to answer and engagements. */
export function RiderHires({ reviewSlot }: { reviewSlot?: ReviewSlot }) {
  const { view, send } = useHiresList();
  return (
    <div className="container">
      <HiresListView side="rider" list={view} send={send} reviewSlot={reviewSlot} />
    </div>
  );
}
